/**
 * The models of a scenario as the game moves them: found by id, changed one at a time, stood at a placement.
 */
import type { Model, Point, Scenario } from "../scenario/schema";
import type { GameEvent, GameEventOf, Placement } from "./events";

export function findModel(scenario: Scenario, id: string): Model | undefined {
  for (const force of scenario.forces) for (const unit of force.units) for (const model of unit.models) if (model.id === id) return model;
  return undefined;
}

/** The unit and the side of a unit or model id on the table; undefined for an id that is neither. */
export function unitAndSideOf(scenario: Scenario, id: string): { unit: string; side: string } | undefined {
  for (const force of scenario.forces)
    for (const unit of force.units) if (unit.id === id || unit.models.some((m) => m.id === id)) return { unit: unit.id, side: force.side };
  return undefined;
}

/** The side of a unit or model id on the table. */
export const sideOf = (scenario: Scenario, id: string): string | undefined => unitAndSideOf(scenario, id)?.side;

/** The unit of a unit or model id on the table. */
export const unitOf = (scenario: Scenario, id: string): string | undefined => unitAndSideOf(scenario, id)?.unit;

/** The unit of every model and unit id on the table (a unit is its own), for a fold that asks it of many events. */
export function unitsById(scenario: Scenario): Map<string, string> {
  const units = new Map<string, string>();
  for (const force of scenario.forces)
    for (const unit of force.units) {
      units.set(unit.id, unit.id);
      for (const m of unit.models) units.set(m.id, unit.id);
    }
  return units;
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

/** A model's move as a rule system measures it: from where it stood, along its recorded path, to where it ends. */
export const movePath = (m: { readonly from: Placement; readonly path: readonly Point[]; readonly to: Placement }): Point[] => [
  m.from.position,
  ...m.path,
  m.to.position,
];

/** One model's move as an event records it (a model-moved event, or one of a models-moved event's moves). */
export type ModelMove = GameEventOf<"models-moved">["moves"][number];

/** The moves an event makes: a model-moved event's one, a models-moved event's each, none for any other event. */
export const movesIn = (event: GameEvent): readonly ModelMove[] => (event.type === "model-moved" ? [event] : event.type === "models-moved" ? event.moves : []);

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

/**
 * The scenario with one model changed (or removed, when `fn` returns undefined; a unit left without models goes
 * too). Only the path to it is new: the other forces, units and models are shared with `scenario`, so the fold's
 * states share them (and a replay's tree hash hashes only the path again).
 */
export function withModel(scenario: Scenario, id: string, fn: (m: Model) => Model | undefined): Scenario {
  for (const [f, force] of scenario.forces.entries()) {
    for (const [u, unit] of force.units.entries()) {
      const m = unit.models.findIndex((model) => model.id === id);
      if (m < 0) continue;
      const model = fn(unit.models[m]!);
      const models = model ? unit.models.with(m, model) : unit.models.toSpliced(m, 1);
      const units = models.length ? force.units.with(u, { ...unit, models }) : force.units.toSpliced(u, 1);
      return { ...scenario, forces: scenario.forces.with(f, { ...force, units }) };
    }
  }
  return scenario;
}
