/**
 * Firing through the UI under Operation WW2: pick a US squad and a German squad with the line-of-sight
 * tool, read the judge's verdict (with rule references), roll, and see the result land in the game log and
 * on the table (casualties gone, pinned models marked), undoable like any other event.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppPage, clickModel, openApp } from "./browser";

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
    // The number to hit comes from the shipped sample weapon table, and says so next to the number.
    expect(await verdict.textContent()).toMatch(/needs \d+\+ · sample weapons table/);
    expect(await app.page.getByTestId("fire-samples").textContent()).toMatch(/not the source's: .*weapons/);
    await app.screenshot("fire-panel-verdict");
    const before = await modelsOnTable();

    await app.page.getByTestId("fire-roll").click();
    const log = app.page.getByTestId("game-log");
    // The log speaks in names: the shipped battlefield calls these squads Rifles 2 and Grenadiers 3.
    await expect.poll(() => log.textContent(), { timeout: 60_000 }).toMatch(/Rifles 2 .* at Grenadiers 3: \d+ dice/);
    expect(await log.textContent()).not.toMatch(/us-sq2|ger-sq3/);
    const event = (await app.page.evaluate(() => window.__hulldown!.game.getState().log.events.at(-1))) as {
      type: string;
      rolls: Array<{ sides: number; index: number; value: number }>;
      outcomes: Array<{ model: string; effect: string }>;
    };
    expect(event.type).toBe("fire-resolved");
    const rolls = event.rolls;
    expect(rolls.length).toBeGreaterThan(0);
    expect(rolls.every((r, i) => r.sides >= 2 && r.index === i)).toBe(true);
    const killed = event.outcomes.filter((o) => o.effect === "casualty");
    expect(await modelsOnTable()).toBe(before - killed.length);

    // The panel shows every die of the shot with its meaning, and who was hit with the result, in names.
    const result = app.page.getByTestId("fire-result");
    await result.waitFor();
    const dieRows = result.getByTestId("shot-die");
    expect(await dieRows.getByTestId("die").allTextContents()).toEqual(rolls.map((r) => String(r.value)));
    for (const row of await dieRows.allTextContents()) expect(row).toMatch(/(to-hit \d+\+ → (hit|miss)|damage \d+.* → )/);
    expect(await dieRows.first().textContent()).toMatch(/sample weapons table/);
    const allocation = await result.getByTestId("shot-allocation").locator("li").allTextContents();
    expect(allocation.length).toBeGreaterThanOrEqual(event.outcomes.filter((o) => o.effect !== "no-effect").length);
    for (const line of allocation) expect(line).toMatch(/^Grenadiers 3 · .+: (killed|pinned|no effect) by .*Rifles 2/);
    // Casualties stay marked on the table after the tracers are gone.
    for (const o of killed) expect(await app.page.getByTestId(`fallen-${o.model}`).count()).toBe(1);
    await result.scrollIntoViewIfNeeded();
    await app.screenshot("fire-panel-after-roll");

    // The log's entry opens to the same dice.
    const entry = log.getByTestId("log-shot").last();
    await entry.locator(":scope > summary").click();
    expect(await entry.getByTestId("shot-die").getByTestId("die").allTextContents()).toEqual(rolls.map((r) => String(r.value)));
    expect(await entry.getByTestId("shot-allocation").locator("li").allTextContents()).toEqual(allocation);
    await app.screenshot("fire-log-entry");

    await app.page.keyboard.press("Control+z");
    await expect.poll(modelsOnTable).toBe(before);
    // The next change of the game ends the casualty markers.
    for (const o of killed) await expect.poll(() => app.page.getByTestId(`fallen-${o.model}`).count()).toBe(0);
    expect(await app.page.getByTestId("fire-result").count()).toBe(0);
    expect(app.errors).toEqual([]);
  }, 240_000);
});
