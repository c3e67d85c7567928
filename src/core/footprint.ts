/**
 * A model's footprint on the table: its base (infantry, guns) or hull outline (vehicles).
 * Rules measure between footprints ("base edge to base edge"), templates test overlap against them.
 */
import { distance2, distanceToPolygonBoundary, distanceToPolyline, pointInPolygon, segmentsDistance, signedArea, type Vec2 } from "./geometry2d";

export type Footprint =
  | { readonly kind: "circle"; readonly center: Vec2; readonly radius: number }
  | { readonly kind: "polygon"; readonly points: readonly Vec2[] };

export function footprintContains(fp: Footprint, p: Vec2): boolean {
  return fp.kind === "circle" ? distance2(p, fp.center) <= fp.radius : pointInPolygon(p, fp.points);
}

/** Plan distance from a point to the footprint's edge; 0 when the point is inside. */
export function distanceToFootprint(fp: Footprint, p: Vec2): number {
  if (fp.kind === "circle") return Math.max(0, distance2(p, fp.center) - fp.radius);
  return pointInPolygon(p, fp.points) ? 0 : distanceToPolygonBoundary(p, fp.points);
}

/** Edge-to-edge plan distance between two footprints; 0 when they touch or overlap. */
export function footprintDistance(a: Footprint, b: Footprint): number {
  if (a.kind === "circle") return Math.max(0, distanceToFootprint(b, a.center) - a.radius);
  if (b.kind === "circle") return Math.max(0, distanceToFootprint(a, b.center) - b.radius);
  if (pointInPolygon(a.points[0]!, b.points) || pointInPolygon(b.points[0]!, a.points)) return 0;
  let best = Infinity;
  for (let i = 0; i < a.points.length; i++) {
    const a0 = a.points[i]!;
    const a1 = a.points[(i + 1) % a.points.length]!;
    for (let j = 0; j < b.points.length; j++) {
      best = Math.min(best, segmentsDistance(a0, a1, b.points[j]!, b.points[(j + 1) % b.points.length]!));
    }
  }
  return best;
}

/** The footprint moved `by` (plan, cm) without turning: where a base stands at the end of a straight drag. */
export function translatedFootprint(fp: Footprint, by: Vec2): Footprint {
  if (fp.kind === "circle") return { kind: "circle", center: [fp.center[0] + by[0], fp.center[1] + by[1]], radius: fp.radius };
  return { kind: "polygon", points: fp.points.map((p) => [p[0] + by[0], p[1] + by[1]] as Vec2) };
}

export function footprintCenter(fp: Footprint): Vec2 {
  if (fp.kind === "circle") return fp.center;
  const n = fp.points.length;
  return [fp.points.reduce((s, p) => s + p[0], 0) / n, fp.points.reduce((s, p) => s + p[1], 0) / n];
}

export function footprintArea(fp: Footprint): number {
  return fp.kind === "circle" ? Math.PI * fp.radius * fp.radius : Math.abs(signedArea(fp.points));
}

/**
 * A stratified grid of points inside the footprint (cell centres of an n×n grid over its bounds
 * that fall inside). Used to measure which share of a footprint a template covers.
 */
export function footprintSamplePoints(fp: Footprint, n = 16): Vec2[] {
  const [minX, minZ, maxX, maxZ] = footprintBounds(fp);
  const points: Vec2[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const p: Vec2 = [minX + ((i + 0.5) / n) * (maxX - minX), minZ + ((j + 0.5) / n) * (maxZ - minZ)];
      if (footprintContains(fp, p)) points.push(p);
    }
  }
  return points;
}

export function footprintBounds(fp: Footprint): [number, number, number, number] {
  if (fp.kind === "circle") {
    return [fp.center[0] - fp.radius, fp.center[1] - fp.radius, fp.center[0] + fp.radius, fp.center[1] + fp.radius];
  }
  const xs = fp.points.map((p) => p[0]);
  const zs = fp.points.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...zs), Math.max(...xs), Math.max(...zs)];
}

/** Nearest plan distance between a footprint's edge and a polyline (0 when they touch or overlap). */
export function footprintToPolylineDistance(fp: Footprint, path: readonly Vec2[]): number {
  if (fp.kind === "circle") return Math.max(0, distanceToPolyline(fp.center, path) - fp.radius);
  if (path.some((p) => pointInPolygon(p, fp.points))) return 0;
  let best = Infinity;
  for (let i = 0; i + 1 < path.length; i++) {
    for (let j = 0; j < fp.points.length; j++) {
      best = Math.min(best, segmentsDistance(path[i]!, path[i + 1]!, fp.points[j]!, fp.points[(j + 1) % fp.points.length]!));
    }
  }
  return best;
}
