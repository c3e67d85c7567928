/**
 * The replay clock: each event gets a duration from what it shows (a move takes as long as a miniature
 * would need to walk its path, a shot long enough to see the dice), so replay time maps to an event index
 * and a progress through that event. Pure and headless: the player, the scene and the video export share it.
 */

import type { GameEvent, Placement } from "../core/game/events";
import { distance2 } from "../core/geometry2d";
import type { Point } from "../core/scenario/schema";

/** Replay milliseconds per event kind; moves and traverses scale with how far they go. */
export const PACE = {
  /** A walking miniature: 20 cm of table a second reads as a brisk advance, not a teleport. */
  moveCmPerSecond: 20,
  moveMin: 600,
  moveMax: 4000,
  traverseDegPerSecond: 90,
  traverseMin: 400,
  /** Aim, muzzle flash, the line of fire, the dice popping up, the result. */
  shot: 2400,
  template: 1500,
  other: 500,
} as const;

/** Replay speeds the player offers (×). */
export const SPEEDS = [0.25, 0.5, 1, 2, 4, 8, 16] as const;

export interface Timeline {
  /** When each event starts (replay ms); `starts[i + 1] = starts[i] + durations[i]`. */
  readonly starts: Float64Array;
  readonly durations: Float64Array;
  /** When the last event ends. */
  readonly total: number;
}

/** Where replay time falls: `index` events are over and event `index` is `progress` (0–1) of the way through. */
export interface ReplayPosition {
  readonly index: number;
  readonly progress: number;
}

/** The points a move goes through, start and end included (a straight line when no path was recorded). */
export function movePolyline(move: { from: Placement; to: Placement; path: readonly Point[] }): Point[] {
  const points: Point[] = [move.from.position, ...move.path, move.to.position];
  return points.filter((p, i) => i === 0 || distance2(p, points[i - 1]!) > 1e-9);
}

const polylineLength = (points: readonly Point[]): number => points.reduce((sum, p, i) => (i ? sum + distance2(points[i - 1]!, p) : 0), 0);

/** The smaller turn from `from` to `to`, in degrees (signed). */
export const turnBetween = (from: number, to: number): number => ((((to - from) % 360) + 540) % 360) - 180;

function moveDuration(move: { from: Placement; to: Placement; path: readonly Point[] }): number {
  const length = polylineLength(movePolyline(move));
  const turning = Math.abs(turnBetween(move.from.heading, move.to.heading)) / PACE.traverseDegPerSecond;
  const ms = Math.max((length / PACE.moveCmPerSecond) * 1000, turning * 1000);
  return Math.min(PACE.moveMax, Math.max(PACE.moveMin, ms));
}

export function eventDuration(event: GameEvent): number {
  switch (event.type) {
    case "model-moved":
      return moveDuration(event);
    case "models-moved":
      return Math.max(...event.moves.map(moveDuration));
    case "turret-traversed":
      return Math.max(PACE.traverseMin, (Math.abs(turnBetween(event.from, event.to)) / PACE.traverseDegPerSecond) * 1000);
    case "fire-resolved":
      return PACE.shot;
    case "template-placed":
      return PACE.template;
    default:
      return PACE.other;
  }
}

export function buildTimeline(events: readonly GameEvent[]): Timeline {
  const starts = new Float64Array(events.length + 1);
  const durations = new Float64Array(events.length);
  events.forEach((event, i) => {
    durations[i] = eventDuration(event);
    starts[i + 1] = starts[i]! + durations[i]!;
  });
  return { starts, durations, total: starts[events.length]! };
}

/** When event `index` begins (the end of the replay for `index` = the number of events). */
export function timeOfEvent(timeline: Timeline, index: number): number {
  const clamped = Math.min(Math.max(0, Math.floor(index)), timeline.durations.length);
  return timeline.starts[clamped]!;
}

/** The event under replay time `time` (clamped to the replay), found by bisection. */
export function locate(timeline: Timeline, time: number): ReplayPosition {
  const count = timeline.durations.length;
  if (!(time > 0)) return { index: 0, progress: 0 };
  if (time >= timeline.total) return { index: count, progress: 0 };
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (timeline.starts[mid]! <= time) lo = mid;
    else hi = mid - 1;
  }
  return { index: lo, progress: (time - timeline.starts[lo]!) / timeline.durations[lo]! };
}

/** Replay time after `wallMs` of playing at `speed` (clamped to the replay). */
export const advance = (timeline: Timeline, time: number, wallMs: number, speed: number): number =>
  Math.min(timeline.total, Math.max(0, time + wallMs * speed));

/**
 * Where the timeline marks turns: the events that begin one. A game that follows its turn sequence is marked at
 * the step that begins each turn (the deployment first); a game in free play where its turns were ended
 * (`turn-ended`), where each one ended; a game without turn events gets a mark on every tenth event, so there
 * is still something to jump to.
 */
export const MARK_EVERY = 10;
export function turnMarks(events: readonly GameEvent[]): number[] {
  if (events.some((e) => e.type === "turn-advanced")) {
    // A game that follows its turns: a mark where each turn (the deployment first) begins.
    let turn: number | undefined;
    return events.flatMap((e, i) => {
      if (e.type !== "turn-advanced" || e.turn === turn) return [];
      turn = e.turn;
      return [i];
    });
  }
  if (events.some((e) => e.type === "turn-ended")) return events.flatMap((e, i) => (e.type === "turn-ended" && i + 1 < events.length ? [i + 1] : []));
  const marks: number[] = [];
  for (let i = MARK_EVERY; i < events.length; i += MARK_EVERY) marks.push(i);
  return marks;
}
