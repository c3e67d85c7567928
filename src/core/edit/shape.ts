/**
 * The points that shape a feature, whatever its kind: a hill's outline, a building's footprint, a hedge's
 * path, the tank traps' points, a smoke cloud's centre. Moving, rotating and vertex edits work on these,
 * so one set of operations serves every kind.
 */
import { add2, distance2, distanceToPolyline, lerp2, pointInPolygon, polygonCentroid, rotateByHeading, sub2, type Vec2 } from "../geometry2d";
import type { Building, Feature, Point } from "../scenario/schema";

export type ShapeKind = "outline" | "path" | "points" | "point";

/** How a feature's points are joined: a closed outline, an open path, separate points, or one point. */
export function shapeKind(feature: Pick<Feature, "kind">): ShapeKind {
  switch (feature.kind) {
    case "hill":
    case "woods":
    case "crops":
    case "rough":
    case "pond":
    case "building":
      return "outline";
    case "tankTraps":
      return "points";
    case "foxhole":
    case "crater":
    case "wreck":
    case "smoke":
      return "point";
    default:
      return "path";
  }
}

/** The fewest points a feature of this shape can have (the schema's minimum). */
export const MIN_POINTS: Record<ShapeKind, number> = { outline: 3, path: 2, points: 1, point: 1 };

export function featurePoints(feature: Feature): Point[] {
  switch (feature.kind) {
    case "hill":
    case "woods":
    case "crops":
    case "rough":
    case "pond":
      return feature.outline;
    case "building":
      return feature.footprint;
    case "tankTraps":
      return feature.points;
    case "foxhole":
    case "crater":
    case "wreck":
    case "smoke":
      return [feature.at];
    default:
      return feature.path;
  }
}

/** The feature with its points replaced (same kind, everything else kept). */
export function withPoints<F extends Feature>(feature: F, points: readonly Vec2[]): F {
  const pts = points.map(([x, z]) => [x, z] as Point);
  const f = feature as Feature;
  switch (f.kind) {
    case "hill":
    case "woods":
    case "crops":
    case "rough":
    case "pond":
      return { ...f, outline: pts } as F;
    case "building":
      return { ...f, footprint: pts } as F;
    case "tankTraps":
      return { ...f, points: pts } as F;
    case "foxhole":
    case "crater":
    case "wreck":
    case "smoke":
      return { ...f, at: pts[0]! } as F;
    default:
      return { ...f, path: pts } as F;
  }
}

/** The point a feature turns about and a gizmo sits on: an outline's centroid, else the points' mean. */
export function featureCenter(feature: Feature): Vec2 {
  const points = featurePoints(feature);
  if (shapeKind(feature) === "outline") return polygonCentroid(points);
  return [points.reduce((s, p) => s + p[0], 0) / points.length, points.reduce((s, p) => s + p[1], 0) / points.length];
}

export function translateFeature<F extends Feature>(feature: F, by: Vec2): F {
  return withPoints(
    feature,
    featurePoints(feature).map((p) => add2(p, by)),
  );
}

/**
 * The feature turned by `degrees` about `about` (its centre by default), in the sense headings turn
 * (positive: from +z towards +x); a wreck's heading turns with it.
 */
export function rotateFeature<F extends Feature>(feature: F, degrees: number, about: Vec2 = featureCenter(feature)): F {
  const turned = withPoints(
    feature,
    featurePoints(feature).map((p) => add2(about, rotateByHeading(sub2(p, about), degrees))),
  );
  return (turned.kind === "wreck" ? { ...turned, heading: turned.heading + degrees } : turned) as F;
}

/** Thrown for a vertex edit the feature's shape does not allow; the message says why. */
export class ShapeEditError extends Error {}

function requireIndex(feature: Feature, index: number, count: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= count) throw new ShapeEditError(`${feature.id} has points 0–${count - 1}, not ${index}`);
}

export function moveVertex<F extends Feature>(feature: F, index: number, to: Vec2): F {
  const points = featurePoints(feature);
  requireIndex(feature, index, points.length);
  return withPoints(
    feature,
    points.map((p, i) => (i === index ? to : p)),
  );
}

/**
 * A new point after point `index` (at `at`, or halfway to the next point). A building's openings keep
 * their place: the wall split in two hands the openings beyond the new corner to the new wall.
 */
