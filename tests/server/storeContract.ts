/**
 * What every LogStore promises, checked against each one (SQLite, Redis): what it acknowledged is there when
 * it is opened again, an event number is stored once (a second writer at the same number, or one that skips
 * a number, is refused, and of two at once one wins), and an agreed undo is kept: the next event replaces the events taken back.
 */
import { expect } from "vitest";
import type { GameEvent } from "../../src/core/game/events";
import { newStoredGame } from "../../src/server/createGame";
import { EventNumberTaken, type LogStore, type StoredGame } from "../../src/server/logStore";
import { RANGE } from "./online";

const turn = (n: number): GameEvent => ({ type: "turn-ended", kept: [], time: n });

/** Plays the promises through stores made by `open` (each a fresh connection to the same storage). */
export async function keepsEveryEventOnce(open: () => LogStore) {
  const made = newStoredGame({ scenario: RANGE, ruleset: { id: "bolt-action", version: "source", options: {} } });
  if (!made.ok) throw new Error(made.problems.join("; "));
  const game: StoredGame = made.game;
  let store = open();
  await store.create(game);
  for (const n of [0, 1, 2]) await store.append(game.id, n, turn(n));
  await expect(store.append(game.id, 2, turn(9))).rejects.toThrow(EventNumberTaken);
  await expect(store.append(game.id, 4, turn(9))).rejects.toThrow(/is at event 3; event 4 cannot be stored/);
  await store.setCursor(game.id, 1);
  store.close();

  store = open();
  const loaded = await store.load(game.id);
  expect(loaded).toMatchObject({ id: game.id, cursor: 1, rewound: 1, salt: game.salt, seats: game.seats, ended: false });
  expect(loaded!.header).toEqual(game.header);
  expect(loaded!.events.map((e) => e.time)).toEqual([0, 1, 2]);
  await store.append(game.id, 1, turn(7));
  expect((await store.load(game.id))!.events.map((e) => e.time)).toEqual([0, 7]);
  // Two writers (two processes' connections) at the same number at once: one wins, the other is told.
  const other = open();
  const race = await Promise.allSettled([store.append(game.id, 2, turn(20)), other.append(game.id, 2, turn(21))]);
  other.close();
  expect(race.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
  expect(race.flatMap((r) => (r.status === "rejected" ? [r.reason] : []))[0]).toBeInstanceOf(EventNumberTaken);
  expect((await store.load(game.id))!.events.map((e) => e.time)).toEqual([0, 7, race[0].status === "fulfilled" ? 20 : 21]);
  expect(await store.load("no-such-game")).toBeUndefined();
  store.close();
}
