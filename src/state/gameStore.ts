/**
 * The game store: the game log and what it folds to. Every change to the table goes through `perform`
 * (a command, checked, becomes an event) so undo, redo, autosave and replays see the same history.
 */
import { create } from "zustand";
import { type Battlefield, createBattlefield } from "../core/battlefield";
import { type Command, toEvent } from "../core/game/commands";
import type { GameEvent, GameEventOf } from "../core/game/events";
import { everPlaced } from "../core/game/everPlaced";
import { canRedo, canUndo, currentState, type GameLog, record, redo, undo } from "../core/game/gameLog";
import type { ClientMessageType } from "../core/game/roomProtocol";
import type { GameState } from "../core/game/state";
import { scenarioCatalog } from "../core/miniatures/catalog";
import { type DisplayNames, displayNames } from "../core/names";
import type { Scenario } from "../core/scenario/schema";
import { overMove, overMoveReason, turnRefusal } from "../rules/gameContext";

/**
 * A game played online: the game server holds the log, so a change is sent to it (as the room's message)
 * instead of being recorded here, and comes back as an event through `receive` (state/online.ts).
 */
export interface RemoteTable {
  send(type: ClientMessageType, payload: object): void;
}

const REDO_ONLINE = "Redo is not available in a game played online: play the change again";

export interface GameStore {
  readonly log: GameLog;
  readonly state: GameState;
  readonly battlefield: Battlefield;
  /** Every unit, model and feature the game has ever had (core/game/everPlaced.ts): ids are never used twice. */
  readonly everPlaced: Scenario;
  /** What the player reads for each unit, model and feature id the game has ever had, whether on the table now or not. */
  readonly names: DisplayNames;
  /**
   * The event the last change of the game recorded; cleared by an undo, a redo or a replace. A shot's
   * markers and dice stay on show while it is the last thing that happened.
   */
  readonly justRecorded?: GameEvent;
  /** The last refused command or failed load, for the toast; cleared by `dismiss`. */
  readonly message?: { readonly kind: "error" | "info"; readonly text: string };
  /**
   * A move refused as past its allowance, with the reason: the toast offers to record it anyway as a house
   * rule (allowOverMove); cleared by the next change or `dismiss`.
   */
  readonly overMove?: { readonly event: GameEventOf<"model-moved" | "models-moved">; readonly reason: string };
  /** Set while a replay is watched: why the table cannot be changed (commands, undo and redo are refused). */
  readonly readOnly?: string;
  perform(command: Command): boolean;
  /** Records an event computed elsewhere (a resolved shot from a rule system). */
  recordEvent(event: GameEvent): boolean;
  /** Records the move refused as past its allowance, the players allowing it (a house rule, said in the log). */
  allowOverMove(): boolean;
  undo(): void;
  redo(): void;
  /** Replaces the whole game (a new battlefield, a loaded file, the autosave). */
  replace(log: GameLog, message?: GameStore["message"]): void;
  notify(kind: "error" | "info", text: string): void;
  dismiss(): void;
  setReadOnly(reason: string | undefined): void;
  /** Set while the game is played online: changes go to the game server. */
  readonly remote?: RemoteTable;
  /** Plays `log` online: from now on changes go to `remote`, and the server's events come through `receive`. */
  goOnline(log: GameLog, remote: RemoteTable): void;
  goOffline(): void;
  /** The server's event number `n`: recorded when it is the next one (a repeat is ignored); false on a gap. */
  receive(n: number, event: GameEvent): boolean;
  /** The server's agreed undo: the events from `cursor` on are no longer in effect. */
  rewind(cursor: number): void;
}

/** While the game is read-only, a change is refused with the reason shown. */
function refused(get: () => GameStore, set: (changes: Partial<GameStore>) => void): boolean {
  const reason = get().readOnly;
  if (reason) set({ message: { kind: "error", text: reason } });
  return reason !== undefined;
}

