/**
 * Start-up as a new user meets it: a fresh browser context (no cache, no autosave) opens the built app.
 * Prints the time to the first drawn frame of the table and to the first answered click (the line-of-sight
 * tool's labels after clicking a model). Times are reported, not asserted: they depend on the machine.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppPage, clickModel, openApp } from "./browser";

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1280, height: 800 });
});
afterAll(() => app?.close());

/** Milliseconds from the start of navigation to a performance mark, once it is set. */
async function markTime(name: string): Promise<number> {
  await app.page.waitForFunction((n) => performance.getEntriesByName(n).length > 0, name, { timeout: 90_000 });
  return app.page.evaluate((n) => performance.getEntriesByName(n)[0]!.startTime, name);
}

describe("start-up", () => {
  it("measures the time to the first frame and to the first answered click", async () => {
    const firstFrame = await markTime("hulldown:first-frame");
    const scripts = await app.page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((r) => r.name.endsWith(".js"))
        .map((r) => ({ file: r.name.split("/").pop()!, kB: Math.round((r as PerformanceResourceTiming).decodedBodySize / 1024) })),
    );
    await app.page.waitForSelector("main[data-ready=true]");
    await app.page.keyboard.press("l");
    const clickedAt = await app.page.evaluate(() => performance.now());
    await clickModel(app, "us-sherman-1");
    const label = app.page.getByTestId("los-label-ger-panzer-iv-1");
    await label.waitFor({ timeout: 90_000 });
    const answeredAt = await app.page.evaluate(() => performance.now());
    console.log(
      `start-up: first frame ${Math.round(firstFrame)} ms after navigation; first click answered ${Math.round(answeredAt)} ms after navigation ` +
        `(${Math.round(answeredAt - clickedAt)} ms after the click); scripts loaded before the first frame: ${scripts.map((s) => `${s.file} ${s.kB} kB`).join(", ")}`,
    );
    expect(firstFrame).toBeGreaterThan(0);
    expect(await label.textContent()).toMatch(/%/);
    expect(app.errors).toEqual([]);
  }, 240_000);
});
