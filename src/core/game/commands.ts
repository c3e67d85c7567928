/**
 * What a user asks for, checked against the table, becomes an event. A command that cannot be carried
 * out comes back with a reason a player understands, and the log is left as it was. The same check
 * (`checkEvent`) runs on every event of a loaded game file, against the state it applies to.
 */
import { addFeatures, FeatureEditError, removeFeatures, replaceFeature } from "../edit/features";
import { pointInPolygon } from "../geometry2d";
import { scenarioCatalog } from "../miniatures/catalog";
import type { ModelCatalog } from "../modelDefinition";
import type { ScenarioIssue } from "../scenario/issue";
import { formatIssue, joinPath, parseScenario, validate } from "../scenario/load";
import { checkReferences } from "../scenario/references";
import { type Feature, type Miniature, Mission, type Model, normalizeHeading, type Point, Scenario, type Unit } from "../scenario/schema";
import {
  type GameEvent,
  GameEventError,
  type GameEventOf,
  type ModelChanges,
  type ModelMarks,
  type Outcome,
  type PlacedTemplate,
  type Placement,
  type UnitFieldChanges,
} from "./events";
import { checkForceEvent, forceEventPhysicalProblem, isForceEvent, physicalProblem } from "./forceEvents";
import { findModel, placed, placementOf } from "./models";
import { applyEvent, type GameState, hasId, unitStatusOf } from "./state";

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
  /** Editor: new terrain (one or more features, one undo). */
  | { type: "add-features"; features: readonly unknown[] }
  /** Editor: a feature's whole new data; its id says which. */
  | { type: "change-feature"; feature: unknown }
  /** Editor: several features' new data at once (a group moved or turned), one undo. */
  | { type: "change-features"; features: readonly unknown[] }
  | { type: "remove-features"; ids: readonly string[] }
  /** Editor: the whole mission as it is to be (checked as a scenario file's is), or undefined for none. */
  | { type: "set-mission"; mission: unknown }
  /** The battlefield editor's commands on forces (forceEvents.ts). */
  | { type: "place-unit"; force: string; side: string; unit: Unit }
  | { type: "edit-model"; model: string; changes: ModelChanges }
  | { type: "edit-unit"; unit: string; name?: string; force?: string; fields?: UnitFieldChanges }
  | { type: "remove-unit"; unit: string }
  /** Stores a player's own miniature with the battlefield and stands its first model on the table. */
  | { type: "import-miniature"; miniature: Miniature; force: string; unit: string; model: Model }
  /** A model's marks (morale, camouflage, how it moves) as the game's rule system asks them; all of them, as they are to be. */
  | { type: "set-model-state"; ruleset: string; model: string; state: ModelMarks };

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
    if (where.elevation !== undefined) return "give either a floor or an elevation, not both";
    const building = state.scenario.features.find((f) => f.id === where.floor!.building);
    if (building?.kind !== "building") return `there is no building "${where.floor.building}"`;
    if (where.floor.level >= building.floors) return `building "${building.id}" has floors 0–${building.floors - 1}, not ${where.floor.level}`;
    if (!pointInPolygon(where.position, building.footprint))
      return `[${x.toFixed(1)}, ${z.toFixed(1)}] is outside building "${building.id}", whose floor it stands on`;
  }
  return undefined;
}

const samePlacement = (a: Placement, b: Placement) =>
  a.position[0] === b.position[0] &&
  a.position[1] === b.position[1] &&
  a.heading === b.heading &&
  a.elevation === b.elevation &&
  a.floor?.building === b.floor?.building &&
  a.floor?.level === b.floor?.level;

/** A move checked against the table: why it cannot be made, or undefined. */
function checkMove(state: GameState, move: { model: string; from: Placement; to: Placement }): string | undefined {
  const model = findModel(state.scenario, move.model);
  if (!model) return `no model "${move.model}" on the table`;
  if (!samePlacement(move.from, placementOf(model))) return `${model.id} does not stand where the move starts`;
  const problem = checkPlacement(state, move.to);
  return problem ? `cannot move ${model.id}: ${problem}` : undefined;
}

/** Most problems listed in a refusal; the rest are counted. */
const LISTED_PROBLEMS = 3;

