/**
 * A platoon's nerve: unpinning by a Motivation Test in the Starting Step (003 l.13), the Platoon Morale Check
 * of a platoon that has lost too many teams (l.13, 222) and the Company Morale Check of a company that has
 * lost too many platoons (l.71). The source names the checks without their thresholds: when one is due (the
 * sample "tests" table's share) and what a failure does (the platoon, or the company, leaves the table) are
 * sample, and said so.
 */
import type { Dice } from "../../core/dice";
import { unitNamed } from "../context";
import type { Ruling } from "../ruleset";
import { type FowContext, isBailedOut, sampleMark } from "./context";
import { FowReferee, type FowResolution } from "./ratingTests";

/** What a morale action leaves for the game state: the platoon (or side) tested, and whether it held. */
export interface MoraleRecord {
  readonly kind: "unpin" | "platoon-morale" | "company-morale";
  readonly subject: string;
  readonly passed: boolean;
}

/** A platoon's teams now (in good spirits: not Bailed Out) and at the start (now and fallen). */
export function strength(ctx: FowContext, unitId: string): { readonly good: number; readonly start: number } {
  const unit = unitNamed(ctx, unitId);
  const fallen = Object.values(ctx.game.fallen ?? {}).filter((f) => f.unit === unit.id).length;
  const good = unit.models.filter((id) => !isBailedOut(ctx.models.get(id)!)).length;
  return { good, start: unit.models.length + fallen };
}

/** Why `unitId` must take a Platoon Morale Check now, or undefined: fewer than the table's share of its teams in good spirits. */
export function platoonMoraleDue(ctx: FowContext, unitId: string): Ruling | undefined {
  const { good, start } = strength(ctx, unitId);
  const below = ctx.tables.tests.moraleBelow;
  if (good >= start * below) return undefined;
  return {
    reason: `${unitId} has ${good} of its ${start} teams in good spirits, fewer than ${below * 100}%: a Platoon Morale Check`,
    rule: "§5.3 (003 l.13, 222)",
    ...sampleMark(ctx, "tests"),
  };
}

/** The platoons of `side`: those on the table, and those whose every team has fallen. */
export function platoonsOf(ctx: FowContext, side: string): { readonly standing: readonly string[]; readonly lost: readonly string[] } {
  const standing = [...ctx.units.values()].filter((u) => u.side === side && u.models.length > 0).map((u) => u.id);
  const lost = [...new Set(Object.values(ctx.game.fallen ?? {}).flatMap((f) => (f.side === side && !standing.includes(f.unit) ? [f.unit] : [])))];
  return { standing, lost };
}

/** Why `side`'s company must take a Company Morale Check now, or undefined. */
export function companyMoraleDue(ctx: FowContext, side: string): Ruling | undefined {
  const { standing, lost } = platoonsOf(ctx, side);
  const start = standing.length + lost.length;
  const below = ctx.tables.tests.moraleBelow;
  if (!lost.length || standing.length >= start * below) return undefined;
  return {
    reason: `${side} have ${standing.length} of their ${start} platoons left, fewer than ${below * 100}%: a Company Morale Check`,
    rule: "§5.3 (003 l.71)",
    ...sampleMark(ctx, "tests"),
  };
}

/** The Starting Step's Motivation Test of a Pinned Down platoon: passed, every team unpinned (003 l.13). */
export function unpinTest(ctx: FowContext, dice: Dice, unitId: string): FowResolution<MoraleRecord> {
  const unit = unitNamed(ctx, unitId);
  const pinned = unit.models.filter((id) => ctx.models.get(id)!.pinned);
  if (!pinned.length) throw new Error(`${unit.id} is not Pinned Down: it has no Motivation Test to unpin`);
  const ref = new FowReferee(dice, ctx);
  const passed = ref.test(unit.id, "motivation", "to unpin", "§5.3 (003 l.13)");
  if (passed) for (const id of pinned) ref.outcome(id, "unpinned", "unpinned: Motivation Test passed", { by: "its Motivation Test", rolls: [ref.lastRoll] });
  return ref.finish(`${unit.name || unit.id} ${passed ? "rallies: no longer Pinned Down" : "stays Pinned Down"}`, { kind: "unpin", subject: unit.id, passed });
}

/** A Platoon Morale Check: failed, the platoon leaves the table (sample: the source does not say). */
export function platoonMoraleCheck(ctx: FowContext, dice: Dice, unitId: string): FowResolution<MoraleRecord> {
  const unit = unitNamed(ctx, unitId);
  const due = platoonMoraleDue(ctx, unit.id);
  if (!due) throw new Error(`${unit.id} has lost too few teams for a Platoon Morale Check (${strength(ctx, unit.id).good} of ${strength(ctx, unit.id).start})`);
  const ref = new FowReferee(dice, ctx);
  ref.rule(due);
  const passed = ref.test(unit.id, "motivation", "Platoon Morale Check", "§5.3 (003 l.13)");
  if (!passed)
    for (const id of unit.models)
      ref.outcome(id, "casualty", "the platoon breaks: Platoon Morale Check failed", { by: "its Platoon Morale Check", rolls: [ref.lastRoll] });
  return ref.finish(`${unit.name || unit.id} ${passed ? "holds" : "breaks and leaves the table"}`, { kind: "platoon-morale", subject: unit.id, passed });
}

/** A Company Morale Check: failed, every platoon of the side leaves the table (sample: the source does not say). */
export function companyMoraleCheck(ctx: FowContext, dice: Dice, side: string): FowResolution<MoraleRecord> {
  const due = companyMoraleDue(ctx, side);
  if (!due) throw new Error(`${side} have lost too few platoons for a Company Morale Check`);
  const { standing } = platoonsOf(ctx, side);
  const ref = new FowReferee(dice, ctx);
  ref.rule(due);
  const passed = ref.test(standing[0]!, "motivation", "Company Morale Check", "§5.3 (003 l.71)");
  if (!passed)
    for (const unit of standing)
      for (const id of unitNamed(ctx, unit).models)
        ref.outcome(id, "casualty", "the company withdraws: Company Morale Check failed", { by: "the Company Morale Check", rolls: [ref.lastRoll] });
  return ref.finish(`${side} ${passed ? "fight on" : "withdraw: the company breaks"}`, { kind: "company-morale", subject: side, passed });
}
