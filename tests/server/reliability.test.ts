/**
 * What a game online survives: the server process killed mid-game and started again on the same data
 * folder (`npm run serve`, for real), a player's connection dropping while the other plays on, the same
 * seat opened in a second tab, and a client that floods the room or sends a message over the size limit.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEAT_REPLACED } from "../../src/core/game/roomProtocol";
import { MAX_MESSAGE_BYTES } from "../../src/server/gameServer";
import { createGame, dataFolder, joinGame, serverForTests } from "./online";

const root = fileURLToPath(new URL("../..", import.meta.url));
const SPAWN_TIMEOUT = 60_000;

/** `npm run serve -- --port <port> --data <dir>` as its own process; resolves with its URL once it listens. */
function serve(dir: string, port = 0): Promise<{ url: string; process: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ["--disable-warning=ExperimentalWarning", "--import", "tsx", "src/server/main.ts", "--port", String(port), "--data", dir],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk) => {
      out += chunk;
      const url = /at (http:\/\/[\d.]+:\d+)/.exec(out)?.[1];
      if (url) resolve({ url, process: child });
    });
    child.stderr!.on("data", (chunk) => (out += chunk));
    child.on("exit", (code) => reject(new Error(`the server exited (${code}) before listening: ${out}`)));
  });
}

const killed = (child: ChildProcess) => new Promise((resolve) => child.once("exit", resolve).kill("SIGKILL"));

const move = (x: number) => ({ command: { type: "move", model: "us-1", to: { position: [x, 60], heading: 90 } } });

describe("the server killed mid-game", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await dataFolder();
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it(
    "loses nothing it acknowledged: a player rejoins with what they saw and gets the rest, and the dice roll on",
    async () => {
      const first = await serve(dir);
      const { body: game } = await createGame(first.url);
      const a = await joinGame(first.url, { game: game.game, token: game.seats[0]!.token, name: "Ann" });
      a.room.send("command", move(25));
      a.room.send("fire", { declaration: { shooter: "us-1", target: "unit-ger" } });
      const shot = await a.nth("event", 1);
      await killed(first.process);

      const second = await serve(dir, Number(new URL(first.url).port));
      try {
        const again = await joinGame(second.url, { game: game.game, token: game.seats[0]!.token, seen: 1 });
        const welcome = await again.nth("welcome", 0);
        expect(welcome.from).toBe(1);
        expect(welcome.events).toEqual([shot.event]);
        expect(welcome.seats[0]).toEqual({ side: "A", name: "Ann", connected: true });
        // A new turn (a unit fires once a turn), then the same shot again.
        again.room.send("end-turn", {});
        again.room.send("fire", { declaration: { shooter: "us-1", target: "unit-ger" } });
        const next = await again.nth("event", 1);
        expect(next.n).toBe(3);
        // The dice go on from where the first process left them: the second shot's first die follows the first shot's last.
        const rolls = (e: typeof next.event) => (e.type === "fire-resolved" ? e.rolls : []);
        expect(rolls(next.event)[0]!.index).toBe(rolls(shot.event).at(-1)!.index + 1);
      } finally {
        await killed(second.process);
      }
    },
    SPAWN_TIMEOUT,
  );
});

describe("connections that drop, double up or misbehave", () => {
  const server = serverForTests();
  let game: Awaited<ReturnType<typeof createGame>>["body"];
  beforeAll(async () => {
    game = (await createGame(server.url)).body;
  });
  const seat = (i: number) => ({ game: game.game, token: game.seats[i]!.token });

  it("sends a player who dropped every event after the last one they saw", async () => {
    const a = await joinGame(server.url, seat(0));
    const b = await joinGame(server.url, seat(1));
    a.room.send("command", move(25));
    await b.nth("event", 0);
    a.room.connection.close(); // the network drops: no goodbye
    await a.closed;
    expect((await b.nth("seats", 1)).seats[0]!.connected).toBe(false);
    b.room.send("command", { command: { type: "move", model: "ger-1", to: { position: [110, 55], heading: 270 } } });
    await b.nth("event", 1);
    const back = await joinGame(server.url, { ...seat(0), seen: 1 });
    const welcome = await back.nth("welcome", 0);
    expect(welcome.from).toBe(1);
    expect(welcome.events.map((e) => e.type === "model-moved" && e.model)).toEqual(["ger-1"]);
    await back.room.leave();
    await b.room.leave();
  });

  it("gives a seat opened twice to the later window, and tells the earlier one", async () => {
    const earlier = await joinGame(server.url, seat(0));
    const later = await joinGame(server.url, seat(0));
    expect((await earlier.nth("replaced", 0)).error).toMatch(/^your seat \(A\) was opened somewhere else/);
    expect(await earlier.closed).toBe(SEAT_REPLACED);
    later.room.send("command", move(30));
    expect((await later.nth("event", 0)).n).toBe(2);
    await later.room.leave();
  });

  it("closes a client that floods the room or sends too much at once, and the others play on", async () => {
    const flood = await joinGame(server.url, seat(0));
    for (let i = 0; i < 100; i++) flood.room.send("end-turn", {});
    expect(await flood.closed).not.toBe(SEAT_REPLACED);
    const big = await joinGame(server.url, seat(0));
    big.room.send("command", { command: { type: "remove-model", model: "us-1", cause: "x".repeat(MAX_MESSAGE_BYTES) } });
    await big.closed;
    const b = await joinGame(server.url, seat(1));
    const welcome = await b.nth("welcome", 0);
    b.room.send("command", { command: { type: "move", model: "ger-2", to: { position: [110, 50], heading: 270 } } });
    expect((await b.nth("event", 0)).n).toBe(welcome.events.length);
  });
});