function listProblems(issues: readonly ScenarioIssue[]): string {
  const listed = issues.slice(0, LISTED_PROBLEMS).map(formatIssue);
  const more = issues.length - listed.length;
  return `${listed.join("; ")}${more > 0 ? ` (and ${more} more)` : ""}`;
}

type TerrainEvent = GameEventOf<"features-added" | "feature-changed" | "features-changed" | "features-removed">;

/** What a refused terrain edit starts with: "cannot change House 1". */
function terrainRefusal(
  state: GameState,
  event: { type: "features-added" | "features-changed" | "features-removed" } | Pick<GameEventOf<"feature-changed">, "type" | "from">,
): string {
  if (event.type !== "feature-changed")
    return { "features-added": "cannot add", "features-removed": "cannot delete", "features-changed": "cannot change the group" }[event.type];
  const from = state.scenario.features.find((f) => f.id === event.from.id);
  return `cannot change ${from?.name || event.from.id}`;
}

/**
 * A terrain edit must leave a battlefield the loader accepts: the edited scenario goes through the loader's
 * own checks, and any problem it did not have before refuses the edit with the loader's words.
 */
function checkTerrain(state: GameState, catalog: ModelCatalog, event: TerrainEvent): string | undefined {
  let after: GameState;
  try {
    after = applyEvent(state, event);
  } catch (error) {
    if (error instanceof GameEventError) return error.message;
    throw error;
  }
  const problems = (scenario: Scenario) => {
    const parsed = parseScenario(scenario, catalog);
    return parsed.ok ? [] : parsed.issues;
  };
  const before = new Set(problems(state.scenario).map(formatIssue));
  const added = problems(after.scenario).filter((i) => !before.has(formatIssue(i)));
  return added.length ? `${terrainRefusal(state, event)}: ${listProblems(added)}` : undefined;
}

/**
 * The edited terrain as the schema fills it in (defaults, normalised headings), for the event to carry; or
 * why it cannot be: the edit's own reason, or the schema's, at the path the loader would give.
 */
function editedTerrain(refusal: string, edit: () => Scenario): Scenario | string {
  let edited: Scenario;
  try {
    edited = edit();
  } catch (error) {
    if (error instanceof FeatureEditError) return `${refusal}: ${error.message}`;
    throw error;
  }
  const checked = validate(Scenario, edited);
  return checked.ok ? checked.data : `${refusal}: ${listProblems(checked.issues)}`;
}

const sameMarks = (a: ModelMarks, b: ModelMarks) => Object.keys({ ...a, ...b }).every((k) => a[k] === b[k]);
const marksOf = (state: GameState, model: string): ModelMarks => (hasId(state.modelStates, model) ? state.modelStates[model]! : {});

const featureId = (data: unknown): string => (typeof data === "object" && data !== null && "id" in data && typeof data.id === "string" ? data.id : "");

/** The state and catalog with an imported miniature's definition, before its first model stands on the table. */
function withImported(state: GameState, catalog: ModelCatalog, event: GameEventOf<"miniature-imported">): { state: GameState; catalog: ModelCatalog } {
  const mini = event.miniature;
  const definition = scenarioCatalog({ scale: state.scenario.scale, miniatures: [mini] }).get(mini.id)!;
  return {
    state: { ...state, scenario: { ...state.scenario, miniatures: [...(state.scenario.miniatures ?? []), mini] } },
    catalog: new Map([...catalog, [mini.id, definition]]),
  };
}

