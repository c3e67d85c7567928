/**
 * What one seat of a game played online may see of an event. An action a rule system keeps secret (a hand of
 * cards drawn: ActionResult.secret) shows its side everything; every other seat and a spectator get it with its
 * details replaced by what is hidden, in words, and its dice without their faces (each counts in the stream, so
 * the fold and the dice that follow are the same everywhere). When the game ends the room sends the events whole,
 * and every roll is checked against the revealed seed.
 */
import type { GameEvent } from "./events";

/** What the details of an event seen by another seat say. */
export interface HiddenDetails {
  readonly hidden: string;
}

/** A hidden die's face: the lowest a die shows, so the event stays a valid one. */
const HIDDEN_FACE = 1;

export const keepsSecret = (event: GameEvent): boolean => event.type === "action-taken" && event.secret !== undefined;

/** The event as the seat of `side` sees it (null: a spectator). */
export function eventSeenBy(event: GameEvent, side: string | null): GameEvent {
  if (event.type !== "action-taken" || !event.secret || event.secret.side === side) return event;
  const details: HiddenDetails = { hidden: event.secret.what };
  return { ...event, details, rolls: event.rolls.map((r) => ({ ...r, value: HIDDEN_FACE, reason: `${event.secret!.side}'s secret` })) };
}
