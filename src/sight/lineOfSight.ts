/**
 * Line of sight from a shooter (its eye, or a weapon's origin) to a target model, as a SightReport.
 *
 * Sampling: the target's parts are projected onto the plane through its centre facing the origin, and a
 * jittered grid over that projection picks directions. A direction that meets a target part (tested exactly
 * in JavaScript) becomes a ray cast in Rapier up to that point; the share of clear rays estimates the
 * visible share of the projected silhouette. A coarse grid answers clear-cut cases; a finer grid refines
 * only when the coarse answer is mixed.
 */
import { figureScale, modelFootprint, modelPose, modelWorldPoint, type ModelEntry } from "../core/battlefield";
import { distanceToFootprint, footprintDistance, footprintToPolylineDistance } from "../core/footprint";
import { distance2, type Vec2 } from "../core/geometry2d";
import type { Vec3 } from "../core/solids/solid";
import { areaCrossings, smokeBlocking } from "./areas";
import { targetFacing, weaponArc } from "./facing";
import { linearCrossings } from "./linearObstacles";
import { openingPlanes, passThrough } from "./openings";
import { prepareSolid, rayDistanceToSolid, type PreparedSolid } from "./rayPrimitive";
import type { Occluder, OpeningPassage, PartVisibility, SightReport } from "./sightReport";
import type { ColliderTag, SightWorld } from "./sightWorld";

export interface SightOptions {
  /** Weapon id of the shooter's definition: sight from its origin and check its arc. Default: the eye. */
  readonly weapon?: string;
  readonly includeRays?: boolean;
  /** Grid size (per side) of the first pass. */
  readonly coarseGrid?: number;
  /** Grid size of the refinement, used when the first pass is mixed. */
  readonly fineGrid?: number;
  /** Whether models of the shooter's own unit let sight through (true in every supported system). */
  readonly ignoreOwnUnit?: boolean;
}

export const DEFAULT_COARSE_GRID = 8;
export const DEFAULT_FINE_GRID = 24;
/** Models whose footprint comes this close to the sight line are listed in modelsNearLine (cm). */
const NEAR_LINE = 10;
/** Rays stop this short of the target's surface so they never hit the target itself. */
const SURFACE_GAP = 0.01;
const TERRAIN_KINDS = new Set(["ground", "hill", "building-wall", "building-floor", "roof", "wall", "hedge", "bocage", "sandbags", "tank-trap"]);

export class SightQueryError extends Error {}

interface Sample {
  readonly part: string;
  /** Projected area the sample stands for (its grid cell). */
  readonly weight: number;
  readonly point: Vec3;
  readonly clear: boolean;
  readonly blocker?: { id: string; kind: Occluder["kind"]; part: string };
}

function entryOf(world: SightWorld, id: string, role: string): ModelEntry {
  const entry = world.battlefield.models.get(id);
  if (!entry) throw new SightQueryError(`unknown ${role} model "${id}"`);
  return entry;
}

/** The point sight is traced from: the weapon's origin, else the eye, else the top of the model. */
export function sightOrigin(world: SightWorld, entry: ModelEntry, weaponId?: string): Vec3 {
  const bf = world.battlefield;
  if (weaponId !== undefined) {
    const weapon = entry.def.weapons.find((w) => w.id === weaponId);
    if (!weapon) {
      const known = entry.def.weapons.map((w) => w.id).join(", ") || "none";
      throw new SightQueryError(`model "${entry.model.id}" (${entry.def.id}) has no weapon "${weaponId}"; its weapons: ${known}`);
    }
    return modelWorldPoint(bf, entry, weapon.origin)!;
  }
  const eye = modelWorldPoint(bf, entry, "eye") ?? modelWorldPoint(bf, entry, "muzzle");
  if (eye) return eye;
  const pose = modelPose(bf, entry.model, entry.def);
  return [pose.x, pose.y + (entry.def.figureHeight ?? 3) * figureScale(entry.def, entry.model), pose.z];
}

