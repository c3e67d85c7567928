/**
 * What a user asks for, checked against the table, becomes an event. A command that cannot be carried
 * out comes back with a reason a player understands, and the log is left as it was.
 */
import { addFeatures, FeatureEditError, removeFeatures, replaceFeature } from "../edit/features";
import type { ModelCatalog } from "../modelDefinition";
import { formatIssue, parseScenario } from "../scenario/load";
import type { Feature, Point, Scenario } from "../scenario/schema";
import type { GameEvent, PlacedTemplate, Placement } from "./events";
import { findModel, placementOf, type GameState } from "./state";

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
  | { type: "remove-features"; ids: readonly string[] };

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

/** Most problems listed in a refusal; the rest are counted. */
const LISTED_PROBLEMS = 3;

/**
 * The scenario after a terrain edit, checked by the loader's own schema and reference checks, so the
 * editor can never make a battlefield the loader would reject; or the loader's reasons.
 */
function checkTerrain(catalog: ModelCatalog, edit: () => Scenario): { ok: true; scenario: Scenario } | { ok: false; error: string } {
  let edited: Scenario;
  try {
    edited = edit();
  } catch (error) {
    if (error instanceof FeatureEditError) return { ok: false, error: error.message };
    throw error;
  }
  const parsed = parseScenario(edited, catalog);
  if (parsed.ok) return parsed;
  const listed = parsed.issues.slice(0, LISTED_PROBLEMS).map(formatIssue);
  const more = parsed.issues.length - listed.length;
  return { ok: false, error: `${listed.join("; ")}${more > 0 ? ` (and ${more} more)` : ""}` };
}

/** A feature as the checked scenario has it: with the schema's defaults filled in. */
const checkedFeature = (scenario: Scenario, id: string): Feature => scenario.features.find((f) => f.id === id)!;

const featureId = (data: unknown): string => (typeof data === "object" && data !== null && "id" in data && typeof data.id === "string" ? data.id : "");

export function toEvent(state: GameState, catalog: ModelCatalog, command: Command, time = Date.now()): CommandResult {
  const fail = (error: string): CommandResult => ({ ok: false, error });
  switch (command.type) {
    case "move": {
      const move = checkMove(state, command);
      return typeof move === "string" ? fail(move) : { ok: true, event: { type: "model-moved", ...move, time } };
    }
    case "move-group": {
      const moves = command.moves.map((m) => checkMove(state, m));
      const problem = moves.find((m): m is string => typeof m === "string");
      if (problem) return fail(problem);
      if (!moves.length) return fail("nothing to move");
      return { ok: true, event: { type: "models-moved", moves: moves as Exclude<(typeof moves)[number], string>[], time } };
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
    case "add-features": {
      if (!command.features.length) return fail("nothing to add");
      // Unchecked data goes into the scenario only to be checked: the loader's messages name what is wrong.
      const checked = checkTerrain(catalog, () => addFeatures(state.scenario, command.features as Feature[]));
      if (!checked.ok) return fail(`cannot add: ${checked.error}`);
      const ids = new Set(state.scenario.features.map((f) => f.id));
      const added = checked.scenario.features.filter((f) => !ids.has(f.id));
      return { ok: true, event: { type: "features-added", features: added, time } };
    }
    case "change-feature": {
      const id = featureId(command.feature);
      const from = state.scenario.features.find((f) => f.id === id);
      if (!from) return fail(`there is no feature "${id}" to change`);
      const checked = checkTerrain(catalog, () => replaceFeature(state.scenario, command.feature as Feature));
      if (!checked.ok) return fail(`cannot change ${from.name || from.id}: ${checked.error}`);
      return { ok: true, event: { type: "feature-changed", from, to: checkedFeature(checked.scenario, id), time } };
    }
    case "remove-features": {
      if (!command.ids.length) return fail("nothing to delete");
      const checked = checkTerrain(catalog, () => removeFeatures(state.scenario, command.ids));
      if (!checked.ok) return fail(`cannot delete: ${checked.error}`);
      return { ok: true, event: { type: "features-removed", features: state.scenario.features.filter((f) => command.ids.includes(f.id)), time } };
    }
  }
}
