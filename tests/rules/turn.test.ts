/**
 * Each rule system's turn, walked by the one engine (src/rules/turn.ts) from free play through the deployment
 * and every phase to the game's end, against the source's turn sequence (line numbers of ../shared/seeds); an
 * action out of turn refused with the rule behind it; the steps recorded in the log, folded, and a game file
 * with them loaded (a tampered order-die draw is not); a log without turn steps stays free play.
 */
import { describe, expect, it } from "vitest";
import { type Command, checkEvent, toEvent } from "../../src/core/game/commands";
import type { GameEvent } from "../../src/core/game/events";
import { parseGame, serializeGame } from "../../src/core/game/gameFile";
import { currentState, type GameLog, newGame, nextDice, record } from "../../src/core/game/gameLog";
import { battleground } from "../../src/rules/battleground";
import { boltAction } from "../../src/rules/bolt-action";
import { flamesOfWar } from "../../src/rules/flames-of-war";
import { operationWw2 } from "../../src/rules/operation-ww2";
import type { Ruleset } from "../../src/rules/ruleset";
import { nextStep, nextStepLabel, outOfTurn, turnNow } from "../../src/rules/turn";
import { type Placed, scenario, TEST_CATALOG } from "../helpers/scene";

/** Two units of side A, one of side B: alternation is seen to run out on one side first. */
const MODELS: Placed[] = [
  { id: "a1", model: "us-rifleman", position: [20, 20], side: "A", unit: "a1" },
  { id: "a2", model: "us-rifleman", position: [40, 20], side: "A", unit: "a2" },
  { id: "b1", model: "ger-rifleman", position: [20, 100], side: "B", unit: "b1" },
];

const start = (ruleset: Ruleset, seed = 7): GameLog =>
  newGame(scenario([], MODELS), { seed, ruleset: { id: ruleset.id, version: ruleset.versions[0]!, options: {} }, created: "2026-11-27T00:00:00Z" });

/** The log after the turn bar's button is pressed once. */
const advance = (ruleset: Ruleset, log: GameLog): GameLog => record(log, { ...nextStep(ruleset.turn, currentState(log), nextDice(log)), time: 0 });

/** "turn.phase.side" of each step as the button takes them, from free play to the game's end. */
function walk(ruleset: Ruleset, log = start(ruleset)): { steps: string[]; log: GameLog } {
  const steps: string[] = [];
  while (!currentState(log).ended) {
    log = advance(ruleset, log);
    const e = log.events.at(-1)!;
    steps.push(e.type === "turn-advanced" ? [e.turn, e.phase, e.side].filter((x) => x !== undefined).join(".") : "end");
  }
  return { steps, log };
}

const moveOf = (log: GameLog, model: string): GameEvent => {
  const result = toEvent(currentState(log), TEST_CATALOG, { type: "move", model, to: { position: [30, 60], heading: 0 } } satisfies Command, 0);
  if (!result.ok) throw new Error(result.error);
  return result.event;
};
const fireBy = (shooter: string, target: string): GameEvent => ({
  type: "fire-resolved",
  ruleset: "x",
  shooter,
  weapon: "rifle",
  target,
  rolls: [],
  outcomes: [],
  summary: "",
});
/** The log advanced until `phase` (and `side`) acts. */
function until(ruleset: Ruleset, phase: string, side?: string): GameLog {
  let log = start(ruleset);
  for (let n = 0; n < 100; n++) {
    log = advance(ruleset, log);
    const step = currentState(log).step!;
    if (step.phase === phase && (side === undefined || step.side === side)) return log;
  }
  throw new Error(`never reached ${phase}`);
}