/** Low-discrepancy jitter (the R2 sequence), so samples are reproducible without a random generator. */
const R2_A = 0.7548776662466927;
const R2_B = 0.5698402909980532;

/** A view frame: forward f from the origin to the target's centre at distance `dist`, right r, up u. */
interface ViewBasis {
  readonly centre: Vec3;
  readonly dist: number;
  readonly f: Vec3;
  readonly r: Vec3;
  readonly u: Vec3;
}

function viewBasis(origin: Vec3, parts: readonly PreparedSolid[]): ViewBasis {
  let cx = 0, cy = 0, cz = 0, n = 0;
  for (const p of parts) for (const c of p.corners) { cx += c[0]; cy += c[1]; cz += c[2]; n++; }
  const centre: Vec3 = [cx / n, cy / n, cz / n];
  const d: Vec3 = [centre[0] - origin[0], centre[1] - origin[1], centre[2] - origin[2]];
  const dist = Math.hypot(...d);
  const f: Vec3 = [d[0] / dist, d[1] / dist, d[2] / dist];
  // right = f × up, then up' = right × f.
  const rl = Math.hypot(f[2], f[0]) || 1;
  const r: Vec3 = [-f[2] / rl, 0, f[0] / rl];
  const u: Vec3 = [-r[2] * f[1], r[2] * f[0] - r[0] * f[2], r[0] * f[1]];
  return { centre, dist, f, r, u };
}

/** The rectangle [minA, maxA, minB, maxB] that the corners project to on the plane through the centre. */
function projectedRect(origin: Vec3, v: ViewBasis, corners: readonly Vec3[]): [number, number, number, number] {
  let minA = Infinity, maxA = -Infinity, minB = Infinity, maxB = -Infinity;
  for (const c of corners) {
    const dx = c[0] - origin[0], dy = c[1] - origin[1], dz = c[2] - origin[2];
    const along = dx * v.f[0] + dy * v.f[1] + dz * v.f[2];
    if (along <= 1e-6) continue;
    const s = v.dist / along;
    const qx = dx * s - v.f[0] * v.dist, qy = dy * s - v.f[1] * v.dist, qz = dz * s - v.f[2] * v.dist;
    const a = qx * v.r[0] + qz * v.r[2];
    const b = qx * v.u[0] + qy * v.u[1] + qz * v.u[2];
    minA = Math.min(minA, a); maxA = Math.max(maxA, a);
    minB = Math.min(minB, b); maxB = Math.max(maxB, b);
  }
  return [minA, maxA, minB, maxB];
}

/** Unit directions from the origin through a jittered grid over a rectangle of the view plane. */
function gridDirections(v: ViewBasis, [minA, maxA, minB, maxB]: readonly number[], grid: number): Vec3[] {
  const directions: Vec3[] = [];
  for (let i = 0; i < grid; i++) {
    for (let j = 0; j < grid; j++) {
      const k = i * grid + j + 1;
      const a = minA! + ((i + ((0.5 + k * R2_A) % 1)) / grid) * (maxA! - minA!);
      const b = minB! + ((j + ((0.5 + k * R2_B) % 1)) / grid) * (maxB! - minB!);
      const px = v.f[0] * v.dist + v.r[0] * a + v.u[0] * b;
      const py = v.f[1] * v.dist + v.u[1] * b;
      const pz = v.f[2] * v.dist + v.r[2] * a + v.u[2] * b;
      const l = Math.hypot(px, py, pz);
      directions.push([px / l, py / l, pz / l]);
    }
  }
  return directions;
}

function occluderOf(world: SightWorld, tag: ColliderTag, point: Vec3): { id: string; kind: Occluder["kind"]; part: string } {
  if (tag.kind === "ground") {
    const hill = world.battlefield.ground.hillAt([point[0], point[2]]);
    return hill ? { id: hill.id, kind: "hill", part: "slope" } : { id: tag.owner, kind: "ground", part: tag.part };
  }
  return { id: tag.owner, kind: tag.kind, part: tag.part };
}

