/**
 * What the table shows at a replay time, as a pure function of the game log and the time: the state after
 * the events that are over (from the fold's snapshots), plus the event in progress drawn part way: models
 * along their recorded paths, turrets turning, a shot's line of fire, flash and dice, a template's blast.
 * The scene only draws a frame; the video export renders the same frames at fixed times.
 */

import type { z } from "zod";
import type { DieRollRecord, GameEvent, GameEventOf, Outcome, PlacedTemplate, Placement } from "../core/game/events";
import type { GameLog } from "../core/game/gameLog";
import { applyEvent, type GameState, initialState } from "../core/game/state";
import { lerp2 } from "../core/geometry2d";
import type { Point, Scenario } from "../core/scenario/schema";
import { locate, movePolyline, type Timeline, turnBetween } from "./timeline";

/** A model drawn somewhere other than where the state has it (on its way). */
export interface Pose {
  readonly model: string;
  readonly placement: Placement;
  readonly turretHeading?: number;
}

/** A shot being shown: who fires at whom, with the roll's real dice and what they did. */
export interface ShotFrame {
  readonly firers: readonly string[];
  readonly targets: readonly string[];
  readonly weapon: string;
  readonly summary: string;
  readonly rolls: readonly z.infer<typeof DieRollRecord>[];
  readonly outcomes: readonly Outcome[];
  /** 0–1 through the shot: the flash at the start, dice from SHOT_PHASES.dice, outcomes from SHOT_PHASES.result. */
  readonly progress: number;
  /** How many of the dice have popped up so far. */
  readonly diceShown: number;
  readonly showOutcomes: boolean;
}

/** Where in a shot each part appears (fractions of the shot). */
export const SHOT_PHASES = { flashEnd: 0.2, dice: 0.25, result: 0.7 } as const;

export interface ReplayFrame {
  readonly time: number;
  /** Events over; the event at `index` (if any) is in progress. */
  readonly index: number;
  readonly progress: number;
  readonly event?: GameEvent;
  /** The table after the events that are over. */
  readonly state: GameState;
  readonly poses: readonly Pose[];
  readonly shot?: ShotFrame;
  /** A template being laid: its blast grows from 0 to 1. */
  readonly template?: { readonly template: PlacedTemplate; readonly blast: number };
  /** The models the event is about: what a follow camera frames. */
  readonly actors: readonly string[];
}

/**
 * A replay seeks far more often than a game undoes, so it keeps its own snapshots of the fold, denser than
 * the game log's: every REPLAY_SNAPSHOT_EVERY events, made as far as the furthest seek so far. A seek then
 * folds at most that many events onto a snapshot.
 */
export const REPLAY_SNAPSHOT_EVERY = 10;
const snapshots = new WeakMap<readonly GameEvent[], GameState[]>();

/**
 * Takes the states a fold made elsewhere (the replay loader's, after every REPLAY_SNAPSHOT_EVERY events, in
 * order) as the log's snapshots, so the loader's one fold is also the seek's.
 */
export function keepSnapshots(log: Pick<GameLog, "header" | "events">, states: readonly GameState[]): void {
  snapshots.set(log.events, [initialState(log.header.scenario), ...states]);
}

/** The table after the first `count` events of the log. */
export function replayState(log: Pick<GameLog, "header" | "events">, count: number): GameState {
  let saved = snapshots.get(log.events);
  if (!saved) snapshots.set(log.events, (saved = [initialState(log.header.scenario)]));
  const k = Math.min(Math.floor(count / REPLAY_SNAPSHOT_EVERY), saved.length - 1);
  let state = saved[k]!;
  for (let i = k * REPLAY_SNAPSHOT_EVERY; i < count; i++) {
    state = applyEvent(state, log.events[i]!);
    if ((i + 1) % REPLAY_SNAPSHOT_EVERY === 0 && saved.length === (i + 1) / REPLAY_SNAPSHOT_EVERY) saved.push(state);
  }
  return state;
}

const ease = (t: number) => t * t * (3 - 2 * t);

