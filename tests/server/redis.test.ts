/**
 * Scaled out: the Redis store keeps the promises of every store, and two game server processes behind one
 * Redis serve one game: a player joins through B a room living on A; A dies (SIGKILL); both players rejoin
 * through B, which rebuilds the room from Redis, with the same events and seats, and the game goes on.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { GameEvent } from "../../src/core/game/events";
import { redisStore } from "../../src/server/redisStore";
import { createGame, joinGame, type TestClient } from "./online";
import { type Process, startRedis, startServeProcess } from "./redis";
import { keepsEveryEventOnce } from "./storeContract";

let redis: Process;
const servers: Process[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  for (const server of servers) await server.kill();
  await redis?.kill();
});

it("keeps every event once, in order, and an undo's cursor, across reconnecting to Redis", () => keepsEveryEventOnce(() => redisStore(redis.url)));

const eventsOf = (client: TestClient) => client.messages.flatMap((m) => (m.type === "event" ? [m.payload] : []));

it("resumes a game on server B, from Redis, after the server A its room lived on is killed", { timeout: 60_000 }, async () => {
  const a = await startServeProcess({ redisUrl: redis.url });
  servers.push(a);
  // The game's room is made on A, the only process yet; B joins later and sends its player there.
  const { body: game } = await createGame(a.url);
  const tokenOf = (side: string) => game.seats.find((s) => s.side === side)!.token;
  const ann = await joinGame(a.url, { game: game.game, token: tokenOf("A"), name: "Ann" });
  await ann.nth("welcome", 0);
  const b = await startServeProcess({ redisUrl: redis.url });
  servers.push(b);
  const bert = await joinGame(b.url, { game: game.game, token: tokenOf("B"), name: "Bert" });
  expect((await bert.nth("welcome", 0)).side).toBe("B");
  // One room: Ann, on A, hears Bert join through B.
  await expect.poll(() => ann.messages.some((m) => m.type === "seats" && m.payload.seats.every((s) => s.connected))).toBe(true);

  ann.room.send("command", { command: { type: "move", model: "us-1", to: { position: [25, 60], heading: 90 } } });
  bert.room.send("command", { command: { type: "move", model: "ger-1", to: { position: [80, 55], heading: 270 } } });
  await Promise.all([ann, bert].map((c) => c.nth("event", 1)));
  const before: GameEvent[] = eventsOf(ann).map((e) => e.event);
  expect(eventsOf(bert)).toEqual(eventsOf(ann));

  await a.kill();
  await Promise.all([ann.closed, bert.closed]);
  const ann2 = await joinGame(b.url, { game: game.game, token: tokenOf("A"), seen: 0 });
  const bert2 = await joinGame(b.url, { game: game.game, token: tokenOf("B"), seen: before.length });
  const [welcomeA, welcomeB] = await Promise.all([ann2.nth("welcome", 0), bert2.nth("welcome", 0)]);
  expect(welcomeA).toMatchObject({ side: "A", from: 0, cursor: 2, events: before });
  expect(welcomeB).toMatchObject({ side: "B", from: 2, cursor: 2, events: [] });
  expect(welcomeB.seats).toEqual([
    { side: "A", name: "Ann", connected: true },
    { side: "B", name: "Bert", connected: true },
  ]);
  expect(welcomeA.header).toEqual((await ann.nth("welcome", 0)).header);
  expect(welcomeA.header.seed).toBe(0);

  // The game goes on at event 2, for both, and the other side's model is still refused.
  ann2.room.send("command", { command: { type: "move", model: "us-1", to: { position: [30, 60], heading: 90 } } });
  for (const c of [ann2, bert2]) expect(await c.nth("event", 0)).toMatchObject({ n: 2, event: { type: "model-moved", model: "us-1" } });
  bert2.room.send("command", { ref: 1, command: { type: "move", model: "us-1", to: { position: [35, 60], heading: 0 } } });
  expect((await bert2.nth("refused", 0)).error).toMatch(/is A's; you play B/);
  const stored = redisStore(redis.url);
  expect((await stored.load(game.game))?.events).toEqual([...before, (await ann2.nth("event", 0)).event]);
  stored.close();
  await Promise.all([ann2.room.leave(), bert2.room.leave()]);
});
