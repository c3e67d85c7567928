/**
 * One sight line in Bolt Action's terms (§7.2–§7.3, common practice): true line of sight from the firer's
 * eye or weapon to the target model, intervening infantry and artillery seen through (a switch), and the
 * model's cover — soft or hard — from what it stands in, what it is close behind and what hides part of it.
 */

import { formatLength, inchesToCm } from "../../core/units";
import type { SightReport } from "../../sight/sightReport";
import type { ModelFacts } from "../context";
import { requireModel } from "../context";
import type { Ruling, SightRequest } from "../ruleset";
import { type BaContext, sampleMark } from "./context";
import { isVehicle, profileOf } from "./profiles";
import { betterCover, type CoverClass } from "./types";

/** Slack on distances compared with a rule's inches (sampling and float rounding), cm. */
export const TOLERANCE = 0.01;

export const inches = (cm: number): string => formatLength(cm, "in");
const pct = (f: number) => `${Math.round(f * 100)} %`;

/** Models of other units whose bodies the rules let sight through: infantry and artillery (§7.2.5). */
function seesThrough(ctx: BaContext, m: ModelFacts | undefined, shooter: ModelFacts, target: ModelFacts): boolean {
  if (!m || !ctx.options.infantryDoNotBlock) return false;
  if (m.id === target.id || m.unitId === shooter.unitId) return false;
  return !isVehicle(ctx, m);
}

/** The models hiding part of the target along `report` that the rules let sight through. */
export function intervening(ctx: BaContext, report: SightReport): string[] {
  const shooter = requireModel(ctx, report.shooter);
  const target = requireModel(ctx, report.target);
  return report.occluders.filter((o) => o.kind === "model" && seesThrough(ctx, ctx.models.get(o.id), shooter, target)).map((o) => o.id);
}

/**
 * The report that answers this pair: the first traced, or the one traced through the intervening infantry
 * it showed. `undefined` with the request still to make.
 */
export function lineReport(ctx: BaContext, reports: readonly SightReport[], base: SightRequest): { report: SightReport } | { need: SightRequest } {
  const same = reports.filter((r) => r.shooter === base.shooter && r.target === base.target && (r.weapon ?? undefined) === base.weapon);
  const widest = same.reduce<SightReport | undefined>((a, b) => ((b.seeThrough?.length ?? 0) >= (a?.seeThrough?.length ?? -1) ? b : a), undefined);
  if (!widest) return { need: base };
  const through = new Set(widest.seeThrough ?? []);
  const more = intervening(ctx, widest).filter((id) => !through.has(id));
  if (!more.length) return { report: widest };
  return { need: { ...base, seeThrough: [...through, ...more].sort() } };
}

export interface LineRuling {
  readonly canSee: boolean;
  readonly cover: CoverClass;
  /** What gives the cover, best first. */
  readonly coverSources: readonly Ruling[];
  readonly rulings: readonly Ruling[];
}

/** Whether the firer sees the target model along this report, and the model's cover against it. */
export function lineRuling(ctx: BaContext, report: SightReport): LineRuling {
  const rulings: Ruling[] = [];
  const target = requireModel(ctx, report.target);
  const table = ctx.tables.cover;
  const sample = sampleMark(ctx, "cover");
  if (report.seeThrough?.length) rulings.push({ reason: `intervening infantry do not block: seen through ${report.seeThrough.join(", ")}`, rule: "§7.2.5" });
  if (report.visibleFraction <= 0) {
    const by = report.occluders.map((o) => `${o.id} (${o.kind})`).join(", ") || "nothing the engine can name";
    rulings.push({ reason: `no line of sight to ${target.id}: hidden by ${by}`, rule: "§7.2.1" });
    return { canSee: false, cover: "none", coverSources: [], rulings };
  }
  rulings.push({
    reason: report.visibleFraction >= 1 ? `${target.id} is in full sight` : `${pct(report.visibleFraction)} of ${target.id} is in sight`,
    rule: "§7.2.1",
  });
  const sources: Array<{ cover: CoverClass; ruling: Ruling }> = [];
  const add = (cover: CoverClass | undefined, reason: string) => {
    if (cover) sources.push({ cover, ruling: { reason: `${cover} cover: ${target.id} ${reason}`, rule: "§4.2, §7.3", ...sample } });
  };
  for (const a of report.areas) if (a.targetInside) add(table.areas[a.kind], `stands in ${a.kind} ${a.id}`);
  const behind = inchesToCm(table.behindWithin);
  for (const c of report.linearObstacles) {
    if (c.distanceFromTarget <= behind + TOLERANCE) add(table.obstacles[c.kind], `${inches(c.distanceFromTarget)} behind the ${c.kind} ${c.id}`);
  }
  if (report.visibleFraction < 1) {
    for (const o of report.occluders) {
      const hider = o.kind === "model" ? ctx.models.get(o.id) : undefined;
      const kind = hider ? (profileOf(ctx, hider).type === "vehicle" ? "vehicle" : undefined) : o.kind;
      if (kind) add(table.hiders[kind], `partly hidden by ${o.id} (${kind})`);
    }
  }
  const cover = sources.reduce<CoverClass>((best, s) => betterCover(best, s.cover), "none");
  const coverSources = [...sources].sort((a, b) => (a.cover === b.cover ? 0 : a.cover === "hard" ? -1 : 1)).map((s) => s.ruling);
  return { canSee: true, cover, coverSources, rulings };
}
