/**
 * How much of a model's footprint lies inside an area (woods, crops, a building's outline): a fact rule
 * systems turn into "in the wood" or "at its edge". Measured on the stratified grid templates use.
 */
import { type Footprint, footprintSamplePoints } from "../core/footprint";
import { pointInPolygon, type Vec2 } from "../core/geometry2d";

/** Grid per side: 32 × 32 cells put the share within about 1/32 of the truth for a straight edge. */
const SHARE_GRID = 32;

/** Share (0..1) of the footprint's area inside the plan polygon. */
export function footprintShareInside(footprint: Footprint, polygon: readonly Vec2[]): number {
  const points = footprintSamplePoints(footprint, SHARE_GRID);
  if (!points.length) return 0;
  return points.filter((p) => pointInPolygon(p, polygon)).length / points.length;
}