/**
 * One sampling pass, stratified per part: a grid over each part's own projection keeps the directions
 * whose first target hit is that part, so a turret peeking over a crest gets as many samples as the hull.
 * Each sample weighs the area of its grid cell, which keeps the whole-target fraction unbiased.
 */
function samplePass(world: SightWorld, origin: Vec3, shooterId: string, targetId: string, parts: readonly PreparedSolid[], grid: number, ignore: ReadonlySet<string>) {
  const view = viewBasis(origin, parts);
  const samples: Sample[] = [];
  for (const group of new Set(parts.map((p) => p.solid.part))) {
    const rect = projectedRect(origin, view, parts.filter((p) => p.solid.part === group).flatMap((p) => p.corners));
    const weight = ((rect[1] - rect[0]) * (rect[3] - rect[2])) / (grid * grid);
    if (!(weight > 0)) continue;
    for (const d of gridDirections(view, rect, grid)) {
      let best = Infinity;
      let part = "";
      for (const p of parts) {
        const t = rayDistanceToSolid(p, origin, d);
        if (t < best) { best = t; part = p.solid.part; }
      }
      if (part !== group) continue;
      const reach = Math.max(0, best - SURFACE_GAP);
      const point: Vec3 = [origin[0] + d[0] * best, origin[1] + d[1] * best, origin[2] + d[2] * best];
      const end: Vec3 = [origin[0] + d[0] * reach, origin[1] + d[1] * reach, origin[2] + d[2] * reach];
      const hit = world.castSegment(origin, end, { fromModel: shooterId, ignoreOwners: ignore });
      if (hit && hit.tag.owner !== targetId) {
        samples.push({ part, weight, point, clear: false, blocker: occluderOf(world, hit.tag, hit.point) });
        continue;
      }
      const smoke = smokeBlocking(world.battlefield, origin, end);
      samples.push(smoke ? { part, weight, point, clear: false, blocker: { id: smoke, kind: "smoke", part: "cloud" } } : { part, weight, point, clear: true });
    }
  }
  return { centre: view.centre, samples };
}

function summariseParts(samples: readonly Sample[]): PartVisibility[] {
  const byPart = new Map<string, { samples: number; visible: number }>();
  for (const s of samples) {
    const p = byPart.get(s.part) ?? { samples: 0, visible: 0 };
    p.samples++;
    if (s.clear) p.visible++;
    byPart.set(s.part, p);
  }
  return [...byPart].map(([part, p]) => ({ part, samples: p.samples, visible: p.visible, fraction: p.visible / p.samples }));
}

function summariseOccluders(samples: readonly Sample[]): Occluder[] {
  // One entry per (owner, kind): a building's walls and its roof are reported apart.
  const byOwnerAndKind = new Map<string, { id: string; kind: Occluder["kind"]; parts: Set<string>; samples: number }>();
  for (const s of samples) {
    if (!s.blocker) continue;
    const key = `${s.blocker.id}\u0000${s.blocker.kind}`;
    const o = byOwnerAndKind.get(key) ?? { id: s.blocker.id, kind: s.blocker.kind, parts: new Set<string>(), samples: 0 };
    o.parts.add(s.blocker.part);
    o.samples++;
    byOwnerAndKind.set(key, o);
  }
  return [...byOwnerAndKind.values()].map((o) => ({ ...o, parts: [...o.parts].sort() })).sort((a, b) => b.samples - a.samples);
}

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

