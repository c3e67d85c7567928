/**
 * What a user asks for, checked against the table, becomes an event. A command that cannot be carried
 * out comes back with a reason a player understands, and the log is left as it was.
 */
import type { ModelCatalog } from "../modelDefinition";
import type { Model, Point, Unit } from "../scenario/schema";
import type { GameEvent, ModelChanges, PlacedTemplate, Placement } from "./events";
import { checkForceEvent, forceEventPhysicalProblem, physicalProblem, type ForceEvent } from "./forceEvents";
import { findModel, placed, placementOf, type GameState } from "./state";

export type Command =
  | { type: "move"; model: string; to: Placement; path?: Point[] }
  /** Several models at once (a unit): all move or none. */
  | { type: "move-group"; moves: ReadonlyArray<{ model: string; to: Placement; path?: Point[] }> }
  | { type: "traverse"; model: string; turretHeading: number }
  | { type: "place-template"; template: PlacedTemplate }
  | { type: "remove-template"; id: string }
  /** Drags a laid template: the same template, its anchor (blast centre, teardrop muzzle) moved and its heading turned. */
  | { type: "move-template"; id: string; to: PlacedTemplate["shape"] }
  | { type: "remove-model"; model: string; cause: string }
  /** The battlefield editor's commands on forces (forceEvents.ts). */
  | { type: "place-unit"; force: string; side: string; unit: Unit }
  | { type: "edit-model"; model: string; changes: ModelChanges }
  | { type: "edit-unit"; unit: string; name?: string; force?: string }
  | { type: "remove-unit"; unit: string };

export type CommandResult = { ok: true; event: GameEvent } | { ok: false; error: string };

const finite = (n: number) => Number.isFinite(n);

function shapeNumbersFinite(shape: PlacedTemplate["shape"]): boolean {
  const numbers = shape.kind === "blast" ? [...shape.at, ...shape.radii] : [...shape.from, shape.heading, shape.length, shape.narrowWidth, shape.wideWidth];
  return numbers.every(finite);
}

function checkPlacement(state: GameState, where: Placement): string | undefined {
  const { width, depth } = state.scenario.table;
  const [x, z] = where.position;
  if (!finite(x) || !finite(z)) return `position [${x}, ${z}] is not a pair of numbers`;
  if (x < 0 || x > width || z < 0 || z > depth) return `[${x.toFixed(1)}, ${z.toFixed(1)}] is off the ${width} × ${depth} cm table`;
  if (!finite(where.heading)) return `heading ${where.heading} is not a number`;
  if (where.elevation !== undefined && !(where.elevation >= 0)) return `elevation ${where.elevation} is not a height above the table`;
  if (where.floor) {
    const building = state.scenario.features.find((f) => f.id === where.floor!.building);
    if (!building || building.kind !== "building") return `there is no building "${where.floor.building}"`;
    if (where.floor.level >= building.floors) return `building "${building.id}" has floors 0–${building.floors - 1}, not ${where.floor.level}`;
  }
  return undefined;
}

/** A move checked against the table: the move as an event records it, or why it cannot be made. */
function checkMove(state: GameState, command: { model: string; to: Placement; path?: Point[] }) {
  const model = findModel(state.scenario, command.model);
  if (!model) return `no model "${command.model}" on the table`;
  const problem = checkPlacement(state, command.to);
  if (problem) return `cannot move ${model.id}: ${problem}`;
  return { model: model.id, from: placementOf(model), to: command.to, path: command.path ?? [model.position, command.to.position] };
}

export function toEvent(state: GameState, catalog: ModelCatalog, command: Command, time = Date.now()): CommandResult {
  const fail = (error: string): CommandResult => ({ ok: false, error });
  switch (command.type) {
    case "move": {
      const move = checkMove(state, command);
      if (typeof move === "string") return fail(move);
      const blocked = physicalProblem(state, catalog, movedModels(state, [move]));
      return blocked ? fail(blocked) : { ok: true, event: { type: "model-moved", ...move, time } };
    }
    case "move-group": {
      const moves = command.moves.map((m) => checkMove(state, m));
      const problem = moves.find((m): m is string => typeof m === "string");
      if (problem) return fail(problem);
      if (!moves.length) return fail("nothing to move");
      const checked = moves as Exclude<(typeof moves)[number], string>[];
      const blocked = physicalProblem(state, catalog, movedModels(state, checked));
      return blocked ? fail(blocked) : { ok: true, event: { type: "models-moved", moves: checked, time } };
    }
    case "traverse": {
      const model = findModel(state.scenario, command.model);
      if (!model) return fail(`no model "${command.model}" on the table`);
      if (!catalog.get(model.model)?.parts.some((p) => p.turret)) return fail(`${model.id} has no turret to traverse`);
      if (!finite(command.turretHeading)) return fail(`turret heading ${command.turretHeading} is not a number`);
      return { ok: true, event: { type: "turret-traversed", model: model.id, from: model.turretHeading, to: command.turretHeading, time } };
    }
    case "place-template": {
      if (state.templates[command.template.id]) return fail(`there is already a template "${command.template.id}"`);
      if (!shapeNumbersFinite(command.template.shape)) return fail("the template's position and size must be numbers");
      return { ok: true, event: { type: "template-placed", template: command.template, time } };
    }
    case "move-template": {
      const template = state.templates[command.id];
      if (!template) return fail(`no template "${command.id}"`);
      if (command.to.kind !== template.shape.kind) return fail(`a ${template.shape.kind} template cannot become a ${command.to.kind}`);
      if (!shapeNumbersFinite(command.to)) return fail("the template's position and size must be numbers");
      return { ok: true, event: { type: "template-moved", id: command.id, from: template.shape, to: command.to, time } };
    }
    case "remove-template":
      return state.templates[command.id] ? { ok: true, event: { type: "template-removed", id: command.id, time } } : fail(`no template "${command.id}"`);
    case "remove-model":
      return findModel(state.scenario, command.model)
        ? { ok: true, event: { type: "model-removed", model: command.model, cause: command.cause, time } }
        : fail(`no model "${command.model}" on the table`);
    case "place-unit":
      return forceEvent(state, catalog, { type: "unit-placed", force: command.force, side: command.side, unit: command.unit, time });
    case "edit-model":
      return forceEvent(state, catalog, { type: "model-edited", model: command.model, changes: command.changes, time });
    case "edit-unit":
      return forceEvent(state, catalog, {
        type: "unit-edited",
        unit: command.unit,
        ...(command.name !== undefined ? { name: command.name } : {}),
        ...(command.force !== undefined ? { force: command.force } : {}),
        time,
      });
    case "remove-unit":
      return forceEvent(state, catalog, { type: "unit-removed", unit: command.unit, time });
  }
}

/** The models of moves where the moves put them. */
function movedModels(state: GameState, moves: ReadonlyArray<{ model: string; to: Placement }>): Model[] {
  return moves.flatMap((m) => {
    const model = findModel(state.scenario, m.model);
    return model ? [placed(model, m.to)] : [];
  });
}

function forceEvent(state: GameState, catalog: ModelCatalog, event: ForceEvent): CommandResult {
  const problem = checkForceEvent(state, catalog, event) ?? forceEventPhysicalProblem(state, catalog, event);
  return problem ? { ok: false, error: problem } : { ok: true, event };
}
