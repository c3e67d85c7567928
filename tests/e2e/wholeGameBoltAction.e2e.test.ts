/**
 * A whole game of Bolt Action through the UI, on the Ferme Lebrun with the sample mission "Hold the crossroads":
 * the deployment (a model set up in its side's zone, one dragged outside it refused), the first order die drawn
 * from the bag through the turn bar, an Advance order given in the fire panel, a move within the Advance rate
 * (the live label says how much of 6" it used), one past it refused and then allowed as a house rule (the log
 * says so), a shot rolled, a reload that keeps all of it, and the dice drawn to the end of turn 6 and the
 * result screen with the mission's score.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppPage, clickModel, openApp, startNewGame } from "./browser";
import {
  deployOutsideThenInside,
  dragModel,
  eventCount,
  fireAt,
  passDevice,
  playsToMissionResult,
  positionOf,
  reloadKeepsGame,
  toastText,
  turnStatus,
} from "./playGame";

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1400, height: 1000 });
});
afterAll(() => app?.close());

/** Each side's part in the first activation: a unit of two models or more, one that moves within 6", one past it, and a target. */
const PLANS: Record<string, { unit: string; within: string; over: string; by: number; target: string }> = {
  // The bazooka team steps back from the road towards its own edge.
  USA: { unit: "us-bazooka-team", within: "us-bzk-m1", over: "us-bzk-m2", by: -1, target: "ger-sq1-m10" },
  // The grenadiers fall back from the farmyard wall into the yard.
  Germany: { unit: "ger-sq1", within: "ger-sq1-m10", over: "ger-sq1-m9", by: 1, target: "us-bzk-m1" },
};

describe("a whole game of Bolt Action", () => {
  it("deploys, draws order dice, moves within the Advance rate, allows an over-move as a house rule, fires, reloads and ends on the result", async () => {
    await startNewGame(app.page, "bolt-action-farm", "bolt-action", "Hold the crossroads (sample)");
    expect(await turnStatus(app)).toBe("Free play · turn 1");
    await app.page.getByTestId("turn-next").click();
    expect(await turnStatus(app)).toBe("Deployment");

    // The jeep may not be set up outside the American zone (12" from the southern edge), and may within it.
    await deployOutsideThenInside(app, { model: "us-jeep-1", side: "USA", mission: "Hold the crossroads (sample)", outside: [20, 45], inside: [24, 22] });
    await app.screenshot("ba-whole-game-deployed");
    expect(app.errors).toEqual([]);

    // Turn 1: the first order die comes out of the bag; the screen asks for its side's player (001 l.11).
    await app.page.getByTestId("turn-next").click();
    expect(await turnStatus(app)).toMatch(/^turn 1 of 6 · pass to (USA|Germany) · Orders phase$/);
    const side = (await passDevice(app))!;
    expect(await turnStatus(app)).toBe(`turn 1 of 6 · ${side} · Orders phase`);
    const plan = PLANS[side]!;

    // The drawn side orders its unit to Advance in the fire panel (which shows once a target is picked).
    await app.page.keyboard.press("l");
    await clickModel(app, plan.within);
    await clickModel(app, plan.target);
    const orders = app.page.getByTestId("orders-panel");
    await orders.getByLabel("Order to give").selectOption("advance");
    await orders.getByTestId("give-order").click();
    await expect.poll(() => orders.getByTestId("unit-order").textContent()).toMatch(/order die Advance · 0 pins/);
    await app.page.keyboard.press("Escape");

    // 10 cm (3.9") is within the Advance rate of 6": the label says so while the model is held.
    const start = (await positionOf(app, plan.within))!;
    await dragModel(app, plan.within, [start[0], start[1] + 10 * plan.by], {
      whileHeld: async () => {
        await expect.poll(() => app.page.getByTestId("drag-distance").textContent(), { timeout: 30_000 }).toMatch(/^moved .+ · (3\.9|4\.0)" of 6\.0"$/);
      },
    });
    expect(await app.page.evaluate(() => window.__hulldown!.game.getState().log.events.at(-1)?.type)).toBe("model-moved");

    // 25 cm (9.8") is past it: refused with the rule, then allowed as a house rule, which the log says.
    const overFrom = (await positionOf(app, plan.over))!;
    const before = await eventCount(app);
    await dragModel(app, plan.over, [overFrom[0], overFrom[1] + 25 * plan.by]);
    expect(await toastText(app)).toMatch(/ may not move so: the move is \d+\.\d\d" of 6": \d\.\d\d" too far \(001 l\.54–60\)$/);
    expect(await eventCount(app)).toBe(before);
    expect(await positionOf(app, plan.over)).toEqual(overFrom);
    await app.screenshot("ba-whole-game-over-move");
    await app.page.getByTestId("allow-over-move").click();
    await expect.poll(() => eventCount(app)).toBe(before + 1);
    expect(await app.page.getByTestId("game-log").locator("li").last().textContent()).toMatch(
      /moved .+ — house rule: allowed past the rules \(.* may not move so: the move is \d+\.\d\d" of 6"/,
    );

    // The unit fires: every die rolled from the game's seed, the shot in the log.
    const shot = await fireAt(app, plan.within, plan.target);
    expect(shot).toMatchObject({ type: "fire-resolved", shooter: plan.unit });
    await app.screenshot("ba-whole-game-shot");
    expect(app.errors).toEqual([]);

    // A reload keeps the game, the log's house rule, and the order die's marker over the unit.
    await reloadKeepsGame(app);
    expect(await app.page.getByTestId("game-log").textContent()).toMatch(/house rule: allowed past the rules/);
    await expect.poll(() => app.page.getByTestId(`unit-status-${plan.unit}`).textContent(), { timeout: 30_000 }).toMatch(/^advance/);
    expect(app.errors).toEqual([]);

    // The dice to the end: 6 turns of an order die a unit (five a side) and the turn end.
    await playsToMissionResult(app, { turns: 6, mission: "Hold the crossroads (sample)", fewest: 40, most: 100, screenshot: "ba-whole-game-result" });
  }, 500_000);
});
