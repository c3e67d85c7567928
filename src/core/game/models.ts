/**
 * The models of a scenario as the game moves them: found by id, changed one at a time, stood at a placement.
 */
import type { Model, Scenario } from "../scenario/schema";
import type { Placement } from "./events";

export function findModel(scenario: Scenario, id: string): Model | undefined {
  for (const force of scenario.forces) for (const unit of force.units) for (const model of unit.models) if (model.id === id) return model;
  return undefined;
}

/** A list with `fn` applied to each item, or the list itself when `fn` changed none (the state shares what an event leaves). */
function mapSharing<T>(items: readonly T[], fn: (item: T) => T | undefined): T[] {
  const out = items.flatMap((item) => fn(item) ?? []);
  return out.length === items.length && out.every((item, i) => item === items[i]) ? (items as T[]) : out;
}

function mapModels(scenario: Scenario, fn: (model: Model) => Model | undefined): Scenario {
  const forces = mapSharing(scenario.forces, (force) => {
    const units = mapSharing(force.units, (unit) => {
      const models = mapSharing(unit.models, fn);
      if (models === unit.models) return unit;
      return models.length > 0 ? { ...unit, models } : undefined;
    });
    return units === force.units ? force : { ...force, units };
  });
  return forces === scenario.forces ? scenario : { ...scenario, forces };
}

/** Where a model stands now, as a placement (the inverse of `placed`). */
export function placementOf(model: Model): Placement {
  return {
    position: model.position,
    heading: model.heading,
    ...(model.elevation !== undefined ? { elevation: model.elevation } : {}),
    ...(model.floor ? { floor: model.floor } : {}),
  };
}

/** The model standing at a placement (on the ground, at an elevation or on a floor). */
export function placed(model: Model, at: Placement): Model {
  const { elevation: _e, floor: _f, ...rest } = model;
  return {
    ...rest,
    position: at.position,
    heading: at.heading,
    ...(at.elevation !== undefined ? { elevation: at.elevation } : {}),
    ...(at.floor ? { floor: at.floor } : {}),
  };
}

/** The scenario with one model changed (or removed, when `fn` returns undefined). */
export function withModel(scenario: Scenario, id: string, fn: (m: Model) => Model | undefined): Scenario {
  return mapModels(scenario, (m) => (m.id === id ? fn(m) : m));
}
