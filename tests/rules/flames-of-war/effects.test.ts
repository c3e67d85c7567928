/**
 * Hit effects (§4) with dice that roll what each case needs: armour saves (bounce, equal, below) with the
 * Firepower Test, long range +1, 'between' by a die, Schürzen, infantry, guns, unarmoured vehicles,
 * Bulletproof Cover and Dug In, and passengers.
 */
import { describe, expect, it } from "vitest";
import { createBattlefield } from "../../../src/core/battlefield";
import { tableContext } from "../../../src/rules/context";
import { type FowContext, fowContext, weaponProfile } from "../../../src/rules/flames-of-war/context";
import { facingFrom, Roller, resolveHit } from "../../../src/rules/flames-of-war/effects";
import type { FowSight } from "../../../src/rules/flames-of-war/sight";
import type { FowGameState } from "../../../src/rules/flames-of-war/types";
import { type Placed, scenario, TEST_CATALOG } from "../../helpers/scene";
import { scriptedDice } from "../operation-ww2/fakes";

const models: Placed[] = [
  { id: "sherman", model: "us-sherman-m4", position: [20, 60], side: "A" },
  { id: "bazooka", model: "us-bazooka", position: [20, 80], side: "A" },
  { id: "rifle", model: "us-rifleman", position: [20, 90], side: "A" },
  { id: "panther", model: "ger-panther", position: [100, 60], side: "B" },
  { id: "grenadier", model: "ger-rifleman", position: [100, 80], side: "B" },
  { id: "pak", model: "ger-pak40", position: [100, 90], side: "B" },
  { id: "kubel", model: "ger-kubelwagen", position: [100, 100], side: "B" },
];

function ctxWith(game: FowGameState = {}): FowContext {
  return fowContext(tableContext(createBattlefield(scenario([], models), TEST_CATALOG)), { game });
}

const sight = (facts: Partial<FowSight> = {}): FowSight => ({
  canSee: true,
  terrainConcealed: false,
  stateConcealed: false,
  hullDown: false,
  bulletproof: false,
  range: 30,
  longRange: false,
  inRange: true,
  inArc: true,
  hullFront: true,
  turretFront: true,
  origin: [0, 0, 0],
  rulings: [],
  ...facts,
});

function hit(firer: string, mount: string, target: string, values: number[], facts: Partial<FowSight> = {}, game: FowGameState = {}) {
  const ctx = ctxWith(game);
  const roller = new Roller(scriptedDice(values));
  const f = ctx.models.get(firer)!;
  const effect = resolveHit(ctx, roller, f, weaponProfile(ctx, f, mount)!, ctx.models.get(target)!, sight(facts));
  return { effect, dice: roller.dice, notes: roller.notes };
}

