/**
 * Battleground WWII's activations, states and tests through the UI (sheet 002), on the Ferme Lebrun with the
 * sample mission "Meeting engagement", from a game file whose seed is fixed so the dice are known: the Germans'
 * activation (the squad fires and suppresses the bazooka team; a move past the move action's points refused, l.3;
 * another unit's move refused, the activation being the squad's: the sample option), the Americans' (the
 * Suppressed bazooka man lies down: dragged by his figure as drawn, he may not move, l.235–236, and he rallies
 * with the Rally test from the Actions panel, l.236), the Germans' next (the team's activation over, its Pinned is
 * removed, due, l.240–241), and the Americans' next (the squad charges: the rules take its Morale test before the
 * charge, l.247–248).
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serializeGame } from "../../src/core/game/gameFile";
import { newGame } from "../../src/core/game/gameLog";
import { scenarioCatalog } from "../../src/core/miniatures/catalog";
import { sampleMissions } from "../../src/core/mission/samples";
import { parseScenario } from "../../src/core/scenario/load";
import { rulesetById } from "../../src/rules/registry";
import { type AppPage, clickModel, closeBriefingIfShown, openApp } from "./browser";
import { dragModel, eventCount, fireAt, lastEventType, positionOf, toastText, turnStatus } from "./playGame";

/** The seed whose dice give the story below (found with the headless rules): a suppression, a passed rally, a passed charge test. */
const SEED = 377;

/** A new Battleground game on the farm with the sample Meeting engagement, as New game… makes it, with a known seed. */
function gameFile(): string {
  const raw = JSON.parse(readFileSync("src/scenarios/bolt-action-farm.json", "utf8"));
  const farm = parseScenario(raw, scenarioCatalog);
  if (!farm.ok) throw new Error("the farm battlefield does not load");
  const mission = sampleMissions(farm.scenario, rulesetById("battleground")!.missionSetup).find((m) => m.name === "Meeting engagement")!;
  const withMission = parseScenario({ ...raw, mission }, scenarioCatalog);
  if (!withMission.ok) throw new Error("the farm with its mission does not load");
  return serializeGame(newGame(withMission.scenario, { seed: SEED, ruleset: { id: "battleground", version: "sheet", options: {} } }));
}

const markersOf = (app: AppPage, model: string) => app.page.evaluate((m) => window.__hulldown!.game.getState().state.status[m]?.markers ?? [], model);

/** Selects a model's unit in the Actions panel and takes `action` (against `target`, a unit id): the panel's result line. */
async function takeAction(app: AppPage, model: string, action: string, target?: string): Promise<string> {
  const { page } = app;
  await page.keyboard.press("s");
  await clickModel(app, model);
  const panel = page.getByTestId("actions-panel");
  await panel.getByLabel("Action").selectOption({ label: action });
  if (target) await panel.getByLabel("Against").selectOption(target);
  const before = await eventCount(app);
  await panel.getByTestId("take-action").click();
  await expect.poll(() => eventCount(app), { timeout: 60_000 }).toBe(before + 1);
  return (await panel.getByTestId("action-result").textContent()) ?? "";
}

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1400, height: 1000 });
  await app.page.waitForSelector("main[data-ready=true]");
});
afterAll(() => app?.close());

