/**
 * What a shooter sees, unit by unit: the labels over the table aggregate a squad ("Grenadier squad 1: 4 of 10
 * seen, best 68 %") instead of piling one "0 %" over every hidden figure, and the panel lists the hidden models.
 */
import { type Battlefield, modelPose } from "../core/battlefield";
import type { Vec2 } from "../core/geometry2d";
import type { DisplayNames } from "../core/names";
import type { Vec3 } from "../core/solids/solid";
import { targetFacing } from "../sight/facing";
import type { MatrixEntry } from "../sight/matrix";
import { visibilityTone } from "./losStore";

export interface UnitSight {
  readonly unit: string;
  /** The unit's targets, best seen first. */
  readonly entries: readonly MatrixEntry[];
  /** How many of them the shooter sees at all. */
  readonly seen: number;
  /** The largest visible share among them. */
  readonly best: number;
  /** Over the middle of the unit, above its tallest model: where its label stands. */
  readonly labelAt: Vec3;
  /** A unit of several figures gets one label when zoomed out; vehicles and lone models are labelled singly. */
  readonly aggregated: boolean;
}

/** How far a unit's label stands above its tallest model's label (cm). */
const UNIT_LABEL_LIFT = 5;

/** Height of a model's label above its pose. */
export function labelHeight(battlefield: Battlefield, id: string): number {
  const def = battlefield.models.get(id)?.def;
  return def?.vehicle ? 6.5 : (def?.figureHeight ?? 3) + 1.6;
}

export function unitSights(battlefield: Battlefield, targets: readonly MatrixEntry[]): UnitSight[] {
  const byUnit = new Map<string, MatrixEntry[]>();
  for (const t of targets) {
    const unit = battlefield.models.get(t.target)?.unitId;
    if (unit !== undefined) byUnit.set(unit, [...(byUnit.get(unit) ?? []), t]);
  }
  return [...byUnit].map(([unit, unsorted]) => {
    const entries = [...unsorted].sort((a, b) => b.visibleFraction - a.visibleFraction);
    const poses = entries.map((t) => {
      const e = battlefield.models.get(t.target)!;
      return { pose: modelPose(battlefield, e.model, e.def), top: labelHeight(battlefield, t.target) };
    });
    const mean = (f: (p: (typeof poses)[0]) => number) => poses.reduce((s, p) => s + f(p), 0) / poses.length;
    return {
      unit,
      entries,
      seen: entries.filter((t) => t.visibleFraction > 0).length,
      best: entries[0]!.visibleFraction,
      // Above the figures' own labels, so a lone model's label beside the unit (an MG upstairs) does not cover it.
      labelAt: [mean((p) => p.pose.x), Math.max(...poses.map((p) => p.pose.y + p.top)) + UNIT_LABEL_LIFT, mean((p) => p.pose.z)],
      aggregated: entries.length > 1 && entries.every((t) => !battlefield.models.get(t.target)!.def.vehicle),
    };
  });
}

/** The unit label a player reads: its display name, how many of its models are seen, the best share. */
export function unitSummary(u: UnitSight, names: DisplayNames): string {
  return `${names.of(u.unit)}: ${u.seen} of ${u.entries.length} seen${u.seen ? `, best ${Math.round(u.best * 100)} %` : ""}`;
}

/**
 * The models of a unit that get a label of their own: the hovered one, and every one the shooter sees when
 * the unit is labelled model by model (a vehicle or lone model; a squad zoomed in on). A hidden model gets
 * none (no pile of "0 %"): the panel lists it.
 */
export function labelledModels(u: UnitSight, zoomedIn: boolean, hovered?: string): MatrixEntry[] {
  const perModel = !u.aggregated || (zoomedIn && u.seen > 0);
  return u.entries.filter((t) => t.target === hovered || (perModel && t.visibleFraction > 0));
}

/** Whether the unit is summed up in one label (a squad zoomed out, or one the shooter does not see at all). */
export const labelledAsUnit = (u: UnitSight, zoomedIn: boolean): boolean => u.aggregated && !(zoomedIn && u.seen > 0);

/**
 * A model's own label: how much of it the shooter sees ("58%", or "hidden"), hull-down, the face a vehicle
 * shows, and for a vehicle partly hidden (or any hovered hidden model) what it is behind. The label stands
 * over the model it is about, so another model it names reads "behind Panzergrenadier 5", never as a name
 * that could be the label's own.
 */
export function modelLabelText(battlefield: Battlefield, target: MatrixEntry, from: Vec2, names: DisplayNames): string {
  const entry = battlefield.models.get(target.target);
  if (!entry) return "";
  const tone = visibilityTone(target.visibleFraction);
  const share = tone === "blocked" ? "hidden" : `${Math.round(target.visibleFraction * 100)}%`;
  const facing = entry.def.vehicle && tone !== "blocked" ? ` ${targetFacing(entry, from).hull.quadrant}` : "";
  const blocker = target.blockedBy[0];
  const blockerUnit = blocker === undefined ? undefined : battlefield.models.get(blocker)?.unitId;
  const blockerName = blocker === undefined ? "" : blockerUnit ? names.withinUnit(blocker, blockerUnit) : names.of(blocker);
  const behind = blocker !== undefined && (tone === "blocked" || (tone === "partial" && entry.def.vehicle)) ? ` · behind ${blockerName}` : "";
  return `${share}${target.hullDown ? " HD" : ""}${facing}${behind}`;
}
