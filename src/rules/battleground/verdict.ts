/**
 * The ruling on one sight line (§3.1, §3.2): whether the target is seen, its protection in the sheet's
 * classes, and the modifiers the line alone decides (cover, smoke, camouflage, range).
 */
import { cmToInches } from "../../core/units";
import type { SightReport } from "../../sight/sightReport";
import { requireModel } from "../context";
import type { Modifier, Ruling, Verdict } from "../ruleset";
import type { BgContext } from "./context";
import { protectionOf, seenFraction } from "./cover";
import { RULESET_ID } from "./tables";
import { protectionModifiers, rangeModifier } from "./toHit";

export function losVerdict(report: SightReport, ctx: BgContext): Verdict {
  requireModel(ctx, report.shooter);
  requireModel(ctx, report.target);
  const seen = seenFraction(report);
  const canSee = seen > 0;
  const p = protectionOf(ctx, report);
  const range = ctx.options.rangeMeasure === "edge-to-edge" ? report.distance.edgeToEdge : report.distance.centreToCentre;
  const r = rangeModifier(ctx, cmToInches(range));
  const modifiers: Modifier[] = [...protectionModifiers(ctx, p, report.target), { value: r.value, reason: r.reason, rule: "§3.2", roll: "to-hit" }];
  const rulings: Ruling[] = [
    canSee
      ? { reason: `${report.shooter} sees ${(seen * 100).toFixed(0)} % of ${report.target} (any part seen counts; smoke does not hide)`, rule: "§3.1, §12.1" }
      : { reason: `${report.shooter} cannot see ${report.target}`, rule: "§3.1" },
    ...(report.arc && !report.arc.inArc ? [{ reason: `${report.target} is outside the arc of ${report.arc.weapon}`, rule: "§3.1" }] : []),
    ...p.sources,
    ...modifiers.map(({ reason, rule }) => ({ reason, rule })),
  ];
  return {
    ruleset: RULESET_ID,
    shooter: report.shooter,
    target: report.target,
    ...(report.weapon ? { weapon: report.weapon } : {}),
    canSee,
    cover: { class: p.cover, sources: p.sources },
    modifiers,
    rulings,
  };
}
