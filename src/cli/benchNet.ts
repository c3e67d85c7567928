/**
 * The game server section of `npm run bench -- --net`: a real server process (`npm run serve`, its SQLite store in
 * a temporary folder) on 127.0.0.1, and players connected with the browser's client (@colyseus/sdk) from this
 * process, so one clock times both ends.
 *   - latency: a move sent by player A until player B holds its event, one move at a time; and until B has a
 *     line of sight for it, asked headless on B's side as the app's sight worker would (its world kept in step);
 *   - a soak: K two-player games on tables of M models, each game sending a command every 1/rate s (its players
 *     in turn) for a bounded time or number of commands; every event is checked at both players (numbered
 *     without a gap, the same order at both, each player's own commands in the order sent), every command
 *     accounted for (an event or a refusal), and the server's resident memory read from /proc per room.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, type Room } from "@colyseus/sdk";
import type { GameEvent } from "../core/game/events";
import { currentState, type GameLog, record } from "../core/game/gameLog";
import type { NewGameAnswer, NewGameRequest, ServerMessages } from "../core/game/roomProtocol";
import type { Scenario } from "../core/scenario/schema";
import { RULESETS } from "../rules/registry";
import { sightReport } from "../sight/lineOfSight";
import { gameTabletop } from "../worker/fire";
import { median, quantile } from "./benchSight";

export interface NetBenchOptions {
  /** The battlefield of every game (already of the size wanted). */
  readonly table: Scenario;
  /** Moves timed one at a time. */
  readonly moves: number;
  /** Concurrent two-player games in the soak. */
  readonly games: number;
  /** The soak stops after this many seconds of commands… */
  readonly seconds: number;
  /** …or once this many commands are sent, whichever comes first. */
  readonly commands: number;
  /** Commands a second in each game. */
  readonly rate: number;
}

export interface NetBench {
  readonly models: number;
  readonly latency: { moves: number; medianMs: number; p99Ms: number; sightMedianMs: number; sightP99Ms: number };
  readonly soak: {
    games: number;
    rate: number;
    seconds: number;
    /** How long the last answers took to arrive after the last command was sent. */
    drainSeconds: number;
    sent: number;
    events: number;
    refused: number;
    lost: number;
    reordered: number;
    medianMs: number;
    p99Ms: number;
    /** The server process's CPU time over the soak (sending and the answers' wait). */
    serverCpuSeconds: number;
    rssBeforeMiB: number;
    rssJoinedMiB: number;
    rssEndMiB: number;
    perRoomKiB: number;
  };
}

