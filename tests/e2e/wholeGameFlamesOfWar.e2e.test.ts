/**
 * Flames of War's player turn through the UI, on the default battlefield with its mission (Take the crossroads,
 * sample), the game's dice seeded so the rolls are known: Germany's turn through every step (Starting,
 * Movement, Shooting, Assault), an MG team that moved At Double shooting at its halved rate without the fire
 * panel asking whether it moved (003 l.55, 62; §1.3), an assault with Defensive Fire and a Counterattack taken
 * from the Actions panel (l.63–64, 105), then the Americans' Starting Step with its due Platoon Morale Check
 * (l.13), an Artillery Bombardment in their Shooting Step (l.155), and the turns played to the result screen.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppPage, clickModel, closeBriefingIfShown, openApp, startNewGame } from "./browser";
import { eventCount, fireAt, lastEventType, perform, playsToMissionResult, turnStatus } from "./playGame";

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1400, height: 1000 });
});
afterAll(() => app?.close());

/** The seed whose dice give a counterattack that holds (found with the same events headless). */
const SEED = 2;

const move = (model: string, x: number, z: number, heading = 0) => perform(app, { type: "move", model, to: { position: [x, z], heading } });
const lastEvent = () => app.page.evaluate(() => window.__hulldown!.game.getState().log.events.at(-1) as unknown as Record<string, unknown>);
const next = async (status: string) => {
  await app.page.getByTestId("turn-next").click();
  await expect.poll(() => turnStatus(app), { timeout: 30_000 }).toBe(status);
};

/** Takes `action` from the Actions panel by the selected model's unit, aimed at `against` where it asks. */
async function takeAction(model: string, action: string, against?: string) {
  const { page } = app;
  await page.keyboard.press("s");
  await clickModel(app, model);
  await page.getByTestId("actions-panel").getByLabel("Action").selectOption(action);
  if (against) await page.getByTestId("actions-panel").locator("select").nth(1).selectOption(against);
  const before = await eventCount(app);
  await page.getByTestId("take-action").click();
  await expect.poll(() => eventCount(app), { timeout: 60_000 }).toBe(before + 1);
  return lastEvent();
}

const steps = (event: Record<string, unknown>) => (event.details as { steps: { text: string }[] }).steps.map((s) => s.text);

describe("a Flames of War player turn", () => {
  it("plays every step: At Double then halved fire unasked, an assault with a counterattack, a morale check, a bombardment", async () => {
    await startNewGame(app.page, "default", "flames-of-war");
    await app.page.evaluate((seed) => {
      const game = window.__hulldown!.game.getState();
      game.replace({ ...game.log, header: { ...game.log.header, seed } });
    }, SEED);
    // The game replaced opens its briefing again.
    await closeBriefingIfShown(app.page);
    // Free play: the players set the table (no rule checks a move before the game starts).
    for (const [model, x, z] of [
      ["us-bazooka-team-m1", 165, 50],
      ["us-bazooka-team-m2", 168.3, 50],
      ["ger-tank-hunters-m1", 160, 64],
      ["ger-tank-hunters-m2", 164, 64],
      ["ger-tank-hunters-m3", 168, 64],
      ["ger-mg42-2", 150, 78],
      ["us-30cal-1", 150, 50],
    ] as const)
      expect(await move(model, x, z)).toBe(true);
    await next("Deployment");
    await next("turn 1 of 6 · Germany · Starting Step");
    await next("turn 1 of 6 · Germany · Movement Step");

    // 20 cm is past an infantry team's Tactical 15 cm (sample): At Double (003 l.234).
    expect(await move("ger-mg42-2", 150, 58, 180)).toBe(true);
    await next("turn 1 of 6 · Germany · Shooting Step");
    await app.screenshot("fow-shooting-step");
    // The two teams stand near the table's right edge, where the side panel may cover them: the player brings the
    // shooter to the middle of the view first (select it, F), as one would.
    await clickModel(app, "ger-mg42-2");
    await app.page.keyboard.press("f");
    await app.page.waitForTimeout(1500);
    const shot = (await fireAt(app, "ger-mg42-2", "us-30cal-1")) as unknown as {
      details: { verdict: { declaration: Record<string, unknown>; firers: { dice: number; rulings: { reason: string }[] }[] } };
    };
    expect(shot.details.verdict.declaration).not.toHaveProperty("firersMoved");
    expect(shot.details.verdict.firers[0]!.dice).toBe(1);
    expect(shot.details.verdict.firers[0]!.rulings.map((r) => r.reason)).toContain("moved: ROF halved, rounded down, to 1");

    // The Assault Step: two teams charge into contact (8"/20 cm), then assault from the Actions panel.
    await next("turn 1 of 6 · Germany · Assault Step");
    expect(await move("ger-tank-hunters-m1", 165, 52.7, 180)).toBe(true);
    expect(await move("ger-tank-hunters-m2", 168.3, 52.7, 180)).toBe(true);
    const assault = await takeAction("ger-tank-hunters-m1", "assault", "us-bazooka-team");
    expect(assault).toMatchObject({ type: "action-taken", action: "assault", unit: "ger-tank-hunters", target: "us-bazooka-team" });
    expect(steps(assault).join("\n")).toMatch(/of Defensive Fire, fewer than 5: the assault goes in/);
    expect(steps(assault)).toContain("us-bazooka-team is confident: Motivation Test 4+: passed, to Counterattack");
    await app.screenshot("fow-assault");

    // Five of Rifles 6's eight teams fall: the Americans' Starting Step asks for its Platoon Morale Check.
    for (const id of ["us-sq6-m2", "us-sq6-m3", "us-sq6-m4", "us-sq6-m5", "us-sq6-m6"])
      expect(await perform(app, { type: "remove-model", model: id, cause: "casualty" })).toBe(true);
    await next("turn 1 of 6 · USA · Starting Step");
    await expect.poll(() => app.page.getByTestId("due-actions").textContent(), { timeout: 30_000 }).toMatch(/Platoon Morale Check/);
    await app.page.getByTestId("take-due").first().click();
    await expect.poll(() => lastEventType(app), { timeout: 60_000 }).toBe("action-taken");
    expect(await lastEvent()).toMatchObject({ action: "platoon-morale", unit: "us-sq6" });

    // The Shooting Step: the MG team bombards Grenadiers 2's middle instead of shooting.
    await next("turn 1 of 6 · USA · Movement Step");
    await next("turn 1 of 6 · USA · Shooting Step");
    const bombardment = await takeAction("us-30cal-1", "bombardment", "ger-sq2");
    expect(bombardment).toMatchObject({ action: "bombardment", unit: "us-mg-1" });
    expect(steps(bombardment).join("\n")).toMatch(/ranging in, attempt 1/);
    expect(app.errors).toEqual([]);

    await playsToMissionResult(app, { turns: 6, mission: "Take the crossroads (sample)", fewest: 20, most: 60, screenshot: "fow-whole-game-result" });
  }, 500_000);
});
