/**
 * The game server for real on 127.0.0.1: a game created over HTTP, two players and a spectator joining by
 * their links, a move, a shot and an order reaching everyone with the same dice, the other side's command and the
 * spectator's refused in the product's words, and the seed in no message until the game ends, when the
 * loader checks every roll against it.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseGame, seedText, serializeGame } from "../../src/core/game/gameFile";
import type { ServerMessages } from "../../src/core/game/roomProtocol";
import { scenarioCatalog } from "../../src/core/miniatures/catalog";
import { createGame, joinGame, RANGE, serverForTests, type TestClient } from "./online";

const server = serverForTests();

describe("a game played by two players on one server", () => {
  let game: Awaited<ReturnType<typeof createGame>>["body"];
  let a: TestClient;
  let b: TestClient;
  let watcher: TestClient;
  const tokenOf = (side: string) => game.seats.find((s) => s.side === side)!.token;

  it("creates a game with a seat per side and a spectator link, and seats each player by their token", async () => {
    const made = await createGame(server.url);
    expect(made.status).toBe(201);
    game = made.body;
    expect(game.seats.map((s) => s.side)).toEqual(["A", "B"]);
    expect(new Set([...game.seats.map((s) => s.token), game.spectator]).size).toBe(3);
    a = await joinGame(server.url, { game: game.game, token: tokenOf("A"), name: "Ann" });
    b = await joinGame(server.url, { game: game.game, token: tokenOf("B"), name: "Bert" });
    watcher = await joinGame(server.url, { game: game.game, token: game.spectator });
    const [wa, wb, ws] = await Promise.all([a.nth("welcome", 0), b.nth("welcome", 0), watcher.nth("welcome", 0)]);
    expect([wa.side, wb.side, ws.side]).toEqual(["A", "B", null]);
    expect(ws.seats).toEqual([
      { side: "A", name: "Ann", connected: true },
      { side: "B", name: "Bert", connected: true },
    ]);
    expect(wa.header.seed).toBe(0);
    expect(wa.header.seedCommitment?.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a link that is no seat of the game, and a game that is not on the server", async () => {
    await expect(joinGame(server.url, { game: game.game, token: "guessed" })).rejects.toThrow(/this link is not a seat of game/);
    await expect(joinGame(server.url, { game: "no-such-game", token: "guessed" })).rejects.toThrow(/there is no game "no-such-game" on this server/);
  });

  it("sends a move to everyone as event 0", async () => {
    a.room.send("command", { command: { type: "move", model: "us-1", to: { position: [25, 60], heading: 90 } } });
    const seen = await Promise.all([a, b, watcher].map((c) => c.nth("event", 0)));
    for (const s of seen) expect(s).toMatchObject({ n: 0, event: { type: "model-moved", model: "us-1", to: { position: [25, 60], heading: 90 } } });
  });

  it("refuses a command for the other side, and a spectator's, to the sender only", async () => {
    b.room.send("command", { ref: 7, command: { type: "move", model: "us-1", to: { position: [30, 60], heading: 0 } } });
    expect(await b.nth("refused", 0)).toEqual({ ref: 7, type: "command", error: expect.stringMatching(/is A's; you play B/) });
    watcher.room.send("end-turn", {});
    expect((await watcher.nth("refused", 0)).error).toBe("a spectator watches the game and cannot change it");
    expect(a.messages.filter((m) => m.type === "refused")).toEqual([]);
  });

  it("refuses malformed and unknown messages in words, and the room plays on", async () => {
    a.room.send("command", { command: { type: "move", model: "us-1", to: { position: "here" } } });
    expect((await a.nth("refused", 0)).error).toMatch(/^command: command\.to\.position/);
    a.room.send("teleport", { model: "us-1" });
    expect((await a.nth("refused", 1)).error).toMatch(/unknown message "teleport"; a game room takes command, fire/);
    a.room.send("command", { command: { type: "move", model: "us-1", to: { position: [300, 60], heading: 0 } } });
    expect((await a.nth("refused", 2)).error).toMatch(/off the .* table/);
  });

  it("judges and rolls a shot in the room: both players get the same dice", async () => {
    a.room.send("fire", { declaration: { shooter: "us-1", target: "unit-ger" } });
    const [ea, eb] = await Promise.all([a.nth("event", 1), b.nth("event", 1)]);
    expect(ea).toEqual(eb);
    expect(ea.event).toMatchObject({ type: "fire-resolved", shooter: "us-1", target: "unit-ger", ruleset: "bolt-action" });
    expect(ea.event.type === "fire-resolved" && ea.event.rolls[0]).toMatchObject({ index: 0, sides: 6 });
    b.room.send("fire", { declaration: { shooter: "us-1", target: "unit-ger" } });
    expect((await b.nth("refused", 1)).error).toMatch(/is A's; you play B/);
  });

  it("rolls an order's test in the room for the unit's own side only", async () => {
    a.room.send("order", { unit: "unit-ger", order: "fire" });
    expect((await a.nth("refused", 3)).error).toMatch(/is B's; you play A$/);
    b.room.send("order", { unit: "unit-ger", order: "fire" });
    const given = await a.nth("event", 2);
    expect(given.event).toMatchObject({ type: "order-given", unit: "unit-ger", asked: "fire", ruleset: "bolt-action" });
    expect(await b.nth("event", 2)).toEqual(given);
  });

  it("keeps the seed out of every message until the game ends, then the loader checks every roll", async () => {
    const welcome = (await a.nth("welcome", 0)) as ServerMessages["welcome"];
    b.room.send("end-game", {});
    const revealed = await a.nth("revealed", 0);
    // Before the reveal, no message anyone received holds the seed's digits.
    for (const client of [a, b, watcher]) {
      const before = client.messages.slice(
        0,
        client.messages.findIndex((m) => m.type === "revealed"),
      );
      expect(JSON.stringify(before)).not.toContain(String(revealed.seed));
    }
    expect(createHash("sha256").update(`${revealed.seed}:${revealed.salt}`).digest("hex")).toBe(welcome.header.seedCommitment!.sha256);
    const events = a.messages.flatMap((m) => (m.type === "event" ? [m.payload.event] : []));
    const header = { ...welcome.header, seed: revealed.seed, seedCommitment: { ...welcome.header.seedCommitment!, salt: revealed.salt } };
    expect([seedText(welcome.header), seedText(header)]).toEqual(["seed kept on the game server until the game ends", `seed ${revealed.seed}`]);
    const loaded = parseGame(serializeGame({ header, events, cursor: events.length }), scenarioCatalog);
    expect(loaded.ok && loaded.game.warning).toBe(undefined);
    expect(loaded.ok && loaded.game.log.events.map((e) => e.type)).toEqual(["model-moved", "fire-resolved", "order-given", "game-ended"]);
    // A wrong seed breaks at the shot's first die.
    const forged = parseGame(serializeGame({ header: { ...header, seed: revealed.seed + 1 }, events, cursor: 3 }), scenarioCatalog);
    expect(forged.ok && forged.game.warning).toMatch(/^events\[1\]\.rolls\[0\]\.value: a d6 showing \d, but the game's seed rolled \d here/);
    a.room.send("end-turn", {});
    expect((await a.nth("refused", 4)).error).toBe("the game has ended: nothing more can be done in it");
  });
});

it("seats two players joining a game at the same moment in one room", async () => {
  const { body } = await createGame(server.url);
  const [a, b] = await Promise.all(body.seats.map((seat) => joinGame(server.url, { game: body.game, token: seat.token })));
  expect(a!.room.roomId).toBe(body.game);
  expect(b!.room.roomId).toBe(body.game);
  a!.room.send("command", { command: { type: "move", model: "us-1", to: { position: [25, 60], heading: 90 } } });
  expect((await b!.nth("event", 0)).n).toBe(0);
});

it("takes back a change only when the other player agrees, and a player who rejoins gets the game as it stands", async () => {
  const { body } = await createGame(server.url);
  const [a, b] = await Promise.all(body.seats.map((seat) => joinGame(server.url, { game: body.game, token: seat.token })));
  const move = (x: number) => ({ command: { type: "move", model: "us-1", to: { position: [x, 60], heading: 90 } } });
  a!.room.send("command", move(25));
  a!.room.send("command", move(30));
  await b!.nth("event", 1);
  a!.room.send("undo", {});
  expect(await b!.nth("undo-asked", 0)).toEqual({ by: "A" });
  a!.room.send("undo-answer", { accept: true });
  expect((await a!.nth("refused", 0)).error).toBe("the other player answers your undo");
  b!.room.send("undo-answer", { accept: false });
  expect(await a!.nth("undo-answered", 0)).toEqual({ by: "B", accepted: false });
  a!.room.send("undo", {});
  b!.room.send("undo-answer", { accept: true });
  expect(await a!.nth("undone", 0)).toEqual({ cursor: 1 });
  a!.room.send("command", move(35));
  const again = await b!.nth("event", 2);
  expect(again.n).toBe(1);
  // A third window with the two first events (the second since taken back) gets the game from the undo on.
  const late = await joinGame(server.url, { game: body.game, token: body.spectator, seen: 2 });
  const welcome = await late.nth("welcome", 0);
  expect([welcome.from, welcome.cursor, welcome.events]).toEqual([1, 2, [again.event]]);
});

it("follows the rule system's turn: the room takes each step with its own dice and refuses an action out of turn", async () => {
  const { body } = await createGame(server.url);
  const players = await Promise.all(body.seats.map((seat) => joinGame(server.url, { game: body.game, token: seat.token })));
  const [a] = players;
  a!.room.send("advance-turn", {});
  expect((await a!.nth("event", 0)).event).toMatchObject({ type: "turn-advanced", turn: 0, phase: "deployment" });
  a!.room.send("advance-turn", {});
  const step = (await a!.nth("event", 1)).event;
  expect(step).toMatchObject({ type: "turn-advanced", turn: 1 });
  // Bolt Action draws the side that acts from the order dice: a die from the game's secret stream.
  const acting = step.type === "turn-advanced" ? step.side : undefined;
  expect(["A", "B"]).toContain(acting);
  const idle = players[acting === "A" ? 1 : 0]!;
  const model = acting === "A" ? "ger-1" : "us-1";
  idle.room.send("command", { command: { type: "move", model, to: { position: acting === "A" ? [110, 55] : [25, 60], heading: 0 } } });
  const idleSide = acting === "A" ? "B" : "A";
  expect((await idle.nth("refused", 0)).error).toBe(`the order die drawn is ${acting}'s (001 l.9–15): ${idleSide} must wait`);
  expect(idle.messages.filter((m) => m.type === "event")).toHaveLength(2);
  // Only the acting side moves the game on past its step.
  idle.room.send("advance-turn", {});
  expect((await idle.nth("refused", 1)).error).toBe(`it is ${acting}'s step: ${acting} moves the game on when done`);
  expect(idle.messages.filter((m) => m.type === "event")).toHaveLength(2);
});

it("takes a rule system's action in the room for the sender's side only, and keeps a side's hand of cards from the other seats until the game ends", async () => {
  const { body } = await createGame(server.url, { scenario: RANGE, ruleset: { id: "operation-ww2", version: "v2.0", options: {} } });
  const tokenOf = (side: string) => body.seats.find((s) => s.side === side)!.token;
  const a = await joinGame(server.url, { game: body.game, token: tokenOf("A") });
  const b = await joinGame(server.url, { game: body.game, token: tokenOf("B") });
  const watcher = await joinGame(server.url, { game: body.game, token: body.spectator });
  // Deployment, then turn 1's card step (000 l.61), where both sides draw.
  a.room.send("advance-turn", {});
  a.room.send("advance-turn", {});
  expect((await b.nth("event", 1)).event).toMatchObject({ type: "turn-advanced", turn: 1, phase: "cards" });

  b.room.send("action", { request: { action: "draw-cards", side: "A" } });
  expect((await b.nth("refused", 0)).error).toBe("B cannot take an action for A");
  a.room.send("action", { request: { action: "no-such-action", side: "A" } });
  expect((await a.nth("refused", 0)).error).toMatch(/^the action cannot be taken: Operation WW2 has no action "no-such-action"; its actions: .*draw-cards/);

  a.room.send("action", { request: { action: "draw-cards", side: "A" } });
  const mine = (await a.nth("event", 2)).event;
  expect(mine).toMatchObject({ type: "action-taken", action: "draw-cards", side: "A", secret: { side: "A" } });
  expect(mine.type === "action-taken" && mine.details).not.toHaveProperty("hidden");
  for (const other of [b, watcher]) {
    const seen = (await other.nth("event", 2)).event;
    expect(seen.type === "action-taken" && seen.details).toEqual({ hidden: mine.type === "action-taken" ? mine.secret!.what : "" });
    expect(seen.type === "action-taken" && seen.rolls.every((r) => r.value === 1)).toBe(true);
    expect(seen.type === "action-taken" && seen.rolls.map((r) => r.index)).toEqual(mine.type === "action-taken" && mine.rolls.map((r) => r.index));
  }
  // The turn waits for B's draw, which the rules require (dueBeforeStep).
  a.room.send("advance-turn", {});
  expect((await a.nth("refused", 1)).error).toMatch(/^the rules require this first: Draw command cards for B/);

  a.room.send("end-game", {});
  const revealed = await b.nth("revealed", 0);
  expect(revealed.secrets).toEqual([{ n: 2, event: mine }]);
});
