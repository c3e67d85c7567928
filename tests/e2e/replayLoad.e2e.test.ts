/**
 * A long replay loads off the page's thread (issue 19 B, point 6): dropping a 20,000-event replay shows a
 * status line with its progress while the page stays responsive, and Cancel ends the load, leaving the
 * player's game on the table and saying so.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syntheticGame } from "../../src/cli/benchReplay";
import { serializeReplay } from "../../src/replay/replayFile";
import { defaultScenario } from "../helpers/playedGame";
import { type AppPage, openApp } from "./browser";

const LONG = serializeReplay({ log: syntheticGame(defaultScenario(), 20_000), notes: [] });

let app: AppPage;
beforeAll(async () => {
  app = await openApp();
}, 240_000);
afterAll(() => app?.close());

describe("loading a long replay", () => {
  it("shows how far it is, the page answers meanwhile, and Cancel leaves the game as it was", { timeout: 180_000 }, async () => {
    const before = await app.page.evaluate(() => window.__hulldown!.game.getState().log.events.length);
    await app.page.evaluate((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], "long.json", { type: "application/json" }));
      window.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
    }, LONG);
    const status = app.page.getByTestId("replay-load-status");
    await expect
      .poll(async () => (await status.count()) && (await status.textContent()), { timeout: 60_000 })
      .toMatch(/Loading long\.json: checking events [\d,]+ of 20,000/);
    // The page's own thread is free: a script answers at once while the worker checks.
    const answered = await app.page.evaluate(() => {
      const t = performance.now();
      return new Promise<number>((resolve) => setTimeout(() => resolve(performance.now() - t), 0));
    });
    expect(answered).toBeLessThan(1000);
    await app.screenshot("replay-load-progress");
    await app.page.getByTestId("replay-load-cancel").click();
    await status.waitFor({ state: "detached" });
    expect(await app.page.evaluate(() => window.__hulldown!.replay.getState().replay)).toBeUndefined();
    expect(await app.page.evaluate(() => window.__hulldown!.game.getState().log.events.length)).toBe(before);
    expect(await app.page.evaluate(() => window.__hulldown!.game.getState().message?.text)).toBe("Loading long.json was cancelled; the table is as it was");
  });
});
