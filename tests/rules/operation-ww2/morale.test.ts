/**
 * Panic and close combat against the Hungarian text: the panic threshold (000 l.537), the morale test and
 * panic (l.540–542), the recovery (l.81–82, l.546–551), lone models (l.84, l.563), baptism of fire
 * (004 l.175–183) and close combat (000 l.517–527).
 */
import { describe, expect, it } from "vitest";
import { modelsNamed } from "../../../src/rules/context";
import { closeCombatRefusal, fightCloseCombat } from "../../../src/rules/operation-ww2/closeCombat";
import { baptismOfFire, loneModelTest, moraleTests, panicThreshold, recovery, testsDue } from "../../../src/rules/operation-ww2/morale";
import { Referee } from "../../../src/rules/operation-ww2/referee";
import type { Placed } from "../../helpers/scene";
import { contextFor, scriptedDice } from "./fakes";

const us = (id: string, x: number, z = 60, unit = "us"): Placed => ({ id, model: "us-rifleman", position: [x, z], side: "A", unit });
const ger = (id: string, x: number, z = 60, unit = "ger"): Placed => ({ id, model: "ger-rifleman", position: [x, z], side: "B", unit });
const woods = {
  id: "bois",
  kind: "woods" as const,
  outline: [
    [90, 40],
    [140, 40],
    [140, 80],
    [90, 80],
  ] as [number, number][],
  height: 8,
};

describe("the panic threshold and the morale test (000 l.537–542)", () => {
  it("tests infantry at every third casualty, counted across turns, several at once", () => {
    const ctx = contextFor([us("a", 10)]);
    expect(panicThreshold(ctx, modelsNamed(ctx, "unit-us"))).toMatchObject({ threshold: 3, ruling: { rule: "000 l.537" } });
    expect(testsDue(0, 2, 3)).toBe(0);
    expect(testsDue(2, 3, 3)).toBe(1);
    expect(testsDue(3, 5, 3)).toBe(0);
    expect(testsDue(2, 6, 3)).toBe(2);
  });

  it("tests a tank at each crew casualty (PH 1, 000 l.955)", () => {
    const ctx = contextFor([{ id: "t", model: "us-sherman-m4", position: [20, 20], side: "A", unit: "tank" } as Placed]);
    expect(panicThreshold(ctx, modelsNamed(ctx, "unit-tank")).threshold).toBe(1);
  });

  it("passes on a roll of the training or more; the source's example fails a 3 against 4+ (000 l.540, l.556)", () => {
    const ctx = contextFor([us("a", 10), us("b", 12)]);
    const failed = moraleTests(new Referee(ctx, scriptedDice([3])), "unit-us", modelsNamed(ctx, "unit-us"), 1, "morale test");
    expect(failed.passed).toBe(false);
    expect(failed.ruling.reason).toMatch(/3 against 4\+ → failed/);
    expect(moraleTests(new Referee(ctx, scriptedDice([4])), "unit-us", modelsNamed(ctx, "unit-us"), 1, "morale test").passed).toBe(true);
    // Two tests at once: one failure panics the unit (l.542).
    const two = moraleTests(new Referee(ctx, scriptedDice([9, 2])), "unit-us", modelsNamed(ctx, "unit-us"), 2, "morale test");
    expect(two).toMatchObject({ passed: false, ruling: { rule: "000 l.537, l.542" } });
    expect(two.dice.map((d) => d.value)).toEqual([9, 2]);
  });
});

describe("panic recovery (000 l.81–84, l.546–551, l.563)", () => {
  it("runs a panicked unit out of cover to cover, and lets one in cover test to rally", () => {
    const ctx = contextFor([us("open", 20), us("in", 100)], { features: [woods] });
    const mixed = recovery(ctx, modelsNamed(ctx, "unit-us"));
    expect(mixed).toMatchObject({ kind: "run", models: ["open"], ruling: { rule: "000 l.81, l.546–547" } });
    const inside = contextFor([us("in", 100), us("in2", 110)], { features: [woods] });
    expect(recovery(inside, modelsNamed(inside, "unit-us"))).toMatchObject({ kind: "test", ruling: { rule: "000 l.82, l.551" } });
  });

  it("tests a unit reduced to one man every turn, not a bigger one, nor one that was always one model", () => {
    const ctx = contextFor([
      us("last", 20),
      ger("g1", 60),
      ger("g2", 62),
      { id: "t", model: "us-sherman-m4", position: [20, 20], side: "A", unit: "tank" } as Placed,
    ]);
    expect(loneModelTest(ctx, modelsNamed(ctx, "unit-us"), 4)?.rule).toBe("000 l.84, l.563");
    expect(loneModelTest(ctx, modelsNamed(ctx, "unit-us"), 0)).toBeUndefined();
    expect(loneModelTest(ctx, modelsNamed(ctx, "unit-ger"), 1)).toBeUndefined();
    expect(loneModelTest(ctx, modelsNamed(ctx, "unit-tank"), 2)).toBeUndefined();
  });
});

describe("baptism of fire", () => {
  it("reads the baptism of fire table (004 l.177–183)", () => {
    expect(baptismOfFire(2)).toMatchObject({ flees: true, ruling: { rule: "004 l.177" } });
    expect(baptismOfFire(3)).toMatchObject({ flees: false, training: 6 });
    expect(baptismOfFire(7).training).toBe(6);
    expect(baptismOfFire(8)).toMatchObject({ training: 4, ruling: { rule: "004 l.181" } });
    expect(baptismOfFire(10)).toMatchObject({ training: 2, ruling: { rule: "004 l.183" } });
  });
});

describe("close combat (000 l.517–527)", () => {
  // Rifleman bases are 2.5 cm across: 2.5 cm apart centre to centre they touch.
  const ctx = contextFor([us("u1", 50), us("u2", 80), ger("g1", 52.5), ger("g2", 120)]);

  it("is started only by a Charge, and only by models in base contact", () => {
    expect(closeCombatRefusal(ctx, "unit-us", "unit-ger", "fire")?.rule).toBe("000 l.521");
    expect(closeCombatRefusal(ctx, "unit-us", "unit-ger", "charge")).toBeUndefined();
    const apart = contextFor([us("u1", 50), ger("g1", 70)]);
    expect(closeCombatRefusal(apart, "unit-us", "unit-ger", "charge")?.rule).toBe("000 l.521, l.524");
  });

  it("the higher d10 hits, and the hit rolls on the small arms damage table ignoring cover", () => {
    const ref = new Referee(ctx, scriptedDice([7, 3, 10]));
    fightCloseCombat(ref, "unit-us", "unit-ger");
    expect(ref.rolls().map((r) => r.value)).toEqual([7, 3, 10]);
    expect(ref.rolledDice().map((d) => d.rule)).toEqual(["000 l.527", "000 l.527", "000 l.527"]);
    expect(ref.finalOutcomes()).toEqual([{ model: "g1", effect: "casualty", detail: "killed in close combat" }]);
  });

  it("a tie hits neither (the source does not say)", () => {
    const ref = new Referee(ctx, scriptedDice([5, 5]));
    fightCloseCombat(ref, "unit-us", "unit-ger");
    expect(ref.finalOutcomes()).toEqual([]);
    expect(ref.steps[0]?.text).toMatch(/a tie, neither is hit/);
  });
});
