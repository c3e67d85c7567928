/**
 * A whole game of Battleground WWII through the UI, on the Ferme Lebrun with the sample mission "Meeting
 * engagement": the deployment (a half-track set up in its side's zone, one dragged outside it refused), the
 * sides' activations in turn through the turn bar, a move within the infantry move action's MP (the live label
 * says how much it used), one past it refused with the rule, a shot rolled, the other side's activation, a
 * reload that keeps all of it, and the turns to the end of turn 8 and the result screen with the mission's score.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppPage, openApp, startNewGame } from "./browser";
import {
  deployOutsideThenInside,
  dragModel,
  eventCount,
  fireAt,
  lastEventType,
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

describe("a whole game of Battleground WWII", () => {
  it("deploys, activates the sides in turn, moves within the MP, refuses an over-move, fires, reloads and ends on the result", async () => {
    await startNewGame(app.page, "bolt-action-farm", "battleground", "Meeting engagement (sample)");
    expect(await turnStatus(app)).toBe("Free play · turn 1");
    await app.page.getByTestId("turn-next").click();
    expect(await turnStatus(app)).toBe("Deployment");

    // The half-track may not be set up outside the German zone (12" from the northern edge), and may within it.
    await deployOutsideThenInside(app, {
      model: "ger-halftrack-1",
      side: "Germany",
      mission: "Meeting engagement (sample)",
      outside: [105, 80],
      inside: [115, 104],
    });
    await app.screenshot("bg-whole-game-deployed");
    expect(app.errors).toEqual([]);

    // Turn 1: the battlefield's first side activates first (a sample: the sheet gives no order of activations).
    await app.page.getByTestId("turn-next").click();
    expect(await turnStatus(app)).toBe("turn 1 of 8 · Germany · Activations");

    // 5 cm (2") is within the infantry's move action: the label says what it costs of the MP while held.
    const start = (await positionOf(app, "ger-sq1-m10"))!;
    await dragModel(app, "ger-sq1-m10", [start[0], start[1] + 5], {
      whileHeld: async () => {
        await expect.poll(() => app.page.getByTestId("drag-distance").textContent(), { timeout: 30_000 }).toMatch(/^moved .+ · (1\.9|2\.0) MP of \d+\.\d MP$/);
      },
    });
    expect(await lastEventType(app)).toBe("model-moved");

    // 25 cm (9.8") is past it: refused with the rule, the model where it stood, the log as it was.
    const overFrom = (await positionOf(app, "ger-sq1-m9"))!;
    const before = await eventCount(app);
    await dragModel(app, "ger-sq1-m9", [overFrom[0], overFrom[1] + 25]);
    expect(await toastText(app)).toMatch(/ may not move so: \d+\.\d\d MP of the \d+ MP of one infantry move action/);
    expect(await app.page.getByTestId("allow-over-move").isVisible()).toBe(true);
    expect(await eventCount(app)).toBe(before);
    expect(await positionOf(app, "ger-sq1-m9")).toEqual(overFrom);
    await app.screenshot("bg-whole-game-over-move");
    await app.page.getByTestId("toast").click();
    expect(app.errors).toEqual([]);

    // The squad fires: d20s from the game's seed, the shot in the log.
    const shot = await fireAt(app, "ger-sq1-m10", "us-bzk-m1");
    expect(shot.type).toBe("fire-resolved");
    expect(shot.rolls.length).toBeGreaterThan(0);
    await app.screenshot("bg-whole-game-shot");
    expect(app.errors).toEqual([]);

    // The Americans' activation: the jeep drives along its edge.
    await app.page.getByTestId("turn-next").click();
    expect(await turnStatus(app)).toBe("turn 1 of 8 · USA · Activations");
    await dragModel(app, "us-jeep-1", [16, 20]);
    expect(await lastEventType(app)).toBe("model-moved");
    expect(app.errors).toEqual([]);

    await reloadKeepsGame(app);
    expect(app.errors).toEqual([]);

    // The activations to the end: 8 turns of one a unit (five a side) and the end of each turn.
    await playsToMissionResult(app, { turns: 8, mission: "Meeting engagement (sample)", fewest: 60, most: 150, screenshot: "bg-whole-game-result" });
  }, 500_000);
});
