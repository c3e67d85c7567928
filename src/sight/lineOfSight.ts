/**
 * Line of sight from a shooter (its eye, or a weapon's origin) to a target model, as a SightReport: how
 * much of the target shows (visibility.ts) and the facts rule systems measure along the sight line, the
 * centre line from the origin to the target's sight point (sightPoint below).
 */
import { type ModelEntry, modelFootprint, modelPose } from "../core/battlefield";
import { distanceToFootprint, type Footprint, footprintDistance, footprintToPolylineDistance } from "../core/footprint";
import { distance2, distanceToSegment, segmentsDistance, type Vec2 } from "../core/geometry2d";
import type { Vec3 } from "../core/solids/solid";
import { areaCrossings } from "./areas";
import { targetFacing, weaponArc } from "./facing";
import { linearCrossings } from "./linearObstacles";
import { openingPlanes, passThrough } from "./openings";
import type { PreparedSolid } from "./rayPrimitive";
import type { ModelNearLine, OpeningPassage, SightReport } from "./sightReport";
import type { SightWorld } from "./sightWorld";
import { measureVisibility, preparedParts, type Sample, type SightOptions, type Visibility } from "./visibility";

/**
 * The target's end of the sight line: above its position (the centre of its base or hull), half its body's
 * height above its feet, the body being every part but the base. Depths into woods and the places where
 * the line crosses walls are measured to this point, so they do not change when a model merely turns or
 * traverses its turret, and a line to a figure's middle passes over walls and through woods as a line to
 * where a player would point does.
 */
export function sightPoint(world: SightWorld, target: ModelEntry): Vec3 {
  // The same for every shooter: kept per model state (its prepared solids).
  const parts = preparedParts(world, target.model.id);
  let point = sightPoints.get(parts);
  if (!point) {
    const pose = modelPose(world.battlefield, target.model, target.def);
    let top = pose.y;
    for (const p of parts) {
      if (p.solid.part === "base") continue;
      for (const c of p.corners) top = Math.max(top, c[1]);
    }
    sightPoints.set(parts, (point = [pose.x, (pose.y + top) / 2, pose.z]));
  }
  return point;
}

const sightPoints = new WeakMap<readonly PreparedSolid[], Vec3>();

/** Models whose footprint comes this close to the sight line are listed in modelsNearLine (cm). */
const NEAR_LINE = 10;

function summariseOpenings(
  world: SightWorld,
  origin: Vec3,
  samples: readonly Sample[],
  shooterFp: Footprint,
  target: ModelEntry,
  targetFp: Footprint,
): OpeningPassage[] {
  const planes = openingPlanes(world.battlefield);
  if (!planes.length) return [];
  const passages: OpeningPassage[] = [];
  // Every clear ray runs within `reach` (plan) of the line to the target's centre, so an opening farther
  // from that line than `reach` passes none of them and its samples need not be tried.
  const clear = samples.filter((s) => s.clear);
  if (!clear.length) return [];
  const centre: Vec2 = [target.model.position[0], target.model.position[1]];
  const reach = Math.max(...clear.map((s) => distance2([s.point[0], s.point[2]], centre)));
  const line: [Vec2, Vec2] = [[origin[0], origin[2]], centre];
  for (const plane of planes) {
    const wallPoint = (u: number): Vec2 => [plane.origin[0] + plane.along[0] * u, plane.origin[1] + plane.along[1] * u];
    if (segmentsDistance(wallPoint(plane.u0), wallPoint(plane.u1), ...line) > reach) continue;
    let rays = 0,
      x = 0,
      z = 0;
    for (const s of clear) {
      const p = passThrough(plane, origin, s.point);
      if (!p) continue;
      rays++;
      x += p[0];
      z += p[2];
    }
    if (!rays) continue;
    const at: Vec2 = [x / rays, z / rays];
    passages.push({
      id: plane.opening.id,
      building: plane.building.id,
      type: plane.opening.type,
      floor: plane.opening.floor,
      rays,
      distanceToTarget: distanceToFootprint(targetFp, at),
      distanceToShooter: distanceToFootprint(shooterFp, at),
    });
  }
  return passages;
}

