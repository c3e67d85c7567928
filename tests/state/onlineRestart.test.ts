/**
 * The app's game online when its game server dies: a real server process (`npm run serve` over a SQLite data
 * folder) is killed mid-game and started again on the same folder and port. Both players' apps say they are
 * reconnecting, rejoin through the matchmaker by themselves with their seat's token and the events they hold,
 * and carry on: the move one made while the server was down reaches the other, nothing before it is lost.
 * Behind Redis, the app that joined through server B a room living on server A carries on through B when A
 * is killed, the room rebuilt from Redis.
 */
import { rm } from "node:fs/promises";
import { afterAll, expect, it } from "vitest";
import { newGame } from "../../src/core/game/gameLog";
import { findModel } from "../../src/core/game/models";
import { createGameStore, type GameStoreApi } from "../../src/state/gameStore";
import { joinOnline, type OnlineView } from "../../src/state/online";
import { createGame, dataFolder, RANGE } from "../server/online";
import { freePort, type Process, startRedis, startServeProcess } from "../server/redis";

const cleanup: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** Waits `ms` past `since` (Date.now()). */
const past = (since: number, ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, since + ms - Date.now())));

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 800; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never happened: ${what}`);
}

const offline = () => createGameStore(newGame(RANGE, { seed: 1, ruleset: { id: "bolt-action", version: "source", options: {} } }));
const x = (store: GameStoreApi, model: string) => findModel(store.getState().state.scenario, model)?.position[0];
/** The client library's own reconnection only starts for a room joined 5 s ago or more (its minUptime). */
const CLIENT_MIN_UPTIME_MS = 5000;

it("carries on by itself after the game server is killed and started again on the same data folder", { timeout: 60_000 }, async () => {
  const dir = await dataFolder();
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  const port = await freePort();
  let server: Process = await startServeProcess({ data: dir }, port);
  cleanup.push(() => server.kill());
  const { body: game } = await createGame(server.url);
  const [a, b] = [offline(), offline()];
  const seat = (i: number) => ({ server: server.url, game: game.game, token: game.seats[i]!.token });
  const joinedAt = Date.now();
  const sessions = [await joinOnline(a, seat(0), 50), await joinOnline(b, seat(1), 50)];
  cleanup.push(async () => {
    for (const s of sessions) await s.leave();
  });
  a.getState().perform({ type: "move", model: "us-1", to: { position: [25, 60], heading: 90 } });
  await until(() => b.getState().log.events.length === 1, "B holds A's first move");
  // Dropped after the client library would try its own reconnection, which a restarted server cannot answer.
  await past(joinedAt, CLIENT_MIN_UPTIME_MS + 500);

  const seen: OnlineView[][] = sessions.map((s) => {
    const views: OnlineView[] = [];
    s.view.subscribe((v) => views.push(v));
    return views;
  });
  await server.kill();
  await until(() => sessions.every((s) => s.view.getState().status === "reconnecting"), "both apps say they are reconnecting");
  // B moves while the server is down: held, and sent once B is back.
  b.getState().perform({ type: "move", model: "ger-1", to: { position: [110, 55], heading: 270 } });
  await until(() => /cannot be reached .*; next try in \d/.test(sessions[1]!.view.getState().problem ?? ""), "B says when it tries again");

  server = await startServeProcess({ data: dir }, port);
  await until(() => sessions.every((s) => s.view.getState().status === "playing"), "both apps play again, with nobody's help");
  for (const store of [a, b]) await until(() => store.getState().log.events.length === 2, "B's move made while down reaches both");
  a.getState().perform({ type: "move", model: "us-1", to: { position: [30, 60], heading: 90 } });
  for (const store of [a, b]) await until(() => store.getState().log.events.length === 3, "A's next move reaches both");
  expect([a, b].map((s) => [x(s, "us-1"), x(s, "ger-1")])).toEqual([
    [30, 110],
    [30, 110],
  ]);
  expect(a.getState().log.events).toEqual(b.getState().log.events);
  // Each app went from reconnecting straight back to playing: never closed, never asking the player.
  for (const views of seen) expect(views.some((v) => v.status === "closed")).toBe(false);
});

it("carries on through server B, behind Redis, when server A its room lived on is killed", { timeout: 60_000 }, async () => {
  const redis = await startRedis();
  cleanup.push(() => redis.kill());
  const a = await startServeProcess({ redisUrl: redis.url });
  cleanup.push(() => a.kill());
  // The room is made on A, the only process yet; the app joins later through B, which sends it to A.
  const { body: game } = await createGame(a.url);
  const first = offline();
  const firstSession = await joinOnline(first, { server: a.url, game: game.game, token: game.seats[0]!.token }, 50);
  cleanup.push(() => firstSession.leave());
  const b = await startServeProcess({ redisUrl: redis.url });
  cleanup.push(() => b.kill());
  const app = offline();
  const joinedAt = Date.now();
  const session = await joinOnline(app, { server: b.url, game: game.game, token: game.seats[1]!.token }, 50);
  cleanup.push(() => session.leave());
  await until(() => session.view.getState().seats.filter((s) => s.connected).length === 2, "both seats are taken in the one room");
  app.getState().perform({ type: "move", model: "ger-1", to: { position: [110, 55], heading: 270 } });
  await until(() => app.getState().log.events.length === 1, "the app's move is recorded");
  await past(joinedAt, CLIENT_MIN_UPTIME_MS + 500);

  await a.kill();
  await until(() => session.view.getState().status === "reconnecting", "the app says it is reconnecting");
  await until(() => session.view.getState().status === "playing", "the app plays again, with nobody's help");
  app.getState().perform({ type: "move", model: "ger-1", to: { position: [105, 55], heading: 270 } });
  await until(() => app.getState().log.events.length === 2, "the app's next move is recorded by the rebuilt room");
  expect(x(app, "ger-1")).toBe(105);
  expect(session.view.getState().side).toBe("B");
});
