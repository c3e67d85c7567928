/**
 * Walls, hedges, bocage, sandbags and wire on the way to the target, with the distances rule systems
 * measure: from each model to the obstacle, and how far the line passes above its top. An obstacle is
 * listed when the centre line crosses it, and also when it hides any sample ray though the centre line
 * misses it (a wall's end clipping the target's edge): the rules must see everything that hides.
 */
import type { Battlefield } from "../core/battlefield";
import { type Footprint, footprintToPolylineDistance } from "../core/footprint";
import { distance2, lerp2, segmentIntersection, type Vec2 } from "../core/geometry2d";
import { blocksSight, isLinear, type LinearFeature } from "../core/scenario/schema";
import type { Vec3 } from "../core/solids/solid";
import type { LinearCrossing } from "./sightReport";
import type { Sample } from "./visibility";

/** A model this close to an obstacle's face is touching it (cm). */
export const TOUCH_TOLERANCE = 0.5;

/** Where a sight ray meets an obstacle: plan distance from the origin, the ray's height there, the plan point. */
interface Meeting {
  readonly along: number;
  readonly y: number;
  readonly at: Vec2;
}

/** The first crossing of the centre line (origin → end) with the obstacle's path. */
function centreLineMeeting(f: LinearFeature, origin: Vec3, end: Vec3): Meeting | undefined {
  const a: Vec2 = [origin[0], origin[2]];
  const b: Vec2 = [end[0], end[2]];
  let first: number | undefined;
  for (let i = 0; i + 1 < f.path.length; i++) {
    const hit = segmentIntersection(a, b, f.path[i]!, f.path[i + 1]!);
    if (hit && (first === undefined || hit.t < first)) first = hit.t;
  }
  if (first === undefined) return undefined;
  return { along: first * distance2(a, b), y: origin[1] + first * (end[1] - origin[1]), at: lerp2(a, b, first) };
}

/** For each blocker, of the sample rays it stopped, the one nearest in direction to the centre line, where it struck. */
function nearestBlockedRays(origin: Vec3, end: Vec3, samples: readonly Sample[]): Map<string, Meeting> {
  const axis = unit([end[0] - origin[0], end[1] - origin[1], end[2] - origin[2]]);
  const best = new Map<string, { cos: number; hit: Vec3 }>();
  for (const s of samples) {
    const hit = s.blocker?.at;
    if (!hit) continue;
    const d = unit([s.point[0] - origin[0], s.point[1] - origin[1], s.point[2] - origin[2]]);
    const cos = d[0] * axis[0] + d[1] * axis[1] + d[2] * axis[2];
    if (cos > (best.get(s.blocker!.id)?.cos ?? -Infinity)) best.set(s.blocker!.id, { cos, hit });
  }
  const meetings = new Map<string, Meeting>();
  for (const [id, { hit }] of best) meetings.set(id, { along: distance2([origin[0], origin[2]], [hit[0], hit[2]]), y: hit[1], at: [hit[0], hit[2]] });
  return meetings;
}

function unit(v: Vec3): Vec3 {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}

/**
 * Every linear obstacle on the way from the origin to the target's end of the sight line, nearest first.
 * `samples` are the report's sample rays: an obstacle that stopped one is listed even off the centre line.
 */
export function linearCrossings(
  battlefield: Battlefield,
  origin: Vec3,
  end: Vec3,
  shooter: Footprint,
  target: Footprint,
  samples: readonly Sample[],
): LinearCrossing[] {
  const crossings: LinearCrossing[] = [];
  const blocked = nearestBlockedRays(origin, end, samples);
  for (const f of battlefield.scenario.features) {
    if (!isLinear(f) || !blocksSight(f)) continue;
    const onLine = centreLineMeeting(f, origin, end);
    const meeting = onLine ?? blocked.get(f.id);
    if (!meeting) continue;
    const top = battlefield.ground.heightAt(meeting.at) + f.height;
    const distanceFromShooter = Math.max(0, footprintToPolylineDistance(shooter, f.path) - f.thickness / 2);
    const distanceFromTarget = Math.max(0, footprintToPolylineDistance(target, f.path) - f.thickness / 2);
    crossings.push({
      id: f.id,
      kind: f.kind,
      height: f.height,
      thickness: f.thickness,
      onCentreLine: onLine !== undefined,
      alongLine: meeting.along,
      distanceFromShooter,
      distanceFromTarget,
      shooterTouches: distanceFromShooter <= TOUCH_TOLERANCE,
      targetTouches: distanceFromTarget <= TOUCH_TOLERANCE,
      clearance: meeting.y - top,
      top,
    });
  }
  return crossings.sort((x, y) => x.alongLine - y.alongLine);
}
