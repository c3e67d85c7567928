/**
 * The verdict on one sight line (a LOS check): line of sight, concealment, Gone to Ground, Bulletproof
 * Cover and the score to hit in Flames of War's terms, for the model's usual (or declared) weapon.
 */
import type { SightReport } from "../../sight/sightReport";
import { requireModel } from "../context";
import type { Ruling, Verdict } from "../ruleset";
import { type FowContext, teamOf, weaponProfile } from "./context";
import { type FowSight, judgeSight } from "./sight";
import { diceCount, type ToHit, toHit } from "./toHit";
import { type FowFireDeclaration, RULESET_ID } from "./types";

export interface FowVerdict extends Verdict {
  readonly sight: FowSight;
  readonly toHit?: ToHit;
}

export function losVerdict(report: SightReport, ctx: FowContext, declaration: Partial<FowFireDeclaration> = {}): FowVerdict {
  const shooter = requireModel(ctx, report.shooter);
  const target = requireModel(ctx, report.target);
  const team = teamOf(ctx, shooter);
  const mount = report.weapon ?? declaration.weapon ?? team.primary ?? Object.keys(team.weapons)[0];
  const weapon = mount === undefined ? undefined : weaponProfile(ctx, shooter, mount);
  const sight = judgeSight(report, shooter, target, ctx, weapon?.range ?? Infinity);
  const rulings: Ruling[] = [...sight.rulings];
  const hit = weapon ? toHit(ctx, shooter, weapon, diceCount(ctx, shooter, weapon, { target, range: sight.range }).effectiveRof, target, sight) : undefined;
  if (hit) rulings.push(...hit.rulings);
  const concealed = sight.terrainConcealed || sight.stateConcealed;
  const sources: Ruling[] = rulings.filter((r) => /Concealed|Bulletproof|hull down/.test(r.reason));
  return {
    ruleset: RULESET_ID,
    shooter: shooter.id,
    target: target.id,
    ...(weapon ? { weapon: weapon.mount } : {}),
    canSee: sight.canSee,
    cover: { class: sight.bulletproof ? "bulletproof" : hit?.goneToGround ? "gone-to-ground" : concealed ? "concealed" : "open", sources },
    modifiers: hit?.modifiers ?? [],
    rulings,
    sight,
    ...(hit ? { toHit: hit } : {}),
  };
}
