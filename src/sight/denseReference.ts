/**
 * A dense reference for the visible share of a target, independent of the sampler in visibility.ts: one
 * uniform grid of ray directions (cell midpoints, no jitter, no per-part grids, no refinement) over the
 * whole body's projection, fine enough that at least `raysPerPair` of its rays land on the body. Each ray
 * that meets a body part (not the base) before anything else of the target is cast in the sight world, so
 * the answer is the projected visible share up to the grid's resolution. Slow on purpose: for tests and the
 * benchmark's accuracy column, never for play.
 */
import { createDice } from "../core/dice";
import type { Vec3 } from "../core/solids/solid";
import { smokeBlocking } from "./areas";
import { opposingPairs } from "./matrix";
import { type PreparedSolid, prepareSolid, rayDistanceToSolid } from "./rayPrimitive";
import type { SightWorld } from "./sightWorld";
import { modelEntry, sightOrigin } from "./visibility";

export interface DenseVisibility {
  /** Clear body rays over all body rays. */
  readonly visibleFraction: number;
  /** Rays that landed on the target's body, each cast in the sight world. */
  readonly rays: number;
}

/** Rays stop this short of the target's surface, as the sampler's do. */
const SURFACE_GAP = 0.01;

/** A perspective frame looking from the origin at a point: a grid direction is f + a·r + b·u. */
interface Frame {
  readonly f: Vec3;
  readonly r: Vec3;
  readonly u: Vec3;
}

function frameTowards(origin: Vec3, at: Vec3): Frame {
  const d = [at[0] - origin[0], at[1] - origin[1], at[2] - origin[2]];
  const l = Math.hypot(d[0]!, d[1]!, d[2]!);
  const f: Vec3 = [d[0]! / l, d[1]! / l, d[2]! / l];
  const h = Math.hypot(f[0], f[2]) || 1;
  const r: Vec3 = [-f[2] / h, 0, f[0] / h];
  const u: Vec3 = [r[1] * f[2] - r[2] * f[1], r[2] * f[0] - r[0] * f[2], r[0] * f[1] - r[1] * f[0]];
  return { f, r, u };
}

/** Tangent-plane bounds [minA, maxA, minB, maxB] of points seen from the origin, padded by a cell's worth. */
function tangentBounds(origin: Vec3, frame: Frame, points: readonly Vec3[]): [number, number, number, number] {
  let minA = Infinity,
    maxA = -Infinity,
    minB = Infinity,
    maxB = -Infinity;
  for (const p of points) {
    const d = [p[0] - origin[0], p[1] - origin[1], p[2] - origin[2]] as const;
    const along = d[0] * frame.f[0] + d[1] * frame.f[1] + d[2] * frame.f[2];
    if (along <= 1e-6) throw new Error("the dense reference needs a target wholly in front of the sight origin");
    const a = (d[0] * frame.r[0] + d[1] * frame.r[1] + d[2] * frame.r[2]) / along;
    const b = (d[0] * frame.u[0] + d[1] * frame.u[1] + d[2] * frame.u[2]) / along;
    minA = Math.min(minA, a);
    maxA = Math.max(maxA, a);
    minB = Math.min(minB, b);
    maxB = Math.max(maxB, b);
  }
  return [minA, maxA, minB, maxB];
}

/** The body ray directions of an n × n midpoint grid: those whose first target surface is not the base. */
function bodyDirections(origin: Vec3, frame: Frame, bounds: readonly number[], parts: readonly PreparedSolid[], n: number): Array<{ d: Vec3; t: number }> {
  const [minA, maxA, minB, maxB] = bounds as [number, number, number, number];
  const out: Array<{ d: Vec3; t: number }> = [];
  for (let i = 0; i < n; i++) {
    const a = minA + ((i + 0.5) / n) * (maxA - minA);
    for (let j = 0; j < n; j++) {
      const b = minB + ((j + 0.5) / n) * (maxB - minB);
      const x = frame.f[0] + a * frame.r[0] + b * frame.u[0];
      const y = frame.f[1] + a * frame.r[1] + b * frame.u[1];
      const z = frame.f[2] + a * frame.r[2] + b * frame.u[2];
      const l = Math.hypot(x, y, z);
      const d: Vec3 = [x / l, y / l, z / l];
      let t = Infinity;
      let base = false;
      for (const p of parts) {
        const tp = rayDistanceToSolid(p, origin, d);
        if (tp < t) {
          t = tp;
          base = p.solid.part === "base";
        }
      }
      if (t < Infinity && !base) out.push({ d, t });
    }
  }
  return out;
}

