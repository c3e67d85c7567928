/**
 * Helpers for the game server's tests: a real server on 127.0.0.1 (a random port) over a SQLite store in
 * a temporary folder, and clients (@colyseus/sdk, as the browser uses) that keep every message they get.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, type Room } from "@colyseus/sdk";
import { afterAll, beforeAll } from "vitest";
import type { NewGameAnswer, ServerMessages } from "../../src/core/game/roomProtocol";
import { CM_PER_INCH } from "../../src/core/units";
import { type RunningServer, startGameServer } from "../../src/server/gameServer";
import { sqliteStore } from "../../src/server/sqliteStore";
import { type Placed, scenario } from "../helpers/scene";

export const dataFolder = () => mkdtemp(join(tmpdir(), "hulldown-server-"));

export const serverOn = (dataDir: string, port = 0) => startGameServer({ port, store: sqliteStore(dataDir) });

/** A US rifleman (side A) and a German squad (side B, unit "unit-ger") 12.1" away: a long-range rifle shot. */
export const RANGE = scenario(
  [],
  [
    { id: "us-1", model: "us-rifleman", position: [20, 60], side: "A" },
    ...[55, 60, 65].map(
      (z, i): Placed => ({ id: `ger-${i + 1}`, model: "ger-rifleman", position: [20 + 2.5 + 12.1 * CM_PER_INCH, z], side: "B", unit: "ger" }),
    ),
  ],
);

export async function createGame(url: string, body: unknown = { scenario: RANGE, ruleset: { id: "bolt-action", version: "source", options: {} } }) {
  const res = await fetch(`${url}/games`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as NewGameAnswer & { error?: string } };
}

export type Message = { [K in keyof ServerMessages]: { type: K; payload: ServerMessages[K] } }[keyof ServerMessages];

export interface TestClient {
  readonly room: Room;
  /** Every message received, in order. */
  readonly messages: Message[];
  /** The next message of `type` after the `seen`-th one of that type (resolves at once when already here). */
  nth<K extends Message["type"]>(type: K, index: number): Promise<ServerMessages[K]>;
  /** Resolves with the close code when the connection closes. */
  readonly closed: Promise<number>;
}

export async function joinGame(url: string, options: { game: string; token: string; name?: string; seen?: number }): Promise<TestClient> {
  const room = await new Client(url).joinOrCreate("game", options);
  const messages: Message[] = [];
  const waiting: Array<() => void> = [];
  room.onMessage("*", (type, payload) => {
    messages.push({ type, payload } as Message);
    for (const wake of waiting.splice(0)) wake();
  });
  const closed = new Promise<number>((resolve) => room.onLeave((code: number) => resolve(code)));
  return {
    room,
    messages,
    closed,
    nth(type, index) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} #${index}; got ${messages.map((m) => m.type).join(", ")}`)), 10_000);
        const look = () => {
          const found = messages.filter((m) => m.type === type)[index];
          if (found) {
            clearTimeout(timer);
            resolve(found.payload as never);
          } else waiting.push(look);
        };
        look();
      });
    },
  };
}

/** A game server on a fresh data folder for the tests around the call: started before them, closed and removed after. */
export function serverForTests(): { readonly url: string } {
  let dir = "";
  let server: RunningServer | undefined;
  beforeAll(async () => {
    dir = await dataFolder();
    server = await serverOn(dir);
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });
  return {
    get url() {
      return server!.url;
    },
  };
}
