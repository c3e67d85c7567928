/**
 * How much of a target a shooter can see, by sampling its silhouette with rays.
 *
 * A sample direction comes from a jittered grid over one part's projection (silhouette.ts). It belongs to
 * that part when the part is the first target surface along it (tested exactly in JavaScript); then one
 * Rapier ray, stopping just short of that surface, says whether anything is in the way. Each sample weighs
 * the area of its grid cell, so the weighted share of clear samples estimates the visible share of the
 * projected silhouette. Every part gets a coarse grid; only a part whose coarse samples disagree (clear
 * and blocked, or blocked by different things) is sampled again on a fine grid. confidence.ts bounds the
 * error from the grid cells' neighbours.
 */
import { type Battlefield, figureScale, type ModelEntry, modelPose, modelWorldPoint } from "../core/battlefield";
import { rotateByHeading } from "../core/geometry2d";
import type { Vec3 } from "../core/solids/solid";
import { smokeBlocking } from "./areas";
import { type PartGrid, stratifiedHalfWidth } from "./confidence";
import { type PreparedSolid, prepareSolid, rayDistanceToSolid } from "./rayPrimitive";
import type { Occluder, PartVisibility } from "./sightReport";
import type { ColliderTag, SightWorld } from "./sightWorld";
import { gridDirections, projectedRect, type ViewBasis, viewBasis } from "./silhouette";

export interface SightOptions {
  /** Weapon id of the shooter's definition: sight from its origin and check its arc. Default: the eye. */
  readonly weapon?: string;
  /** Sight from this plan point of the shooter's base (model frame, +z forward) at the weapon's or eye's height (baseOrigins.ts). */
  readonly originOffset?: readonly [number, number];
  readonly includeRays?: boolean;
  /** Grid size (per side, per part) of the first pass. */
  readonly coarseGrid?: number;
  /** Grid size of the refinement of a part whose first-pass samples are mixed. */
  readonly fineGrid?: number;
  /** Whether models of the shooter's own unit let sight through (true in every supported system). */
  readonly ignoreOwnUnit?: boolean;
  /** Models that let sight through as well (a rule system's "intervening infantry do not block"). */
  readonly seeThrough?: readonly string[];
}

/**
 * Grid sizes per part. A coarse grid of n × n misses slivers narrower than about 1/n of a part (a turret
 * top peeking over a crest), so single reports use 6; the all-pairs matrix, a quick overview, uses
 * MATRIX_GRIDS and says so.
 */
export const DEFAULT_COARSE_GRID = 6;
export const DEFAULT_FINE_GRID = 16;
/** Rays stop this short of the target's surface so they never hit the target itself. */
const SURFACE_GAP = 0.01;
const TERRAIN_KINDS = new Set(["ground", "hill", "building-wall", "building-floor", "roof", "wall", "hedge", "bocage", "sandbags", "tank-trap"]);

export class SightQueryError extends Error {}

export interface Sample {
  readonly part: string;
  /** Index of its cell in the part's grid (column × grid + row), for the bound's neighbour differences. */
  readonly cell: number;
  /** Projected area the sample stands for (its grid cell). */
  readonly weight: number;
  /** Where the ray meets the target's surface. */
  readonly point: Vec3;
  readonly clear: boolean;
  /** What stopped the ray, and where it struck (smoke has no surface to strike). */
  readonly blocker?: { readonly id: string; readonly kind: Occluder["kind"]; readonly part: string; readonly at?: Vec3 };
}

export interface Visibility {
  readonly shooter: ModelEntry;
  readonly target: ModelEntry;
  readonly origin: Vec3;
  readonly samples: readonly Sample[];
  readonly visibleFraction: number;
  readonly anyVisible: boolean;
  /** Samples on the target's body (bases excluded). */
  readonly bodySamples: number;
  /** Half-width of the 95 % interval of visibleFraction (see SightReport.confidence95). */
  readonly confidence95: number;
  readonly parts: readonly PartVisibility[];
  readonly occluders: readonly Occluder[];
  readonly hullDown: boolean;
}

export function modelEntry(world: SightWorld, id: string, role: string): ModelEntry {
  const entry = world.battlefield.models.get(id);
  if (!entry) throw new SightQueryError(`unknown ${role} model "${id}"`);
  return entry;
}

/**
 * The point sight is traced from: the weapon's origin, else the eye, else the top of the model; moved to
 * `originOffset` on the base when given (figures stand upright, so only the plan point changes).
 */
