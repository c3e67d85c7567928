/**
 * How much of a target a shooter can see, by sampling its silhouette with rays.
 *
 * A sample direction comes from a jittered grid over one part's projection (silhouette.ts). It belongs to
 * that part when the part is the first target surface along it (tested exactly in JavaScript); then one
 * Rapier ray, stopping just short of that surface, says whether anything is in the way. Each sample weighs
 * the area of its grid cell, so the weighted share of clear samples estimates the visible share of the
 * projected silhouette. Every part gets a coarse grid; where a part's coarse samples disagree (clear and
 * blocked, or blocked by different things), the coarse cells beside a disagreement are split into cells of
 * a fine grid (refineAround). confidence.ts bounds the error from the grid cells' neighbours.
 */
import { type Battlefield, figureScale, type ModelEntry, modelPose, modelWorldPoint } from "../core/battlefield";
import { rotateByHeading } from "../core/geometry2d";
import type { Vec3 } from "../core/solids/solid";
import { smokeBlocking } from "./areas";
import { type GridSample, type PartGrid, stratifiedHalfWidth } from "./confidence";
import { type PreparedSolid, prepareSolid, rayDistanceToSolid } from "./rayPrimitive";
import type { Occluder, PartVisibility } from "./sightReport";
import type { ColliderTag, SightWorld } from "./sightWorld";
import { directionThrough, gridPoint, projectedRect, type ViewBasis, viewBasis } from "./silhouette";

