/**
 * A move's allowance, cost and verdict from each system's movement rates where it has them: Bolt Action's
 * Advance and Run rates by the unit's order (001 l.24–29, 54–60), Battleground's Movement Points (002 l.2–22,
 * one move action's allowance sample), Operation WW2's rates in cm with what terrain, obstacles and a
 * vehicle's turns cost (000 l.147, 160, 601–602), Flames of War's At Double distance (003 l.234) with its
 * Difficult Going (003 l.356); refused past the allowance with the reason.
 */
import { describe, expect, it } from "vitest";
import { type GameLog, newGame, record } from "../../src/core/game/gameLog";
import type { Vec2 } from "../../src/core/geometry2d";
import type { ScenarioInput } from "../../src/core/scenario/schema";
import { inchesToCm } from "../../src/core/units";
import { battleground } from "../../src/rules/battleground";
import { boltAction } from "../../src/rules/bolt-action";
import { flamesOfWar } from "../../src/rules/flames-of-war";
import { rulesAt } from "../../src/rules/gameContext";
import { operationWw2 } from "../../src/rules/operation-ww2";
import type { Ruleset } from "../../src/rules/ruleset";
import { type Placed, scenario } from "../helpers/scene";

type FeatureInput = NonNullable<ScenarioInput["features"]>[number];

const MODELS: Placed[] = [
  { id: "a1", model: "us-rifleman", position: [20, 20], side: "A", unit: "a1" },
  { id: "b1", model: "ger-rifleman", position: [20, 100], side: "B", unit: "b1" },
];
const start = (ruleset: Ruleset): GameLog =>
  newGame(scenario([], MODELS), { seed: 3, ruleset: { id: ruleset.id, version: ruleset.versions[0]!, options: {} }, created: "2026-11-27T00:00:00Z" });
/** The verdict on a1 moving `inches` straight along +x. */
function verdictOf(ruleset: Ruleset, inches: number, log = start(ruleset)) {
  const { context } = rulesAt(log, log.events.length);
  return ruleset.moveVerdict!(
    {
      model: "a1",
      path: [
        [20, 20],
        [20 + inchesToCm(inches), 20],
      ],
    },
    context,
  );
}
const ordered = (order: string): GameLog =>
  record(start(boltAction), { type: "order-given", ruleset: "bolt-action", unit: "unit-a1", asked: order, order, rolls: [], summary: "", units: [] });

