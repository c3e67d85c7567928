/**
 * Visibility between every pair of opposing models: the "who can see whom" table behind the LOS overlay,
 * the matrix CLI and the benchmark. It measures visibility only, not the full SightReport facts.
 */
import type { SightWorld } from "./sightWorld";
import { measureVisibility, modelEntry, type SightOptions } from "./visibility";

/** The matrix is an overview: coarser sampling (about ±5 %, slivers under ~25 % of a part can be missed). */
export const MATRIX_GRIDS = { coarseGrid: 4, fineGrid: 8 } as const;

/** A shooter and a target, by model id. */
export type Pair = readonly [shooter: string, target: string];

export interface MatrixEntry {
  readonly shooter: string;
  readonly target: string;
  readonly visibleFraction: number;
  readonly hullDown: boolean;
  /** Ids of what blocks, most first. */
  readonly blockedBy: readonly string[];
}

/** Pairs (shooter, target) of models on different sides, in a stable order. */
export function opposingPairs(world: SightWorld): Array<[string, string]> {
  return pairsAcrossSides([...world.battlefield.models.values()].map((e) => ({ id: e.model.id, side: e.side })));
}

/** Pairs (shooter, target) of models on different sides, in the models' order (as the battlefield lists them). */
export function pairsAcrossSides(models: ReadonlyArray<{ readonly id: string; readonly side: string }>): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const a of models) for (const b of models) if (a.side !== b.side) pairs.push([a.id, b.id]);
  return pairs;
}

/** The models on other sides than the shooter's, in a stable order: whom it could be asked to see. */
export function opposingTargets(world: SightWorld, shooterId: string): string[] {
  const shooter = modelEntry(world, shooterId, "shooter");
  return [...world.battlefield.models.values()].filter((e) => e.side !== shooter.side).map((e) => e.model.id);
}

export function visibilityMatrix(
  world: SightWorld,
  options: SightOptions & { pairs?: ReadonlyArray<readonly [string, string]>; onProgress?: (done: number, total: number) => void } = {},
): MatrixEntry[] {
  const pairs = options.pairs ?? opposingPairs(world);
  return pairs.map(([shooter, target], i) => {
    const entry = visibilityEntry(world, shooter, target, options);
    options.onProgress?.(i + 1, pairs.length);
    return entry;
  });
}

/** One cell of the matrix; the options may ask for finer grids than the matrix's. */
export function visibilityEntry(world: SightWorld, shooter: string, target: string, options: SightOptions = {}): MatrixEntry {
  const v = measureVisibility(world, shooter, target, { ...MATRIX_GRIDS, ...options });
  return { shooter, target, visibleFraction: v.visibleFraction, hullDown: v.hullDown, blockedBy: [...new Set(v.occluders.map((o) => o.id))] };
}
