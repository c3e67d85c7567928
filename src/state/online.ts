/**
 * A seat at a game played online: the connection to its room (Colyseus's client), feeding the game store
 * the room's events, and the store's changes sent to the room as commands. The store stays the one source
 * of what the table shows; the room only feeds it. A dropped connection rejoins by itself through the
 * matchmaker with the seat's token and the number of events already held, waiting longer after each failed
 * try, and sends what the player did meanwhile once it is back: the game server may have restarted, or the
 * room been rebuilt on another server behind Redis.
 */
import { Client, type Room } from "@colyseus/sdk";
import { createStore, type StoreApi } from "zustand/vanilla";
import { parseGame, serializeGame } from "../core/game/gameFile";
import type { GameLog } from "../core/game/gameLog";
import { type ClientMessageType, SEAT_REPLACED, type SeatView, type ServerMessages } from "../core/game/roomProtocol";
import { scenarioCatalog } from "../core/miniatures/catalog";
import { RULESETS } from "../rules/registry";
import type { GameStoreApi, RemoteTable } from "./gameStore";

export interface Seat {
  /** The game server's address: the app's own origin when `npm start` serves both. */
  readonly server: string;
  readonly game: string;
  readonly token: string;
  readonly name?: string;
}

export interface OnlineView {
  readonly status: "connecting" | "playing" | "reconnecting" | "closed";
  /** The side played here; null: watching. */
  readonly side?: string | null;
  readonly seats: readonly SeatView[];
  readonly ended: boolean;
  /** Why the connection closed, or why it is being retried. */
  readonly problem?: string;
  /** An undo a player asked for, not yet answered. */
  readonly undoAsked?: { readonly by: string };
}

export interface OnlineSession {
  readonly view: StoreApi<OnlineView>;
  rename(name: string): void;
  /** The answer to the other player's undo. */
  answerUndo(accept: boolean): void;
  endGame(): void;
  /** Leaves the room; the store keeps the table as it was. */
  leave(): Promise<void>;
}

/** How long to wait before rejoining after a drop; each failed try doubles the wait, up to RETRY_MAX_MS. */
const RETRY_MS = 500;
const RETRY_MAX_MS = 8000;
/** Answers to a join that no retry changes: a link that is no seat of the game, a game the server does not have. */
const FINAL_REFUSALS = new Set([400, 403, 404]);

export const SPECTATOR = "You are watching this game: a spectator cannot change it";
export const ENDED = "This game online has ended: Save keeps it as a file";

/**
 * Joins the seat and plays it in `store`, resolving once the room's welcome is in it (the store is online from
 * then on). Rejects when the room refuses the first join (a wrong link, no such game).
 */
