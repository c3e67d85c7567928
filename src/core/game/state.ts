/**
 * The table state is a fold over the game's events: the scenario with every move applied, what happened to
 * each model, the templates on the table, and how many dice have been rolled.
 */

import { addFeatures, FeatureEditError, removeFeatures, replaceFeature } from "../edit/features";
import type { Feature, Model, Scenario } from "../scenario/schema";
import {
  type GameEvent,
  GameEventError,
  type GameEventOf,
  type ModelMarks,
  type Outcome,
  type PlacedTemplate,
  type Placement,
  type UnitChange,
} from "./events";
import { applyForceEvent } from "./forceEvents";
import { findModel, placed, unitAndSideOf, withModel } from "./models";

export interface ModelStatus {
  readonly pinned: boolean;
  /** Damage results the rule system reported, as markers on the table. */
  readonly markers: readonly string[];
}

/** A unit's rule state (order dice systems): its pin markers and the order die it has this turn. */
export interface UnitStatus {
  readonly pins: number;
  readonly order?: string;
}

/**
 * Id lookups are null-prototype objects: an id such as "toString" or "constructor" is just an id, never a
 * property every object inherits.
 */
export interface GameState {
  readonly scenario: Scenario;
  readonly status: Readonly<Record<string, ModelStatus>>;
  readonly units: Readonly<Record<string, UnitStatus>>;
  /** The game turn, from 1. */
  readonly turn: number;
  readonly templates: Readonly<Record<string, PlacedTemplate>>;
  /** Dice rolled so far: the next roll is this index in the seeded stream. */
  readonly rollsUsed: number;
  /** Moves each model made this turn that changed where it stands (a group move counts once for each of its models). */
  readonly moves: Readonly<Record<string, number>>;
  /** The last shot of each shooter (as declared: a unit or a model) this turn. */
  readonly lastShots: Readonly<Record<string, { readonly weapon: string; readonly target: string }>>;
  /**
   * Marks the players set on models (model-state-set), as last recorded. Which of them still hold (a mark
   * for this turn only lapses when it ends) is the rule system's to say: src/rules/marks.ts.
   */
  readonly modelStates: Readonly<Record<string, ModelMarks>>;
  /** Smoke clouds laid by shots: the turn at whose end each one clears. */
  readonly smokeUntil: Readonly<Record<string, number>>;
  /**
   * Models the game took off the table (killed, destroyed, removed as casualties), each with its unit and side:
   * a unit's strength at the start is its models now and its fallen, as a morale check counts them.
   */
  readonly fallen: Readonly<Record<string, { readonly unit: string; readonly side: string }>>;
  /** Where the game stands in its rule system's turn (turn-advanced events); absent in free play. */
  readonly step?: TurnStep;
  /** The game is over (game-ended): nothing more happens on the table. */
  readonly ended?: { readonly reason: string; readonly winner?: string };
}

/** A step of the turn sequence: its phase, the side acting in it, and how many activations each side has had in it. */
export interface TurnStep {
  readonly phase: string;
  readonly side?: string;
  readonly activations: Readonly<Record<string, number>>;
  /** The unit given an order in this step (an order die drawn goes to one unit). */
  readonly ordered?: string;
  /** Orders each side has given in this phase's steps: its activations less these are dice drawn and not given (spent, or held now). */
  readonly orders?: Readonly<Record<string, number>>;
}

const NO_STATUS: ModelStatus = { pinned: false, markers: [] };

export function initialState(scenario: Scenario): GameState {
  return {
    scenario,
    status: byId(),
    units: byId(),
    turn: 1,
    templates: byId(),
    rollsUsed: 0,
    moves: byId(),
    lastShots: byId(),
    modelStates: byId(),
    smokeUntil: byId(),
    fallen: byId(),
  };
}

/** A null-prototype copy of `from` (with `changes` applied): safe for any id as a key. */
export function byId<T>(from: Readonly<Record<string, T>> = {}, changes: Readonly<Record<string, T | undefined>> = {}): Record<string, T> {
  // A key-by-key copy: three times faster than Object.assign into a null-prototype object, and the fold copies one a move.
  const out = Object.create(null) as Record<string, T>;
  for (const key in from) out[key] = from[key]!;
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete out[key];
    else out[key] = value;
  }
  return out;
}

export const hasId = (lookup: Readonly<Record<string, unknown>>, id: string): boolean => Object.hasOwn(lookup, id);

function requireModel(state: GameState, id: string, event: GameEvent): Model {
  const model = findModel(state.scenario, id);
  if (!model) throw new GameEventError(`${event.type} refers to model "${id}", which is not on the table`);
  return model;
}