describe("Bolt Action's movement rates (001 l.54–60)", () => {
  it('infantry Advance 6" (l.25): 5.9" allowed, 6.1" refused, with no order die measured at the Advance rate', () => {
    expect(verdictOf(boltAction, 5.9)).toMatchObject({ measure: "in", allowance: 6, allowed: true });
    const over = verdictOf(boltAction, 6.1);
    expect(over).toMatchObject({ allowance: 6, allowed: false });
    expect(over.cost).toBeCloseTo(6.1, 6);
    expect(over.rulings.map((r) => r.rule)).toEqual(["001 l.54–60", "001 l.25", "001 l.54–60"]);
    expect(over.rulings.at(-1)!.reason).toMatch(/0\.10" too far/);
  });

  it('Run doubles it to 12" (l.26); Down does not move at all (l.29)', () => {
    expect(verdictOf(boltAction, 11.9, ordered("run"))).toMatchObject({ allowance: 12, allowed: true });
    const down = verdictOf(boltAction, 1, ordered("down"));
    expect(down).toMatchObject({ allowance: 0, allowed: false });
    expect(down.rulings[1]).toEqual({ reason: "its unit's order is Down: it does not move", rule: "001 l.24–29" });
  });
});

describe("Battleground WWII's Movement Points (002 l.2–22: 1\" per MP; one move action's MP sample)", () => {
  it('infantry: 6" is the 6 MP of one move action, 6.2" is past them', () => {
    const within = verdictOf(battleground, 6);
    expect(within).toMatchObject({ measure: "MP", allowance: 6, allowed: true });
    expect(within.cost).toBeCloseTo(6, 6);
    expect(within.sampleTables.map((t) => t.table)).toEqual(["move-allowance"]);
    const over = verdictOf(battleground, 6.2);
    expect(over.allowed).toBe(false);
    expect(over.rulings.at(-1)!.reason).toMatch(/of the 6 MP of one infantry move action: more than one move action allows/);
  });
});

/** The verdict on `model` moving along `path`, on a table of `features` and `models`, under `ruleset`. */
function verdictOn(ruleset: Ruleset, features: FeatureInput[], models: Placed[]) {
  const game = newGame(scenario(features, models), {
    seed: 3,
    ruleset: { id: ruleset.id, version: ruleset.versions[0]!, options: {} },
    created: "2026-11-27T00:00:00Z",
  });
  const { context } = rulesAt(game, 0);
  return (model: string, path: Vec2[]) => ruleset.moveVerdict!({ model, path }, context);
}

describe("Operation WW2's movement in cm (000 §4)", () => {
  // A rifleman at (20, 20), a Panzer IV (a medium tank) at (20, 100) facing +x; a low hedge (2 cm) and a high
  // wall (4 cm) across the table at x = 40 and x = 60 between z = 10 and z = 30, woods and a pond further on.
  const HEDGE: FeatureInput = {
    id: "hedge-1",
    kind: "hedge",
    path: [
      [40, 10],
      [40, 30],
    ],
    height: 2,
  };
  const WALL: FeatureInput = {
    id: "wall-1",
    kind: "wall",
    path: [
      [60, 10],
      [60, 30],
    ],
    height: 4,
  };
  const WOODS: FeatureInput = {
    id: "woods-1",
    kind: "woods",
    outline: [
      [30, 50],
      [40, 50],
      [40, 70],
      [30, 70],
    ],
    height: 8,
  };
  const POND: FeatureInput = {
    id: "pond-1",
    kind: "pond",
    outline: [
      [70, 50],
      [80, 50],
      [80, 70],
      [70, 70],
    ],
  };
  const PLACED: Placed[] = [
    { id: "a1", model: "us-rifleman", position: [20, 20], side: "A", unit: "a1" },
    { id: "tank", model: "ger-panzer-iv", position: [20, 100], heading: 90, side: "B", unit: "tank" },
  ];
  const verdict = verdictOn(operationWw2, [HEDGE, WALL, WOODS, POND], PLACED);

  it("a man moves 20 cm fast (l.147): 19.9 cm in the open allowed, 20.5 cm refused as too far", () => {
    expect(
      verdict("a1", [
        [20, 20],
        [20, 39.9],
      ]),
    ).toMatchObject({ measure: "cm", allowance: 20, allowed: true });
    const over = verdict("a1", [
      [20, 20],
      [20, 40.5],
    ]);
    expect(over).toMatchObject({ allowed: false, refusal: { rule: "§4.1 (000 l.147, l.602)" } });
    expect(over.refusal!.reason).toMatch(/costs 20\.5 cm of 20 cm: 0\.5 cm too far/);
  });

  it("crossing a low hedge costs 5 cm, a high wall 10 cm (l.160): 15 cm over the hedge is within 20, over both is not", () => {
    const overHedge = verdict("a1", [
      [32, 20],
      [47, 20],
    ]);
    expect(overHedge.cost).toBeCloseTo(15 + 5, 6);
    expect(overHedge.allowed).toBe(true);
    expect(overHedge.rulings.find((r) => r.rule === "§4.3 (000 l.160)")!.reason).toMatch(/over hedge-1, a low hedge .*: −5 cm/);
    const overBoth = verdict("a1", [
      [35, 20],
      [65, 20],
    ]);
    expect(overBoth.cost).toBeCloseTo(30 + 5 + 10, 6);
    expect(overBoth.allowed).toBe(false);
  });

  it("moving into terrain that costs it spends 5 cm (l.160, l.611; which terrain is sample); a pond is impassable (sample)", () => {
    const intoWoods = verdict("a1", [
      [20, 45],
      [35, 55],
    ]);
    expect(intoWoods.rulings.some((r) => r.reason.startsWith("into woods-1 (woods): −5 cm") && r.sample?.table === "movement")).toBe(true);
    const intoPond = verdict("a1", [
      [65, 45],
      [75, 55],
    ]);
    expect(intoPond).toMatchObject({ allowed: false, refusal: { reason: "pond-1 (pond) is impassable to infantry", rule: "§4.3 (000 l.162)" } });
    expect(intoPond.sampleTables.map((t) => t.table)).toContain("movement");
  });

  it("a medium tank: 35 cm fast (l.602), each turn of up to 90° costs 5 cm, fast at most 2 turns, reverse only slowly (l.601)", () => {
    expect(
      verdict("tank", [
        [20, 100],
        [54.9, 100],
      ]),
    ).toMatchObject({ allowance: 35, allowed: true });
    // The source's example (l.642): 10 cm with two turns is 10 + 5 + 5 = 20 cm, past the 18 cm slow move.
    const twoTurns = verdict(
      "tank",
      [
        [20, 100],
        [25, 100],
        [25, 105],
        [20, 105],
      ].map(([x, z]) => [x, z] as Vec2),
    );
    expect(twoTurns.cost).toBeCloseTo(15 + 10, 6);
    expect(twoTurns.allowed).toBe(true);
    const threeTurns = verdict(
      "tank",
      [
        [20, 100],
        [24, 100],
        [24, 104],
        [28, 104],
        [28, 108],
      ].map(([x, z]) => [x, z] as Vec2),
    );
    expect(threeTurns.cost).toBeCloseTo(16 + 15, 6);
    expect(threeTurns).toMatchObject({ allowed: false, refusal: { rule: "§4.5 (000 l.601)" } });
    expect(threeTurns.refusal!.reason).toMatch(/past the slow 18 cm, so a fast move: at most 2 turns, this makes 3/);
    // Backing 10 cm is a slow move; backing 20 cm is past the slow rate.
    expect(
      verdict("tank", [
        [20, 100],
        [10, 100],
      ]).allowed,
    ).toBe(true);
    expect(
      verdict("tank", [
        [20, 100],
        [1, 100],
      ]).refusal!.reason,
    ).toMatch(/a vehicle reverses only slowly/);
  });
});

describe("Flames of War's movement (003 l.234, l.356)", () => {
  const HEDGE: FeatureInput = {
    id: "hedge-1",
    kind: "hedge",
    path: [
      [40, 10],
      [40, 110],
    ],
    height: 2,
  };
  const POND: FeatureInput = {
    id: "pond-1",
    kind: "pond",
    outline: [
      [100, 50],
      [110, 50],
      [110, 70],
      [100, 70],
    ],
  };
  const PLACED: Placed[] = [
    { id: "a1", model: "us-rifleman", position: [20, 20], side: "A", unit: "a1" },
    { id: "tank", model: "us-sherman-m4", position: [20, 60], heading: 90, side: "A", unit: "tank" },
  ];
  const verdict = verdictOn(flamesOfWar, [HEDGE, POND], PLACED);

  it('infantry moves 12"/30 cm At Double (l.234): 29.9 cm allowed, 30.5 cm refused as too far', () => {
    expect(
      verdict("a1", [
        [20, 20],
        [20, 49.9],
      ]),
    ).toMatchObject({ measure: "cm", allowance: 30, allowed: true });
    const over = verdict("a1", [
      [20, 20],
      [20, 50.5],
    ]);
    expect(over).toMatchObject({ allowed: false, refusal: { rule: "§5.1 (003 l.234)" } });
    expect(over.refusal!.reason).toMatch(/too far$/);
  });

  it("a tank crossing a hedge takes a Bogging Test (l.356); a pond may not be entered (sample)", () => {
    const overHedge = verdict("tank", [
      [20, 60],
      [50, 60],
    ]);
    expect(overHedge.allowed).toBe(true);
    expect(overHedge.rulings.find((r) => r.rule === "§5.1 (003 l.356)")!.reason).toBe(
      "crosses Difficult Going: hedge-1 (a hedge): take a Bogging Test for each (a failed one leaves it Bogged Down)",
    );
    const intoPond = verdict("tank", [
      [60, 60],
      [105, 60],
    ]);
    expect(intoPond).toMatchObject({ allowed: false, refusal: { reason: "pond-1 (pond) may not be entered" } });
    expect(intoPond.sampleTables.map((t) => t.table)).toContain("movement");
  });
});
