import { type DependencyList, useMemo, useRef } from "react";
import type { Battlefield } from "../core/battlefield";

/**
 * A value computed from the battlefield that depends on its terrain alone. A model moving (a drag, a replay's
 * glide) makes a new Battlefield with the same features: that must not rebuild terrain meshes, so the value is
 * keyed on the features (and `deps`), and computed from the newest battlefield when they change.
 */
export function useTerrainMemo<T>(battlefield: Battlefield, compute: (battlefield: Battlefield) => T, deps: DependencyList = []): T {
  const latest = useRef(battlefield);
  latest.current = battlefield;
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the features on purpose, as said above
  return useMemo(() => compute(latest.current), [battlefield.scenario.features, ...deps]);
}