function updateModel(state: GameState, id: string, fn: (m: Model) => Model | undefined): GameState {
  return { ...state, scenario: withModel(state.scenario, id, fn) };
}

/** How many models each unit has had taken off the table by the game (morale tests at half strength, panic thresholds count them); a unit that lost none is left out. */
export function fallenByUnit(state: GameState): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const f of Object.values(state.fallen)) counts[f.unit] = (counts[f.unit] ?? 0) + 1;
  return counts;
}

/** A model taken off the table by the game, remembered among its unit's fallen. */
function fall(state: GameState, id: string): GameState {
  const at = unitAndSideOf(state.scenario, id);
  const fallen = at ? { fallen: byId(state.fallen, { [id]: at }) } : {};
  return { ...updateModel(state, id, () => undefined), ...fallen };
}

function applyOutcome(status: Record<string, ModelStatus>, o: Outcome): void {
  const current = hasId(status, o.model) ? status[o.model]! : NO_STATUS;
  switch (o.effect) {
    case "pinned":
      status[o.model] = { ...current, pinned: true };
      break;
    case "unpinned":
      status[o.model] = { ...current, pinned: false };
      break;
    case "damaged":
      status[o.model] = { ...current, markers: [...current.markers, o.detail] };
      break;
    case "cleared":
      status[o.model] = { ...current, markers: current.markers.filter((m) => m !== o.detail) };
      break;
    default:
      break;
  }
}

const NO_UNIT_STATUS: UnitStatus = { pins: 0 };

function applyUnitChanges(units: Readonly<Record<string, UnitStatus>>, changes: readonly UnitChange[]): Record<string, UnitStatus> {
  const next = byId(units);
  for (const c of changes) {
    const current = hasId(next, c.unit) ? next[c.unit]! : NO_UNIT_STATUS;
    next[c.unit] = {
      ...current,
      pins: Math.max(0, current.pins + (c.pins ?? 0)),
      ...(c.order ? { order: c.order } : {}),
    };
  }
  return next;
}

/** The step with `unit` given an order in it, counted to the step's acting side. */
function ordered(step: TurnStep, unit: string): TurnStep {
  if (step.side === undefined) return { ...step, ordered: unit };
  return { ...step, ordered: unit, orders: byId(step.orders, { [step.side]: (step.orders?.[step.side] ?? 0) + 1 }) };
}

/** A destroyed vehicle stays on the table as a wreck: terrain that blocks sight and movement. */
function leaveWreck(state: GameState, model: Model): GameState {
  const wreck = { id: `wreck-${model.id}`, kind: "wreck" as const, model: model.model, at: model.position, heading: model.heading };
  return { ...state, scenario: { ...state.scenario, features: [...state.scenario.features, wreck] } };
}

