/**
 * A move's allowance, cost and verdict from each system's movement rates where it has them: Bolt Action's
 * Advance and Run rates by the unit's order (001 l.24–29, 54–60), Battleground's Movement Points (002 l.2–22,
 * one move action's allowance sample); refused past the allowance with the reason.
 */
import { describe, expect, it } from "vitest";
import { type GameLog, newGame, record } from "../../src/core/game/gameLog";
import { inchesToCm } from "../../src/core/units";
import { battleground } from "../../src/rules/battleground";
import { boltAction } from "../../src/rules/bolt-action";
import { rulesAt } from "../../src/rules/gameContext";
import type { Ruleset } from "../../src/rules/ruleset";
import { type Placed, scenario } from "../helpers/scene";

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
    expect(over.rulings.map((r) => r.rule)).toEqual(["001 l.54–60", "001 l.25", "001 l.54–96"]);
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