describe("Battleground WWII's activations in the browser", () => {
  it("two activations: a suppression, an over-move and another unit refused, the Suppressed model's rally; then a Charge's Morale test", async () => {
    const chooser = app.page.waitForEvent("filechooser");
    await app.page.getByRole("button", { name: "Open…" }).click();
    await (await chooser).setFiles({ name: "bg-activations.json", mimeType: "application/json", buffer: Buffer.from(gameFile()) });
    await app.page.waitForFunction((seed) => window.__hulldown!.game.getState().log.header.seed === seed, SEED);
    await closeBriefingIfShown(app.page);
    await app.page.getByTestId("turn-next").click();
    await app.page.getByTestId("turn-next").click();
    expect(await turnStatus(app)).toBe("turn 1 of 8 · Germany · Activations");

    // The Germans' activation: the squad's fire suppresses the bazooka man (the game's dice, seed 377).
    const shot = await fireAt(app, "ger-sq1-m10", "us-bzk-m1");
    expect(shot.type).toBe("fire-resolved");
    expect(await markersOf(app, "us-bzk-m1")).toContain("suppressed");

    // A move past one move action's Movement Points is refused with the rule (l.3: 1" a point; 6 MP of infantry, sample).
    const from = (await positionOf(app, "ger-sq1-m9"))!;
    const before = await eventCount(app);
    await dragModel(app, "ger-sq1-m9", [from[0], from[1] + 25]);
    expect(await toastText(app)).toMatch(/ may not move so: \d+\.\d\d MP of the 6 MP of one infantry move action/);
    expect(await eventCount(app)).toBe(before);
    await app.page.getByTestId("toast").click();
    // The step is the squad's activation: the half-track waits for its own (the sample order of activations).
    const halftrack = (await positionOf(app, "ger-halftrack-1"))!;
    await dragModel(app, "ger-halftrack-1", [halftrack[0], halftrack[1] - 5]);
    expect(await toastText(app)).toMatch(/this activation is .*: .* waits for its own \(option activation/);
    expect(await eventCount(app)).toBe(before);
    await app.page.getByTestId("toast").click();
    await app.screenshot("bg-activations-germans");

    // The Americans' activation: the Suppressed bazooka man may only rally, and the Rally test brings him back.
    await app.page.getByTestId("turn-next").click();
    expect(await turnStatus(app)).toBe("turn 1 of 8 · USA · Activations");
    // Suppressed, he lies face down, forward of his base: a press on the bare table behind his base misses him,
    // a press on his figure as drawn picks him up and drags him; the drop is refused.
    const bazooka = (await positionOf(app, "us-bzk-m1"))!;
    const before2 = await eventCount(app);
    await app.page.keyboard.press("s");
    const behind = (await app.page.evaluate((m) => {
      const hooks = window.__hulldown!;
      const { model, def } = hooks.game.getState().battlefield.models.get(m)!;
      const away = (def.base?.width ?? 2.5) / 2 + 1.5;
      const heading = (model.heading * Math.PI) / 180;
      const at: [number, number] = [model.position[0] - away * Math.sin(heading), model.position[1] - away * Math.cos(heading)];
      return hooks.projectPoint([at[0], hooks.game.getState().battlefield.ground.heightAt(at), at[1]]);
    }, "us-bzk-m1"))!;
    await app.page.mouse.click(behind.x, behind.y);
    expect(await app.page.evaluate(() => window.__hulldown!.ui.getState().selection)).not.toContain("us-bzk-m1");
    await dragModel(app, "us-bzk-m1", [bazooka[0], bazooka[1] - 5], { whileHeld: async () => void (await app.screenshot("bg-activations-prone-drag")) });
    expect(await eventCount(app)).toBe(before2);
    expect(await toastText(app)).toMatch(/Suppressed: in its activation it may only try to rally \(002 l\.235–236\)/);
    await app.page.getByTestId("toast").click();
    // His team mate is picked for the team's Rally test: the rules test each Suppressed model of the unit.
    const rally = await takeAction(app, "us-bzk-m2", "Rally test");
    expect(rally).toMatch(/rally test 3 against 5 .*→ passes/);
    expect(await lastEventType(app)).toBe("action-taken");
    expect(await markersOf(app, "us-bzk-m1")).not.toContain("suppressed");
    await app.screenshot("bg-activations-rally");

    // The Germans' next activation: the bazooka team's is over, so its Pinned is removed (l.240–241), due before
    // the turn moves on. In the Americans' next the squad charges the German squad: the rules take the Morale
    // test of the bases designated first (its leader's Training 11, sample).
    await app.page.getByTestId("turn-next").click();
    const due = app.page.getByTestId("due-actions");
    await expect.poll(() => due.textContent()).toMatch(/Pinned lifts: .*activation is over: Pinned is removed from/);
    const before3 = await eventCount(app);
    await due.getByTestId("take-due").first().click();
    await expect.poll(() => eventCount(app)).toBe(before3 + 1);
    expect(await app.page.evaluate(() => window.__hulldown!.game.getState().state.status["us-bzk-m1"]?.pinned)).toBe(false);
    await app.page.getByTestId("turn-next").click();
    expect(await turnStatus(app)).toBe("turn 1 of 8 · USA · Activations");
    const charge = await takeAction(app, "us-sq1-m5", "Charge", "ger-sq1");
    expect(charge).toMatch(/morale test before a charge 7 against 11 .*→ passes/);
    await app.screenshot("bg-activations-charge");
    expect(app.errors).toEqual([]);
  }, 300_000);
});
