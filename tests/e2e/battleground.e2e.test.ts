/**
 * Battleground WWII in the app: chosen for the game in the fire panel before the first shot, it speaks
 * inches, shows each firer's Target Number built up from Training (rolled under on a d20) or "no roll to
 * hit" for small arms at infantry, and a roll lists every d20 with the effects-table row it read.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clickModel, openApp, type AppPage } from "./browser";

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1400, height: 1000 });
  await app.page.waitForSelector("main[data-ready=true]");
});
afterAll(() => app?.close());

describe("Battleground WWII fire", () => {
  it("judges a squad with a bazooka at an MG team in a house in the sheet's terms, and rolls d20s", async () => {
    // The rule system is chosen for a new game (the New game dialog, one entry for every registered system).
    await app.page.getByTestId("new-game-open").click();
    const dialog = app.page.getByTestId("new-game");
    await dialog.getByLabel("Battlefield").selectOption("default");
    await dialog.getByLabel("Rule system").selectOption("battleground");
    await dialog.getByTestId("new-game-start").click();
    // Every new game opens with its briefing.
    await app.page.getByLabel("Close the briefing").click({ timeout: 60_000 });
    await expect.poll(() => app.page.evaluate(() => window.__hulldown!.game.getState().log.header.ruleset.id)).toBe("battleground");
    await app.page.keyboard.press("l");
    await clickModel(app, "us-sq3-m12");
    await clickModel(app, "ger-mg42-1");
    const verdict = app.page.getByTestId("fire-verdict");
    await verdict.waitFor({ timeout: 60_000 });
    await expect.poll(() => app.page.getByTestId("fire-panel").textContent(), { timeout: 60_000 }).toMatch(/Can fire/);
    // The system speaks inches.
    expect(await app.page.evaluate(() => window.__hulldown!.ui.getState().unit)).toBe("in");
    const text = (await verdict.textContent())!;
    // The bazooka fires HE: a TN from Training 10, −1 DM, −8 heavy cover (the house), +2 up to 18".
    expect(text).toMatch(/needs 3 or less/);
    expect(text).toMatch(/\+?10 to-hit: Training of .*\(regular\)/);
    expect(text).toMatch(/-8 to-hit: .* stands in building .*: heavy cover/);
    // Rifles at a man roll straight on the effects table.
    expect(text).toMatch(/no roll to hit/);
    await app.screenshot("battleground-fire-verdict");

    await app.page.getByTestId("fire-roll").click();
    const result = app.page.getByTestId("fire-result");
    await result.waitFor({ timeout: 60_000 });
    const event = (await app.page.evaluate(() => window.__hulldown!.game.getState().log.events.at(-1))) as { type: string; rolls: Array<{ sides: number; value: number }> };
    expect(event.type).toBe("fire-resolved");
    expect(event.rolls.length).toBeGreaterThan(0);
    const dieRows = await result.getByTestId("shot-die").allTextContents();
    expect(dieRows).toHaveLength(event.rolls.length);
    // Every die says what it decided: to hit against the TN, a critical, a misfire, a scatter, or the effects row read.
    for (const row of dieRows) expect(row).toMatch(/to-hit|critical|misfire|bearing|infantry row -?\d+, column [1-5]|vehicles row/);
    expect(dieRows.some((r) => /infantry row -?\d+, column [1-5]/.test(r))).toBe(true);
    await result.scrollIntoViewIfNeeded();
    await app.screenshot("battleground-fire-result");
    // The fire panel names the game's rule system.
    expect(await app.page.getByTestId("fire-panel").locator("h2").textContent()).toMatch(/Battleground/);
    expect(app.errors).toEqual([]);
  }, 240_000);
});
