/**
 * Bolt Action's moves carried out under the unit's order and the terrain table (001 l.24–29, 54–96): the
 * terrain categories by troop type and order, a road doubling a vehicle's rate, a vehicle's turns and reverse,
 * what a unit moved before this turn, an Advance that has fired, and a panic flight away from the enemy (l.38).
 */
import { describe, expect, it } from "vitest";
import type { GameEvent } from "../../../src/core/game/events";
import { type GameLog, newGame, record } from "../../../src/core/game/gameLog";
import type { Vec2 } from "../../../src/core/geometry2d";
import type { ScenarioInput } from "../../../src/core/scenario/schema";
import { inchesToCm } from "../../../src/core/units";
import { boltAction } from "../../../src/rules/bolt-action";
import type { BaContext } from "../../../src/rules/bolt-action/context";
import { rulesAt } from "../../../src/rules/gameContext";
import { type Placed, scenario } from "../../helpers/scene";

type FeatureInput = NonNullable<ScenarioInput["features"]>[number];
const IN = inchesToCm;

const woods = (id: string, x0: number, x1: number): FeatureInput => ({
  id,
  kind: "woods",
  outline: [
    [x0, 0],
    [x1, 0],
    [x1, 120],
    [x0, 120],
  ],
  height: 8,
});
const across = (id: string, kind: "hedge" | "bocage", x: number): FeatureInput => ({
  id,
  kind,
  path: [
    [x, 0],
    [x, 120],
  ],
});
const ROAD: FeatureInput = {
  id: "road-1",
  kind: "road",
  name: "the Caen road",
  path: [
    [0, 60],
    [180, 60],
  ],
};

const rifleman: Placed = { id: "a1", model: "us-rifleman", position: [20, 20], side: "A", unit: "a1" };
const enemy: Placed = { id: "b1", model: "ger-rifleman", position: [100, 20], side: "B", unit: "b1" };
const panzer = (at: Vec2, model = "ger-panzer-iv"): Placed => ({ id: "t1", model, position: [at[0], at[1]], heading: 90, side: "B", unit: "t1" });
const jeep: Placed = { id: "j1", model: "us-jeep", position: [20, 100], heading: 90, side: "A", unit: "j1" };

const order = (unit: string, given: string, record?: unknown): GameEvent => ({
  type: "order-given",
  time: 0,
  ruleset: "bolt-action",
  unit: `unit-${unit}`,
  asked: given,
  order: given,
  rolls: [],
  summary: "",
  units: [],
  ...(record !== undefined && { details: { record } }),
});

/** The verdict on `model` moving along `path` after `events`, on a table of `features` and `models`. */
function verdict(features: FeatureInput[], models: Placed[], events: GameEvent[], model: string, path: Vec2[]) {
  let log: GameLog = newGame(scenario(features, models), {
    seed: 3,
    ruleset: { id: "bolt-action", version: "source", options: {} },
    created: "2026-11-27T00:00:00Z",
  });
  for (const e of events) log = record(log, e);
  const { context } = rulesAt(log, log.events.length);
  return boltAction.moveVerdict!({ model, path }, context as BaContext);
}
const reasons = (v: { rulings: readonly { reason: string }[] }) => v.rulings.map((r) => r.reason);

describe("the terrain table (001 l.62–85)", () => {
  const through: Vec2[] = [
    [20, 20],
    [20 + IN(5), 20],
  ];
  it("infantry may not Run through rough ground nor over an obstacle, and may Advance through both (l.66–67, l.77)", () => {
    for (const feature of [woods("woods-1", 25, 30), across("hedge-1", "hedge", 28)]) {
      const run = verdict([feature], [rifleman, enemy], [order("a1", "run")], "a1", through);
      expect(run.allowed, feature.kind).toBe(false);
      expect(run.refusal!.reason).toMatch(
        new RegExp(`^${feature.id} \\(${feature.kind}: (rough|obstacle) ground\\): not on a Run order \\(an Advance may\\)$`),
      );
      expect(run.refusal!.rule).toBe("001 l.64–83");
      expect(run.sampleTables.map((t) => t.table)).toContain("practice");
      expect(verdict([feature], [rifleman, enemy], [order("a1", "advance")], "a1", through).allowed, feature.kind).toBe(true);
    }
  });

  it("a wheeled vehicle may not enter rough ground (l.66); bocage stops a tank though an obstacle does not (l.67, l.75)", () => {
    const intoWoods = verdict([woods("woods-1", 30, 40)], [jeep], [order("j1", "advance")], "j1", [
      [20, 100],
      [20 + IN(8), 100],
    ]);
    expect(intoWoods.refusal!.reason).toBe("woods-1 (woods: rough ground): it may not enter it");
    const tankOver = (f: FeatureInput) =>
      verdict([f], [panzer([20, 20])], [order("t1", "advance")], "t1", [
        [20, 20],
        [20 + IN(8), 20],
      ]);
    expect(tankOver(across("hedge-1", "hedge", 35)).allowed).toBe(true);
    expect(tankOver(across("bocage-1", "bocage", 35)).refusal!.reason).toBe(
      "bocage-1 (bocage: obstacle ground): an anti-tank obstacle or impassable bocage stops every vehicle",
    );
  });

  it("a road doubles a vehicle's rate when it moves entirely along it (l.69, l.85): 17\" allowed on it, not off it", () => {
    const along = verdict([ROAD], [panzer([10, 60])], [order("t1", "advance")], "t1", [
      [10, 60],
      [10 + IN(17), 60],
    ]);
    expect(along).toMatchObject({ allowance: 18, allowed: true });
    expect(reasons(along)).toContain('entirely along the Caen road: the rate doubled, 18"');
    const off = verdict([ROAD], [panzer([10, 20])], [order("t1", "advance")], "t1", [
      [10, 20],
      [10 + IN(17), 20],
    ]);
    expect(off).toMatchObject({ allowance: 9, allowed: false });
  });
});