/** Why `event` cannot happen in `state`, or undefined: the one check for commands and for loaded files. */
export function checkEvent(state: GameState, catalog: ModelCatalog, event: GameEvent): string | undefined {
  if (state.ended && event.type !== "los-checked") return `the game is over (${state.ended.reason}): nothing more happens on the table`;
  const onTable = (id: string) => findModel(state.scenario, id) !== undefined;
  switch (event.type) {
    case "model-moved":
      return checkMove(state, event);
    case "models-moved": {
      const models = new Set(event.moves.map((m) => m.model));
      if (models.size < event.moves.length) return "a model is moved twice in one group move";
      for (const move of event.moves) {
        const problem = checkMove(state, move);
        if (problem) return problem;
      }
      return undefined;
    }
    case "turret-traversed": {
      const model = findModel(state.scenario, event.model);
      if (!model) return `no model "${event.model}" on the table`;
      if (!catalog.get(model.model)?.parts.some((p) => p.turret)) return `${model.id} has no turret to traverse`;
      if (event.from !== model.turretHeading) return `${model.id}'s turret does not point where the traverse starts`;
      return undefined;
    }
    case "miniature-imported": {
      if (catalog.has(event.miniature.id)) return `there is already a model "${event.miniature.id}"; give the miniature another id`;
      const withMiniature = withImported(state, catalog, event);
      return checkEvent(withMiniature.state, withMiniature.catalog, { type: "model-placed", force: event.force, unit: event.unit, model: event.model });
    }
    case "model-placed": {
      if (onTable(event.model.id)) return `model "${event.model.id}" is already on the table`;
      if (!state.scenario.forces.some((f) => f.id === event.force)) return `no force "${event.force}"`;
      // The model must not make the table an invalid battlefield: its id, model definition, position, floor
      // and eye are checked as a scenario file's are (problems the table had before, such as the wreck of a
      // destroyed gun, are not this event's).
      const describe = (i: { path: string; message: string }) => `${i.path}: ${i.message}`;
      const before = new Set(checkReferences(state.scenario, catalog).map(describe));
      const problem = checkReferences(applyEvent(state, event).scenario, catalog).find((i) => !before.has(describe(i)));
      return problem ? `model "${event.model.id}" cannot be placed: ${problem.path}: ${problem.message}` : undefined;
    }
    case "model-removed":
      return onTable(event.model) ? undefined : `no model "${event.model}" on the table`;
    case "template-placed": {
      if (hasId(state.templates, event.template.id)) return `there is already a template "${event.template.id}"`;
      return shapeNumbersFinite(event.template.shape) ? undefined : "the template's position and size must be numbers";
    }
    case "template-removed":
      return hasId(state.templates, event.id) ? undefined : `no template "${event.id}"`;
    case "template-moved": {
      if (!hasId(state.templates, event.id)) return `no template "${event.id}"`;
      const template = state.templates[event.id]!;
      if (event.to.kind !== template.shape.kind) return `a ${template.shape.kind} template cannot become a ${event.to.kind}`;
      return shapeNumbersFinite(event.to) ? undefined : "the template's position and size must be numbers";
    }
    case "los-checked": {
      const missing = [event.shooter, event.target].find((id) => !onTable(id));
      return missing === undefined ? undefined : `no model "${missing}" on the table`;
    }
    case "features-added":
    case "feature-changed":
    case "features-changed":
    case "features-removed":
      return checkTerrain(state, catalog, event);
    case "fire-resolved": {
      const cloudIds = new Set(state.scenario.features.map((f) => f.id));
      for (const c of event.clouds ?? []) {
        if (cloudIds.has(c.smoke.id)) return `the shot's smoke cloud "${c.smoke.id}" has the id of a feature already on the table`;
        cloudIds.add(c.smoke.id);
      }
      return outcomesProblem(event.outcomes, onTable, "shot");
    }
    case "action-taken": {
      const unit = [event.unit, event.target].find((u) => u !== undefined && !state.scenario.forces.some((f) => f.units.some((x) => x.id === u)));
      if (unit !== undefined) return `no unit "${unit}" on the table`;
      return outcomesProblem(event.outcomes, onTable, "action");
    }
    case "unit-placed":
    case "model-edited":
    case "unit-edited":
    case "unit-removed":
      return checkForceEvent(state.scenario, catalog, event);
    case "order-given":
      if (!state.scenario.forces.some((f) => f.units.some((u) => u.id === event.unit))) return `no unit "${event.unit}" on the table`;
      return unitStatusOf(state, event.unit).order ? `unit "${event.unit}" already has an order die this turn` : undefined;
    case "turn-ended":
      return state.step ? `the game follows its turn sequence (${state.step.phase} of turn ${state.turn}): it moves on step by step` : undefined;
    case "turn-advanced":
      if (state.step && event.turn < state.turn) return `turn ${event.turn} comes before turn ${state.turn}: a game does not go back`;
      return undefined;
    case "game-ended":
      return undefined;
    case "mission-set":
      return checkMissionSet(state, catalog, event);
    case "model-state-set":
      if (!onTable(event.model)) return `no model "${event.model}" on the table`;
      return sameMarks(event.from, marksOf(state, event.model)) ? undefined : `${event.model}'s rule state is not what the change starts from`;
  }
}

