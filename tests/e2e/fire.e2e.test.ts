/**
 * Firing through the UI under Operation WW2: pick a US squad and a German squad with the line-of-sight
 * tool, read the judge's verdict (with rule references), roll, and see the result land in the game log and
 * on the table (casualties gone, pinned models marked), undoable like any other event.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clickModel, openApp, type AppPage } from "./browser";

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1400, height: 1000 });
  await app.page.waitForSelector("main[data-ready=true]");
});
afterAll(() => app?.close());

const modelsOnTable = () => app.page.evaluate(() => window.__hulldown!.game.getState().battlefield.models.size);

describe("fire", () => {
  it("judges a squad's fire with its reasons, rolls it into the game log, and undo takes it back", async () => {
    await app.page.keyboard.press("l");
    await clickModel(app, "us-sq2-m1");
    await clickModel(app, "ger-sq3-m1");
    const verdict = app.page.getByTestId("fire-verdict");
    await verdict.waitFor({ timeout: 60_000 });
    // On the first turn every unit is stationary; having fired last, the Germans are spotted further off.
    await app.page.getByLabel("Target's last order").selectOption("firing");
    await expect.poll(() => verdict.textContent(), { timeout: 60_000 }).toMatch(/^Can fire/);
    expect(await verdict.textContent()).toMatch(/§5\.6/);
    const before = await modelsOnTable();

    await app.page.getByTestId("fire-roll").click();
    const log = app.page.getByTestId("game-log");
    await expect.poll(() => log.textContent(), { timeout: 60_000 }).toMatch(/us-sq2 .* at ger-sq3: \d+ dice/);
    const event = await app.page.evaluate(() => window.__hulldown!.game.getState().log.events.at(-1));
    expect(event?.type).toBe("fire-resolved");
    const rolls = (event as { rolls: Array<{ sides: number; index: number }> }).rolls;
    expect(rolls.length).toBeGreaterThan(0);
    expect(rolls.every((r, i) => r.sides >= 2 && r.index === i)).toBe(true);
    const killed = (event as { outcomes: Array<{ effect: string }> }).outcomes.filter((o) => o.effect === "casualty").length;
    expect(await modelsOnTable()).toBe(before - killed);
    await app.screenshot("fire");

    await app.page.keyboard.press("Control+z");
    await expect.poll(modelsOnTable).toBe(before);
    expect(app.errors).toEqual([]);
  }, 240_000);
});
