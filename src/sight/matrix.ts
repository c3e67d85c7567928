/**
 * Visibility between every pair of opposing models: the "who can see whom" table behind the LOS overlay,
 * the matrix CLI and the benchmark.
 */
import { sightReport, type SightOptions } from "./lineOfSight";
import type { SightWorld } from "./sightWorld";

export interface MatrixEntry {
  readonly shooter: string;
  readonly target: string;
  readonly visibleFraction: number;
  readonly hullDown: boolean;
  /** Ids of what blocks most, most first. */
  readonly blockedBy: readonly string[];
}

/** Pairs (shooter, target) of models on different sides, in a stable order. */
export function opposingPairs(world: SightWorld): Array<[string, string]> {
  const models = [...world.battlefield.models.values()];
  const pairs: Array<[string, string]> = [];
  for (const a of models) for (const b of models) if (a.side !== b.side) pairs.push([a.model.id, b.model.id]);
  return pairs;
}

export function visibilityMatrix(
  world: SightWorld,
  options: SightOptions & { onProgress?: (done: number, total: number) => void } = {},
): MatrixEntry[] {
  const pairs = opposingPairs(world);
  return pairs.map(([shooter, target], i) => {
    const r = sightReport(world, shooter, target, options);
    if (options.onProgress && (i % 100 === 0 || i === pairs.length - 1)) options.onProgress(i + 1, pairs.length);
    return { shooter, target, visibleFraction: r.visibleFraction, hullDown: r.hullDown, blockedBy: r.occluders.map((o) => o.id) };
  });
}