export function sightReport(world: SightWorld, shooterId: string, targetId: string, options: SightOptions = {}): SightReport {
  if (shooterId === targetId) throw new SightQueryError(`a model cannot target itself ("${shooterId}")`);
  const bf = world.battlefield;
  const shooter = entryOf(world, shooterId, "shooter");
  const target = entryOf(world, targetId, "target");
  const origin = sightOrigin(world, shooter, options.weapon);
  const ignore = new Set<string>();
  if (options.ignoreOwnUnit ?? true) for (const e of bf.models.values()) if (e.unitId === shooter.unitId && e.model.id !== shooterId) ignore.add(e.model.id);

  const parts = world.modelSolids(targetId).map(prepareSolid);
  let pass = samplePass(world, origin, shooterId, targetId, parts, options.coarseGrid ?? DEFAULT_COARSE_GRID, ignore);
  const mixed = pass.samples.some((s) => s.clear) && pass.samples.some((s) => !s.clear);
  if (mixed) pass = samplePass(world, origin, shooterId, targetId, parts, options.fineGrid ?? DEFAULT_FINE_GRID, ignore);
  const { samples, centre } = pass;

  const bodySamples = samples.filter((s) => s.part !== "base");
  const bodyArea = bodySamples.reduce((sum, s) => sum + s.weight, 0);
  const fraction = bodyArea > 0 ? bodySamples.reduce((sum, s) => sum + (s.clear ? s.weight : 0), 0) / bodyArea : 0;
  const partStats = summariseParts(samples);
  const occluders = summariseOccluders(samples);

  const shooterPose = modelPose(bf, shooter.model, shooter.def);
  const targetPose = modelPose(bf, target.model, target.def);
  const shooterFp = modelFootprint(shooter.def, shooter.model);
  const targetFp = modelFootprint(target.def, target.model);
  const originPlan: Vec2 = [origin[0], origin[2]];
  const targetPlan: Vec2 = target.model.position;

  const blockedBy = new Map<string, number>();
  for (const o of occluders) blockedBy.set(o.id, (blockedBy.get(o.id) ?? 0) + o.samples);
  const modelsNearLine = [...bf.models.values()]
    .filter((e) => e.model.id !== shooterId && e.model.id !== targetId)
    .map((e) => ({ e, distance: footprintToPolylineDistance(modelFootprint(e.def, e.model), [originPlan, targetPlan]) }))
    .filter(({ distance }) => distance <= NEAR_LINE)
    .map(({ e, distance }) => ({ id: e.model.id, unitId: e.unitId, side: e.side, distance, blockedSamples: blockedBy.get(e.model.id) ?? 0 }))
    .sort((a, b) => a.distance - b.distance);

  const hull = partStats.find((p) => p.part === "hull");
  const turret = partStats.find((p) => p.part === "turret");
  const hullBlockedByTerrain = samples.filter((s) => s.part === "hull" && s.blocker && TERRAIN_KINDS.has(s.blocker.kind)).length;
  // Hull-down: a turreted vehicle whose hull terrain hides (≤ 10 % showing) while some turret shows.
  const hullDown =
    !!target.def.vehicle && !!hull && !!turret && hull.fraction <= 0.1 && turret.fraction >= 0.05 && hullBlockedByTerrain >= 0.8 * (hull.samples - hull.visible);

  const weapon = options.weapon !== undefined ? shooter.def.weapons.find((w) => w.id === options.weapon) : undefined;
  return {
    shooter: shooterId,
    target: targetId,
    ...(weapon ? { weapon: weapon.id } : {}),
    origin,
    visibleFraction: fraction,
    anyVisible: samples.some((s) => s.clear),
    samples: bodySamples.length,
    confidence95: bodySamples.length ? 1.96 * Math.sqrt(Math.max(fraction * (1 - fraction), 0.25 / bodySamples.length) / bodySamples.length) : 1,
    parts: partStats,
    occluders,
    areas: areaCrossings(bf, origin, centre, { feetY: shooterPose.y, position: shooter.model.position }, { feetY: targetPose.y, position: targetPlan }),
    openings: summariseOpenings(world, origin, samples, shooter, target),
    linearObstacles: linearCrossings(bf, origin, centre, shooterFp, targetFp),
    modelsNearLine,
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
    hullDown,
    ...(options.includeRays
      ? { rays: samples.map((s) => ({ from: origin, to: s.point, clear: s.clear, ...(s.blocker ? { blocker: s.blocker.id } : {}) })) }
      : {}),
  };
}
