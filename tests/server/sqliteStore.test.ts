/**
 * The embedded store on disk: what it acknowledged is there when the file is opened again, an event number
 * is stored once (a second writer at the same number, or one that skips a number, is refused), and an
 * agreed undo is kept: the next event replaces the events taken back.
 */
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { GameEvent } from "../../src/core/game/events";
import { newStoredGame } from "../../src/server/createGame";
import { EventNumberTaken, type StoredGame } from "../../src/server/logStore";
import { sqliteStore } from "../../src/server/sqliteStore";
import { dataFolder, RANGE } from "./online";

let dir: string;
beforeAll(async () => {
  dir = await dataFolder();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const turn = (n: number): GameEvent => ({ type: "turn-ended", kept: [], time: n });

it("keeps every event once, in order, and an undo's cursor, across reopening the file", async () => {
  const made = newStoredGame({ scenario: RANGE, ruleset: { id: "bolt-action", version: "source", options: {} } });
  if (!made.ok) throw new Error(made.problems.join("; "));
  const game: StoredGame = made.game;
  let store = sqliteStore(dir);
  await store.create(game);
  for (const n of [0, 1, 2]) await store.append(game.id, n, turn(n));
  await expect(store.append(game.id, 2, turn(9))).rejects.toThrow(EventNumberTaken);
  await expect(store.append(game.id, 4, turn(9))).rejects.toThrow(/is at event 3; event 4 cannot be stored/);
  await store.setCursor(game.id, 1);
  store.close();

  store = sqliteStore(dir);
  const loaded = await store.load(game.id);
  expect(loaded).toMatchObject({ id: game.id, cursor: 1, rewound: 1, salt: game.salt, seats: game.seats, ended: false });
  expect(loaded!.header.seed).toBe(game.header.seed);
  expect(loaded!.events.map((e) => e.time)).toEqual([0, 1, 2]);
  await store.append(game.id, 1, turn(7));
  expect((await store.load(game.id))!.events.map((e) => e.time)).toEqual([0, 7]);
  expect(await store.load("no-such-game")).toBeUndefined();
  store.close();
});