const mean = (points: readonly Vec3[], axis: 0 | 1 | 2) => points.reduce((s, p) => s + p[axis], 0) / points.length;

/**
 * The visible share of the target's body as `shooterId` sees it (from the eye, or from a weapon's origin),
 * passing through the shooter's own unit as the sampler does by default.
 */
export function denseVisibleFraction(
  world: SightWorld,
  shooterId: string,
  targetId: string,
  raysPerPair = 16384,
  options: { weapon?: string } = {},
): DenseVisibility {
  const shooter = modelEntry(world, shooterId, "shooter");
  modelEntry(world, targetId, "target");
  const origin = sightOrigin(world.battlefield, shooter, options.weapon);
  const parts = world.modelSolids(targetId).map(prepareSolid);
  const body = parts.filter((p) => p.solid.part !== "base").flatMap((p) => p.corners);
  if (!body.length) return { visibleFraction: 0, rays: 0 };
  const centre: Vec3 = [mean(body, 0), mean(body, 1), mean(body, 2)];
  const frame = frameTowards(origin, centre);
  const bounds = tangentBounds(origin, frame, body);

  // Grow the grid until enough of it lands on the body (a figure covers well under half its bounding box).
  let n = Math.ceil(Math.sqrt(raysPerPair));
  let directions = bodyDirections(origin, frame, bounds, parts, n);
  while (directions.length < raysPerPair && directions.length > 0) {
    n = Math.ceil(n * Math.max(1.05, Math.sqrt((raysPerPair / directions.length) * 1.02)));
    directions = bodyDirections(origin, frame, bounds, parts, n);
  }

  const mates = new Set([...world.battlefield.models.values()].filter((e) => e.unitId === shooter.unitId && e !== shooter).map((e) => e.model.id));
  let clear = 0;
  for (const { d, t } of directions) {
    const reach = Math.max(0, t - SURFACE_GAP);
    const end: Vec3 = [origin[0] + d[0] * reach, origin[1] + d[1] * reach, origin[2] + d[2] * reach];
    const hit = world.castSegment(origin, end, { fromModel: shooterId, ignoreOwners: mates });
    if (hit && hit.tag.owner !== targetId) continue;
    if (smokeBlocking(world.battlefield, origin, end)) continue;
    clear++;
  }
  return { visibleFraction: directions.length ? clear / directions.length : 0, rays: directions.length };
}

/**
 * A fixed-seed set of opposing pairs for accuracy checks, at least half of them partly visible (the sampler's
 * hard cases; fully hidden or fully visible pairs are mostly easy). Pairs are drawn at random from every
 * opposing pair and sorted into partly visible and not by a quick dense reference (1,024 rays), so the
 * choice does not lean on the sampler under test, until each half is full.
 */
export function referencePairs(world: SightWorld, count = 50, seed = 7): Array<[string, string]> {
  const all = opposingPairs(world);
  const dice = createDice(seed);
  const partly: Array<[string, string]> = [];
  const other: Array<[string, string]> = [];
  const wantPartly = Math.ceil(count / 2);
  const seen = new Set<number>();
  while (partly.length + other.length < count && seen.size < all.length) {
    const k = dice.roll(all.length, "reference pair") - 1;
    if (seen.has(k)) continue;
    seen.add(k);
    const pair = all[k]!;
    const f = denseVisibleFraction(world, pair[0], pair[1], 1024).visibleFraction;
    const bucket = f > 0 && f < 1 ? partly : other;
    if (bucket === partly ? partly.length < wantPartly : other.length < count - wantPartly) bucket.push(pair);
  }
  return [...partly, ...other];
}
