/** Bigger battlefields for the benchmarks: a scenario's own models copied and scattered until there are enough. */
import { createDice } from "../core/dice";
import type { Scenario } from "../core/scenario/schema";

/**
 * The scenario with `models` models: its own, then copies of them (each copy a new unit) scattered over the
 * table from a fixed seed, standing on the ground.
 */
export function syntheticTable(scenario: Scenario, models: number): Scenario {
  const dice = createDice(models);
  const { width, depth } = scenario.table;
  const margin = 8;
  const forces = scenario.forces.map((f) => ({ ...f, units: [...f.units] }));
  const originals = forces.flatMap((f) => f.units.map((unit) => ({ force: f, unit })));
  let count = originals.reduce((n, { unit }) => n + unit.models.length, 0);
  for (let copy = 1; count < models; copy++) {
    for (const { force, unit } of originals) {
      const take = unit.models.slice(0, models - count);
      if (!take.length) break;
      const at = (): [number, number] => [margin + dice.fraction("x") * (width - 2 * margin), margin + dice.fraction("z") * (depth - 2 * margin)];
      const [cx, cz] = at();
      const [ux, uz] = unit.models[0]!.position;
      force.units.push({
        ...unit,
        id: `${unit.id}~${copy}`,
        models: take.map(({ floor: _floor, elevation: _elevation, ...m }) => ({
          ...m,
          id: `${m.id}~${copy}`,
          position: [cx + m.position[0] - ux, cz + m.position[1] - uz] as [number, number],
        })),
      });
      count += take.length;
    }
  }
  return { ...scenario, forces };
}
