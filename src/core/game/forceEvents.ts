/**
 * The battlefield editor's events on forces: a unit placed, a model's settings edited, a unit renamed or
 * given to another side, a unit removed. Their fold (what they do to the table), their check (whether the
 * table they make is still a valid battlefield) and, for commands only, the physical check (nothing dropped
 * into a wall or onto another model).
 */
import { createBattlefield } from "../battlefield";
import type { ModelCatalog } from "../modelDefinition";
import { bodyOf, describeObstruction, obstructionOf, tableBodies } from "../placement";
import { checkReferences } from "../scenario/references";
import type { Model, Scenario, Unit } from "../scenario/schema";
import { GameEventError, type GameEventOf, type ModelChanges, type UnitFieldChanges } from "./events";
import { findModel, withModel } from "./models";

export type ForceEvent = GameEventOf<"unit-placed" | "model-edited" | "unit-edited" | "unit-removed">;

const FORCE_EVENTS: ReadonlySet<string> = new Set(["unit-placed", "model-edited", "unit-edited", "unit-removed"]);
export const isForceEvent = (event: { type: string }): event is ForceEvent => FORCE_EVENTS.has(event.type);

/** The model with the editor's changes: a null puts a setting back to its default. */
export function edited(model: Model, changes: ModelChanges): Model {
  const next: Record<string, unknown> = { ...model };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (value === null) delete next[key];
    else next[key] = value;
  }
  // A model on a floor stands on it, not at an elevation.
  if (changes.floor) delete next.elevation;
  return next as Model;
}

/** The unit with its rule-system fields set: a null takes one off. */
function withFields(unit: Unit, fields: UnitFieldChanges): Unit {
  const next: Record<string, unknown> = { ...unit };
  for (const [key, value] of Object.entries(fields)) {
    if (value === null) delete next[key];
    else if (value !== undefined) next[key] = value;
  }
  return next as Unit;
}

const findUnit = (scenario: Scenario, id: string) => scenario.forces.flatMap((f) => f.units).find((u) => u.id === id);

/** The table after a force event (the fold's part for them). */
export function applyForceEvent(scenario: Scenario, event: ForceEvent): Scenario {
  switch (event.type) {
    case "unit-placed": {
      const existing = scenario.forces.find((f) => f.id === event.force);
      const forces = existing
        ? scenario.forces.map((f) => (f === existing ? { ...f, units: [...f.units, event.unit] } : f))
        : [...scenario.forces, { id: event.force, side: event.side, name: "", units: [event.unit] }];
      return { ...scenario, forces };
    }
    case "model-edited":
      if (!findModel(scenario, event.model)) throw new GameEventError(`model-edited refers to model "${event.model}", which is not on the table`);
      return withModel(scenario, event.model, (m) => edited(m, event.changes));
    case "unit-edited": {
      const unit = findUnit(scenario, event.unit);
      if (!unit) throw new GameEventError(`unit-edited refers to unit "${event.unit}", which is not on the table`);
      const renamed = withFields(event.name === undefined ? unit : { ...unit, name: event.name }, event.fields ?? {});
      const target = event.force ?? scenario.forces.find((f) => f.units.includes(unit))!.id;
      if (!scenario.forces.some((f) => f.id === target)) throw new GameEventError(`unit-edited: no force "${target}"`);
      // A unit kept in its force keeps its place in it; one given to another joins it last.
      const forces = scenario.forces.map((f) => {
        if (f.units.includes(unit))
          return { ...f, units: f.id === target ? f.units.map((u) => (u === unit ? renamed : u)) : f.units.filter((u) => u !== unit) };
        return f.id === target ? { ...f, units: [...f.units, renamed] } : f;
      });
      return { ...scenario, forces };
    }
    case "unit-removed": {
      if (!findUnit(scenario, event.unit)) throw new GameEventError(`unit-removed refers to unit "${event.unit}", which is not on the table`);
      return { ...scenario, forces: scenario.forces.map((f) => ({ ...f, units: f.units.filter((u) => u.id !== event.unit) })) };
    }
  }
}

/**
 * Why a force event cannot happen in `state`, or undefined: the table it makes must pass the scenario
 * loader's checks (unique ids, known model definitions, models on the table and inside the building whose
 * floor they stand on). Problems the table had before are not the event's.
 */
export function checkForceEvent(scenario: Scenario, catalog: ModelCatalog, event: ForceEvent): string | undefined {
  if (event.type === "unit-placed") {
    const force = scenario.forces.find((f) => f.id === event.force);
    if (force && force.side !== event.side) return `force "${force.id}" is on side ${force.side}, not ${event.side}`;
  }
  let after: Scenario;
  try {
    after = applyForceEvent(scenario, event);
  } catch (error) {
    return (error as Error).message;
  }
  const describe = (i: { path: string; message: string }) => `${i.path}: ${i.message}`;
  const before = new Set(checkReferences(scenario, catalog).map(describe));
  const problem = checkReferences(after, catalog)
    .map(describe)
    .find((p) => !before.has(p));
  return problem;
}

/** The models an event puts somewhere new: placed, or moved to another floor or turned. */
function modelsPlacedBy(event: ForceEvent, after: Scenario): Model[] {
  if (event.type === "unit-placed") return event.unit.models;
  if (event.type === "model-edited" && (event.changes.floor !== undefined || event.changes.heading !== undefined)) return [findModel(after, event.model)!];
  return [];
}

/**
 * A physical reason to refuse what a player asked for: a model it places or moves would overlap a wall,
 * a building's walls or another model where it did not before. Checked for commands, not for loaded files.
 */
export function physicalProblem(scenario: Scenario, catalog: ModelCatalog, moved: readonly Model[]): string | undefined {
  if (!moved.length) return undefined;
  const battlefield = createBattlefield(scenario, catalog);
  const ids = new Set(moved.map((m) => m.id));
  const others = [
    ...tableBodies(battlefield, ids),
    ...moved.flatMap((m) => {
      const def = catalog.get(m.model);
      return def ? [bodyOf(def, m)] : [];
    }),
  ];
  for (const model of moved) {
    const def = catalog.get(model.model);
    if (!def) continue;
    const obstruction = obstructionOf(battlefield, bodyOf(def, model), others, def.vehicle !== undefined);
    if (!obstruction) continue;
    // A model that already overlapped the same thing (a scenario laid out by hand) may still turn or step away.
    const before = findModel(scenario, model.id);
    const already = before && obstructionOf(battlefield, bodyOf(def, before), tableBodies(battlefield, ids), def.vehicle !== undefined);
    if (already && already.id === obstruction.id) continue;
    return describeObstruction(model.id, obstruction);
  }
  return undefined;
}

export function forceEventPhysicalProblem(scenario: Scenario, catalog: ModelCatalog, event: ForceEvent): string | undefined {
  return physicalProblem(scenario, catalog, modelsPlacedBy(event, applyForceEvent(scenario, event)));
}