describe("vehicles turning and reversing (001 l.87–96)", () => {
  const twoTurns: Vec2[] = [
    [20, 20],
    [30, 20],
    [30, 30],
    [40, 30],
  ];
  it("a tracked vehicle makes one turn of 90° on an Advance and none on a Run (l.90)", () => {
    const one = verdict([], [panzer([20, 20])], [order("t1", "advance")], "t1", twoTurns.slice(0, 3));
    expect(one.allowed).toBe(true);
    expect(reasons(one)).toContain("1 turn of up to 90°, of 1 allowed");
    const two = verdict([], [panzer([20, 20])], [order("t1", "advance")], "t1", twoTurns);
    expect(two.refusal!.reason).toBe("2 turns of up to 90°: a tracked vehicle makes 1 on an Advance");
    const running = verdict([], [panzer([20, 20])], [order("t1", "run")], "t1", twoTurns.slice(0, 3));
    expect(running.refusal!.reason).toBe("1 turn of up to 90°: a tracked vehicle makes 0 on a Run");
  });

  it('reverses up to half its Advance rate, 4.5" for a tank (l.96); a recce jeep its full 12"', () => {
    const back = (inches: number) =>
      verdict([], [panzer([60, 20])], [order("t1", "advance")], "t1", [
        [60, 20],
        [60 - IN(inches), 20],
      ]);
    expect(back(4.4).allowed).toBe(true);
    expect(back(4.6).refusal!.reason).toBe('4.60" in reverse, of 4.5" (half its Advance rate)');
    const recce = verdict([], [{ ...jeep, position: [60, 100] }], [order("j1", "advance")], "j1", [
      [60, 100],
      [60 - IN(11.5), 100],
    ]);
    expect(recce.allowed).toBe(true);
    expect(reasons(recce)).toContain('11.50" in reverse, of 12" (a recce vehicle: its full Advance rate)');
  });
});

describe("a move carried out under its order (001 l.24–29, l.38)", () => {
  const step = (from: Vec2, inches: number): Vec2[] => [from, [from[0] + IN(inches), from[1]]];
  const moved = (inches: number): GameEvent => ({
    type: "model-moved",
    time: 0,
    model: "a1",
    from: { position: [20, 20], heading: 0 },
    to: { position: [20 + IN(inches), 20], heading: 0 },
    path: [],
  });

  it('what the model moved before on its die counts: 4" then 3" is past the Advance rate of 6"', () => {
    const v = verdict([], [rifleman, enemy], [order("a1", "advance"), moved(4)], "a1", step([20 + IN(4), 20], 3));
    expect(v.allowed).toBe(false);
    expect(v.refusal!.reason).toBe('the move is 7.00" of 6" (4.00" moved already this turn): 1.00" too far');
  });

  it("an Advance moves and then fires: after its shot it does not move (l.25)", () => {
    const shot: GameEvent = {
      type: "fire-resolved",
      time: 0,
      ruleset: "bolt-action",
      shooter: "unit-a1",
      weapon: "small-arms",
      target: "unit-b1",
      rolls: [],
      outcomes: [],
      summary: "",
    };
    const v = verdict([], [rifleman, enemy], [order("a1", "advance"), shot], "a1", step([20, 20], 2));
    expect(v.refusal).toEqual({ reason: "Advance: it moves and then fires, and its unit has fired", rule: "001 l.25" });
  });

  it('the winner of close quarters regroups: a move of up to 6" (sample) of its own, whatever it moved before (l.238)', () => {
    const assault: GameEvent = {
      type: "fire-resolved",
      time: 0,
      ruleset: "bolt-action",
      shooter: "unit-a1",
      weapon: "small-arms",
      target: "unit-b1",
      rolls: [],
      outcomes: [{ model: "b1", effect: "casualty", detail: "surrenders" }],
      summary: "",
      details: { verdict: { assault: { kind: "infantry", attacker: "unit-a1", defender: "unit-b1", distance: 20 } } },
    };
    const events = [order("a1", "run"), moved(10), assault];
    const from: Vec2 = [20 + IN(10), 20];
    const regroup = verdict([], [rifleman, enemy], events, "a1", step(from, 5.5));
    expect(regroup).toMatchObject({ allowance: 6, allowed: true });
    expect(regroup.rulings[1]).toMatchObject({ reason: 'it won close quarters: its regroup, up to 6"', rule: "001 l.238" });
    expect(verdict([], [rifleman, enemy], events, "a1", step(from, 6.5)).refusal!.reason).toBe('the move is 6.50" of 6": 0.50" too far');
  });

  it("a unit in panic after a FUBAR runs away from the enemy unit it flees, never towards it (l.38)", () => {
    const panic = order("a1", "run", { fubar: { result: "panic", from: "unit-b1" } });
    const towards = verdict([], [rifleman, enemy], [panic], "a1", step([20, 20], 5));
    expect(towards.refusal).toEqual({ reason: "Panic: it must move away from unit-b1, and this move does not take it further from it", rule: "001 l.38" });
    expect(verdict([], [{ ...rifleman, position: [30, 20] }, enemy], [panic], "a1", step([30, 20], -10)).allowed).toBe(true);
  });
});