export async function joinOnline(store: GameStoreApi, seat: Seat, retryMs = RETRY_MS): Promise<OnlineSession> {
  const view = createStore<OnlineView>()(() => ({ status: "connecting", seats: [], ended: false }));
  let room: Room | undefined;
  let left = false;
  let joined = false;
  /** What was sent while the connection was down: sent again once it is back. */
  const waiting: Array<[ClientMessageType, object]> = [];
  const remote: RemoteTable = {
    send(type, payload) {
      if (room && view.getState().status === "playing") room.send(type, payload);
      else waiting.push([type, payload]);
    },
  };

  let firstWelcome!: { resolve(): void; reject(error: Error): void };
  const welcomed = new Promise<void>((resolve, reject) => (firstWelcome = { resolve, reject }));

  const welcome = (m: ServerMessages["welcome"]) => {
    const game = store.getState();
    // The events before `from` are the ones held (they never changed); the room's replace the rest.
    const held = joined && game.remote === remote ? game.log.events.slice(0, m.from) : [];
    const log: GameLog = { header: m.header, events: [...held, ...m.events], cursor: m.cursor };
    game.goOnline(log, remote);
    joined = true;
    store.getState().setReadOnly(m.side === null ? SPECTATOR : undefined);
    view.setState({ status: "playing", side: m.side, seats: m.seats, problem: undefined, undoAsked: m.undoAsked });
    if (m.revealed) reveal(m.revealed);
    for (const [type, payload] of waiting.splice(0)) room?.send(type, payload);
    firstWelcome.resolve();
  };

  const reveal = async (revealed: ServerMessages["revealed"]) => {
    const game = store.getState();
    const { header } = game.log;
    const commitment = header.seedCommitment;
    const revealedHeader = { ...header, seed: revealed.seed, ...(commitment ? { seedCommitment: { ...commitment, salt: revealed.salt } } : {}) };
    const events = [...game.log.events];
    for (const { n, event } of revealed.secrets) if (n < events.length) events[n] = event;
    const log: GameLog = { ...game.log, header: revealedHeader, events };
    // The seed must be the one the game began with, and every roll must be what it gives.
    const loaded = parseGame(serializeGame(log), scenarioCatalog, { rulesets: RULESETS });
    const sealed = commitment ? await sha256Hex(`${revealed.seed}:${revealed.salt}`) : undefined;
    const problem =
      sealed !== undefined && sealed !== commitment?.sha256
        ? "the revealed seed is not the one the game began with"
        : !loaded.ok
          ? loaded.error
          : loaded.game.warning;
    game.goOnline(log, remote);
    game.setReadOnly(ENDED);
    view.setState({ ended: true });
    game.notify(
      problem ? "error" : "info",
      problem ? `The game has ended, but its dice do not check out: ${problem}` : "The game has ended: the seed is revealed and every roll checks out",
    );
  };

  const connect = async (): Promise<void> => {
    const options = { game: seat.game, token: seat.token, ...(seat.name ? { name: seat.name } : {}), seen: joined ? store.getState().log.cursor : 0 };
    room = await new Client(seat.server).joinOrCreate("game", options);
    // The client's own reconnection resumes its session in the room it left: a room rebuilt after its server
    // died (restarted, or on another server behind Redis) has no such session, and the client holds only
    // the last ten messages meanwhile. A drop rejoins through the matchmaker instead (retry).
    room.reconnection.enabled = false;
    room.onMessage("welcome", welcome);
    room.onMessage("event", ({ n, event }: ServerMessages["event"]) => {
      // The game moved on: an undo asked before it is void. A gap (an event missed) is mended by joining again.
      view.setState({ undoAsked: undefined });
      if (!store.getState().receive(n, event)) void room?.leave(false);
    });
    room.onMessage("undo-asked", (undoAsked: ServerMessages["undo-asked"]) => view.setState({ undoAsked }));
    room.onMessage("undo-answered", ({ by, accepted }: ServerMessages["undo-answered"]) => {
      view.setState({ undoAsked: undefined });
      store.getState().notify("info", accepted ? `${by} agreed: the last change is taken back` : `${by} declined the undo`);
    });
    room.onMessage("undone", ({ cursor }: ServerMessages["undone"]) => store.getState().rewind(cursor));
    room.onMessage("refused", ({ error }: ServerMessages["refused"]) => store.getState().notify("error", error));
    room.onMessage("seats", ({ seats }: ServerMessages["seats"]) => view.setState({ seats }));
    room.onMessage("replaced", ({ error }: ServerMessages["replaced"]) => {
      // The other window plays now: this one shows the table, and says why it no longer changes it.
      view.setState({ status: "closed", problem: error });
      store.getState().setReadOnly(error);
    });
    room.onMessage("revealed", (revealed: ServerMessages["revealed"]) => void reveal(revealed));
    room.onLeave((code: number) => {
      room = undefined;
      if (!joined) {
        view.setState({ status: "closed" });
        return firstWelcome.reject(new Error(`the game server closed the connection before welcoming this seat (code ${code})`));
      }
      if (left || code === SEAT_REPLACED || view.getState().status === "closed") return view.setState({ status: "closed" });
      view.setState({ status: "reconnecting", problem: "the connection to the game server dropped" });
      void retry();
    });
  };

  const retry = async () => {
    let wait = retryMs;
    while (!left && view.getState().status === "reconnecting") {
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (left) return;
      try {
        await connect();
        return;
      } catch (error) {
        const { code, message } = error as { code?: unknown; message: string };
        if (typeof code === "number" && FINAL_REFUSALS.has(code)) {
          view.setState({ status: "closed", problem: `the game server no longer takes this seat: ${message}` });
          store.getState().setReadOnly(message);
          return;
        }
        wait = Math.min(2 * wait, RETRY_MAX_MS);
        view.setState({ problem: `the game server cannot be reached (${message || "no answer"}); next try in ${(wait / 1000).toFixed(1)} s` });
      }
    }
  };

  await connect();
  await welcomed;
  return {
    view,
    rename: (name) => remote.send("name", { name }),
    answerUndo: (accept) => remote.send("undo-answer", { accept }),
    endGame: () => remote.send("end-game", {}),
    async leave() {
      left = true;
      await room?.leave(true);
      view.setState({ status: "closed" });
    },
  };
}

/** The hex SHA-256 of a text, where the browser offers it (a secure context); undefined elsewhere. */
async function sha256Hex(text: string): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined;
  const digest = await subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
