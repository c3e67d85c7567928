/**
 * The app's side of a game online, against a real game server: two game stores (two players' apps) and a
 * spectator's, each fed by the room. A move made in one store shows in the others; the other side's move is
 * refused in the sender's toast; an undo is taken back when the other player agrees; a dropped player rejoins by itself, with what it
 * did meanwhile sent once it is back; a seat opened in a second window leaves the first read-only, saying why; the game's end reveals the seed and every store finds each roll checks out.
 */
import { matchMaker } from "@colyseus/core";
import { expect, it } from "vitest";
import { newGame } from "../../src/core/game/gameLog";
import { findModel } from "../../src/core/game/models";
import { createGameStore, type GameStoreApi } from "../../src/state/gameStore";
import { ENDED, joinOnline, type OnlineSession, SPECTATOR } from "../../src/state/online";
import { createGame, RANGE, serverForTests } from "../server/online";

const server = serverForTests();

/** Resolves once `check` holds of the store (polled: the room answers over the network). */
async function until(store: GameStoreApi, check: (s: ReturnType<GameStoreApi["getState"]>) => boolean): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check(store.getState())) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never happened: ${check}; the store's message: ${store.getState().message?.text}`);
}

const offline = () => createGameStore(newGame(RANGE, { seed: 1, ruleset: { id: "bolt-action", version: "source", options: {} } }));
const x = (store: GameStoreApi, model: string) => findModel(store.getState().state.scenario, model)?.position[0];

it("plays one game in three apps: moves, refusals, a drop and a rejoin, and the end with every roll checked", async () => {
  const { body: game } = await createGame(server.url);
  const [a, b, watcher] = [offline(), offline(), offline()];
  const seat = (token: string, name?: string) => ({ server: server.url, game: game.game, token, ...(name ? { name } : {}) });
  const sessions: OnlineSession[] = [
    await joinOnline(a, seat(game.seats[0]!.token, "Ann"), 50),
    await joinOnline(b, seat(game.seats[1]!.token, "Bert"), 50),
    await joinOnline(watcher, seat(game.spectator)),
  ];
  await until(watcher, (s) => s.remote !== undefined);
  expect(watcher.getState().log.header.seed).toBe(0);
  expect(sessions[2]!.view.getState().seats.map((s) => `${s.side}: ${s.name}`)).toEqual(["A: Ann", "B: Bert"]);

  // A move goes to the room and comes back to every store as the same event.
  expect(a.getState().perform({ type: "move", model: "us-1", to: { position: [25, 60], heading: 90 } })).toBe(true);
  for (const store of [a, b, watcher]) await until(store, (s) => s.log.events.length === 1);
  expect([a, b, watcher].map((s) => x(s, "us-1"))).toEqual([25, 25, 25]);

  // The other side's model: the room refuses, in the sender's toast; the spectator cannot even send.
  b.getState().perform({ type: "move", model: "us-1", to: { position: [30, 60], heading: 90 } });
  await until(b, (s) => /^US rifleman squad 1 is A's; you play B$/.test(s.message?.text ?? ""));
  expect(watcher.getState().perform({ type: "move", model: "ger-1", to: { position: [110, 55], heading: 0 } })).toBe(false);
  expect(watcher.getState().message?.text).toBe(SPECTATOR);
  // An undo is asked of the other player, and taken back everywhere when they agree.
  a.getState().undo();
  await until(b, () => sessions[1]!.view.getState().undoAsked?.by === "A");
  sessions[1]!.answerUndo(true);
  for (const store of [a, b, watcher]) await until(store, (s) => s.log.cursor === 0);
  expect([a, b, watcher].map((s) => x(s, "us-1"))).toEqual([20, 20, 20]);
  expect(a.getState().message?.text).toBe("B agreed: the last change is taken back");
  a.getState().perform({ type: "move", model: "us-1", to: { position: [25, 60], heading: 90 } });
  for (const store of [a, b, watcher]) await until(store, (s) => s.log.cursor === 1 && s.log.events.length === 1);

  // A's connection drops; B moves meanwhile, and so does A: both reach everyone once A is back.
  const dropped = new Promise((resolve) => sessions[0]!.view.subscribe((v) => v.status === "reconnecting" && resolve(v)));
  dropConnection(game.game, "A");
  await dropped;
  b.getState().perform({ type: "move", model: "ger-1", to: { position: [110, 55], heading: 270 } });
  a.getState().perform({ type: "move", model: "us-1", to: { position: [28, 60], heading: 90 } });
  for (const store of [a, b, watcher]) await until(store, (s) => s.log.events.length === 3);
  expect([a, b, watcher].map((s) => [x(s, "us-1"), x(s, "ger-1")])).toEqual([
    [28, 110],
    [28, 110],
    [28, 110],
  ]);

  // B opens the seat in a second window: it plays from now on, and the first one says why it no longer can.
  const b2 = offline();
  sessions.push(await joinOnline(b2, seat(game.seats[1]!.token), 50));
  await until(b, (s) => s.readOnly !== undefined);
  expect(b.getState().perform({ type: "move", model: "ger-1", to: { position: [112, 55], heading: 270 } })).toBe(false);
  expect(b.getState().message?.text).toMatch(/^your seat \(B\) was opened somewhere else/);
  expect(sessions[1]!.view.getState().status).toBe("closed");

  // A shot rolled by the room, then the end: the seed is revealed and each store checks every roll.
  a.getState().remote!.send("fire", { declaration: { shooter: "us-1", target: "unit-ger" } });
  for (const store of [a, b2, watcher]) await until(store, (s) => s.log.events.length === 4);
  sessions[3]!.endGame();
  for (const store of [a, b2, watcher]) await until(store, (s) => s.readOnly === ENDED);
  for (const store of [a, b2, watcher])
    expect(store.getState().message).toEqual({ kind: "info", text: "The game has ended: the seed is revealed and every roll checks out" });
  expect(a.getState().log.header.seed).not.toBe(0);
  for (const session of sessions) await session.leave();
});

/** The network drops under a side's connection: the server's socket goes without a goodbye. */
function dropConnection(gameId: string, side: string): void {
  const room = matchMaker.getLocalRoomById(gameId)!;
  const client = room.clients.find((c) => (c.auth as { side: string | null }).side === side)!;
  (client.ref as unknown as { terminate(): void }).terminate();
}