export function applyEvent(state: GameState, event: GameEvent): GameState {
  switch (event.type) {
    case "model-moved":
      requireModel(state, event.model, event);
      return countMoves(
        updateModel(state, event.model, (m) => placed(m, event.to)),
        [event],
      );
    case "models-moved":
      for (const move of event.moves) requireModel(state, move.model, event);
      return countMoves(
        event.moves.reduce((s, move) => updateModel(s, move.model, (m) => placed(m, move.to)), state),
        event.moves,
      );
    case "turret-traversed":
      requireModel(state, event.model, event);
      return updateModel(state, event.model, (m) => ({ ...m, turretHeading: event.to }));
    case "model-placed": {
      if (findModel(state.scenario, event.model.id)) throw new GameEventError(`model-placed: model "${event.model.id}" is already on the table`);
      const force = state.scenario.forces.find((f) => f.id === event.force);
      if (!force) throw new GameEventError(`model-placed: no force "${event.force}"`);
      const hasUnit = force.units.some((u) => u.id === event.unit);
      const units = hasUnit
        ? force.units.map((u) => (u.id === event.unit ? { ...u, models: [...u.models, event.model] } : u))
        : [...force.units, { id: event.unit, name: "", models: [event.model] }];
      return { ...state, scenario: { ...state.scenario, forces: state.scenario.forces.map((f) => (f === force ? { ...f, units } : f)) } };
    }
    case "miniature-imported": {
      if (state.scenario.miniatures?.some((m) => m.id === event.miniature.id))
        throw new GameEventError(`miniature-imported: there is already a miniature "${event.miniature.id}"`);
      const withMiniature = { ...state, scenario: { ...state.scenario, miniatures: [...(state.scenario.miniatures ?? []), event.miniature] } };
      return applyEvent(withMiniature, { type: "model-placed", force: event.force, unit: event.unit, model: event.model });
    }
    case "model-removed":
      requireModel(state, event.model, event);
      return fall(state, event.model);
    case "template-placed":
      if (hasId(state.templates, event.template.id)) throw new GameEventError(`template-placed: there is already a template "${event.template.id}"`);
      return { ...state, templates: byId(state.templates, { [event.template.id]: event.template }) };
    case "template-removed":
      if (!hasId(state.templates, event.id)) throw new GameEventError(`template-removed: no template "${event.id}"`);
      return { ...state, templates: byId(state.templates, { [event.id]: undefined }) };
    case "template-moved": {
      if (!hasId(state.templates, event.id)) throw new GameEventError(`template-moved: no template "${event.id}"`);
      return { ...state, templates: byId(state.templates, { [event.id]: { ...state.templates[event.id]!, shape: event.to } }) };
    }
    case "los-checked":
      return state;
    case "fire-resolved": {
      const lastShots = byId(state.lastShots, { [event.shooter]: { weapon: event.weapon, target: event.target } });
      const next = applyResults({ ...state, lastShots }, event);
      return event.clouds?.length ? laySmoke(next, event) : next;
    }
    case "action-taken":
      return applyResults(state, event);
    case "unit-placed":
    case "model-edited":
    case "unit-edited":
    case "unit-removed":
      return { ...state, scenario: applyForceEvent(state.scenario, event) };
    case "mission-set": {
      const { mission: _old, ...scenario } = state.scenario;
      return { ...state, scenario: event.to ? { ...scenario, mission: event.to } : scenario };
    }
    case "order-given": {
      if (unitStatusOf(state, event.unit).order) throw new GameEventError(`order-given: unit "${event.unit}" already has an order die this turn`);
      if (event.rolls.some((r, i) => r.index !== state.rollsUsed + i)) {
        throw new GameEventError(`order-given: its dice do not follow on from roll ${state.rollsUsed} of the game's seed`);
      }
      const units = applyUnitChanges(state.units, [...event.units, { unit: event.unit, order: event.order }]);
      return { ...state, units, rollsUsed: state.rollsUsed + event.rolls.length, ...(state.step && { step: ordered(state.step, event.unit) }) };
    }
    case "model-state-set": {
      requireModel(state, event.model, event);
      return { ...state, modelStates: byId(state.modelStates, { [event.model]: Object.keys(event.to).length ? event.to : undefined }) };
    }
    case "turn-ended":
      return { ...turnOver(state, event), turn: state.turn + 1 };
    case "turn-advanced": {
      if (event.rolls.some((r, i) => r.index !== state.rollsUsed + i)) {
        throw new GameEventError(`turn-advanced: its dice do not follow on from roll ${state.rollsUsed} of the game's seed`);
      }
      const newTurn = state.step === undefined || event.turn !== state.turn;
      const next = newTurn ? { ...turnOver(state, event), turn: event.turn } : state;
      const samePhase = !newTurn && state.step?.phase === event.phase;
      const before = samePhase ? state.step!.activations : {};
      const activations = event.side === undefined ? byId(before) : byId(before, { [event.side]: (before[event.side] ?? 0) + 1 });
      const orders = samePhase ? state.step!.orders : undefined;
      const step: TurnStep = { phase: event.phase, ...(event.side !== undefined ? { side: event.side } : {}), activations, ...(orders && { orders }) };
      return { ...next, step, rollsUsed: state.rollsUsed + event.rolls.length };
    }
    case "game-ended":
      return { ...state, ended: { reason: event.reason, ...(event.winner !== undefined ? { winner: event.winner } : {}) } };
    case "features-added":
    case "feature-changed":
    case "features-changed":
    case "features-removed":
      return { ...state, scenario: editTerrain(state.scenario, event) };
  }
}

/**
 * The end of a turn: order dice back in the bag but the `kept` orders', Pinned lifted where `pinsLapse` says so,
 * smoke whose time is up cleared, the turn's moves and shots forgotten.
 */
function turnOver(state: GameState, { kept, pinsLapse }: GameEventOf<"turn-ended" | "turn-advanced">): GameState {
  const units = byId(
    Object.fromEntries(
      Object.entries(state.units).map(([id, u]) => {
        const { order, ...rest } = u;
        return [id, order !== undefined && kept.includes(order) ? u : rest];
      }),
    ),
  );
  const status = pinsLapse ? byId(Object.fromEntries(Object.entries(state.status).map(([id, s]) => [id, { ...s, pinned: false }]))) : state.status;
  return { ...clearSmoke(state), units, status, moves: byId(), lastShots: byId() };
}

/**
 * Where the turn in progress after `events` began: after the last `turn-ended` (free play), or after the step
 * into a new turn (a `turn-advanced` of another turn than the step before it, the deployment's included).
 */
