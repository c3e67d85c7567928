/**
 * The models of a scenario as the game moves them: found by id, changed one at a time, stood at a placement.
 */
import type { Model, Scenario } from "../scenario/schema";
import type { Placement } from "./events";

export function findModel(scenario: Scenario, id: string): Model | undefined {
  for (const force of scenario.forces) for (const unit of force.units) for (const model of unit.models) if (model.id === id) return model;
  return undefined;
}

function mapModels(scenario: Scenario, fn: (model: Model) => Model | undefined): Scenario {
  return {
    ...scenario,
    forces: scenario.forces.map((force) => ({
      ...force,
      units: force.units.map((unit) => ({ ...unit, models: unit.models.flatMap((m) => fn(m) ?? []) })).filter((unit) => unit.models.length > 0),
    })),
  };
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