/** The point `fraction` of the way along a polyline, by length. */
function alongPolyline(points: readonly Point[], fraction: number): Point {
  if (points.length < 2) return points[0]!;
  const lengths = points.slice(1).map((p, i) => Math.hypot(p[0] - points[i]![0], p[1] - points[i]![1]));
  let remaining = fraction * lengths.reduce((a, b) => a + b, 0);
  for (const [i, length] of lengths.entries()) {
    if (remaining <= length || i === lengths.length - 1) {
      const at = lerp2(points[i]!, points[i + 1]!, length > 0 ? Math.min(1, remaining / length) : 1);
      return [at[0], at[1]];
    }
    remaining -= length;
  }
  return points.at(-1)!;
}

const turned = (from: number, to: number, t: number) => from + turnBetween(from, to) * t;

/** A model part way through a move: along its path, turned part way, on its starting level until it arrives. */
export function movePose(move: { model: string; from: Placement; to: Placement; path: readonly Point[] }, progress: number): Pose {
  const t = ease(Math.min(1, Math.max(0, progress)));
  const at = alongPolyline(movePolyline(move), t);
  const level = t < 1 ? move.from : move.to;
  return { model: move.model, placement: { position: at, heading: turned(move.from.heading, move.to.heading, t), ...pick(level) } };
}

const pick = (p: Placement) => ({ ...(p.elevation !== undefined ? { elevation: p.elevation } : {}), ...(p.floor ? { floor: p.floor } : {}) });

/** The models an id names in a scenario: the model itself, or every model of the unit with that id. */
export function modelsNamed(scenario: Scenario, id: string): string[] {
  for (const force of scenario.forces)
    for (const unit of force.units) {
      if (unit.id === id) return unit.models.map((m) => m.id);
      if (unit.models.some((m) => m.id === id)) return [id];
    }
  return [];
}

function shotFrame(event: GameEventOf<"fire-resolved">, state: GameState, progress: number): ShotFrame {
  const diceSpan = SHOT_PHASES.result - SHOT_PHASES.dice;
  const diceShown = progress < SHOT_PHASES.dice ? 0 : Math.min(event.rolls.length, Math.ceil(((progress - SHOT_PHASES.dice) / diceSpan) * event.rolls.length));
  const hit = event.outcomes.map((o) => o.model);
  return {
    firers: modelsNamed(state.scenario, event.shooter),
    // The target named is an aiming point; the models the outcomes name are the ones hit.
    targets: [...new Set([...modelsNamed(state.scenario, event.target).slice(0, 1), ...hit])],
    weapon: event.weapon,
    summary: event.summary,
    rolls: event.rolls,
    outcomes: event.outcomes,
    progress,
    diceShown,
    showOutcomes: progress >= SHOT_PHASES.result,
  };
}

/** The frame at replay time `time`: a pure function of the log's events and the time. */
export function replayFrame(log: GameLog, timeline: Timeline, time: number): ReplayFrame {
  const { index, progress } = locate(timeline, time);
  const state = replayState(log, index);
  const event = index < log.events.length ? log.events[index] : undefined;
  const base = { time, index, progress, state, ...(event ? { event } : {}) };
  if (!event) return { ...base, poses: [], actors: [] };
  switch (event.type) {
    case "model-moved":
      return { ...base, poses: [movePose(event, progress)], actors: [event.model] };
    case "models-moved":
      return { ...base, poses: event.moves.map((m) => movePose({ ...m }, progress)), actors: event.moves.map((m) => m.model) };
    case "turret-traversed": {
      const model = state.scenario.forces.flatMap((f) => f.units.flatMap((u) => u.models)).find((m) => m.id === event.model);
      const placement = model ? { position: model.position, heading: model.heading, ...pick(model) } : undefined;
      const poses = placement ? [{ model: event.model, placement, turretHeading: turned(event.from, event.to, ease(progress)) }] : [];
      return { ...base, poses, actors: [event.model] };
    }
    case "fire-resolved": {
      const shot = shotFrame(event, state, progress);
      return { ...base, poses: [], shot, actors: [...shot.firers, ...shot.targets] };
    }
    case "template-placed":
      return { ...base, poses: [], template: { template: event.template, blast: ease(progress) }, actors: event.template.firer ? [event.template.firer] : [] };
    case "los-checked":
      return { ...base, poses: [], actors: [event.shooter, event.target] };
    case "model-removed":
      return { ...base, poses: [], actors: [event.model] };
    default:
      return { ...base, poses: [], actors: [] };
  }
}
