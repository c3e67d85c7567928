/**
 * Plan-view geometry on the table plane. A point is [x, z] in cm (see docs/coordinates.md).
 * Pure functions, no allocation-heavy classes: these run inside the sight engine's hot paths.
 */
export type Vec2 = readonly [number, number];

export const sub2 = (a: Vec2, b: Vec2): Vec2 => [a[0] - b[0], a[1] - b[1]];
export const add2 = (a: Vec2, b: Vec2): Vec2 => [a[0] + b[0], a[1] + b[1]];
export const scale2 = (a: Vec2, s: number): Vec2 => [a[0] * s, a[1] * s];
export const dot2 = (a: Vec2, b: Vec2): number => a[0] * b[0] + a[1] * b[1];
export const cross2 = (a: Vec2, b: Vec2): number => a[0] * b[1] - a[1] * b[0];
export const length2 = (a: Vec2): number => Math.hypot(a[0], a[1]);
export const distance2 = (a: Vec2, b: Vec2): number => Math.hypot(a[0] - b[0], a[1] - b[1]);
export const lerp2 = (a: Vec2, b: Vec2, t: number): Vec2 => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/** The mean of some points (a unit's centre from its models' positions); NaN for none. */
export function meanPoint(points: readonly Vec2[]): Vec2 {
  const sum = points.reduce<[number, number]>((s, p) => [s[0] + p[0], s[1] + p[1]], [0, 0]);
  return [sum[0] / points.length, sum[1] / points.length];
}

/** Unit vector a heading points to: heading 0 faces +z, 90 faces +x (three.js rotation.y). */
export function headingVector(headingDeg: number): Vec2 {
  const r = (headingDeg * Math.PI) / 180;
  return [Math.sin(r), Math.cos(r)];
}

/** Rotates a local plan offset by a heading (the same rotation three.js applies with rotation.y). */
export function rotateByHeading(local: Vec2, headingDeg: number): Vec2 {
  const r = (headingDeg * Math.PI) / 180;
  const c = Math.cos(r);
  const s = Math.sin(r);
  return [local[0] * c + local[1] * s, -local[0] * s + local[1] * c];
}

/** Parameter t ∈ [0, 1] of the point of segment ab closest to p. */
export function closestParameterOnSegment(p: Vec2, a: Vec2, b: Vec2): number {
  const abx = b[0] - a[0];
  const abz = b[1] - a[1];
  const len2 = abx * abx + abz * abz;
  if (len2 === 0) return 0;
  const t = ((p[0] - a[0]) * abx + (p[1] - a[1]) * abz) / len2;
  return t < 0 ? 0 : Math.min(t, 1);
}

export function distanceToSegment(p: Vec2, a: Vec2, b: Vec2): number {
  return distance2(p, lerp2(a, b, closestParameterOnSegment(p, a, b)));
}

/** Parameters (t on ab, u on cd) where two segments cross, or null when they do not. */
export function segmentIntersection(a: Vec2, b: Vec2, c: Vec2, d: Vec2): { t: number; u: number } | null {
  const r = sub2(b, a);
  const s = sub2(d, c);
  const denom = cross2(r, s);
  if (Math.abs(denom) < 1e-12) return null;
  const ac = sub2(c, a);
  const t = cross2(ac, s) / denom;
  const u = cross2(ac, r) / denom;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? { t, u } : null;
}

export function segmentsDistance(a: Vec2, b: Vec2, c: Vec2, d: Vec2): number {
  if (segmentIntersection(a, b, c, d)) return 0;
  return Math.min(distanceToSegment(a, c, d), distanceToSegment(b, c, d), distanceToSegment(c, a, b), distanceToSegment(d, a, b));
}

/** Signed area: positive when the polygon runs counter-clockwise in the (x, z) plane. */
export function signedArea(poly: readonly Vec2[]): number {
  let sum = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    sum += a[0] * b[1] - b[0] * a[1];
  }
  return sum / 2;
}

export function polygonCentroid(poly: readonly Vec2[]): Vec2 {
  const area = signedArea(poly);
  if (Math.abs(area) < 1e-9) {
    const n = poly.length;
    return [poly.reduce((s, p) => s + p[0], 0) / n, poly.reduce((s, p) => s + p[1], 0) / n];
  }
  let cx = 0;
  let cz = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const f = a[0] * b[1] - b[0] * a[1];
    cx += (a[0] + b[0]) * f;
    cz += (a[1] + b[1]) * f;
  }
  return [cx / (6 * area), cz / (6 * area)];
}

