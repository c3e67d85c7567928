/**
 * Battleground WWII in the app: chosen for the game in the fire panel before the first shot, it speaks
 * inches, shows each firer's Target Number built up from Training (rolled under on a d20) or "no roll to
 * hit" for small arms at infantry, and a roll lists every d20 with the effects-table row it read.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppPage, clickModel, openApp } from "./browser";

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
    const event = (await app.page.evaluate(() => window.__hulldown!.game.getState().log.events.at(-1))) as {
      type: string;
      rolls: Array<{ sides: number; value: number }>;
    };
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

  it("a move recorded in the log is the Bonus Move: OM2 in the TN build-up, with its MP; morale is an undoable event", async () => {
    await app.page.getByTestId("new-game-open").click();
    const dialog = app.page.getByTestId("new-game");
    await dialog.getByLabel("Battlefield").selectOption("default");
    await dialog.getByLabel("Rule system").selectOption("battleground");
    await dialog.getByTestId("new-game-start").click();
    // The last test's game is in progress: the app asks, in its own dialog, before replacing it.
    await app.page.getByTestId("confirm-yes").click();
    await app.page.getByLabel("Close the briefing").click({ timeout: 60_000 });
    const SHOOTER = "us-sq3-m12";
    // Drag the bazooka man 4 cm back from the house, as a player moves a model.
    await app.page.keyboard.press("s");
    const from = await app.page.evaluate((m) => window.__hulldown!.screenPosition(m), SHOOTER);
    await app.page.mouse.move(from!.x, from!.y);
    await app.page.mouse.down();
    const to = await app.page.evaluate((m) => {
      const hooks = window.__hulldown!;
      const [dx, dz] = hooks.ui.getState().drag!.offset;
      const [x, z] = hooks.game.getState().battlefield.models.get(m)!.model.position;
      const at: [number, number] = [x - 4 - dx, z - dz];
      return hooks.projectPoint([at[0], hooks.game.getState().battlefield.ground.heightAt(at), at[1]]);
    }, SHOOTER);
    await app.page.mouse.move(to!.x, to!.y, { steps: 8 });
    await app.page.mouse.up();
    await expect.poll(() => app.page.evaluate(() => window.__hulldown!.game.getState().log.events.at(-1)?.type)).toBe("model-moved");

    await app.page.keyboard.press("l");
    await clickModel(app, SHOOTER);
    await clickModel(app, "ger-mg42-1");
    await expect.poll(() => app.page.getByTestId("fire-panel").textContent(), { timeout: 60_000 }).toMatch(/Can fire/);
    // The panel shows the recorded motion and what the move cost; the TN build-up uses OM2.
    expect(await app.page.getByTestId("state-shooter-motion").textContent()).toMatch(/1 move this turn → Bonus Move only \(OM2\)/);
    expect(await app.page.getByTestId("state-shooter-move-cost").textContent()).toMatch(/move 1: [\d.]+ MP of 6/);
    const verdict = app.page.getByTestId("fire-verdict");
    await expect.poll(() => verdict.textContent(), { timeout: 60_000 }).toMatch(/-3 to-hit: OM2: .* moved in the Bonus Move and stands in the Standard Action/);
    // The bazooka's TN (his comrades' rifles roll no to-hit).
    const bazookaNeed = async () =>
      Number(
        (await verdict
          .getByTestId("fire-firer")
          .filter({ hasText: /bazooka/ })
          .getByTestId("fire-need")
          .textContent())!.match(/needs (-?\d+)/)![1],
      );
    const tnBefore = await bazookaNeed();

    // Motivated: +1, recorded as a model-state-set event; undo takes it back.
    await app.page.getByLabel("shooter morale").selectOption("motivated");
    await expect.poll(() => app.page.evaluate(() => window.__hulldown!.game.getState().log.events.at(-1)?.type)).toBe("model-state-set");
    await expect.poll(() => verdict.textContent(), { timeout: 60_000 }).toMatch(/\+1 to-hit: .* is Motivated/);
    expect(await bazookaNeed()).toBe(tnBefore + 1);
    await app.page.getByTestId("rule-state").scrollIntoViewIfNeeded();
    await app.screenshot("battleground-move-then-fire");

    await app.page.getByTestId("fire-roll").click();
    await expect.poll(() => app.page.evaluate(() => window.__hulldown!.game.getState().log.events.at(-1)?.type), { timeout: 120_000 }).toBe("fire-resolved");
    const shot = (await app.page.evaluate(() => window.__hulldown!.game.getState().log.events.at(-1))) as {
      type: string;
      details: { verdict: { firers: Array<{ model: string; shots: Array<{ modifiers: Array<{ reason: string }> }> }> } };
    };
    expect(shot.type).toBe("fire-resolved");
    const firer = shot.details.verdict.firers.find((f) => f.model === SHOOTER)!;
    expect(firer.shots.flatMap((s) => s.modifiers.map((m) => m.reason))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^OM2: /), expect.stringMatching(/is Motivated/)]),
    );
    // The shot's line in the game log, after the move and the morale change.
    expect(await app.page.getByTestId("game-log").textContent()).toMatch(/moved [\d.]+".*morale motivated.*fires at/s);
    await app.screenshot("battleground-move-then-fire-result");
    expect(app.errors).toEqual([]);
  }, 400_000);
});
