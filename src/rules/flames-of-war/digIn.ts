/**
 * Digging In: the source names it (003 l.69: a Shtraf company never tries to dig in) and what being Dug In
 * gives (Concealed, and Bulletproof Cover for infantry and guns, §2.5, §4.8), not how: a platoon that has not
 * moved this Movement Step takes a Skill Test (sample "tests" score); passed, its infantry and gun teams are Dug In
 * until they move (playerTurn.ts dugInTeams).
 */
import type { Dice } from "../../core/dice";
import { unitNamed } from "../context";
import type { Ruling } from "../ruleset";
import { type FowContext, isVehicle, modelState, teamOf } from "./context";
import { FowReferee, type FowResolution } from "./ratingTests";

export interface DigInRecord {
  readonly kind: "dig-in";
  readonly unit: string;
  readonly passed: boolean;
}

/** Why `unitId` may not dig in now, or undefined. */
export function digInRefusal(ctx: FowContext, unitId: string): Ruling | undefined {
  const models = unitNamed(ctx, unitId).models.map((id) => ctx.models.get(id)!);
  if (!models.some((m) => !isVehicle(teamOf(ctx, m)))) return { reason: `${unitId} has no infantry or gun team to dig in`, rule: "§2.5" };
  if (models.some((m) => modelState(ctx, m.id).moved))
    return { reason: `${unitId} has moved this Movement Step: it digs in instead of moving`, rule: "§2.5 (003 l.69)" };
  return undefined;
}

export function digIn(ctx: FowContext, dice: Dice, unitId: string): FowResolution<DigInRecord> {
  const unit = unitNamed(ctx, unitId);
  const ref = new FowReferee(dice, ctx);
  const passed = ref.test(unit.id, "skill", "to dig in", "§2.5 (003 l.69)");
  ref.note(passed ? `${unit.id}'s infantry and gun teams are Dug In until they move` : `${unit.id} is not Dug In`, "§2.5, §4.8");
  return ref.finish(`${unit.id} ${passed ? "digs in" : "fails to dig in"}`, { kind: "dig-in", unit: unit.id, passed });
}