export interface SightOptions {
  /** Weapon id of the shooter's definition: sight from its origin and check its arc. Default: the eye. */
  readonly weapon?: string;
  /** Sight from this plan point of the shooter's base (model frame, +z forward) at the weapon's or eye's height (baseOrigins.ts). */
  readonly originOffset?: readonly [number, number];
  readonly includeRays?: boolean;
  /** Grid size (per side, per part) of the first pass. */
  readonly coarseGrid?: number;
  /**
   * Resolution of the refinement of a part whose first-pass samples are mixed: cells around disagreements are
   * halved until no larger than 1 / fineGrid of the part (refineAround).
   */
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
export const DEFAULT_FINE_GRID = 12;
/** Rays stop this short of the target's surface so they never hit the target itself. */
const SURFACE_GAP = 0.01;
const TERRAIN_KINDS = new Set(["ground", "hill", "building-wall", "building-floor", "roof", "wall", "hedge", "bocage", "sandbags", "tank-trap"]);

export class SightQueryError extends Error {}

export interface Sample {
  readonly part: string;
  /** Index of its cell in the part's finest grid (column × grid + row); a sample standing for a block of cells names its first. */
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
  /**
   * Per part solid, the rectangle [minA, maxA, minB, maxB] its bounds project to on the view plane, padded a
   * little: a direction outside it cannot meet the solid. Infinite for a solid reaching behind the origin.
   */
  readonly partRects: Float64Array;
  readonly view: ViewBasis;
  readonly ignore: ReadonlySet<string>;
}

/** A sampled part: its samples, and its grid as the 95 % bound reads it. */
interface SampledPart {
  readonly samples: readonly Sample[];
  readonly grid: PartGrid;
}

/** One part's grid: its rectangle on the view plane, its size and the projected area a cell stands for. */
interface PartGridSpec {
  readonly group: string;
  readonly rect: readonly [number, number, number, number];
  readonly grid: number;
  readonly weight: number;
}

function partRects(origin: Vec3, view: ViewBasis, parts: readonly PreparedSolid[]): Float64Array {
  const rects = new Float64Array(parts.length * 4);
  const pad = 1e-7 * view.dist;
  parts.forEach((p, k) => {
    const behind = p.corners.some((c) => (c[0] - origin[0]) * view.f[0] + (c[1] - origin[1]) * view.f[1] + (c[2] - origin[2]) * view.f[2] <= 1e-6);
    const [minA, maxA, minB, maxB] = behind ? [-Infinity, Infinity, -Infinity, Infinity] : projectedRect(origin, view, p.corners);
    rects.set([minA - pad, maxA + pad, minB - pad, maxB + pad], k * 4);
  });
  return rects;
}

function partGrid(ctx: SamplingContext, group: string, grid: number): PartGridSpec {
  const rect = projectedRect(
    ctx.origin,
    ctx.view,
    ctx.parts.filter((p) => p.solid.part === group).flatMap((p) => p.corners),
  );
  return { group, rect, grid, weight: ((rect[1] - rect[0]) * (rect[3] - rect[2])) / (grid * grid) };
}

/**
 * The sample of cell (i, j) of a part's grid, or null when the part is not the first target surface along
 * its direction: that direction is tested exactly against the target's solids (those whose rectangle holds
 * it), then one Rapier ray, stopping just short of the surface, says whether anything is in the way.
 */
function sampleCell(ctx: SamplingContext, spec: PartGridSpec, i: number, j: number): Sample | null {
  const { world, origin, parts, partRects: rects } = ctx;
  const [a, b] = gridPoint(spec.rect, spec.grid, i, j);
  const d = directionThrough(ctx.view, a, b);
  let best = Infinity;
  let part = "";
  for (let k = 0; k < parts.length; k++) {
    if (a < rects[4 * k]! || a > rects[4 * k + 1]! || b < rects[4 * k + 2]! || b > rects[4 * k + 3]!) continue;
    const t = rayDistanceToSolid(parts[k]!, origin, d);
    if (t < best) {
      best = t;
      part = parts[k]!.solid.part;
    }
  }
  if (part !== spec.group) return null;
  const cell = i * spec.grid + j;
  const { weight } = spec;
  const reach = Math.max(0, best - SURFACE_GAP);
  const point: Vec3 = [origin[0] + d[0] * best, origin[1] + d[1] * best, origin[2] + d[2] * best];
  const end: Vec3 = [origin[0] + d[0] * reach, origin[1] + d[1] * reach, origin[2] + d[2] * reach];
  const hit = world.castSegment(origin, end, { fromModel: ctx.shooterId, ignoreOwners: ctx.ignore });
  if (hit && hit.tag.owner !== ctx.targetId) return { part, cell, weight, point, clear: false, blocker: occluderOf(world, hit.tag, hit.point) };
  const smoke = smokeBlocking(world.battlefield, origin, end);
  return smoke ? { part, cell, weight, point, clear: false, blocker: { id: smoke, kind: "smoke", part: "cloud" } } : { part, cell, weight, point, clear: true };
}

/** Samples every cell of a part's grid. */
function samplePart(ctx: SamplingContext, spec: PartGridSpec): Sample[] {
  if (!(spec.weight > 0)) return [];
  const samples: Sample[] = [];
  for (let i = 0; i < spec.grid; i++) {
    for (let j = 0; j < spec.grid; j++) {
      const s = sampleCell(ctx, spec, i, j);
      if (s) samples.push(s);
    }
  }
  return samples;
}

/** Whether two cells' samples found the same: both missed the part, both clear, or both stopped by the same thing. */
function sameFinding(a: Sample | null, b: Sample | null): boolean {
  if (!a || !b) return a === b;
  return a.clear === b.clear && (a.clear || a.blocker!.id === b.blocker!.id);
}

/**
 * A square block of the finest grid's cells that one ray stands for (i, j: its first column and row), with
 * where that ray crosses the view plane and its sample (null when it missed the part).
 */
interface Leaf {
  readonly i: number;
  readonly j: number;
  readonly size: number;
  readonly at: readonly [number, number];
  readonly sample: Sample | null;
}

/**
 * Refines a part whose coarse samples disagree, only where they disagree: a cell whose sample differs from a
 * touching cell's (clear or not, the blocker, the part there or not) is split in four, its ray kept for the
 * quarter it fell in and the other quarters sampled on the grid twice as fine; and so on, level by level,
 * until cells are no larger than 1 / fineGrid of the part. A cell among agreeing neighbours keeps its one
 * sample for its whole area; for the bound it counts as the finest cells it covers, all agreeing.
 */
function refineAround(ctx: SamplingContext, coarse: PartGridSpec, coarseSamples: readonly Sample[], fineGrid: number): SampledPart {
  const n = coarse.grid;
  let finest = n;
  while (finest < fineGrid) finest *= 2;
  if (finest === n) return { samples: coarseSamples, grid: { grid: n, samples: coarseSamples } };
  const cellWeight = coarse.weight * (n / finest) ** 2;
  const byCell: Array<Sample | null> = new Array(n * n).fill(null);
  for (const s of coarseSamples) byCell[s.cell] = s;
  const leaves: Leaf[] = [];
  const owner = new Int32Array(finest * finest);
  const place = (leaf: Leaf) => {
    for (let i = leaf.i; i < leaf.i + leaf.size; i++) owner.fill(leaves.length, i * finest + leaf.j, i * finest + leaf.j + leaf.size);
    leaves.push(leaf);
  };
  const scale = finest / n;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) place({ i: i * scale, j: j * scale, size: scale, at: gridPoint(coarse.rect, n, i, j), sample: byCell[i * n + j]! });
  const differs = (leaf: Leaf): boolean => {
    const { i, j, size, sample } = leaf;
    for (let x = Math.max(0, i - 1); x <= Math.min(finest - 1, i + size); x++) {
      for (let y = Math.max(0, j - 1); y <= Math.min(finest - 1, j + size); y++) {
        if (x >= i && x < i + size && y >= j && y < j + size) continue;
        if (!sameFinding(leaves[owner[x * finest + y]!]!.sample, sample)) return true;
      }
    }
    return false;
  };
  for (let size = scale, grid = n; size > 1; size /= 2, grid *= 2) {
    const split = leaves.filter((leaf) => leaf.size === size && differs(leaf));
    const half = size / 2;
    const spec: PartGridSpec = { ...coarse, grid: grid * 2, weight: coarse.weight * (n / (grid * 2)) ** 2 };
    for (const leaf of split) {
      // The quarter the cell's own ray fell in keeps it (a ray that missed the part stays a miss).
      const [a, b] = leaf.at;
      const [minA, maxA, minB, maxB] = coarse.rect;
      const keptI = Math.min(1, Math.max(0, Math.floor(((a - minA) / (maxA - minA)) * grid * 2) - (2 * leaf.i) / size));
      const keptJ = Math.min(1, Math.max(0, Math.floor(((b - minB) / (maxB - minB)) * grid * 2) - (2 * leaf.j) / size));
      for (let di = 0; di < 2; di++) {
        for (let dj = 0; dj < 2; dj++) {
          const ci = (2 * leaf.i) / size + di;
          const cj = (2 * leaf.j) / size + dj;
          const kept = di === keptI && dj === keptJ;
          const at = kept ? leaf.at : gridPoint(spec.rect, spec.grid, ci, cj);
          place({ i: leaf.i + di * half, j: leaf.j + dj * half, size: half, at, sample: kept ? leaf.sample : sampleCell(ctx, spec, ci, cj) });
        }
      }
    }
  }
  // Leaves that were split are no longer anyone's owner: what is left is each finest cell's one sample.
  const live = new Set(owner);
  const samples: Sample[] = [];
  const cells: GridSample[] = [];
  for (const k of live) {
    const { i, j, size, sample } = leaves[k]!;
    if (!sample) continue;
    samples.push({ ...sample, cell: i * finest + j, weight: cellWeight * size * size });
    for (let x = i; x < i + size; x++) for (let y = j; y < j + size; y++) cells.push({ cell: x * finest + y, weight: cellWeight, clear: sample.clear });
  }
  return { samples, grid: { grid: finest, samples: cells } };
}

