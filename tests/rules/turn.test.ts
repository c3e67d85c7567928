/**
 * Each rule system's turn, walked by the one engine (src/rules/turn.ts) from free play through the deployment
 * and every phase to the game's end, against the source's turn sequence (line numbers of ../shared/seeds); an
 * action out of turn refused with the rule behind it; the steps recorded in the log, folded, and a game file
 * with them loaded (a tampered order-die draw is not); a log without turn steps stays free play. The
 * battlefield's mission in the turn: deployment zones, its turn limit, the winner at the end and an early end.
 */
import { describe, expect, it } from "vitest";
import { type Command, checkEvent, toEvent } from "../../src/core/game/commands";
import type { GameEvent, GameEventOf } from "../../src/core/game/events";
import { parseGame, serializeGame } from "../../src/core/game/gameFile";
import { currentState, type GameLog, newGame, nextDice, record } from "../../src/core/game/gameLog";
import { statusOf, turnStart } from "../../src/core/game/state";
import { sampleMissions } from "../../src/core/mission/samples";
import { Mission } from "../../src/core/scenario/schema";
import { battleground } from "../../src/rules/battleground";
import { movesThisTurn } from "../../src/rules/battleground/gameState";
import { boltAction } from "../../src/rules/bolt-action";
import { flamesOfWar } from "../../src/rules/flames-of-war";
import { operationWw2 } from "../../src/rules/operation-ww2";
import type { Ruleset } from "../../src/rules/ruleset";
import {
  deploymentRefusal,
  gameLength,
  handOver,
  missionOutcome,
  nextStep,
  nextStepLabel,
  outOfTurn,
  pendingHandOver,
  turnEnd,
  turnNow,
} from "../../src/rules/turn";
import { type Placed, scenario, TEST_CATALOG } from "../helpers/scene";

/** Two units of side A, one of side B: alternation is seen to run out on one side first. */
const MODELS: Placed[] = [
  { id: "a1", model: "us-rifleman", position: [20, 20], side: "A", unit: "a1" },
  { id: "a2", model: "us-rifleman", position: [40, 20], side: "A", unit: "a2" },
  { id: "b1", model: "ger-rifleman", position: [20, 100], side: "B", unit: "b1" },
];

const start = (ruleset: Ruleset, seed = 7, mission?: unknown): GameLog =>
  newGame(
    { ...scenario([], MODELS), ...(mission !== undefined && { mission: Mission.parse(mission) }) },
    { seed, ruleset: { id: ruleset.id, version: ruleset.versions[0]!, options: {} }, created: "2026-11-27T00:00:00Z" },
  );

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

