/**
 * Re-judging a game that follows its turns: the steps the rules take (Battleground's sample alternation of
 * activations, 002 l.107–111; Bolt Action's order dice drawn from the bag, 001 l.11) pass; a step the rules would
 * not take and an action out of turn are reported at their event, with the rule.
 */
import { describe, expect, it } from "vitest";
import type { GameEvent } from "../../src/core/game/events";
import { currentState, type GameLog, newGame, nextDice, record } from "../../src/core/game/gameLog";
import { battleground } from "../../src/rules/battleground";
import { boltAction } from "../../src/rules/bolt-action";
import type { Ruleset } from "../../src/rules/ruleset";
import { nextStep } from "../../src/rules/turn";
import { rejudgeGame } from "../../src/worker/rejudgeGame";
import { type Placed, scenario } from "../helpers/scene";

const MODELS: Placed[] = [
  { id: "a1", model: "us-rifleman", position: [20, 20], side: "A", unit: "a1" },
  { id: "a2", model: "us-rifleman", position: [40, 20], side: "A", unit: "a2" },
  { id: "b1", model: "ger-rifleman", position: [20, 100], side: "B", unit: "b1" },
];
const start = (ruleset: Ruleset): GameLog =>
  newGame(scenario([], MODELS), { seed: 11, ruleset: { id: ruleset.id, version: ruleset.versions[0]!, options: {} }, created: "2026-11-27T00:00:00Z" });
const advance = (ruleset: Ruleset, log: GameLog, times = 1): GameLog => {
  for (let n = 0; n < times; n++) log = record(log, { ...nextStep(ruleset.turn, currentState(log), nextDice(log)), time: 0 });
  return log;
};
const move = (model: string, x: number, z: number, from: [number, number]): GameEvent => ({
  type: "model-moved",
  model,
  from: { position: from, heading: 0 },
  to: { position: [x, z], heading: 0 },
  path: [from, [x, z]],
});

describe("re-judging the turn", () => {
  it("passes the steps the rules take and the moves in turn", async () => {
    // Deployment, then A's activation: A's rifleman moves.
    let log = advance(battleground, start(battleground), 2);
    log = record(log, move("a1", 25, 25, [20, 20]));
    log = advance(battleground, log, 3);
    expect(await rejudgeGame(log)).toEqual({ rejudged: 0, notRejudged: [] });
    const drawn = advance(boltAction, start(boltAction), 4);
    expect(await rejudgeGame(drawn)).toEqual({ rejudged: 0, notRejudged: [] });
  });

  it("reports a move out of turn and a step the rules would not take, at their events", async () => {
    const log = advance(battleground, start(battleground), 2);
    const outOfTurn = record(log, move("b1", 25, 95, [20, 100]));
    expect((await rejudgeGame(outOfTurn)).divergence).toEqual({
      event: 2,
      message: "events[2]: model-moved: out of turn: it is A's activation (002 l.107–111, 235–241): B must wait",
    });
    const skipped = record(log, { type: "turn-advanced", turn: 1, phase: "end", kept: [], rolls: [] });
    expect((await rejudgeGame(skipped)).divergence).toEqual({
      event: 2,
      message: "events[2]: turn-advanced: the rules take turn 1 · activations · B next, the file says turn 1 · end",
    });
  });
});