/** The server, from `npm run serve` with port 0 (any free one) and its data in `data`; resolves once it listens. */
async function startServer(data: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "tsx", "--disable-warning=ExperimentalWarning", "src/server/main.ts", "--port", "0", "--data", data], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the game server did not start in 30 s:\n${printed}`)), 30_000);
    const look = (chunk: Buffer) => {
      printed += chunk.toString();
      const found = /game server at (http:\/\/\S+?);/.exec(printed);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    };
    child.stdout!.on("data", look);
    child.stderr!.on("data", look);
    child.once("exit", (code) => reject(new Error(`the game server exited (${code}) before it listened:\n${printed}`)));
  });
  return { url, child };
}

/** The resident memory of process `pid`, in MiB (Linux's /proc). */
async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** The CPU seconds process `pid` has used (user and system; Linux's /proc, in clock ticks of 1/100 s). */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function createGame(url: string, table: Scenario): Promise<NewGameAnswer> {
  const ruleset = RULESETS[0]!;
  const request: NewGameRequest = { scenario: table, ruleset: { id: ruleset.id, version: ruleset.versions[0]!, options: {} } };
  const res = await fetch(`${url}/games`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(request) });
  const answer = (await res.json()) as NewGameAnswer & { error?: string };
  if (!res.ok) throw new Error(`the server would not create the game: ${answer.error}`);
  return answer;
}

/** A seat's connection, keeping the events it receives (number, the command's sequence number, when) and its refusals. */
interface Player {
  readonly room: Room;
  readonly welcome: Promise<ServerMessages["welcome"]>;
  readonly received: Array<{ n: number; seq: number; at: number; event: GameEvent }>;
  refused: number;
  /** Called with each event as it arrives. */
  onEvent?: (n: number, event: GameEvent) => void;
}

async function joinSeat(url: string, game: string, token: string): Promise<Player> {
  const room = await new Client(url).joinOrCreate("game", { game, token });
  let welcomed!: (m: ServerMessages["welcome"]) => void;
  const player: Player = { room, welcome: new Promise((resolve) => (welcomed = resolve)), received: [], refused: 0 };
  room.onMessage("welcome", (m: ServerMessages["welcome"]) => welcomed(m));
  room.onMessage("event", ({ n, event }: ServerMessages["event"]) => {
    player.received.push({ n, seq: seqOf(event), at: performance.now(), event });
    player.onEvent?.(n, event);
  });
  room.onMessage("refused", () => player.refused++);
  room.onMessage("*", () => {});
  await player.welcome;
  return player;
}

/**
 * A move of `model` to where it stood or 1 cm to its right (every other command: a step that changes what it
 * sees), facing a heading that carries the command's sequence number (tenths of a degree).
 */
const move = (model: { id: string; position: readonly [number, number] }, seq: number) => ({
  command: { type: "move", model: model.id, to: { position: [model.position[0] + (seq % 2), model.position[1]], heading: (seq % 3600) / 10 } },
});
const seqOf = (event: GameEvent) => (event.type === "model-moved" ? Math.round(event.to.heading * 10) : -1);

/** The first model of each of the table's first two sides. */
function firstOfEachSide(table: Scenario) {
  const sides = [...new Set(table.forces.map((f) => f.side))];
  return sides.slice(0, 2).map((side) => table.forces.filter((f) => f.side === side).flatMap((f) => f.units.flatMap((u) => u.models))[0]!);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Under Colyseus's limit of messages a second per client (gameRoom.ts, MESSAGES_PER_SECOND). */
const LATENCY_GAP_MS = 75;

/** Moves timed one at a time: until B holds the event, and until B has a line of sight for it from its own world. */
async function latency(url: string, table: Scenario, moves: number) {
  const game = await createGame(url, table);
  const [a, b] = [await joinSeat(url, game.game, game.seats[0]!.token), await joinSeat(url, game.game, game.seats[1]!.token)];
  const welcome = await b.welcome;
  let log: GameLog = { header: welcome.header, events: welcome.events, cursor: welcome.cursor };
  const tabletop = gameTabletop();
  const [mover, target] = firstOfEachSide(table);
  const sight = async () => {
    const world = await tabletop.worldOf(tabletop.battlefieldOf(currentState(log)));
    return sightReport(world, mover!.id, target!.id);
  };
  await sight(); // B's world is built once, when it joins, as the app's is
  const reached: number[] = [];
  const seen: number[] = [];
  for (let i = 0; i < moves; i++) {
    const sent = performance.now();
    const answered = new Promise<void>((resolve, reject) => {
      const late = setTimeout(() => reject(new Error(`move ${i} reached B in no 10 s (refused at A: ${a.refused})`)), 10_000);
      b.onEvent = (_n, event) => {
        clearTimeout(late);
        reached.push(performance.now() - sent);
        log = record(log, event);
        void sight().then(() => {
          seen.push(performance.now() - sent);
          resolve();
        });
      };
    });
    a.room.send("command", move(mover!, i));
    await answered;
    await sleep(LATENCY_GAP_MS);
  }
  tabletop.dispose();
  await Promise.all([a.room.leave(), b.room.leave()]);
  return { moves, medianMs: median(reached), p99Ms: quantile(reached, 0.99), sightMedianMs: median(seen), sightP99Ms: quantile(seen, 0.99) };
}

/** What went wrong in one game's events: gaps or repeats in the numbering, a different order at the two players, a player's own commands out of order. */
function misordered(players: readonly Player[], sentBy: ReadonlyArray<readonly number[]>): number {
  let wrong = 0;
  players.forEach((p, i) => {
    p.received.forEach((r, k) => {
      if (r.n !== (p.received[0]?.n ?? 0) + k) wrong++;
    });
    const own = new Set(sentBy[i]);
    const mine = p.received.filter((r) => own.has(r.seq)).map((r) => r.seq);
    mine.forEach((seq, k) => k > 0 && seq <= mine[k - 1]! && wrong++);
  });
  const [x = [], y = []] = players.map((p) => p.received.map((r) => r.seq));
  for (let k = 0; k < Math.min(x.length, y.length); k++) if (x[k] !== y[k]) wrong++;
  return wrong;
}

async function soak(url: string, pid: number, options: NetBenchOptions, log: (line: string) => void) {
  const { table, games, rate } = options;
  const rssBeforeMiB = await rssMiB(pid);
  const [one, other] = firstOfEachSide(table);
  const rooms: Array<{ players: Player[]; sentBy: number[][]; sentAt: Map<number, number> }> = [];
  // Joined a few at a time: the machine may have few cores.
  for (let g = 0; g < games; g += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, games - g) }, async () => {
        const game = await createGame(url, table);
        const players = await Promise.all(game.seats.slice(0, 2).map((s) => joinSeat(url, game.game, s.token)));
        return { players, sentBy: [[], []], sentAt: new Map<number, number>() };
      }),
    );
    rooms.push(...batch);
  }
  const rssJoinedMiB = await rssMiB(pid);
  log(`soak: ${games} games joined (${games * 2} players); the server's memory ${rssBeforeMiB.toFixed(0)} MiB before, ${rssJoinedMiB.toFixed(0)} MiB now`);

  let sent = 0;
  const cpuBefore = await cpuSeconds(pid);
  const start = performance.now();
  const stopAt = start + options.seconds * 1000;
  const period = 1000 / rate;
  await Promise.all(
    rooms.map(async (room, g) => {
      await sleep((g / games) * period); // the games' commands spread over the period
      for (let seq = 0; performance.now() < stopAt && sent < options.commands; seq++) {
        const side = seq % 2;
        room.sentBy[side]!.push(seq);
        room.sentAt.set(seq, performance.now());
        room.players[side]!.room.send("command", move(side === 0 ? one! : other!, seq));
        sent++;
        await sleep(start + (g / games) * period + (seq + 1) * period - performance.now());
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  // Every command's answer (its event at both players, or its refusal at the sender) is waited for while
  // answers keep coming (a server behind is late, not losing); 5 s without one ends the wait.
  const answers = () => rooms.reduce((n, r) => n + r.players.reduce((m, p) => m + p.received.length + p.refused, 0), 0);
  const expected = 2 * sent;
  for (let last = answers(), idle = 0; answers() < expected && idle < 50; idle++) {
    await sleep(100);
    if (answers() !== last) [last, idle] = [answers(), 0];
  }
  const drainSeconds = (performance.now() - start) / 1000 - seconds;
  const rssEndMiB = await rssMiB(pid);
  const serverCpuSeconds = (await cpuSeconds(pid)) - cpuBefore;

  let events = 0;
  let refused = 0;
  let lost = 0;
  let reordered = 0;
  const reached: number[] = [];
  for (const room of rooms) {
    const total = room.sentBy.flat().length;
    const refusedHere = room.players.reduce((n, p) => n + p.refused, 0);
    for (const p of room.players) {
      events += p.received.length;
      lost += Math.max(0, total - refusedHere - p.received.length);
      for (const r of p.received) {
        const sentAt = room.sentAt.get(r.seq);
        const byOther = room.sentBy[room.players.indexOf(p)]!.includes(r.seq) === false;
        if (sentAt !== undefined && byOther) reached.push(r.at - sentAt);
      }
    }
    refused += refusedHere;
    reordered += misordered(room.players, room.sentBy);
  }
  await Promise.all(rooms.flatMap((r) => r.players.map((p) => p.room.leave())));
  return {
    games,
    rate,
    seconds,
    drainSeconds,
    sent,
    events,
    refused,
    lost,
    reordered,
    medianMs: median(reached),
    p99Ms: quantile(reached, 0.99),
    serverCpuSeconds,
    rssBeforeMiB,
    rssJoinedMiB,
    rssEndMiB,
    perRoomKiB: ((rssEndMiB - rssBeforeMiB) * 1024) / games,
  };
}

export async function benchNet(options: NetBenchOptions, log: (line: string) => void): Promise<NetBench> {
  const data = await mkdtemp(join(tmpdir(), "hulldown-bench-net-"));
  const { url, child } = await startServer(data);
  try {
    const models = options.table.forces.reduce((n, f) => n + f.units.reduce((m, u) => m + u.models.length, 0), 0);
    log(`game server: ${url} (its own process, SQLite in ${data}); tables of ${models} models`);
    const timed = await latency(url, options.table, options.moves);
    const soaked = await soak(url, child.pid!, options, log);
    return { models, latency: timed, soak: soaked };
  } finally {
    child.kill("SIGKILL");
    await rm(data, { recursive: true, force: true });
  }
}

/** The small table `npm run bench -- --net` prints. */
export function netTable({ latency: l, soak: s }: NetBench): string[] {
  const row = (what: string, value: string, goal: string) => `  ${what.padEnd(44)} ${value.padStart(20)}   ${goal}`;
  return [
    row("", "measured", "goal"),
    row(`move A → B, median (${l.moves} moves, one at a time)`, `${l.medianMs.toFixed(1)} ms`, "≤ 50 ms"),
    row("move A → B, p99", `${l.p99Ms.toFixed(1)} ms`, "≤ 150 ms"),
    row("move → B's line of sight for it, median", `${l.sightMedianMs.toFixed(1)} ms`, "≤ 100 ms"),
    row("move → B's line of sight for it, p99", `${l.sightP99Ms.toFixed(1)} ms`, ""),
    row(`soak: ${s.games} games × ${s.rate}/s for ${s.seconds.toFixed(0)} s`, `${s.sent} commands`, "100,000 (issue)"),
    row("soak: events received (both players)", `${s.events}`, `${2 * (s.sent - s.refused)}`),
    row("soak: last answer after the last command", `${s.drainSeconds.toFixed(1)} s`, ""),
    row("soak: refused / lost / reordered", `${s.refused} / ${s.lost} / ${s.reordered}`, "0 / 0 / 0"),
    row("soak: move A → B under load, median / p99", `${s.medianMs.toFixed(1)} / ${s.p99Ms.toFixed(1)} ms`, ""),
    row("soak: server CPU, all / a command", `${s.serverCpuSeconds.toFixed(1)} s / ${((s.serverCpuSeconds * 1000) / Math.max(1, s.sent)).toFixed(2)} ms`, ""),
    row("server memory: before / joined / end", `${s.rssBeforeMiB.toFixed(0)} / ${s.rssJoinedMiB.toFixed(0)} / ${s.rssEndMiB.toFixed(0)} MiB`, ""),
    row("server memory a room (end − before) / games", `${s.perRoomKiB.toFixed(0)} KiB`, ""),
  ];
}
