/**
 * Line of sight from a shooter (its eye, or a weapon's origin) to a target model, as a SightReport: how
 * much of the target shows (visibility.ts) and the facts rule systems measure along the sight line.
 */
import { modelFootprint, modelPose, type ModelEntry } from "../core/battlefield";
import { distanceToFootprint, footprintDistance, footprintToPolylineDistance } from "../core/footprint";
import { distance2, type Vec2 } from "../core/geometry2d";
import type { Vec3 } from "../core/solids/solid";
import { areaCrossings } from "./areas";
import { targetFacing, weaponArc } from "./facing";
import { linearCrossings } from "./linearObstacles";
import { openingPlanes, passThrough } from "./openings";
import type { ModelNearLine, OpeningPassage, SightReport } from "./sightReport";
import type { SightWorld } from "./sightWorld";
import { measureVisibility, type Sample, type SightOptions, type Visibility } from "./visibility";

/** Models whose footprint comes this close to the sight line are listed in modelsNearLine (cm). */
const NEAR_LINE = 10;

function summariseOpenings(world: SightWorld, origin: Vec3, samples: readonly Sample[], shooter: ModelEntry, target: ModelEntry): OpeningPassage[] {
  const planes = openingPlanes(world.battlefield);
  if (!planes.length) return [];
  const shooterFp = modelFootprint(shooter.def, shooter.model);
  const targetFp = modelFootprint(target.def, target.model);
  const passages: OpeningPassage[] = [];
  for (const plane of planes) {
    let rays = 0, x = 0, z = 0;
    for (const s of samples) {
      if (!s.clear) continue;
      const p = passThrough(plane, origin, s.point);
      if (!p) continue;
      rays++; x += p[0]; z += p[2];
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

function modelsNearLine(world: SightWorld, v: Visibility, from: Vec2, to: Vec2): ModelNearLine[] {
  const blockedBy = new Map<string, number>();
  for (const o of v.occluders) blockedBy.set(o.id, (blockedBy.get(o.id) ?? 0) + o.samples);
  const near: ModelNearLine[] = [];
  for (const e of world.battlefield.models.values()) {
    if (e === v.shooter || e === v.target) continue;
    const distance = footprintToPolylineDistance(modelFootprint(e.def, e.model), [from, to]);
    if (distance <= NEAR_LINE) near.push({ id: e.model.id, unitId: e.unitId, side: e.side, distance, blockedSamples: blockedBy.get(e.model.id) ?? 0 });
  }
  return near.sort((a, b) => a.distance - b.distance);
}

export function sightReport(world: SightWorld, shooterId: string, targetId: string, options: SightOptions = {}): SightReport {
  const v = measureVisibility(world, shooterId, targetId, options);
  const { shooter, target, origin, centre, samples } = v;
  const bf = world.battlefield;
  const shooterPose = modelPose(bf, shooter.model, shooter.def);
  const targetPose = modelPose(bf, target.model, target.def);
  const shooterFp = modelFootprint(shooter.def, shooter.model);
  const targetFp = modelFootprint(target.def, target.model);
  const originPlan: Vec2 = [origin[0], origin[2]];
  const targetPlan: Vec2 = target.model.position;
  const weapon = options.weapon !== undefined ? shooter.def.weapons.find((w) => w.id === options.weapon) : undefined;
  return {
    shooter: shooterId,
    target: targetId,
    ...(weapon ? { weapon: weapon.id } : {}),
    ...(options.seeThrough?.length ? { seeThrough: [...options.seeThrough] } : {}),
    origin,
    visibleFraction: v.visibleFraction,
    anyVisible: v.anyVisible,
    samples: v.bodySamples,
    confidence95: v.confidence95,
    parts: v.parts,
    occluders: v.occluders,
    areas: areaCrossings(bf, origin, centre, { feetY: shooterPose.y, position: shooter.model.position }, { feetY: targetPose.y, position: targetPlan }),
    openings: summariseOpenings(world, origin, samples, shooter, target),
    linearObstacles: linearCrossings(bf, origin, centre, shooterFp, targetFp),
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
