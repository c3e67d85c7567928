/**
 * A whole game of Operation WW2 through the UI, on the Ferme Lebrun with the sample mission "Break through"
 * (the zones are the rules' own: either side of a 50 cm no man's land): the deployment (a half-track set up in
 * its side's zone, one dragged outside it refused), the turn's steps through the turn bar (command cards, panic,
 * initiative, then the orders in turn, each step's due actions taken), a move within the rate, one past it refused and
 * a shot in the Germans' order, the Americans' order, a reload that keeps all of it, and the turns to the end of turn 6 and the result
 * screen with the mission's score.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppPage, openApp, startNewGame } from "./browser";
import {
  deployOutsideThenInside,
  dragModel,
  eventCount,
  fireAt,
  lastEventType,
  passDevice,
  playsToMissionResult,
  positionOf,
  reloadKeepsGame,
  takeDueActions,
  toastText,
  turnStatus,
} from "./playGame";

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1400, height: 1000 });
});
afterAll(() => app?.close());

describe("a whole game of Operation WW2", () => {
  it("deploys, steps through each turn, moves and fires in the orders, reloads and ends on the result", async () => {
    await startNewGame(app.page, "bolt-action-farm", "operation-ww2", "Break through (sample)");
    await app.page.getByTestId("turn-next").click();
    expect(await turnStatus(app)).toBe("Deployment");
    // The German zone begins 36 cm from the northern edge (122 cm less 50 cm of no man's land, halved).
    await deployOutsideThenInside(app, {
      model: "ger-halftrack-1",
      side: "Germany",
      mission: "Break through (sample)",
      outside: [105, 80],
      inside: [115, 104],
    });
    await app.screenshot("ow2-whole-game-deployed");
    expect(app.errors).toEqual([]);

    // Turn 1: the cards, panic and the initiative are the players' steps; then the orders, the first side first.
    const steps: string[] = [];
    for (let i = 0; i < 4; i++) {
      // What the step owes first: the hands drawn, the initiative's cards laid (000 l.63–88).
      await takeDueActions(app, 12);
      await app.page.getByTestId("turn-next").click();
      // The side giving an order holds the device: its hand of command cards is hidden (000 l.63, 91).
      await passDevice(app);
      steps.push((await turnStatus(app))!);
    }
    expect(steps).toEqual(["turn 1 of 6 · Command cards", "turn 1 of 6 · Panic recovery", "turn 1 of 6 · Initiative", "turn 1 of 6 · Germany · Orders"]);

    // The Germans' order: a grenadier steps back from the wall (the label says what it costs of his rate while
    // he is held), one goes past his rate and is refused, and the squad fires.
    const start = (await positionOf(app, "ger-sq1-m10"))!;
    await dragModel(app, "ger-sq1-m10", [start[0], start[1] + 5], {
      whileHeld: async () => {
        await expect
          .poll(() => app.page.getByTestId("drag-distance").textContent(), { timeout: 30_000 })
          .toMatch(/^moved (4\.9|5\.\d) cm · (4\.9|5\.\d) cm of \d+\.\d cm$/);
      },
    });
    expect(await lastEventType(app)).toBe("model-moved");
    const overFrom = (await positionOf(app, "ger-sq1-m9"))!;
    const before = await eventCount(app);
    await dragModel(app, "ger-sq1-m9", [overFrom[0], overFrom[1] + 40]);
    expect(await toastText(app)).toMatch(/ may not move so: /);
    expect(await eventCount(app)).toBe(before);
    expect(await positionOf(app, "ger-sq1-m9")).toEqual(overFrom);
    await app.screenshot("ow2-whole-game-over-move");
    await app.page.getByTestId("toast").click();
    const shot = await fireAt(app, "ger-sq1-m10", "us-bzk-m1");
    expect(shot.type).toBe("fire-resolved");
    expect(shot.rolls.length).toBeGreaterThan(0);
    await app.screenshot("ow2-whole-game-shot");
    expect(app.errors).toEqual([]);

    // The Americans' order: the jeep drives along its edge (the Germans' order owed first, given with a card).
    await takeDueActions(app, 4);
    await app.page.getByTestId("turn-next").click();
    expect(await passDevice(app)).toBe("USA");
    expect(await turnStatus(app)).toBe("turn 1 of 6 · USA · Orders");
    await dragModel(app, "us-jeep-1", [16, 20]);
    expect(await lastEventType(app)).toBe("model-moved");

    await reloadKeepsGame(app);
    expect(app.errors).toEqual([]);

    // The turns to the end: an order a unit (five a side) and the four other steps, six times.
    await playsToMissionResult(app, { turns: 6, mission: "Break through (sample)", fewest: 50, most: 120, screenshot: "ow2-whole-game-result" });
  }, 500_000);
});