export function sightOrigin(bf: Battlefield, entry: ModelEntry, weaponId?: string, originOffset?: readonly [number, number]): Vec3 {
  const point = pointOfSight(bf, entry, weaponId);
  if (!originOffset) return point;
  const [dx, dz] = rotateByHeading(originOffset, entry.model.heading);
  return [entry.model.position[0] + dx, point[1], entry.model.position[1] + dz];
}

function pointOfSight(bf: Battlefield, entry: ModelEntry, weaponId?: string): Vec3 {
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

function occluderOf(world: SightWorld, tag: ColliderTag, point: Vec3): NonNullable<Sample["blocker"]> {
  if (tag.kind === "ground") {
    const hill = world.battlefield.ground.hillAt([point[0], point[2]]);
    return hill ? { id: hill.id, kind: "hill", part: "slope", at: point } : { id: tag.owner, kind: "ground", part: tag.part, at: point };
  }
  return { id: tag.owner, kind: tag.kind, part: tag.part, at: point };
}

interface SamplingContext {
  readonly world: SightWorld;
  readonly origin: Vec3;
  readonly shooterId: string;
  readonly targetId: string;
  readonly parts: readonly PreparedSolid[];
  readonly view: ViewBasis;
  readonly ignore: ReadonlySet<string>;
}

/** Samples one part on a grid: the directions whose first target surface is that part, each cast in Rapier. */
function samplePart(ctx: SamplingContext, group: string, grid: number): Sample[] {
  const { world, origin, parts } = ctx;
  const rect = projectedRect(
    origin,
    ctx.view,
    parts.filter((p) => p.solid.part === group).flatMap((p) => p.corners),
  );
  const weight = ((rect[1] - rect[0]) * (rect[3] - rect[2])) / (grid * grid);
  if (!(weight > 0)) return [];
  const samples: Sample[] = [];
  for (const [cell, d] of gridDirections(ctx.view, rect, grid).entries()) {
    let best = Infinity;
    let part = "";
    for (const p of parts) {
      const t = rayDistanceToSolid(p, origin, d);
      if (t < best) {
        best = t;
        part = p.solid.part;
      }
    }
    if (part !== group) continue;
    const reach = Math.max(0, best - SURFACE_GAP);
    const point: Vec3 = [origin[0] + d[0] * best, origin[1] + d[1] * best, origin[2] + d[2] * best];
    const end: Vec3 = [origin[0] + d[0] * reach, origin[1] + d[1] * reach, origin[2] + d[2] * reach];
    const hit = world.castSegment(origin, end, { fromModel: ctx.shooterId, ignoreOwners: ctx.ignore });
    if (hit && hit.tag.owner !== ctx.targetId) {
      samples.push({ part, cell, weight, point, clear: false, blocker: occluderOf(world, hit.tag, hit.point) });
      continue;
    }
    const smoke = smokeBlocking(world.battlefield, origin, end);
    samples.push(
      smoke ? { part, cell, weight, point, clear: false, blocker: { id: smoke, kind: "smoke", part: "cloud" } } : { part, cell, weight, point, clear: true },
    );
  }
  return samples;
}

function summariseParts(samples: readonly Sample[]): PartVisibility[] {
  const byPart = new Map<string, { samples: number; visible: number; blockers: Map<string, number> }>();
  for (const s of samples) {
    const p = byPart.get(s.part) ?? { samples: 0, visible: 0, blockers: new Map<string, number>() };
    p.samples++;
    if (s.clear) p.visible++;
    if (s.blocker) p.blockers.set(s.blocker.id, (p.blockers.get(s.blocker.id) ?? 0) + 1);
    byPart.set(s.part, p);
  }
  return [...byPart].map(([part, p]) => ({
    part,
    samples: p.samples,
    visible: p.visible,
    fraction: p.visible / p.samples,
    blockedBy: [...p.blockers].sort((a, b) => b[1] - a[1]).map(([id]) => id),
  }));
}

function summariseOccluders(samples: readonly Sample[]): Occluder[] {
  // One entry per (owner, kind): a building's walls and its roof are reported apart.
  const byOwnerAndKind = new Map<string, { id: string; kind: Occluder["kind"]; parts: Set<string>; samples: number }>();
  for (const s of samples) {
    if (!s.blocker) continue;
    const key = `${s.blocker.kind}:${s.blocker.id}`;
    const o = byOwnerAndKind.get(key) ?? { id: s.blocker.id, kind: s.blocker.kind, parts: new Set<string>(), samples: 0 };
    o.parts.add(s.blocker.part);
    o.samples++;
    byOwnerAndKind.set(key, o);
  }
  return [...byOwnerAndKind.values()].map((o) => ({ ...o, parts: [...o.parts].sort() })).sort((a, b) => b.samples - a.samples);
}

/** Hull-down: a turreted vehicle whose hull terrain hides (≤ 10 % showing) while some of its turret shows. */
function isHullDown(target: ModelEntry, samples: readonly Sample[], parts: readonly PartVisibility[]): boolean {
  const hull = parts.find((p) => p.part === "hull");
  const turret = parts.find((p) => p.part === "turret");
  if (!target.def.vehicle || !hull || !turret) return false;
  const hiddenByTerrain = samples.filter((s) => s.part === "hull" && s.blocker && TERRAIN_KINDS.has(s.blocker.kind)).length;
  return hull.fraction <= 0.1 && turret.fraction >= 0.05 && hiddenByTerrain >= 0.8 * (hull.samples - hull.visible);
}

/**
 * Whether a part's coarse samples disagree, so that it is sampled again on the fine grid: some clear and
 * some blocked, or blocked by different things (sight may slip through the gap between two blockers).
 */
function disagree(samples: readonly Sample[]): boolean {
  const first = samples[0];
  return samples.some((s) => s.clear !== first!.clear || s.blocker?.id !== first!.blocker?.id);
}

const preparedCache = new WeakMap<readonly object[], PreparedSolid[]>();
const NOBODY: ReadonlySet<string> = new Set();
const unitMatesCache = new WeakMap<object, Map<string, ReadonlySet<string>>>();

/** The other models of the shooter's unit: sight passes through them. Cached per battlefield state. */
export function unitMates(world: SightWorld, shooter: ModelEntry): ReadonlySet<string> {
  const models = world.battlefield.models;
  let byShooter = unitMatesCache.get(models);
  if (!byShooter) unitMatesCache.set(models, (byShooter = new Map()));
  let mates = byShooter.get(shooter.model.id);
  if (!mates) {
    mates = new Set([...models.values()].filter((e) => e.unitId === shooter.unitId && e !== shooter).map((e) => e.model.id));
    byShooter.set(shooter.model.id, mates);
  }
  return mates;
}

export function measureVisibility(world: SightWorld, shooterId: string, targetId: string, options: SightOptions = {}): Visibility {
  if (shooterId === targetId) throw new SightQueryError(`a model cannot target itself ("${shooterId}")`);
  const shooter = modelEntry(world, shooterId, "shooter");
  const target = modelEntry(world, targetId, "target");
  const origin = sightOrigin(world.battlefield, shooter, options.weapon, options.originOffset);
  const own = (options.ignoreOwnUnit ?? true) ? unitMates(world, shooter) : NOBODY;
  const ignore = options.seeThrough?.length ? new Set([...own, ...options.seeThrough]) : own;
  const solids = world.modelSolids(targetId);
  let parts = preparedCache.get(solids);
  if (!parts) preparedCache.set(solids, (parts = solids.map(prepareSolid)));
  const ctx: SamplingContext = { world, origin, shooterId, targetId, parts, view: viewBasis(origin, parts), ignore };

  const coarseGrid = options.coarseGrid ?? DEFAULT_COARSE_GRID;
  const fineGrid = options.fineGrid ?? DEFAULT_FINE_GRID;
  const grids: PartGrid[] = [];
  const sample = (group: string) => {
    const coarse = samplePart(ctx, group, coarseGrid);
    const part = disagree(coarse) ? { grid: fineGrid, samples: samplePart(ctx, group, fineGrid) } : { grid: coarseGrid, samples: coarse };
    if (group !== "base") grids.push(part);
    return part.samples;
  };
  const groups = [...new Set(parts.map((p) => p.solid.part))];
  const samples = groups.filter((g) => g !== "base").flatMap(sample);
  // Bases do not count as the model; they are sampled only to tell "hidden" from "only the base shows".
  if (groups.includes("base") && !samples.some((s) => s.clear)) samples.push(...sample("base"));

  const body = samples.filter((s) => s.part !== "base");
  const area = body.reduce((sum, s) => sum + s.weight, 0);
  const visibleFraction = area > 0 ? body.reduce((sum, s) => sum + (s.clear ? s.weight : 0), 0) / area : 0;
  const parts_ = summariseParts(samples);
  return {
    shooter,
    target,
    origin,
    samples,
    visibleFraction,
    anyVisible: samples.some((s) => s.clear),
    bodySamples: body.length,
    confidence95: stratifiedHalfWidth(grids, visibleFraction, area),
    parts: parts_,
    occluders: summariseOccluders(samples),
    hullDown: isHullDown(target, samples, parts_),
  };
}
