/**
 * Where a pointer's point lands in the editor: on another feature's corner or edge when one is close,
 * else on the grid when the grid is on. Rotations go in fixed steps.
 */
import { closestParameterOnSegment, distance2, lerp2, type Vec2 } from "../geometry2d";
import type { Feature } from "../scenario/schema";
import { featurePoints, shapeKind } from "./shape";

export interface SnapOptions {
  /** Grid spacing in cm, or undefined for no grid. */
  readonly grid?: number;
  /** How close (cm) a corner or edge must be to catch the point; 0 turns it off. */
  readonly reach: number;
  /** Features whose corners and edges catch the point (not the one being edited). */
  readonly features: readonly Feature[];
}

export type Snapped = { readonly point: Vec2; readonly to: "vertex" | "edge" | "grid" | "none" };

export const snapToGrid = (p: Vec2, grid: number): Vec2 => [Math.round(p[0] / grid) * grid, Math.round(p[1] / grid) * grid];

/** Rounds an angle to the nearest multiple of `step` degrees. */
export const snapAngle = (degrees: number, step = 15): number => Math.round(degrees / step) * step;

/** The edges of a feature: an outline's include the closing one; loose points have none. */
function edgesOf(feature: Feature): Array<[Vec2, Vec2]> {
  const points = featurePoints(feature);
  const kind = shapeKind(feature);
  if (kind === "points" || kind === "point") return [];
  const edges: Array<[Vec2, Vec2]> = [];
  for (let i = 0; i + 1 < points.length; i++) edges.push([points[i]!, points[i + 1]!]);
  if (kind === "outline") edges.push([points[points.length - 1]!, points[0]!]);
  return edges;
}

/** Corners first (a corner is on two edges, and the user aims for it), then edges, then the grid. */
export function snapPoint(p: Vec2, options: SnapOptions): Snapped {
  if (options.reach > 0) {
    let best: Vec2 | undefined;
    for (const f of options.features)
      for (const q of featurePoints(f)) if (distance2(p, q) <= options.reach && (!best || distance2(p, q) < distance2(p, best))) best = q;
    if (best) return { point: [best[0], best[1]], to: "vertex" };
    for (const f of options.features) {
      for (const [a, b] of edgesOf(f)) {
        const q = lerp2(a, b, closestParameterOnSegment(p, a, b));
        if (distance2(p, q) <= options.reach && (!best || distance2(p, q) < distance2(p, best))) best = q;
      }
    }
    if (best) return { point: best, to: "edge" };
  }
  return options.grid ? { point: snapToGrid(p, options.grid), to: "grid" } : { point: p, to: "none" };
}