function summariseParts(samples: readonly Sample[]): PartVisibility[] {
  const byPart = new Map<string, { samples: number; visible: number; area: number; visibleArea: number; blockers: Map<string, number> }>();
  for (const s of samples) {
    const p = byPart.get(s.part) ?? { samples: 0, visible: 0, area: 0, visibleArea: 0, blockers: new Map<string, number>() };
    p.samples++;
    p.area += s.weight;
    if (s.clear) p.visible++, (p.visibleArea += s.weight);
    if (s.blocker) p.blockers.set(s.blocker.id, (p.blockers.get(s.blocker.id) ?? 0) + 1);
    byPart.set(s.part, p);
  }
  return [...byPart].map(([part, p]) => ({
    part,
    samples: p.samples,
    visible: p.visible,
    // A part refined only in places has samples of two sizes: its share is by area, not by count.
    fraction: p.visible === 0 || p.visible === p.samples || equalWeights(samples, part) ? p.visible / p.samples : p.visibleArea / p.area,
    blockedBy: [...p.blockers].sort((a, b) => b[1] - a[1]).map(([id]) => id),
  }));
}

function equalWeights(samples: readonly Sample[], part: string): boolean {
  let weight: number | undefined;
  for (const s of samples) {
    if (s.part !== part) continue;
    if (weight !== undefined && s.weight !== weight) return false;
    weight = s.weight;
  }
  return true;
}

