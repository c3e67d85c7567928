/**
 * The target's protection in the sheet's classes, from the sight engine's facts on one line (§3.2, §6.3,
 * §12.3): the area it stands in (light or heavy, by the terrain table), a linear obstacle it touches on the
 * line (behind linear cover), smoke the line crosses or the target stands in (counted once), and
 * camouflage, a model state. Cover, smoke and camouflage add up (footnote 3); smoke does not add to smoke
 * (footnote 4); of the cover classes only the best counts.
 */
import type { SightReport } from "../../sight/sightReport";
import type { Ruling } from "../ruleset";
import { type BgContext, modelState, sampleMark } from "./context";

export type CoverClass = "open" | "light" | "linear" | "heavy";
const RANK: readonly CoverClass[] = ["open", "light", "linear", "heavy"];

export interface Protection {
  readonly cover: CoverClass;
  /** What gives the cover, best first. */
  readonly sources: readonly Ruling[];
  /** The smoke clouds on the line (counted once however many). */
  readonly smoke: readonly string[];
  readonly camouflaged: boolean;
}

export function protectionOf(ctx: BgContext, report: SightReport): Protection {
  const terrain = ctx.tables.terrain;
  const found: Array<{ cls: CoverClass; ruling: Ruling }> = [];
  for (const a of report.areas) {
    if (!a.targetInside || a.kind === "smoke") continue;
    const cls = terrain.areas[a.kind];
    if (cls) found.push({ cls, ruling: { reason: `${report.target} stands in ${a.kind} ${a.id}: ${cls} cover`, rule: "§3.2", ...sampleMark(ctx, "terrain") } });
  }
  for (const l of report.linearObstacles) {
    if (!l.targetTouches || !terrain.linear.includes(l.kind)) continue;
    found.push({
      cls: "linear",
      ruling: {
        reason: `${report.target} is behind the ${l.kind} ${l.id} (touching it; the shooter is ${l.distanceFromShooter.toFixed(1)} cm from it): linear cover`,
        rule: "§3.2",
        ...sampleMark(ctx, "terrain"),
      },
    });
  }
  found.sort((a, b) => RANK.indexOf(b.cls) - RANK.indexOf(a.cls));
  const smoke = report.areas.filter((a) => a.kind === "smoke" && (a.lengthInside > 0 || a.targetInside)).map((a) => a.id);
  return { cover: found[0]?.cls ?? "open", sources: found.map((f) => f.ruling), smoke, camouflaged: modelState(ctx, report.target).camouflaged ?? false };
}

/**
 * Share of the target seen, smoke aside: in this system smoke does not hide, it costs −8 (§3.2). Samples
 * that only smoke stopped count as seen.
 */
export function seenFraction(report: SightReport): number {
  if (report.samples <= 0) return report.visibleFraction;
  const smoked = report.occluders.filter((o) => o.kind === "smoke").reduce((s, o) => s + o.samples, 0);
  return Math.min(1, report.visibleFraction + smoked / report.samples);
}