describe("Operation WW2's turn (000 l.37–59)", () => {
  const turn = operationWw2.turn;
  it("six turns (l.37) of cards (l.41), panic (l.43), initiative (l.45), orders unit by unit in turn until every unit has one (l.47–57), end (l.59)", () => {
    expect(turn.length).toEqual({ turns: 6, rule: "000 l.37" });
    const { steps } = walk(operationWw2);
    const one = (t: number) => [`${t}.cards`, `${t}.panic`, `${t}.initiative`, `${t}.orders.A`, `${t}.orders.B`, `${t}.orders.A`, `${t}.end`];
    expect(steps).toEqual(["0.deployment", ...[1, 2, 3, 4, 5, 6].flatMap(one), "end"]);
  });

  it("refuses a unit of the side whose activation it is not, and shooting outside the orders (l.47–57)", () => {
    const log = until(operationWw2, "orders", "A");
    const state = currentState(log);
    expect(outOfTurn(turn, state, moveOf(log, "b1"))).toBe("it is A's activation (000 l.47–57): B must wait");
    expect(outOfTurn(turn, state, moveOf(log, "a2"))).toBeUndefined();
    const cards = currentState(until(operationWw2, "cards"));
    expect(outOfTurn(turn, cards, fireBy("a1", "b1"))).toBe("shooting comes in the Orders (000 l.47–57), not the Command cards (000 l.41, 76–78)");
  });

  it("deploys anywhere with both sides, and shoots nothing before the game begins (000 l.985–1005)", () => {
    const log = advance(operationWw2, start(operationWw2));
    expect(turnNow(turn, currentState(log))).toMatchObject({ free: false, turn: 0, phase: { id: "deployment", rule: "000 l.985–1005" } });
    expect(outOfTurn(turn, currentState(log), moveOf(log, "a1"))).toBeUndefined();
    expect(outOfTurn(turn, currentState(log), moveOf(log, "b1"))).toBeUndefined();
    expect(outOfTurn(turn, currentState(log), fireBy("a1", "b1"))).toMatch(/^shooting comes in the Orders \(000 l\.47–57\), not the deployment/);
  });
});

describe("Bolt Action's turn (001 l.5–19)", () => {
  const turn = boltAction.turn;
  it("draws an order die from the bag for each unit (l.11), one roll of the bag's dice each, then the turn end (l.17–19)", () => {
    const log = until(boltAction, "turn-end");
    const draws = log.events.filter((e) => e.type === "turn-advanced" && e.phase === "orders");
    expect(draws).toHaveLength(3);
    // Three dice in the bag, then two, then one left: the last is drawn without a roll.
    expect(draws.map((e) => (e.type === "turn-advanced" ? e.rolls.map((r) => r.sides) : []))).toEqual([[3], [2], []]);
    const sides = draws.map((e) => (e.type === "turn-advanced" ? e.side : ""));
    expect(sides.filter((s) => s === "A")).toHaveLength(2);
    expect(sides.filter((s) => s === "B")).toHaveLength(1);
    expect(currentState(log).rollsUsed).toBe(2);
    expect(turn.length.sample).toMatch(/sample/);
  });

  it("refuses an order to a unit whose side does not hold the drawn die", () => {
    const log = until(boltAction, "orders");
    const holder = currentState(log).step!.side!;
    const other = holder === "A" ? "b1" : "a1";
    const order: GameEvent = {
      type: "order-given",
      ruleset: "bolt-action",
      unit: `unit-${other}`,
      asked: "fire",
      order: "fire",
      rolls: [],
      summary: "",
      units: [],
    };
    expect(outOfTurn(turn, currentState(log), order)).toBe(`the order die drawn is ${holder}'s (001 l.9–15): ${holder === "A" ? "B" : "A"} must wait`);
  });

  it("keeps the dice of units Down or in Ambush out of the bag at the turn's end (l.19)", () => {
    let log = until(boltAction, "turn-end");
    const holder = (unit: string): GameEvent => ({
      type: "order-given",
      ruleset: "bolt-action",
      unit,
      asked: "down",
      order: "down",
      rolls: [],
      summary: "",
      units: [],
    });
    // Orders given out of the flow of draws are the fold's business, not the turn's: record them directly.
    log = { ...log, events: [...log.events, holder("unit-a1")], cursor: log.cursor + 1 };
    log = advance(boltAction, log);
    const state = currentState(log);
    expect(state.turn).toBe(2);
    expect(state.units["unit-a1"]?.order).toBe("down");
  });
});