/** Why a shot's or an action's outcomes cannot be: a model not on the table, or one removed twice. */
function outcomesProblem(outcomes: readonly Outcome[], onTable: (model: string) => boolean, what: string): string | undefined {
  const removed = new Set<string>();
  for (const o of outcomes) {
    if (!onTable(o.model)) return `the ${what}'s outcome names model "${o.model}", which is not on the table`;
    if (o.effect !== "casualty" && o.effect !== "destroyed") continue;
    if (removed.has(o.model)) return `model "${o.model}" is removed twice by one ${what}`;
    removed.add(o.model);
  }
  return undefined;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A mission change starts from the mission on the table and leaves a battlefield the loader takes: zones and
 * objectives on the table, sides that exist (problems the table had before are not this event's).
 */
function checkMissionSet(state: GameState, catalog: ModelCatalog, event: GameEventOf<"mission-set">): string | undefined {
  if (!sameJson(event.from, state.scenario.mission)) return "the mission is not what the change starts from";
  const describe = (i: ScenarioIssue) => formatIssue(i);
  const before = new Set(checkReferences(state.scenario, catalog).map(describe));
  const problem = checkReferences(applyEvent(state, event).scenario, catalog).find((i) => !before.has(describe(i)));
  return problem ? `the mission cannot be so: ${describe(problem)}` : undefined;
}

/** The event a command makes, headings normalised as a loaded file has them. */
function eventOf(state: GameState, command: Command, time: number): GameEvent | string {
  const move = (m: { model: string; to: Placement; path?: Point[] }) => {
    const model = findModel(state.scenario, m.model);
    if (!model) return `no model "${m.model}" on the table`;
    const to = { ...m.to, heading: normalizeHeading(m.to.heading) };
    return { model: model.id, from: placementOf(model), to, path: m.path ?? [model.position, to.position] };
  };
  switch (command.type) {
    case "move": {
      const m = move(command);
      return typeof m === "string" ? m : { type: "model-moved", ...m, time };
    }
    case "move-group": {
      if (!command.moves.length) return "nothing to move";
      const moves = command.moves.map(move);
      const problem = moves.find((m): m is string => typeof m === "string");
      return problem ?? { type: "models-moved", moves: moves as Exclude<(typeof moves)[number], string>[], time };
    }
    case "traverse": {
      const model = findModel(state.scenario, command.model);
      if (!model) return `no model "${command.model}" on the table`;
      if (!finite(command.turretHeading)) return `turret heading ${command.turretHeading} is not a number`;
      return { type: "turret-traversed", model: model.id, from: model.turretHeading, to: normalizeHeading(command.turretHeading), time };
    }
    case "place-template":
      return { type: "template-placed", template: command.template, time };
    case "remove-template":
      return { type: "template-removed", id: command.id, time };
    case "move-template": {
      if (!hasId(state.templates, command.id)) return `no template "${command.id}"`;
      return { type: "template-moved", id: command.id, from: state.templates[command.id]!.shape, to: command.to, time };
    }
    case "remove-model":
      return { type: "model-removed", model: command.model, cause: command.cause, time };
    case "add-features": {
      if (!command.features.length) return "nothing to add";
      // Unchecked data goes into the scenario only to be checked: the loader's messages name what is wrong.
      const edited = editedTerrain("cannot add", () => addFeatures(state.scenario, command.features as Feature[]));
      return typeof edited === "string" ? edited : { type: "features-added", features: edited.features.slice(state.scenario.features.length), time };
    }
    case "change-feature": {
      const id = featureId(command.feature);
      const from = state.scenario.features.find((f) => f.id === id);
      if (!from) return `there is no feature "${id}" to change`;
      const edited = editedTerrain(terrainRefusal(state, { type: "feature-changed", from }), () => replaceFeature(state.scenario, command.feature as Feature));
      return typeof edited === "string" ? edited : { type: "feature-changed", from, to: edited.features.find((f) => f.id === id)!, time };
    }
    case "change-features": {
      if (!command.features.length) return "nothing to change";
      const ids = command.features.map(featureId);
      const from = ids.map((id) => state.scenario.features.find((f) => f.id === id));
      const missing = ids.find((_, i) => !from[i]);
      if (missing !== undefined) return `there is no feature "${missing}" to change`;
      if (new Set(ids).size !== ids.length) return "a feature is changed twice in one change";
      const edited = editedTerrain("cannot change the group", () =>
        command.features.reduce((s: Scenario, f) => replaceFeature(s, f as Feature), state.scenario),
      );
      return typeof edited === "string"
        ? edited
        : { type: "features-changed", from: from as Feature[], to: ids.map((id) => edited.features.find((f) => f.id === id)!), time };
    }
    case "remove-features": {
      if (!command.ids.length) return "nothing to delete";
      const edited = editedTerrain("cannot delete", () => removeFeatures(state.scenario, command.ids));
      return typeof edited === "string"
        ? edited
        : { type: "features-removed", features: state.scenario.features.filter((f) => command.ids.includes(f.id)), time };
    }
    case "place-unit": {
      const models = command.unit.models.map((m) => ({ ...m, heading: normalizeHeading(m.heading), turretHeading: normalizeHeading(m.turretHeading) }));
      return { type: "unit-placed", force: command.force, side: command.side, unit: { ...command.unit, models }, time };
    }
    case "edit-model": {
      const { heading, turretHeading } = command.changes;
      const changes = {
        ...command.changes,
        ...(heading !== undefined ? { heading: normalizeHeading(heading) } : {}),
        ...(turretHeading !== undefined ? { turretHeading: normalizeHeading(turretHeading) } : {}),
      };
      return { type: "model-edited", model: command.model, changes, time };
    }
    case "edit-unit":
      return {
        type: "unit-edited",
        unit: command.unit,
        ...(command.name !== undefined ? { name: command.name } : {}),
        ...(command.force !== undefined ? { force: command.force } : {}),
        ...(command.fields !== undefined ? { fields: command.fields } : {}),
        time,
      };
    case "remove-unit":
      return { type: "unit-removed", unit: command.unit, time };
    case "import-miniature":
      return { type: "miniature-imported", miniature: command.miniature, force: command.force, unit: command.unit, model: command.model, time };
    case "set-mission": {
      const from = state.scenario.mission;
      if (command.mission === undefined) return from ? { type: "mission-set", from, time } : "there is no mission to remove";
      const parsed = validate(Mission, command.mission);
      if (!parsed.ok) return `the mission cannot be so: ${parsed.issues.map((i) => formatIssue({ ...i, path: joinPath("mission", i.path) })).join("; ")}`;
      if (from && sameJson(from, parsed.data)) return "the mission is already so";
      return { type: "mission-set", ...(from && { from }), to: parsed.data, time };
    }
    case "set-model-state": {
      const from = marksOf(state, command.model);
      if (sameMarks(from, command.state)) return `${command.model}'s rule state is already so`;
      return { type: "model-state-set", ruleset: command.ruleset, model: command.model, from, to: command.state, time };
    }
  }
}

/** The models of moves where the moves put them. */
function movedModels(state: GameState, moves: ReadonlyArray<{ model: string; to: Placement }>): Model[] {
  return moves.flatMap((m) => {
    const model = findModel(state.scenario, m.model);
    return model ? [placed(model, m.to)] : [];
  });
}

/**
 * A physical reason to refuse a command: a model it moves or places would stand in a wall, a building or
 * another model. Commands only: a loaded file is checked for validity, not for overlaps.
 */
function physicalRefusal(state: GameState, catalog: ModelCatalog, event: GameEvent): string | undefined {
  if (event.type === "model-moved") return physicalProblem(state.scenario, catalog, movedModels(state, [event]));
  if (event.type === "models-moved") return physicalProblem(state.scenario, catalog, movedModels(state, event.moves));
  if (event.type === "miniature-imported") {
    const imported = withImported(state, catalog, event);
    return physicalProblem(imported.state.scenario, imported.catalog, [event.model]);
  }
  return isForceEvent(event) ? forceEventPhysicalProblem(state.scenario, catalog, event) : undefined;
}

export function toEvent(state: GameState, catalog: ModelCatalog, command: Command, time = Date.now()): CommandResult {
  const event = eventOf(state, command, time);
  if (typeof event === "string") return { ok: false, error: event };
  const problem = checkEvent(state, catalog, event) ?? physicalRefusal(state, catalog, event);
  return problem ? { ok: false, error: problem } : { ok: true, event };
}
