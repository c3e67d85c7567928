/**
 * Where a server keeps its games: the header with the secret seed, the seats and every accepted event,
 * stored before the event is sent to anyone, so a restart loses nothing a player was told. One interface,
 * so a shared store (Redis, for several server processes) can stand in for the embedded SQLite one.
 */
import type { GameEvent, GameHeader } from "../core/game/events";

export interface Seat {
  /** The side the seat plays (a force's `side`); a spectator's seat has none. */
  readonly side: string;
  readonly token: string;
  /** The player's name as they gave it on joining; "" until then. */
  readonly name: string;
}

export interface StoredGame {
  readonly id: string;
  /** The header with the real seed and its commitment (the salt kept apart until the end). */
  readonly header: GameHeader;
  readonly salt: string;
  readonly seats: readonly Seat[];
  readonly spectatorToken: string;
  /** Set when the game has ended and its seed is revealed. */
  readonly ended: boolean;
}

export interface StoredLog extends StoredGame {
  readonly events: readonly GameEvent[];
  /** Events before it are in effect; the ones after were taken back by an undo both players agreed to. */
  readonly cursor: number;
  /** The lowest cursor an undo ever took the game back to (events before it never changed); absent: never undone. */
  readonly rewound?: number;
}

/** Thrown by `append` when the event number is already taken: another writer got there first. */
export class EventNumberTaken extends Error {}

export interface LogStore {
  create(game: StoredGame): Promise<void>;
  load(id: string): Promise<StoredLog | undefined>;
  /**
   * Stores event number `n`, dropping the undone events from `n` on; rejects with EventNumberTaken unless `n`
   * is the game's cursor (its next number).
   */
  append(id: string, n: number, event: GameEvent): Promise<void>;
  /** An agreed undo: the events from `cursor` on are no longer in effect. */
  setCursor(id: string, cursor: number): Promise<void>;
  setSeats(id: string, seats: readonly Seat[]): Promise<void>;
  end(id: string): Promise<void>;
  close(): void;
}