const moveOf = (log: GameLog, model: string, to: [number, number] = [30, 60]): GameEvent => {
  const result = toEvent(currentState(log), TEST_CATALOG, { type: "move", model, to: { position: to, heading: 0 } } satisfies Command, 0);
  if (!result.ok) throw new Error(result.error);
  return result.event;
};
const fireBy = (shooter: string, target: string): GameEventOf<"fire-resolved"> => ({
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

  it("starts an alternating phase with the side the game made first (TurnStructure.firstSide: the initiative, l.88, l.96)", () => {
    const initiativeToB: Ruleset = { ...operationWw2, turn: { ...turn, firstSide: (phase) => (phase === "orders" ? "B" : undefined) } };
    const { steps } = walk(initiativeToB);
    expect(steps.slice(1, 8)).toEqual(["1.cards", "1.panic", "1.initiative", "1.orders.B", "1.orders.A", "1.orders.A", "1.end"]);
    expect(nextStepLabel(initiativeToB.turn, currentState(until(initiativeToB, "initiative")))).toBe("Next: Orders, B first");
    // Without one (every system but where the game decides), the battlefield's first side, and the label as before.
    expect(nextStepLabel(turn, currentState(until(operationWw2, "initiative")))).toBe("Next: Orders");
  });

  it("refuses a unit of the side whose activation it is not, and shooting outside the orders (l.47–57)", () => {
    const log = until(operationWw2, "orders", "A");
    const state = currentState(log);
    expect(outOfTurn(turn, state, moveOf(log, "b1"))).toBe("it is A's activation (000 l.47–57): B must wait");
    expect(outOfTurn(turn, state, moveOf(log, "a2"))).toBeUndefined();
    const cards = currentState(until(operationWw2, "cards"));
    expect(outOfTurn(turn, cards, fireBy("a1", "b1"))).toBe("shooting comes in the Orders (000 l.47–57), not the Command cards (000 l.41, 61–78, 563)");
  });

  it("deploys anywhere with both sides, and shoots nothing before the game begins (000 l.985–1005)", () => {
    const log = advance(operationWw2, start(operationWw2));
    expect(turnNow(turn, currentState(log))).toMatchObject({ free: false, turn: 0, phase: { id: "deployment", rule: "000 l.985–1005" } });
    expect(outOfTurn(turn, currentState(log), moveOf(log, "a1"))).toBeUndefined();
    expect(outOfTurn(turn, currentState(log), moveOf(log, "b1"))).toBeUndefined();
    expect(outOfTurn(turn, currentState(log), fireBy("a1", "b1"))).toMatch(/^shooting comes in the Orders \(000 l\.47–57\), not the deployment/);
  });

  it("hides the hand of command cards: the side giving an order holds the device (000 l.63, 91), in no other step", () => {
    expect(handOver(turn, currentState(until(operationWw2, "orders", "B")))).toEqual({
      side: "B",
      hides: { reason: "the command cards in the hand of the side giving an order", rule: "000 l.63, 91" },
    });
    expect(handOver(turn, currentState(until(operationWw2, "cards")))).toBeUndefined();
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

  const orderTo = (unit: string, order = "advance"): GameEventOf<"order-given"> => ({
    type: "order-given",
    ruleset: "bolt-action",
    unit,
    asked: order,
    order,
    rolls: [],
    summary: "",
    units: [],
  });
  /** The log at the first die drawn for side A. */
  const aHolds = () => until(boltAction, "orders", "A");

  it("the side holding the drawn die orders one unit with it (l.11–12): a second order on it, or a move before it, is refused", () => {
    let log = aHolds();
    expect(outOfTurn(turn, currentState(log), moveOf(log, "a1"))).toBe("give the order die drawn to one of A's units before moving (001 l.9–15)");
    expect(outOfTurn(turn, currentState(log), fireBy("unit-a1", "unit-b1"))).toBe("give the order die drawn to one of A's units before shooting (001 l.9–15)");
    log = record(log, orderTo("unit-a1"));
    expect(currentState(log).step!.ordered).toBe("unit-a1");
    expect(outOfTurn(turn, currentState(log), orderTo("unit-a2"))).toBe("the order die drawn went to unit-a1: one unit a die (001 l.9–15); draw the next die");
    // The unit that took the die acts on it (l.14); another of its side waits for a die of its own.
    expect(outOfTurn(turn, currentState(log), moveOf(log, "a1"))).toBeUndefined();
    expect(outOfTurn(turn, currentState(log), fireBy("unit-a1", "unit-b1"))).toBeUndefined();
    expect(outOfTurn(turn, currentState(log), moveOf(log, "a2"))).toBe("the order die drawn went to unit-a1: unit-a2 waits for a die of its own (001 l.9–15)");
  });

  it("draws from the dice still in the bag: one a unit without an order die, less a die drawn and not given (spent)", () => {
    let log = start(boltAction, 7);
    log = advance(boltAction, advance(boltAction, log));
    const first = currentState(log).step!.side!;
    const mine = first === "A" ? "unit-a1" : "unit-b1";
    log = record(log, orderTo(mine));
    // Three units, one ordered: two dice left, then after a die drawn and not given, one.
    expect(nextStepLabel(turn, currentState(log))).toBe("Draw the next order die");
    log = advance(boltAction, log);
    const second = log.events.at(-1) as GameEventOf<"turn-advanced">;
    expect(second.rolls.map((r) => r.sides)).toEqual([2]);
    log = advance(boltAction, log);
    const third = log.events.at(-1) as GameEventOf<"turn-advanced">;
    expect(third.rolls).toEqual([]);
    // One order given in the phase, to the first die's side; the second die was drawn and not given.
    expect(currentState(log).step!.orders).toEqual({ [first]: 1 });
    expect(nextStepLabel(turn, currentState(log))).toBe("Next: Turn end phase");
  });

  it("a unit in Ambush fires in the other side's step, waiting for opportunity fire (l.27); another unit of its side waits", () => {
    let log = until(boltAction, "turn-end");
    // b1 takes an Ambush it keeps into turn 2 (recorded directly, as the fold takes it).
    log = { ...log, events: [...log.events, orderTo("unit-b1", "ambush")], cursor: log.cursor + 1 };
    while (currentState(log).step?.side !== "A") log = advance(boltAction, log);
    // It reacts to the enemy unit acting: not before the drawn die has gone to one.
    expect(outOfTurn(turn, currentState(log), fireBy("unit-b1", "unit-a1"))).toMatch(/^the order die drawn is A's \(001 l\.9–15\): B must wait$/);
    log = record(log, orderTo("unit-a1"));
    expect(outOfTurn(turn, currentState(log), fireBy("unit-b1", "unit-a1"))).toBeUndefined();
    expect(outOfTurn(turn, currentState(log), moveOf(log, "b1"))).toMatch(/^the order die drawn is A's \(001 l\.9–15\): B must wait$/);
  });

  it("a unit its escape left Down moves in the other side's step, once the drawn die has gone to a unit (001 l.246); its move verdict judges how far", () => {
    let log = aHolds();
    log = record(log, orderTo("unit-a1", "run"));
    expect(outOfTurn(turn, currentState(log), moveOf(log, "b1"))).toMatch(/^the order die drawn is A's \(001 l\.9–15\): B must wait$/);
    const escaped: GameEventOf<"action-taken"> = {
      type: "action-taken",
      ruleset: "bolt-action",
      action: "recce-escape",
      unit: "unit-b1",
      target: "unit-a1",
      answers: {},
      rolls: [],
      outcomes: [],
      units: [{ unit: "unit-b1", order: "down" }],
      summary: "",
    };
    log = record(log, escaped);
    expect(outOfTurn(turn, currentState(log), moveOf(log, "b1"))).toBeUndefined();
    expect(outOfTurn(turn, currentState(log), fireBy("unit-b1", "unit-a1"))).toMatch(/B must wait$/);
  });

  it("a unit that stays Down keeps its die out of the next turn's bag (l.19)", () => {
    let log = aHolds();
    log = record(log, orderTo("unit-a1", "down"));
    while (currentState(log).turn === 1) log = advance(boltAction, log);
    const draw = log.events.at(-1) as GameEventOf<"turn-advanced">;
    // Two dice in the bag in turn 2: a2's and b1's.
    expect(draw.rolls.map((r) => r.sides)).toEqual([2]);
    expect(currentState(log).units["unit-a1"]?.order).toBe("down");
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

describe("hidden information on one screen: the device passes to the side a step shows something to", () => {
  it("a die drawn from the bag (001 l.11) for the side not holding the device asks to pass it; a side that draws again keeps it", () => {
    let log = until(boltAction, "orders");
    const first = handOver(boltAction.turn, currentState(log))!;
    expect(first.side).toBe(currentState(log).step!.side);
    expect(first.hides.rule).toBe("001 l.11");
    expect(pendingHandOver(boltAction.turn, currentState(log), undefined)).toEqual(first);
    // Confirmed: that side's player holds the device until a die falls to the other side.
    expect(pendingHandOver(boltAction.turn, currentState(log), first.side)).toBeUndefined();
    let draws = 0;
    while (currentState(log).step!.side === first.side && draws++ < 40) {
      expect(pendingHandOver(boltAction.turn, currentState(log), first.side)).toBeUndefined();
      log = advance(boltAction, log);
    }
    const other = currentState(log).step!.side!;
    expect(other).not.toBe(first.side);
    expect(pendingHandOver(boltAction.turn, currentState(log), first.side)).toEqual({ side: other, hides: first.hides });
  });

  it("asks nothing in free play, in the deployment, in the turn end, nor where a system's steps hide nothing", () => {
    expect(handOver(boltAction.turn, currentState(start(boltAction)))).toBeUndefined();
    expect(handOver(boltAction.turn, currentState(advance(boltAction, start(boltAction))))).toBeUndefined();
    expect(handOver(boltAction.turn, currentState(until(boltAction, "turn-end")))).toBeUndefined();
    for (const ruleset of [battleground, flamesOfWar]) {
      for (let log = advance(ruleset, start(ruleset)); !currentState(log).ended; log = advance(ruleset, log))
        expect(handOver(ruleset.turn, currentState(log)), ruleset.id).toBeUndefined();
    }
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

  it("a system whose pins lapse at the turn's end: the step into the next turn lifts Pinned, a wound and a Suppression stay", () => {
    const pin: GameEvent = {
      ...fireBy("a1", "b1"),
      outcomes: [
        { model: "b1", effect: "pinned", detail: "pinned" },
        { model: "b1", effect: "damaged", detail: "wounded" },
        { model: "b1", effect: "damaged", detail: "suppressed" },
      ],
    };
    // Battleground's Pinned lasts to the end of the unit's activation (002 l.240–241), its own due action
    // (tests/rules/battleground/activations.test.ts): the turn's end lifts none.
    const turnOne = (ruleset: Ruleset) => {
      let log = record(until(ruleset, "activations", "A"), pin);
      while (currentState(log).turn === 1) log = advance(ruleset, log);
      return log;
    };
    expect(turnOne(battleground).events.at(-1)).not.toHaveProperty("pinsLapse");
    expect(statusOf(currentState(turnOne(battleground)), "b1").pinned).toBe(true);
    const lapsing: Ruleset = { ...battleground, turn: { ...turn, pinsLapseAtTurnEnd: true } } as Ruleset;
    const log = turnOne(lapsing);
    expect(log.events.at(-1)).toMatchObject({ type: "turn-advanced", turn: 2, pinsLapse: true });
    expect(statusOf(currentState(log), "b1")).toEqual({ pinned: false, markers: ["wounded", "suppressed"] });
    // Within the turn it holds: B's activation after the shot still sees b1 Pinned.
    expect(statusOf(currentState(advance(lapsing, record(until(lapsing, "activations", "A"), pin))), "b1").pinned).toBe(true);
    // Free play's end of turn lifts it too; Operation WW2's pins wait for a rally (no pinsLapse).
    expect(statusOf(currentState(record(record(start(lapsing), pin), { type: "turn-ended", ...turnEnd(lapsing.turn) })), "b1").pinned).toBe(false);
    expect(turnEnd(operationWw2.turn)).toEqual({ kept: [] });
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

  it("lets the acting side lay a turret in any step, never the waiting side", () => {
    const traverse = (model: string): GameEvent => ({ type: "turret-traversed", model, from: 0, to: 30 });
    const shooting = currentState(until(flamesOfWar, "shooting", "A"));
    expect(outOfTurn(turn, shooting, traverse("a1"))).toBeUndefined();
    expect(outOfTurn(turn, shooting, traverse("b1"))).toBe("it is A's turn (003 l.62, 119): B must wait");
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

  it("a move made in the deployment is no move of turn 1: the step into a new turn starts the turn's moves afresh", () => {
    let log = advance(battleground, start(battleground));
    log = record(log, moveOf(log, "a1"));
    expect(movesThisTurn(log.events, "a1")).toHaveLength(1);
    log = advance(battleground, log);
    expect(currentState(log).moves).toEqual({});
    expect(movesThisTurn(log.events, "a1")).toEqual([]);
    expect(turnStart(log.events)).toBe(log.events.length);
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

describe("the battlefield's mission in the turn", () => {
  // A sets up along z = 0 to 40, B along z = 80 to 120 (the 180 × 120 table of MODELS); the depot is a1's spot.
  const zones = [
    { kind: "rectangle", side: "A", from: [0, 0], to: [180, 40] },
    { kind: "rectangle", side: "B", from: [0, 80], to: [180, 120] },
  ];
  const depot = { id: "depot", kind: "point", name: "Depot", at: [20, 20], radius: 10, points: 2 };

  it("refuses a deployment outside the side's zone, naming it; the zone's edge is in; no zone: anywhere", () => {
    const log = advance(battleground, start(battleground, 7, { name: "Zones", sample: true, zones }));
    const state = currentState(log);
    expect(outOfTurn(battleground.turn, state, moveOf(log, "a1", [30, 60]))).toBe(
      "A deploy in A's deployment zone (Zones (sample)): (30.0, 60.0) cm is outside it",
    );
    expect(outOfTurn(battleground.turn, state, moveOf(log, "a1", [30, 40]))).toBeUndefined();
    expect(outOfTurn(battleground.turn, state, moveOf(log, "b1", [30, 30]))).toMatch(/^B deploy in B's deployment zone/);
    expect(deploymentRefusal(state, "C", [90, 60])).toBeUndefined();
    const open = currentState(advance(battleground, start(battleground)));
    expect(deploymentRefusal(open, "A", [90, 60])).toBeUndefined();
    // Once the turns begin, a move leaves the zone freely.
    const turn1 = currentState(advance(battleground, log));
    expect(outOfTurn(battleground.turn, turn1, moveOf(log, "a1", [30, 60]))).toBeUndefined();
  });

  it("the mission's turn limit replaces the system's six turns, and the winner is the mission's at the end", () => {
    const mission = {
      name: "Hold the depot",
      turns: 2,
      zones,
      objectives: [depot],
      victory: [{ kind: "hold", objective: "depot", side: "B" }, { kind: "most-points" }],
    };
    const log = start(battleground, 7, mission);
    expect(gameLength(battleground.turn, currentState(log).scenario)).toEqual({ turns: 2, rule: "the mission Hold the depot" });
    expect(gameLength(battleground.turn, scenario([], MODELS))).toBe(battleground.turn.length);
    const { steps, log: ended } = walk(battleground, log);
    expect(steps.filter((s) => s.endsWith(".end"))).toEqual(["1.end", "2.end"]);
    expect(turnNow(battleground.turn, currentState(advance(battleground, log)))).toMatchObject({ of: 2 });
    // B does not hold the depot (a1 of A stands on it), so the most points decide: A 2, B 0.
    expect(currentState(ended).ended).toEqual({ reason: "turn 2 of 2 played: most objective points: A 2, B 0", winner: "A" });
    expect(missionOutcome(currentState(ended).scenario)?.scores).toEqual([
      { side: "A", points: 2 },
      { side: "B", points: 0 },
    ]);
  });

  it("a sample mission that keeps the system's length cites the system's rule (Operation WW2: 6 turns, 000 l.37), a sample of another length is a sample", () => {
    const [sample] = sampleMissions(scenario([], MODELS), operationWw2.missionSetup);
    const on = (mission: Mission) => ({ ...scenario([], MODELS), mission });
    expect(sample).toMatchObject({ sample: true, turns: 6 });
    expect(gameLength(operationWw2.turn, on(sample!))).toEqual({ turns: 6, rule: "000 l.37" });
    expect(gameLength(operationWw2.turn, on({ ...sample!, turns: 4 }))).toEqual({
      turns: 4,
      rule: "the mission Hold the crossroads (sample)",
      sample: "the mission Hold the crossroads (sample): 4 turns is a sample",
    });
    // Battleground's own length is a sample: its sample mission says so in the system's words.
    expect(gameLength(battleground.turn, on(sample!)).sample).toBe("the sheet gives no game length: 6 turns is a sample");
  });

  it("a game without a winner is a draw in the mission's words; a battlefield without a mission names none", () => {
    const { log } = walk(battleground, start(battleground, 7, { name: "Nothing to take", turns: 1, victory: [{ kind: "most-points" }] }));
    expect(currentState(log).ended).toEqual({ reason: "turn 1 of 1 played: a draw: A 0, B 0" });
    expect(missionOutcome(scenario([], MODELS))).toBeUndefined();
  });

  it("an exit victory ends the game at the next step of a turn, not in the deployment", () => {
    // a1 and a2 stand 20 cm from the -z edge from the start, within the exit's 25 cm: both units count as off.
    const mission = {
      name: "Break out",
      objectives: [{ id: "out", kind: "exit", name: "B's edge", edge: "-z", side: "A", reach: 25 }],
      victory: [{ kind: "exit", side: "A", units: 2 }],
    };
    const { steps, log } = walk(battleground, start(battleground, 7, mission));
    expect(steps).toEqual(["0.deployment", "1.activations.A", "end"]);
    expect(currentState(log).ended).toEqual({ reason: "A got 2 of the 2 units needed off the table", winner: "A" });
    expect(nextStepLabel(battleground.turn, currentState({ ...log, cursor: log.events.length - 1 }))).toBe("End the game");
  });
});