describe("Battleground WWII's turn (002 l.107–111, 235–241: sample order of activations)", () => {
  const turn = battleground.turn;
  it("the sides activate a unit at a time in turn until every unit has been, then the turn ends", () => {
    const { steps } = walk(battleground);
    expect(steps.slice(0, 6)).toEqual(["0.deployment", "1.activations.A", "1.activations.B", "1.activations.A", "1.end", "2.activations.A"]);
    expect(steps.at(-1)).toBe("end");
    expect(turn.phases[0]!.ends).toMatch(/sample/);
  });

  it("refuses a move of the side that is waiting", () => {
    const log = until(battleground, "activations", "B");
    expect(outOfTurn(turn, currentState(log), moveOf(log, "a1"))).toBe("it is B's activation (002 l.107–111, 235–241): A must wait");
  });
});

describe("Flames of War's turn (003: Starting l.13, Movement l.55, Shooting l.62, Assault l.63)", () => {
  const turn = flamesOfWar.turn;
  it("each side plays its own player turn of the four steps", () => {
    const { steps } = walk(flamesOfWar);
    const player = (t: number, s: string) => ["starting", "movement", "shooting", "assault"].map((p) => `${t}.${p}.${s}`);
    expect(steps.slice(0, 9)).toEqual(["0.deployment", ...player(1, "A"), ...player(1, "B")]);
    expect(steps).toHaveLength(1 + 6 * 8 + 1);
  });

  it("refuses shooting in the Movement Step and the other side's move in a player turn", () => {
    const log = until(flamesOfWar, "movement", "A");
    const state = currentState(log);
    expect(outOfTurn(turn, state, fireBy("a1", "b1"))).toBe(
      "shooting comes in the Shooting Step (003 l.62, 119), not the Movement Step (003 l.55, 75–76, 234)",
    );
    expect(outOfTurn(turn, state, moveOf(log, "b1"))).toBe("it is A's turn (003 l.55, 75–76, 234): B must wait");
    expect(nextStepLabel(turn, state)).toBe("Next: Shooting Step");
  });
});

describe("turn steps in the log", () => {
  it("a log without turn steps is free play: nothing is out of turn, and turn-ended ends a turn as before", () => {
    let log = start(operationWw2);
    expect(turnNow(operationWw2.turn, currentState(log))).toMatchObject({ free: true, turn: 1 });
    expect(outOfTurn(operationWw2.turn, currentState(log), fireBy("a1", "b1"))).toBeUndefined();
    log = record(log, { type: "turn-ended", kept: [] });
    expect(currentState(log).turn).toBe(2);
  });

  it("a finished game refuses any change, and a game following its turns refuses a free-play turn end", () => {
    const { log } = walk(battleground);
    const state = currentState(log);
    expect(state.ended).toEqual({ reason: "turn 6 of 6 played" });
    const move: Command = { type: "move", model: "a1", to: { position: [30, 60], heading: 0 } };
    expect(toEvent(state, TEST_CATALOG, move)).toEqual({ ok: false, error: "the game is over (turn 6 of 6 played): nothing more happens on the table" });
    const playing = currentState(until(battleground, "activations"));
    expect(checkEvent(playing, TEST_CATALOG, { type: "turn-ended", kept: [] })).toBe(
      "the game follows its turn sequence (activations of turn 1): it moves on step by step",
    );
  });

  it("a game file with drawn order dice loads; one whose draw the seed did not roll does not", () => {
    const log = until(boltAction, "turn-end");
    const loaded = parseGame(serializeGame(log), TEST_CATALOG);
    expect(loaded.ok && loaded.game.log.events).toHaveLength(log.events.length);
    const first = log.events.findIndex((e) => e.type === "turn-advanced" && e.rolls.length > 0);
    const tampered = log.events.map((e, i) =>
      i === first && e.type === "turn-advanced" ? { ...e, rolls: e.rolls.map((r) => ({ ...r, value: (r.value % r.sides) + 1 })) } : e,
    );
    const bad = parseGame(serializeGame({ ...log, events: tampered }), TEST_CATALOG);
    expect(bad.ok && bad.game.warning).toMatch(new RegExp(`events\\[${first}\\]\\.rolls\\[0\\]\\.value`));
  });
});
