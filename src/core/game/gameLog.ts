/**
 * The game log: a header (scenario, seed, rule system) and the events, with a cursor for undo and redo.
 * Undo moves the cursor back; a new event after an undo drops the undone tail. The state at the cursor is
 * a fold over the events before it, with snapshots every SNAPSHOT_EVERY events so seeking is instant.
 */
import { createDice, type Dice } from "../dice";
import type { Scenario } from "../scenario/schema";
import { GAME_FORMAT, GAME_VERSION, type GameEvent, type GameHeader, rollsDice } from "./events";
import { applyEvent, type GameState, initialState } from "./state";

export interface GameLog {
  readonly header: GameHeader;
  readonly events: readonly GameEvent[];
  /** Events before the cursor are in effect; the ones after it can be redone. */
  readonly cursor: number;
}

export const SNAPSHOT_EVERY = 50;

export type RulesetChoice = Omit<GameHeader["ruleset"], "tables"> & Partial<Pick<GameHeader["ruleset"], "tables">>;

export function newGame(scenario: Scenario, options: { seed: number; ruleset: RulesetChoice; created?: string }): GameLog {
  return {
    header: {
      format: GAME_FORMAT,
      version: GAME_VERSION,
      created: options.created ?? new Date().toISOString(),
      seed: options.seed,
      ruleset: { tables: [], ...options.ruleset },
      scenario,
    },
    events: [],
    cursor: 0,
  };
}

export function record(log: GameLog, event: GameEvent): GameLog {
  // Check the event against the state first: an event that does not apply never enters the log.
  const after = applyEvent(stateAt(log, log.cursor), event);
  const events = [...log.events.slice(0, log.cursor), event];
  // The new list begins with the old one's first `cursor` events: their snapshots hold for it, and the state
  // after its last event is known. Without them each event recorded would fold the whole game again.
  const saved = new Map([...(snapshots.get(log.events) ?? [])].filter(([count]) => count <= log.cursor && count % SNAPSHOT_EVERY === 0));
  snapshots.set(events, saved.set(events.length, after));
  return { ...log, events, cursor: log.cursor + 1 };
}

export const canUndo = (log: GameLog): boolean => log.events.slice(0, log.cursor).some(changesTable);
export const canRedo = (log: GameLog): boolean => log.cursor < log.events.length;
/** Events that record a question, not a change of the table: undo and redo step over them. */
const changesTable = (event: GameEvent): boolean => event.type !== "los-checked";

/** Steps back over the last change of the table (and any checks recorded after it). */
export function undo(log: GameLog): GameLog {
  let cursor = log.cursor;
  while (cursor > 0 && !changesTable(log.events[cursor - 1]!)) cursor--;
  return cursor > 0 ? { ...log, cursor: cursor - 1 } : log;
}

/** Redoes the next change of the table, with the checks recorded after it. */
export function redo(log: GameLog): GameLog {
  if (!canRedo(log)) return log;
  let cursor = log.cursor + 1;
  while (cursor < log.events.length && !changesTable(log.events[cursor]!)) cursor++;
  return { ...log, cursor };
}

/** Snapshots per event list: index k·SNAPSHOT_EVERY → state after that many events; and, for a list `record` made, the state after all of them. */
const snapshots = new WeakMap<readonly GameEvent[], Map<number, GameState>>();
const initialStates = new WeakMap<GameHeader, GameState>();

/** The state after the first `count` events (replays seek with this). */
export function stateAt(log: GameLog, count: number): GameState {
  let start = initialStates.get(log.header);
  if (!start) initialStates.set(log.header, (start = initialState(log.header.scenario)));
  let saved = snapshots.get(log.events);
  if (!saved) snapshots.set(log.events, (saved = new Map()));
  const known = saved.get(count);
  if (known) return known;
  const base = Math.floor(count / SNAPSHOT_EVERY) * SNAPSHOT_EVERY;
  let k = base;
  while (k > 0 && !saved.has(k)) k -= SNAPSHOT_EVERY;
  let state = k > 0 ? saved.get(k)! : start;
  for (let i = k; i < count; i++) {
    state = applyEvent(state, log.events[i]!);
    if ((i + 1) % SNAPSHOT_EVERY === 0) saved.set(i + 1, state);
  }
  return state;
}

export const currentState = (log: GameLog): GameState => stateAt(log, log.cursor);

/** The events in effect: those before the cursor. */
export const eventsInEffect = (log: GameLog): readonly GameEvent[] => log.events.slice(0, log.cursor);

/** The game's dice, positioned at the next roll: a reloaded game rolls on exactly where it stopped. */
export function nextDice(log: GameLog): Dice {
  return createDice(log.header.seed, rolledSides(log));
}

/** The sides of every die rolled before the cursor, in order: what a dice stream resumes after. */
export const rolledSides = (log: GameLog): number[] => log.events.slice(0, log.cursor).flatMap((e) => (rollsDice(e) ? e.rolls.map((r) => r.sides) : []));

/**
 * The id of a template laid now: `template-N`, the first N that no template laid before the cursor has. It
 * follows from the log alone, so a reload or an undo gives the same ids, and no id names two templates in
 * one history (the undone tail is dropped when the new template is recorded).
 */
export function newTemplateId(log: GameLog): string {
  const used = new Set(log.events.slice(0, log.cursor).flatMap((e) => (e.type === "template-placed" ? [e.template.id] : [])));
  for (let n = 1; ; n++) if (!used.has(`template-${n}`)) return `template-${n}`;
}