function derive(log: GameLog): Pick<GameStore, "log" | "state" | "battlefield" | "everPlaced" | "names"> {
  const state = currentState(log);
  const ever = everPlaced(log);
  // Names from the whole game: a model keeps its name when a comrade falls, and after it falls itself. The
  // table of the moment adds only what the rules made (wrecks).
  const names = displayNames([ever, state.scenario], scenarioCatalog(ever));
  return { log, state, battlefield: createBattlefield(state.scenario, scenarioCatalog(state.scenario)), everPlaced: ever, names };
}

export const createGameStore = (initial: GameLog) =>
  create<GameStore>()((set, get) => ({
    ...derive(initial),
    perform(command) {
      if (refused(get, set)) return false;
      const result = toEvent(get().state, get().battlefield.catalog, command);
      if (!result.ok) {
        set({ message: { kind: "error", text: result.error } });
        return false;
      }
      // Online the command is checked here too, for a refusal without a round trip, then sent; the room's
      // event records it.
      const remote = get().remote;
      if (remote) remote.send("command", { command });
      return remote ? true : get().recordEvent(result.event);
    },
    recordEvent(event) {
      if (refused(get, set)) return false;
      // Online only the room records; a line-of-sight check is a question, not kept in an online game's log.
      if (get().remote) return false;
      // Out of turn is refused as any command is: the rule behind it in the toast, the log as it was.
      const outOfTurn = turnRefusal(get().log.header, get().state, event);
      if (outOfTurn) {
        set({ message: { kind: "error", text: outOfTurn } });
        return false;
      }
      const { log, battlefield } = get();
      const tooFar = overMove(log, log.cursor, event, { battlefieldOf: () => battlefield });
      if (tooFar && (event.type === "model-moved" || event.type === "models-moved")) {
        const reason = overMoveReason(tooFar);
        set({ message: { kind: "error", text: reason }, overMove: { event, reason } });
        return false;
      }
      try {
        set({ ...derive(record(get().log, event)), justRecorded: event, message: undefined, overMove: undefined });
        return true;
      } catch (error) {
        set({ message: { kind: "error", text: (error as Error).message } });
        return false;
      }
    },
    allowOverMove() {
      const refusedMove = get().overMove;
      if (!refusedMove) return false;
      set({ overMove: undefined });
      return get().recordEvent({ ...refusedMove.event, houseRule: refusedMove.reason });
    },
    undo() {
      // Online an undo is asked of the other player; the room takes it back when they agree.
      const remote = get().remote;
      if (remote && !refused(get, set)) remote.send("undo", {});
      else if (!refused(get, set) && canUndo(get().log)) set({ ...derive(undo(get().log)), justRecorded: undefined, overMove: undefined });
    },
    redo() {
      if (get().remote) set({ message: { kind: "error", text: REDO_ONLINE } });
      else if (!refused(get, set) && canRedo(get().log)) set({ ...derive(redo(get().log)), justRecorded: undefined, overMove: undefined });
    },
    replace(log, message) {
      set({ ...derive(log), justRecorded: undefined, overMove: undefined, message });
    },
    notify(kind, text) {
      set({ message: { kind, text } });
    },
    dismiss() {
      set({ message: undefined, overMove: undefined });
    },
    setReadOnly(reason) {
      set({ readOnly: reason });
    },
    goOnline(log, remote) {
      set({ ...derive(log), justRecorded: undefined, overMove: undefined, remote });
    },
    goOffline() {
      set({ remote: undefined });
    },
    receive(n, event) {
      const { log } = get();
      if (n < log.cursor) return true;
      if (n > log.cursor) return false;
      set({ ...derive(record(log, event)), justRecorded: event });
      return true;
    },
    rewind(cursor) {
      set({ ...derive({ ...get().log, cursor }), justRecorded: undefined });
    },
  }));

export type GameStoreApi = ReturnType<typeof createGameStore>;