describe("armoured vehicles (§4.2): d6 + armour against AT, then the Firepower Test", () => {
  // The Sherman's 75 mm (sample: AT 10, FP 3) at the Panther (sample: front 10, side 5).
  it("d6 + armour above the AT: the shot bounces", () => {
    expect(hit("sherman", "main-gun", "panther", [1]).effect).toMatchObject({ effect: "no-effect", result: "the shot bounced" });
  });
  it("equal to the AT: Firepower Test passed → Bailed Out, failed → no effect", () => {
    expect(hit("sherman", "main-gun", "panther", [5, 3], { hullFront: false, turretFront: false }).effect).toMatchObject({
      effect: "damaged",
      result: "bailed out",
    });
    expect(hit("sherman", "main-gun", "panther", [5, 2], { hullFront: false, turretFront: false }).effect).toMatchObject({ effect: "no-effect" });
  });
  it("below the AT: Firepower Test passed → Destroyed, failed → Bailed Out", () => {
    expect(hit("sherman", "main-gun", "panther", [4, 3], { hullFront: false, turretFront: false }).effect).toMatchObject({ effect: "destroyed" });
    expect(hit("sherman", "main-gun", "panther", [4, 2], { hullFront: false, turretFront: false }).effect).toMatchObject({
      effect: "damaged",
      result: "bailed out",
    });
  });
  it('beyond 16"/40 cm the armour counts +1', () => {
    // 5 + side 5 = 10 equals the AT at 40 cm; beyond it 5 + 6 = 11 bounces.
    const { effect, dice } = hit("sherman", "main-gun", "panther", [5], { hullFront: false, turretFront: false, longRange: true });
    expect(effect.result).toBe("the shot bounced");
    expect(dice[0]!.meaning).toMatch(/side armour 5 \+1 beyond 16"\/40 cm: 5 \+ 6 = 11 vs AT 10/);
  });
});

describe("front or side (§4.3)", () => {
  it("in front of both lines: front; behind both: side; between: a die, 4–6 the turret, 1–3 the hull", () => {
    expect(facingFrom({ hullFront: true, turretFront: true }, false)).toBe("front");
    expect(facingFrom({ hullFront: false, turretFront: false }, false)).toBe("side");
    expect(facingFrom({ hullFront: false, turretFront: true }, false)).toBeUndefined();
    expect(facingFrom({ hullFront: false }, false)).toBe("side");
    // Broadside: the turret line alone.
    expect(facingFrom({ hullFront: false, turretFront: true }, true)).toBe("front");
  });
  it("between the lines: 4 strikes the turret, seen from its front; 3 strikes the hull, seen from its side", () => {
    const turret = hit("sherman", "main-gun", "panther", [4, 1], { hullFront: false, turretFront: true });
    expect(turret.dice[0]).toMatchObject({ purpose: "facing", value: 4, meaning: expect.stringMatching(/turret/) });
    expect(turret.dice[1]!.meaning).toMatch(/^front armour 10/);
    const hull = hit("sherman", "main-gun", "panther", [3, 4, 3], { hullFront: false, turretFront: true });
    expect(hull.dice[1]!.meaning).toMatch(/^side armour 5/);
    expect(hull.effect.effect).toBe("destroyed");
  });
});

describe("Schürzen (§4.4): after a failed side save against FP 5 or 6, a 4+ stops the shot", () => {
  it("a bazooka (sample FP 5) at the Panther's side: 4 on the skirts stops it, 3 lets it through", () => {
    expect(hit("bazooka", "small-arms", "panther", [1, 4], { hullFront: false, turretFront: false }).effect.result).toBe("stopped by the Schürzen");
    const through = hit("bazooka", "small-arms", "panther", [1, 3, 5], { hullFront: false, turretFront: false });
    expect(through.effect).toMatchObject({ effect: "destroyed" });
    expect(through.dice.map((d) => d.purpose)).toEqual(["save", "save", "test"]);
  });
  it("not from the front, and not against FP 3", () => {
    expect(hit("sherman", "main-gun", "panther", [1, 3], { hullFront: false, turretFront: false }).dice.map((d) => d.purpose)).toEqual(["save", "test"]);
  });
});

describe("infantry (§4.5), guns (§4.7), unarmoured vehicles (§4.6)", () => {
  it("infantry save on 3+; a failed save destroys it", () => {
    expect(hit("rifle", "small-arms", "grenadier", [3]).effect.effect).toBe("no-effect");
    expect(hit("rifle", "small-arms", "grenadier", [2]).effect).toMatchObject({ effect: "casualty", result: "destroyed" });
  });
  it("behind Bulletproof Cover or Dug In, a failed save brings the shooter's Firepower Test: only a pass destroys", () => {
    expect(hit("rifle", "small-arms", "grenadier", [2, 5], { bulletproof: true }).effect.effect).toBe("no-effect");
    expect(hit("rifle", "small-arms", "grenadier", [2, 6], { bulletproof: true }).effect.effect).toBe("casualty");
    expect(hit("rifle", "small-arms", "grenadier", [2, 5], {}, { models: { grenadier: { dugIn: true } } }).effect.result).toMatch(/Dug In/);
  });
  it("a gun saves 3+ when it did not shoot or move, 5+ when it did; its shield faces the shot: Firepower Test", () => {
    expect(hit("rifle", "small-arms", "pak", [3], { hullFront: false }).effect.effect).toBe("no-effect");
    expect(hit("rifle", "small-arms", "pak", [4], { hullFront: false }, { models: { pak: { shot: true } } }).effect).toMatchObject({ effect: "casualty" });
    expect(hit("rifle", "small-arms", "pak", [2, 5], { hullFront: true }).effect.result).toMatch(/gun shield/);
  });
  it("an unarmoured vehicle saves on 5+, with no Firepower Test", () => {
    expect(hit("rifle", "small-arms", "kubel", [5]).effect.effect).toBe("no-effect");
    const lost = hit("rifle", "small-arms", "kubel", [4]);
    expect(lost.effect.effect).toBe("casualty");
    expect(lost.dice).toHaveLength(1);
  });
});