export function turnStart(events: readonly GameEvent[]): number {
  let start = 0;
  let turn: number | undefined;
  for (const [i, e] of events.entries()) {
    if (e.type === "turn-ended") start = i + 1;
    else if (e.type === "turn-advanced" && e.turn !== turn) {
      turn = e.turn;
      start = i + 1;
    }
  }
  return start;
}

/** Whether a move changes where the model stands: turning on the spot does not. */
export const changesPosition = (m: { readonly from: Placement; readonly to: Placement }): boolean =>
  m.from.position[0] !== m.to.position[0] || m.from.position[1] !== m.to.position[1];

function countMoves(state: GameState, made: ReadonlyArray<{ model: string; from: Placement; to: Placement }>): GameState {
  const moved = made.filter(changesPosition);
  if (!moved.length) return state;
  const moves = byId(state.moves);
  for (const m of moved) moves[m.model] = (hasId(moves, m.model) ? moves[m.model]! : 0) + 1;
  return { ...state, moves };
}

/** A shot's or an action's dice taken from the stream, its outcomes on the models (casualties and wrecks off the table) and its unit changes. */
function applyResults(state: GameState, event: GameEventOf<"fire-resolved" | "action-taken">): GameState {
  if (event.rolls.some((r, i) => r.index !== state.rollsUsed + i)) {
    throw new GameEventError(`${event.type}: its dice do not follow on from roll ${state.rollsUsed} of the game's seed`);
  }
  const status = byId(state.status);
  for (const o of event.outcomes) applyOutcome(status, o);
  let next: GameState = { ...state, status, units: applyUnitChanges(state.units, event.units ?? []), rollsUsed: state.rollsUsed + event.rolls.length };
  for (const o of event.outcomes) {
    if (o.effect === "destroyed") next = leaveWreck(next, requireModel(next, o.model, event));
    if (o.effect === "casualty" || o.effect === "destroyed") next = fall(next, o.model);
  }
  return next;
}

/** A shot's smoke clouds join the terrain, each to clear at the end of its last turn. */
function laySmoke(state: GameState, event: GameEventOf<"fire-resolved">): GameState {
  const clouds = event.clouds ?? [];
  let scenario: Scenario;
  try {
    scenario = addFeatures(
      state.scenario,
      clouds.map((c) => c.smoke),
    );
  } catch (error) {
    if (error instanceof FeatureEditError) throw new GameEventError(`fire-resolved: ${error.message}`);
    throw error;
  }
  const until = Object.fromEntries(clouds.map((c) => [c.smoke.id, state.turn + c.turns - 1]));
  return { ...state, scenario, smokeUntil: byId(state.smokeUntil, until) };
}

/** At the end of a turn, the smoke clouds whose time is up leave the table. */
function clearSmoke(state: GameState): GameState {
  const ending = Object.entries(state.smokeUntil)
    .filter(([, turn]) => turn <= state.turn)
    .map(([id]) => id);
  if (!ending.length) return state;
  const present = ending.filter((id) => state.scenario.features.some((f) => f.id === id));
  const scenario = present.length ? removeFeatures(state.scenario, present) : state.scenario;
  return { ...state, scenario, smokeUntil: byId(state.smokeUntil, Object.fromEntries(ending.map((id) => [id, undefined]))) };
}

function editTerrain(scenario: Scenario, event: GameEventOf<"features-added" | "feature-changed" | "features-changed" | "features-removed">): Scenario {
  const changed = (from: Feature, to: Feature) => {
    if (from.id !== to.id) throw new FeatureEditError(`"${from.id}" cannot become "${to.id}": a change keeps the feature's id`);
    return to;
  };
  try {
    if (event.type === "features-added") return addFeatures(scenario, event.features);
    if (event.type === "features-removed")
      return removeFeatures(
        scenario,
        event.features.map((f) => f.id),
      );
    if (event.type === "feature-changed") return replaceFeature(scenario, changed(event.from, event.to));
    if (event.from.length !== event.to.length) throw new FeatureEditError(`${event.from.length} features before the change, ${event.to.length} after`);
    return event.to.reduce((s, to, i) => replaceFeature(s, changed(event.from[i]!, to)), scenario);
  } catch (error) {
    if (error instanceof FeatureEditError) throw new GameEventError(`${event.type}: ${error.message}`);
    throw error;
  }
}

export function statusOf(state: GameState, id: string): ModelStatus {
  return hasId(state.status, id) ? state.status[id]! : NO_STATUS;
}

export function unitStatusOf(state: GameState, id: string): UnitStatus {
  return hasId(state.units, id) ? state.units[id]! : NO_UNIT_STATUS;
}
