/**
 * Walls, hedges, bocage, sandbags and wire that the sight line crosses, with the distances rule systems
 * measure: from each model to the obstacle, and how far the line passes above its top.
 */
import type { Battlefield } from "../core/battlefield";
import { footprintToPolylineDistance, type Footprint } from "../core/footprint";
import { distance2, lerp2, segmentIntersection, type Vec2 } from "../core/geometry2d";
import { isLinear } from "../core/scenario/schema";
import type { Vec3 } from "../core/solids/solid";
import type { LinearCrossing } from "./sightReport";

/** A model this close to an obstacle's face is touching it (cm). */
export const TOUCH_TOLERANCE = 0.5;

export function linearCrossings(battlefield: Battlefield, origin: Vec3, targetCentre: Vec3, shooter: Footprint, target: Footprint): LinearCrossing[] {
  const a: Vec2 = [origin[0], origin[2]];
  const b: Vec2 = [targetCentre[0], targetCentre[2]];
  const planLength = distance2(a, b);
  const crossings: LinearCrossing[] = [];
  for (const f of battlefield.scenario.features) {
    if (!isLinear(f)) continue;
    let first: number | undefined;
    for (let i = 0; i + 1 < f.path.length; i++) {
      const hit = segmentIntersection(a, b, f.path[i]!, f.path[i + 1]!);
      if (hit && (first === undefined || hit.t < first)) first = hit.t;
    }
    if (first === undefined) continue;
    const at = lerp2(a, b, first);
    const top = battlefield.ground.heightAt(at) + f.height;
    const lineY = origin[1] + first * (targetCentre[1] - origin[1]);
    const distanceFromShooter = Math.max(0, footprintToPolylineDistance(shooter, f.path) - f.thickness / 2);
    const distanceFromTarget = Math.max(0, footprintToPolylineDistance(target, f.path) - f.thickness / 2);
    crossings.push({
      id: f.id,
      kind: f.kind,
      height: f.height,
      thickness: f.thickness,
      alongLine: first * planLength,
      distanceFromShooter,
      distanceFromTarget,
      shooterTouches: distanceFromShooter <= TOUCH_TOLERANCE,
      targetTouches: distanceFromTarget <= TOUCH_TOLERANCE,
      clearance: lineY - top,
      top,
    });
  }
  return crossings.sort((x, y) => x.alongLine - y.alongLine);
}
