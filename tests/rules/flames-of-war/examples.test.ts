/**
 * The source's own worked examples (seed 003, parts 4 and 5), under the default options.
 */
import { describe, expect, it } from "vitest";
import { createBattlefield } from "../../../src/core/battlefield";
import { tableContext } from "../../../src/rules/context";
import { fowContext, weaponProfile } from "../../../src/rules/flames-of-war/context";
import type { FowSight } from "../../../src/rules/flames-of-war/sight";
import { diceCount, toHit } from "../../../src/rules/flames-of-war/toHit";
import type { FowGameState } from "../../../src/rules/flames-of-war/types";
import { type Placed, scenario, TEST_CATALOG } from "../../helpers/scene";

const models: Placed[] = [
  { id: "rifle", model: "us-rifleman", position: [20, 60], side: "A" },
  { id: "bar", model: "us-bar-gunner", position: [20, 64], side: "A" },
  { id: "mg", model: "us-30cal-team", position: [20, 70], side: "A" },
  { id: "smg", model: "us-nco", position: [20, 75], side: "A" },
  { id: "veteran", model: "ger-rifleman", position: [80, 60], side: "B" },
];

const ctxWith = (game: FowGameState = {}) => fowContext(tableContext(createBattlefield(scenario([], models), TEST_CATALOG)), { game });
const concealedAt = (range: number): FowSight => ({
  canSee: true,
  terrainConcealed: true,
  stateConcealed: false,
  hullDown: false,
  bulletproof: false,
  range,
  longRange: range > 40,
  inRange: true,
  inArc: true,
  hullFront: true,
  origin: [0, 0, 0],
  rulings: [],
});

describe("part 4: shooting", () => {
  it("'you cannot hit Veterans that are Concealed and Gone to Ground beyond 16\"/40 cm: the score is 7 (!)'", () => {
    const ctx = ctxWith();
    const rifle = ctx.models.get("rifle")!;
    const hit = toHit(ctx, rifle, weaponProfile(ctx, rifle, "small-arms")!, 1, ctx.models.get("veteran")!, concealedAt(45));
    expect(hit).toMatchObject({ goneToGround: true, need: 7 });
    expect(hit.rulings.map((r) => r.reason)).toContain("needs 7: cannot be hit");
  });

  it("'ROF = 1 – one die, ROF = 2 – two dice'; after moving halved, rounded down; SMGs keep theirs", () => {
    const still = ctxWith();
    const moved = ctxWith({ models: { rifle: { moved: true }, bar: { moved: true }, mg: { moved: true }, smg: { moved: true } } });
    const dice = (ctx: ReturnType<typeof ctxWith>, id: string) => {
      const m = ctx.models.get(id)!;
      const w = weaponProfile(ctx, m, Object.keys(ctx.tables.teams[m.def.id]!.weapons)[0]!)!;
      return diceCount(ctx, m, w, undefined).dice;
    };
    expect(["rifle", "bar", "mg", "smg"].map((id) => dice(still, id))).toEqual([1, 2, 3, 3]);
    expect(["rifle", "bar", "mg", "smg"].map((id) => dice(moved, id))).toEqual([1, 1, 1, 3]);
  });

  it("'a model whose ROF is limited to one adds 1 after moving'", () => {
    const ctx = ctxWith({ models: { mg: { moved: true }, veteran: { moved: true } } });
    const mg = ctx.models.get("mg")!;
    const open = { ...concealedAt(30), terrainConcealed: false };
    const weapon = weaponProfile(ctx, mg, "team-weapon")!;
    const hit = toHit(ctx, mg, weapon, diceCount(ctx, mg, weapon, undefined).effectiveRof, ctx.models.get("veteran")!, open);
    expect(hit.need).toBe(5);
    expect(hit.modifiers.map((m) => m.reason)).toEqual(["ROF limited to 1 and moved"]);
  });
});