function summariseOccluders(samples: readonly Sample[]): Occluder[] {
  // One entry per (owner, kind): a building's walls and its roof are reported apart. Listed in the order first
  // met, so that equal counts keep that order through the sort.
  const byKind = new Map<Occluder["kind"], Map<string, { id: string; kind: Occluder["kind"]; parts: Set<string>; samples: number }>>();
  const met: Array<{ id: string; kind: Occluder["kind"]; parts: Set<string>; samples: number }> = [];
  for (const s of samples) {
    const blocker = s.blocker;
    if (!blocker) continue;
    let byId = byKind.get(blocker.kind);
    if (!byId) byKind.set(blocker.kind, (byId = new Map()));
    let o = byId.get(blocker.id);
    if (!o) {
      o = { id: blocker.id, kind: blocker.kind, parts: new Set<string>(), samples: 0 };
      byId.set(blocker.id, o);
      met.push(o);
    }
    o.parts.add(blocker.part);
    o.samples++;
  }
  return met.map((o) => ({ ...o, parts: [...o.parts].sort() })).sort((a, b) => b.samples - a.samples);
}

/** Hull-down: a turreted vehicle whose hull terrain hides (≤ 10 % showing) while some of its turret shows. */
function isHullDown(target: ModelEntry, samples: readonly Sample[], parts: readonly PartVisibility[]): boolean {
  const hull = parts.find((p) => p.part === "hull");
  const turret = parts.find((p) => p.part === "turret");
  if (!target.def.vehicle || !hull || !turret) return false;
  // By area: a hull refined only in places has samples of two sizes.
  let hidden = 0;
  let hiddenByTerrain = 0;
  for (const s of samples) {
    if (s.part !== "hull" || s.clear) continue;
    hidden += s.weight;
    if (s.blocker && TERRAIN_KINDS.has(s.blocker.kind)) hiddenByTerrain += s.weight;
  }
  return hull.fraction <= 0.1 && turret.fraction >= 0.05 && hiddenByTerrain >= 0.8 * hidden;
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

/** A model's part solids prepared for exact ray tests, once per model state (the same for every shooter). */
export function preparedParts(world: SightWorld, id: string): readonly PreparedSolid[] {
  const solids = world.modelSolids(id);
  let parts = preparedCache.get(solids);
  if (!parts) preparedCache.set(solids, (parts = solids.map(prepareSolid)));
  return parts;
}
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
  const parts = preparedParts(world, targetId);
  const view = viewBasis(origin, parts);
  const ctx: SamplingContext = { world, origin, shooterId, targetId, parts, partRects: partRects(origin, view, parts), view, ignore };

  const coarseGrid = options.coarseGrid ?? DEFAULT_COARSE_GRID;
  const fineGrid = options.fineGrid ?? DEFAULT_FINE_GRID;
  const grids: PartGrid[] = [];
  const sample = (group: string): readonly Sample[] => {
    const coarse = partGrid(ctx, group, coarseGrid);
    const first = samplePart(ctx, coarse);
    let part: SampledPart = { samples: first, grid: { grid: coarseGrid, samples: first } };
    if (disagree(first)) part = refineAround(ctx, coarse, first, fineGrid);
    if (group !== "base") grids.push(part.grid);
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
