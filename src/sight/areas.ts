/**
 * Area terrain as vertical prisms (woods, crops, building interiors, smoke, trenches) and how a sight line
 * crosses them. Areas stop no ray; rule systems decide what the crossing means. Smoke is the exception
 * the sight engine applies itself: a ray that passes through a cloud (not into or out of it) is blocked.
 */
import type { Battlefield } from "../core/battlefield";
import { featureCovers } from "../core/edit/shape";
import { distance2, distanceToPolyline, lerp2, segmentInsideCircle, segmentInsidePolygon, type Vec2 } from "../core/geometry2d";
import { blocksSight, type Feature } from "../core/scenario/schema";
import { buildingFrame } from "../core/solids/buildingSolids";
import type { Vec3 } from "../core/solids/solid";
import type { AreaCrossing, AreaKind } from "./sightReport";

export interface AreaPrism {
  readonly id: string;
  readonly kind: AreaKind;
  readonly bottom: number;
  readonly top: number;
  /** Height of the area above its ground. */
  readonly height: number;
  /** Parameter intervals of the plan segment a → b inside the prism's outline. */
  planIntervals(a: Vec2, b: Vec2): Array<[number, number]>;
  containsPlan(p: Vec2): boolean;
  /** Plan bounds [minX, minZ, maxX, maxZ] of the outline: a line or a point outside them misses the area. */
  readonly bounds: readonly [number, number, number, number];
}

/** Plan bounds of points, grown by `margin` (and a hair, so that touching counts as inside). */
function planBounds(points: readonly Vec2[], margin = 0): [number, number, number, number] {
  const grow = margin + 1e-6;
  const xs = points.map((p) => p[0]);
  const zs = points.map((p) => p[1]);
  return [Math.min(...xs) - grow, Math.min(...zs) - grow, Math.max(...xs) + grow, Math.max(...zs) + grow];
}

/** Whether the plan segment a → b, or the point a when b is absent, can meet the bounds. */
function withinBounds([minX, minZ, maxX, maxZ]: readonly number[], a: Vec2, b: Vec2 = a): boolean {
  return Math.max(a[0], b[0]) >= minX! && Math.min(a[0], b[0]) <= maxX! && Math.max(a[1], b[1]) >= minZ! && Math.min(a[1], b[1]) <= maxZ!;
}

/** Resolution for areas without a polygon outline (trenches). */
const BUFFER_STEP = 0.25;

function bufferedPolylineIntervals(a: Vec2, b: Vec2, path: readonly Vec2[], halfWidth: number): Array<[number, number]> {
  const steps = Math.max(1, Math.ceil(distance2(a, b) / BUFFER_STEP));
  const intervals: Array<[number, number]> = [];
  for (let i = 0; i < steps; i++) {
    const t0 = i / steps;
    const t1 = (i + 1) / steps;
    if (distanceToPolyline(lerp2(a, b, (t0 + t1) / 2), path) > halfWidth) continue;
    const last = intervals[intervals.length - 1];
    if (last && last[1] === t0) last[1] = t1;
    else intervals.push([t0, t1]);
  }
  return intervals;
}

function areaPrism(f: Feature, battlefield: Battlefield): AreaPrism | undefined {
  const ground = battlefield.ground;
  const polygonArea = (kind: AreaKind, outline: readonly Vec2[], bottom: number, top: number, height: number): AreaPrism => ({
    id: f.id,
    kind,
    bottom,
    top,
    height,
    planIntervals: (a, b) => segmentInsidePolygon(a, b, outline),
    containsPlan: (p) => featureCovers(f, p),
    bounds: planBounds(outline),
  });
  switch (f.kind) {
    case "woods":
    case "crops": {
      const groundTop = Math.max(...f.outline.map((p) => ground.heightAt(p)));
      return polygonArea(f.kind, f.outline, -1, groundTop + f.height, f.height);
    }
    case "building": {
      const frame = buildingFrame(f, ground);
      return polygonArea(f.ruined ? "ruins" : "building", f.footprint, frame.footY, frame.baseY + frame.height, frame.height);
    }
    case "smoke": {
      const base = ground.heightAt(f.at);
      return {
        id: f.id,
        kind: "smoke",
        bottom: base - 1,
        top: base + f.height,
        height: f.height,
        planIntervals: (a, b) => {
          const i = segmentInsideCircle(a, b, f.at, f.radius);
          return i ? [i] : [];
        },
        containsPlan: (p) => featureCovers(f, p),
        bounds: planBounds([f.at], f.radius),
      };
    }
    case "trench":
      return {
        id: f.id,
        kind: "trench",
        bottom: -f.depth - 1,
        top: Math.max(...f.path.map((p) => ground.heightAt(p))) + 0.5,
        height: f.depth,
        planIntervals: (a, b) => bufferedPolylineIntervals(a, b, f.path, f.width / 2),
        containsPlan: (p) => featureCovers(f, p),
        bounds: planBounds(f.path, f.width / 2),
      };
    case "foxhole":
    case "crater":
      return {
        id: f.id,
        kind: f.kind,
        bottom: -f.depth - 1,
        top: ground.heightAt(f.at) + 0.5,
        height: f.depth,
        planIntervals: (a, b) => {
          const i = segmentInsideCircle(a, b, f.at, f.radius);
          return i ? [i] : [];
        },
        containsPlan: (p) => featureCovers(f, p),
        bounds: planBounds([f.at], f.radius),
      };
    default:
      return undefined;
  }
}