export function pointInPolygon(p: Vec2, poly: readonly Vec2[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (a[1] > p[1] !== b[1] > p[1] && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
  }
  return inside;
}

export function distanceToPolygonBoundary(p: Vec2, poly: readonly Vec2[]): number {
  let best = Infinity;
  for (let i = 0; i < poly.length; i++) best = Math.min(best, distanceToSegment(p, poly[i]!, poly[(i + 1) % poly.length]!));
  return best;
}

/** The point of a polygon's outline nearest to p. */
export function nearestPointOnPolygonBoundary(p: Vec2, poly: readonly Vec2[]): Vec2 {
  let best: Vec2 = poly[0]!;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const q = lerp2(a, b, closestParameterOnSegment(p, a, b));
    if (distance2(p, q) < distance2(p, best)) best = q;
  }
  return best;
}

export function distanceToPolyline(p: Vec2, path: readonly Vec2[]): number {
  let best = Infinity;
  for (let i = 0; i + 1 < path.length; i++) best = Math.min(best, distanceToSegment(p, path[i]!, path[i + 1]!));
  return best;
}

/**
 * The parameter intervals [t0, t1] ⊂ [0, 1] of segment ab that lie inside a polygon
 * (even-odd rule, so concave outlines work), sorted and disjoint.
 */
export function segmentInsidePolygon(a: Vec2, b: Vec2, poly: readonly Vec2[]): Array<[number, number]> {
  const cuts = [0, 1];
  for (let i = 0; i < poly.length; i++) {
    const hit = segmentIntersection(a, b, poly[i]!, poly[(i + 1) % poly.length]!);
    if (hit) cuts.push(hit.t);
  }
  cuts.sort((x, y) => x - y);
  const intervals: Array<[number, number]> = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const t0 = cuts[i]!;
    const t1 = cuts[i + 1]!;
    if (t1 - t0 < 1e-9) continue;
    if (!pointInPolygon(lerp2(a, b, (t0 + t1) / 2), poly)) continue;
    const last = intervals[intervals.length - 1];
    if (last && Math.abs(last[1] - t0) < 1e-9) last[1] = t1;
    else intervals.push([t0, t1]);
  }
  return intervals;
}

/** The parameter interval of segment ab inside a circle, or null. */
export function segmentInsideCircle(a: Vec2, b: Vec2, center: Vec2, radius: number): [number, number] | null {
  const d = sub2(b, a);
  const f = sub2(a, center);
  const qa = dot2(d, d);
  const qb = 2 * dot2(f, d);
  const qc = dot2(f, f) - radius * radius;
  if (qa === 0) return qc <= 0 ? [0, 1] : null;
  const disc = qb * qb - 4 * qa * qc;
  if (disc <= 0) return null;
  const sq = Math.sqrt(disc);
  const t0 = Math.max(0, (-qb - sq) / (2 * qa));
  const t1 = Math.min(1, (-qb + sq) / (2 * qa));
  return t1 > t0 ? [t0, t1] : null;
}

export function regularPolygon(center: Vec2, radius: number, sides: number): Vec2[] {
  return Array.from({ length: sides }, (_, i) => {
    const a = (2 * Math.PI * i) / sides;
    return [center[0] + radius * Math.cos(a), center[1] + radius * Math.sin(a)] as Vec2;
  });
}

export function ellipsePolygon(center: Vec2, halfWidth: number, halfDepth: number, headingDeg: number, sides: number): Vec2[] {
  return Array.from({ length: sides }, (_, i) => {
    const a = (2 * Math.PI * i) / sides;
    return add2(center, rotateByHeading([halfWidth * Math.cos(a), halfDepth * Math.sin(a)], headingDeg));
  });
}

export function rectanglePolygon(center: Vec2, width: number, depth: number, headingDeg: number): Vec2[] {
  const hw = width / 2;
  const hd = depth / 2;
  return (
    [
      [-hw, -hd],
      [hw, -hd],
      [hw, hd],
      [-hw, hd],
    ] as Vec2[]
  ).map((c) => add2(center, rotateByHeading(c, headingDeg)));
}

/** The length of a path through the points, in order. */
export function pathLength(points: readonly Vec2[]): number {
  let length = 0;
  for (let i = 1; i < points.length; i++) length += distance2(points[i - 1]!, points[i]!);
  return length;
}
