/** Which feature is under a point of the table: what a click in the editor selects. */
import { distance2, distanceToPolyline, pointInPolygon, signedArea, type Vec2 } from "../geometry2d";
import type { Feature } from "../scenario/schema";
import { featurePoints, shapeKind } from "./shape";

/** How far from a thin line or a point a click still catches it (cm). */
const CATCH = 1;

/** Half the width a path or point feature covers. */
function reach(f: Feature): number {
  switch (f.kind) {
    case "road":
    case "river":
    case "stream":
    case "trench":
      return f.width / 2;
    case "smoke":
    case "foxhole":
    case "crater":
      return f.radius;
    case "tankTraps":
      return f.size / 2;
    case "wreck":
      return 4;
    case "hill":
    case "woods":
    case "crops":
    case "rough":
    case "pond":
    case "building":
      return 0;
    default:
      return f.thickness / 2;
  }
}

/**
 * The feature under `p`: lines and points first (they lie on top of areas), then the smallest outline
 * containing it (a house inside a wood is picked, not the wood).
 */
export function pickFeature(features: readonly Feature[], p: Vec2): Feature | undefined {
  let best: { feature: Feature; rank: number } | undefined;
  for (const f of features) {
    const points = featurePoints(f);
    const kind = shapeKind(f);
    let rank: number | undefined;
    if (kind === "outline") rank = pointInPolygon(p, points) ? 1 + Math.abs(signedArea(points)) : undefined;
    else if (kind === "path") rank = distanceToPolyline(p, points) <= reach(f) + CATCH ? 0 : undefined;
    else rank = points.some((q) => distance2(p, q) <= reach(f) + CATCH) ? 0 : undefined;
    if (rank !== undefined && (!best || rank < best.rank)) best = { feature: f, rank };
  }
  return best?.feature;
}