const prismCache = new WeakMap<readonly Feature[], AreaPrism[]>();

/** The area prisms of a battlefield, computed once per feature list. */
export function areaPrisms(battlefield: Battlefield): AreaPrism[] {
  const features = battlefield.scenario.features;
  let prisms = prismCache.get(features);
  if (!prisms) {
    prisms = features.filter(blocksSight).flatMap((f) => areaPrism(f, battlefield) ?? []);
    prismCache.set(features, prisms);
  }
  return prisms;
}

/** The parameter intervals of the 3D segment from → to inside a prism. */
export function segmentInsidePrism(prism: AreaPrism, from: Vec3, to: Vec3): Array<[number, number]> {
  const a: Vec2 = [from[0], from[2]];
  const b: Vec2 = [to[0], to[2]];
  if (!withinBounds(prism.bounds, a, b)) return [];
  const planned = prism.planIntervals(a, b);
  const dy = to[1] - from[1];
  // The t-range where the segment's height lies within [bottom, top].
  let lo = 0;
  let hi = 1;
  if (Math.abs(dy) < 1e-12) {
    if (from[1] < prism.bottom || from[1] > prism.top) return [];
  } else {
    const t1 = (prism.bottom - from[1]) / dy;
    const t2 = (prism.top - from[1]) / dy;
    lo = Math.max(0, Math.min(t1, t2));
    hi = Math.min(1, Math.max(t1, t2));
  }
  return planned.flatMap(([a, b]): Array<[number, number]> => {
    const s = Math.max(a, lo);
    const e = Math.min(b, hi);
    return e > s ? [[s, e]] : [];
  });
}

/** Whether a model whose feet are at feetY and whose centre is at `center` stands in the area. */
export function standsIn(prism: AreaPrism, feetY: number, center: Vec2): boolean {
  return withinBounds(prism.bounds, center) && prism.containsPlan(center) && feetY >= prism.bottom - 0.5 && feetY <= prism.top;
}

/** Every area the line from the origin to the target's centre crosses, or either model stands in. */
export function areaCrossings(
  battlefield: Battlefield,
  origin: Vec3,
  targetCentre: Vec3,
  shooter: { feetY: number; position: Vec2 },
  target: { feetY: number; position: Vec2 },
): AreaCrossing[] {
  const planLength = distance2([origin[0], origin[2]], [targetCentre[0], targetCentre[2]]);
  const crossings: AreaCrossing[] = [];
  for (const prism of areaPrisms(battlefield)) {
    const intervals = segmentInsidePrism(prism, origin, targetCentre);
    const shooterInside = standsIn(prism, shooter.feetY, shooter.position);
    const targetInside = standsIn(prism, target.feetY, target.position);
    if (!intervals.length && !shooterInside && !targetInside) continue;
    const planIntervals = intervals.map(([a, b]) => [a * planLength, b * planLength] as const);
    const last = planIntervals[planIntervals.length - 1];
    crossings.push({
      id: prism.id,
      kind: prism.kind,
      lengthInside: planIntervals.reduce((s, [a, b]) => s + (b - a), 0),
      intervals: planIntervals,
      shooterInside,
      targetInside,
      ...(targetInside && last && Math.abs(last[1] - planLength) < 1e-6 ? { depthToTarget: last[1] - last[0] } : {}),
      height: prism.height,
    });
  }
  return crossings;
}

/** The smoke cloud a segment passes right through (entering and leaving it between its ends), if any. */
export function smokeBlocking(battlefield: Battlefield, from: Vec3, to: Vec3): string | undefined {
  for (const prism of areaPrisms(battlefield)) {
    if (prism.kind !== "smoke") continue;
    for (const [a, b] of segmentInsidePrism(prism, from, to)) if (a > 1e-6 && b < 1 - 1e-6) return prism.id;
  }
  return undefined;
}