/** A model's footprint and the radius of the circle about its position that holds it, per model state. */
const footprintCache = new WeakMap<object, { footprint: Footprint; reach: number }>();

function boundedFootprint(e: ModelEntry): { footprint: Footprint; reach: number } {
  let cached = footprintCache.get(e.model);
  if (!cached) {
    const footprint = modelFootprint(e.def, e.model);
    const reach =
      footprint.kind === "circle"
        ? distance2(footprint.center, e.model.position) + footprint.radius
        : Math.max(...footprint.points.map((p) => distance2(p, e.model.position)));
    footprintCache.set(e.model, (cached = { footprint, reach }));
  }
  return cached;
}

function modelsNearLine(world: SightWorld, v: Visibility, from: Vec2, to: Vec2): ModelNearLine[] {
  const blockedBy = new Map<string, number>();
  for (const o of v.occluders) blockedBy.set(o.id, (blockedBy.get(o.id) ?? 0) + o.samples);
  const near: ModelNearLine[] = [];
  for (const e of world.battlefield.models.values()) {
    if (e === v.shooter || e === v.target) continue;
    // Most models are far from the line: their bounding circle says so before their footprint is measured.
    const { footprint, reach } = boundedFootprint(e);
    if (distanceToSegment(e.model.position, from, to) - reach > NEAR_LINE) continue;
    const distance = footprintToPolylineDistance(footprint, [from, to]);
    if (distance <= NEAR_LINE) near.push({ id: e.model.id, unitId: e.unitId, side: e.side, distance, blockedSamples: blockedBy.get(e.model.id) ?? 0 });
  }
  return near.sort((a, b) => a.distance - b.distance);
}

export function sightReport(world: SightWorld, shooterId: string, targetId: string, options: SightOptions = {}): SightReport {
  const v = measureVisibility(world, shooterId, targetId, options);
  const { shooter, target, origin, samples } = v;
  const bf = world.battlefield;
  const shooterPose = modelPose(bf, shooter.model, shooter.def);
  const targetPose = modelPose(bf, target.model, target.def);
  const shooterFp = boundedFootprint(shooter).footprint;
  const targetFp = boundedFootprint(target).footprint;
  const originPlan: Vec2 = [origin[0], origin[2]];
  const targetPlan: Vec2 = target.model.position;
  const end = sightPoint(world, target);
  const weapon = options.weapon !== undefined ? shooter.def.weapons.find((w) => w.id === options.weapon) : undefined;
  return {
    shooter: shooterId,
    target: targetId,
    ...(weapon ? { weapon: weapon.id } : {}),
    ...(options.originOffset ? { originOffset: options.originOffset } : {}),
    ...(options.seeThrough?.length ? { seeThrough: [...options.seeThrough] } : {}),
    origin,
    visibleFraction: v.visibleFraction,
    anyVisible: v.anyVisible,
    samples: v.bodySamples,
    confidence95: v.confidence95,
    parts: v.parts,
    occluders: v.occluders,
    areas: areaCrossings(bf, origin, end, { feetY: shooterPose.y, position: shooter.model.position }, { feetY: targetPose.y, position: targetPlan }),
    openings: summariseOpenings(world, origin, samples, shooterFp, target, targetFp),
    linearObstacles: linearCrossings(bf, origin, end, shooterFp, targetFp, samples),
    modelsNearLine: modelsNearLine(world, v, originPlan, targetPlan),
    distance: {
      edgeToEdge: footprintDistance(shooterFp, targetFp),
      originToEdge: distanceToFootprint(targetFp, originPlan),
      centreToCentre: distance2(shooter.model.position, targetPlan),
      heightDifference: targetPose.y - shooterPose.y,
      shooterElevation: shooterPose.y,
      targetElevation: targetPose.y,
    },
    facing: targetFacing(target, originPlan),
    ...(weapon ? { arc: weaponArc(shooter, weapon, originPlan, targetPlan) } : {}),
    hullDown: v.hullDown,
    ...(options.includeRays
      ? { rays: samples.map((s) => ({ from: origin, to: s.point, clear: s.clear, ...(s.blocker ? { blocker: s.blocker.id } : {}) })) }
      : {}),
  };
}