export function insertVertex<F extends Feature>(feature: F, index: number, at?: Vec2): F {
  const kind = shapeKind(feature);
  if (kind === "point") throw new ShapeEditError(`a ${feature.kind} is placed at one point; it has no points to add`);
  const points = featurePoints(feature);
  requireIndex(feature, index, points.length);
  const point = at ?? newPointAfter(points, index, kind);
  const inserted = withPoints(feature, [...points.slice(0, index + 1), point, ...points.slice(index + 1)]);
  return inserted.kind === "building" ? (splitWall(inserted, index, distance2(points[index]!, point)) as F) : inserted;
}

/** Halfway to the next point; after the last point of a path, one more step the way it was going. */
function newPointAfter(points: readonly Vec2[], index: number, kind: ShapeKind): Vec2 {
  const here = points[index]!;
  if (kind === "outline" || index + 1 < points.length) return lerp2(here, points[(index + 1) % points.length]!, 0.5);
  const previous = points[index - 1];
  return previous ? add2(here, sub2(here, previous)) : add2(here, [5, 0]);
}

export function deleteVertex<F extends Feature>(feature: F, index: number): F {
  const kind = shapeKind(feature);
  const points = featurePoints(feature);
  requireIndex(feature, index, points.length);
  if (points.length <= MIN_POINTS[kind]) {
    throw new ShapeEditError(
      kind === "point" ? `a ${feature.kind} is placed at one point; delete the feature instead` : `${feature.id} needs at least ${MIN_POINTS[kind]} points`,
    );
  }
  const removed = withPoints(
    feature,
    points.filter((_, i) => i !== index),
  );
  return removed.kind === "building" ? (mergeWalls(removed, points, index) as F) : removed;
}

/** Wall `wall` of the old footprint became walls `wall` (first `length` cm) and `wall + 1`. */
function splitWall(b: Building, wall: number, length: number): Building {
  const openings = b.openings.map((o) => {
    if (o.wall < wall || (o.wall === wall && o.offset <= length)) return o;
    return o.wall === wall ? { ...o, wall: wall + 1, offset: o.offset - length } : { ...o, wall: o.wall + 1 };
  });
  const heights = b.ruined?.wallHeights;
  const ruined = b.ruined && heights ? { ...b.ruined, wallHeights: heights.flatMap((h, i) => (i === wall ? [h, h] : [h])) } : b.ruined;
  return { ...b, openings, ...(ruined ? { ruined } : {}) };
}

/** Corner `corner` of the old footprint is gone: the walls either side of it are one wall now. */
function mergeWalls(b: Building, old: readonly Vec2[], corner: number): Building {
  const n = old.length;
  const before = (corner - 1 + n) % n;
  const firstLength = distance2(old[before]!, old[corner]!);
  // The merged wall starts where wall `before` did; the walls after the corner shift down by one.
  const merged = corner === 0 ? n - 2 : corner - 1;
  const newIndex = (wall: number) => (wall === corner || wall === before ? merged : wall > corner ? wall - 1 : wall);
  const openings = b.openings.map((o) => ({ ...o, wall: newIndex(o.wall), offset: o.wall === corner ? o.offset + firstLength : o.offset }));
  const heights = b.ruined?.wallHeights;
  const ruined = b.ruined && heights ? { ...b.ruined, wallHeights: heights.filter((_, i) => i !== corner) } : b.ruined;
  return { ...b, openings, ...(ruined ? { ruined } : {}) };
}

/** Whether a point of the table lies on the ground a feature covers (in plan; a wreck covers none). */
export function featureCovers(f: Feature, p: Vec2): boolean {
  switch (f.kind) {
    case "hill":
    case "woods":
    case "crops":
    case "rough":
    case "pond":
      return pointInPolygon(p, f.outline);
    case "building":
      return pointInPolygon(p, f.footprint);
    case "crater":
    case "foxhole":
    case "smoke":
      return distance2(p, f.at) <= f.radius;
    case "tankTraps":
      return f.points.some((q) => distance2(p, q) <= f.size / 2);
    case "wreck":
      return false;
    case "road":
    case "river":
    case "stream":
    case "trench":
      return distanceToPolyline(p, f.path) <= f.width / 2;
    default:
      return distanceToPolyline(p, f.path) <= f.thickness / 2;
  }
}
