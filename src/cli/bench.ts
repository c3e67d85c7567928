/**
 * `npm run bench [-- <scenario.json>] [--json] [--rounds N] [--pairs N] [--sizes list] [--threads N]`: the
 * sight engine's speed and accuracy on a real battlefield, side by side in one process (the machines are
 * noisy: compare numbers from one run only).
 *   - building the world, and the curve for synthetic tables of more models;
 *   - one SightReport: median and p95 over a spread of opposing pairs;
 *   - the visibility matrix for 75 shooters × 75 targets and for all opposing pairs, on one thread and on a
 *     pool of worker threads (`--matrix` runs them alone);
 *   - the SightReport against a competent three-mesh-bvh check on the identical triangles, on fresh worlds,
 *     both scored against a dense reference on a fixed-seed set of pairs (benchSight.ts; `--sight` runs it alone);
 *   - replays: loading a 500-event replay file and seeking anywhere in it, judging the shipped sample
 *     replay's shots again, and loading a 100,000-event replay file as the app's loader does (benchReplay.ts).
 */
import { availableParallelism } from "node:os";
import { createBattlefield } from "../core/battlefield";
import { scenarioCatalog } from "../core/miniatures/catalog";
import type { Scenario } from "../core/scenario/schema";
import { sightReport } from "../sight/lineOfSight";
import { opposingPairs, type Pair, visibilityMatrix } from "../sight/matrix";
import { SightWorld } from "../sight/sightWorld";
import { benchNet, netTable } from "./benchNet";
import { benchReplay, benchReplayLoad, type ReplayBench, rejudgeSampleReplay, SAMPLE_REPLAY } from "./benchReplay";
import { compareSight, measure, median, PAIR_SEED, quantile, sightTable } from "./benchSight";
import { loadScenario, loadSightWorld, parseNumber, parseNumberList, printJson, runCommand } from "./common";
import { MatrixPool } from "./matrixPool";
import { syntheticTable } from "./syntheticTable";

const USAGE = `Measures the sight engine on a battlefield: world building (and its curve on larger synthetic tables),
SightReport latency, the visibility matrix on one thread and on every core, and the SightReport against a
three-mesh-bvh line-of-sight check on the identical triangles (each round on a freshly built world), both
scored against a dense reference.

Usage:
  npm run bench [-- <scenario.json>] [--rounds N] [--pairs N] [--sizes 2000,5000,10000] [--threads N]
                [--replay-events N] [--replay-load-events N] [--replay] [--sight] [--matrix] [--seed N] [--json]
  npm run bench -- --net [<scenario.json>] [--models N] [--moves N] [--games K] [--seconds S] [--commands N] [--rate R]

Options:
  --rounds N    repetitions per timing (default 3)
  --pairs N     opposing pairs scored against the dense reference (default 50; at least half partly visible)
  --sizes list  model counts for the world-building curve (default 2000,5000,10000; 0 to skip)
  --threads N   worker threads for the pooled matrix (default: one per core)
  --replay-events N  events in the replay benchmark's game (default 500)
  --replay-load-events N  events in the long replay whose load is timed --rounds times (default 100000; 0 to skip)
  --replay      only the replay section (load a replay file, seek to random times, re-judge the sample replay)
  --sight       only the SightReport against three-mesh-bvh (fresh worlds, CPU time, accuracy)
  --matrix      only the matrices (one thread; the pool warm, on its first request, and from a cold start)
  --net         only the game server (a real one, on 127.0.0.1, SQLite in a temporary folder): a move's latency
                from player A to player B and to B's line of sight for it, then a soak of K two-player games
                each sending R commands a second, checking every event and reading the server's memory
  --models N    models on each --net game's table (default 200: the scenario's, copied and scattered)
  --moves N     moves timed one at a time (default 200)
  --games K     concurrent games in the soak (default 100)
  --seconds S   the soak stops after S seconds (default 60)…
  --commands N  …or after N commands, whichever comes first (default 100000: e.g. --games 100 --rate 10
                --seconds 100 sends them)
  --rate R      commands a second in each game, its two players in turn (default 1)
  --seed N      seed of the pairs scored against the dense reference (default 7, the confidence test's pairs)
  --json        print the numbers as JSON
  -h, --help    show this help`;

const command = {
  name: "bench",
  usage: USAGE,
  options: {
    rounds: { type: "string" },
    pairs: { type: "string" },
    sizes: { type: "string" },
    threads: { type: "string" },
    "replay-events": { type: "string" },
    "replay-load-events": { type: "string" },
    replay: { type: "boolean" },
    sight: { type: "boolean" },
    matrix: { type: "boolean" },
    net: { type: "boolean" },
    models: { type: "string" },
    moves: { type: "string" },
    games: { type: "string" },
    seconds: { type: "string" },
    commands: { type: "string" },
    rate: { type: "string" },
    seed: { type: "string" },
    json: { type: "boolean" },
  },
} as const;

async function timeItAsync(run: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await run();
  return performance.now() - t;
}

/** CPU milliseconds of this process (all its threads) while `run` runs. */
async function cpuOf<T>(run: () => Promise<T>): Promise<{ result: T; cpuMs: number; wallMs: number }> {
  const cpu = process.cpuUsage();
  const t = performance.now();
  const result = await run();
  const used = process.cpuUsage(cpu);
  return { result, cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - t };
}

/** Shooters: the first `perSide` models of the first side; targets: the first `perSide` of the second. */
function oneWayPairs(world: SightWorld, perSide: number): Pair[] {
  const bySide = new Map<string, string[]>();
  for (const e of world.battlefield.models.values()) bySide.set(e.side, [...(bySide.get(e.side) ?? []), e.model.id]);
  const [shooters = [], targets = []] = [...bySide.values()].map((ids) => ids.slice(0, perSide));
  return shooters.flatMap((a) => targets.map((b): Pair => [a, b]));
}

interface Timed {
  /** Wall and CPU milliseconds of each call. */
  readonly wall: number[];
  readonly cpu: number[];
  /** The last round's answers, pair by pair. */
  fractions: number[];
}

/**
 * Times each method on every pair, `rounds` times, the methods taking turns pair by pair so that a change in
 * the machine's load falls on all of them alike. CPU time is counted too: on a shared machine it is the
 * steadier measure of the work (wall time also holds the waits for a core).
 */
function timeMethods(pairs: readonly Pair[], rounds: number, methods: ReadonlyArray<(pair: Pair) => number>): Timed[] {
  const timed: Timed[] = methods.map(() => ({ wall: [], cpu: [], fractions: [] }));
  for (const pair of pairs) methods.forEach((run) => run(pair)); // warm up
  for (let r = 0; r < rounds; r++) {
    timed.forEach((t) => (t.fractions = []));
    for (const pair of pairs) {
      methods.forEach((run, m) => {
        let fraction = 0;
        const { wall, cpu } = measure(() => (fraction = run(pair)));
        timed[m]!.wall.push(wall);
        timed[m]!.cpu.push(cpu);
        timed[m]!.fractions.push(fraction);
      });
    }
  }
  return timed;
}

/**
 * The matrices of 75 shooters × 75 targets and of all opposing pairs, on one thread and on a pool of
 * `threads` worker threads. The pool's 75 × 75 is timed three ways: started and asked at once (a cold start),
 * the first request on a pool started beforehand (its worlds built, its JIT cold: the app's case, whose helpers
 * start once the first frame is drawn), and warm.
 */
async function benchMatrices(scenario: Scenario, world: SightWorld, all: readonly Pair[], rounds: number, threads: number, log: (line: string) => void) {
  const m75pairs = oneWayPairs(world, 75);
  const single = (pairs: readonly Pair[]) => {
    const runs = Array.from({ length: Math.min(rounds, 2) }, () => measure(() => visibilityMatrix(world, { pairs })));
    return { s: median(runs.map((r) => r.wall)) / 1000, cpuS: median(runs.map((r) => r.cpu)) / 1000 };
  };
  const one75 = single(m75pairs);
  const oneAll = single(all);
  const poolStart = performance.now();
  const pool = await MatrixPool.start(scenario, threads);
  const poolStartMs = performance.now() - poolStart;
  const firstMs = await timeItAsync(() => pool.matrix(m75pairs));
  const warm = async (pairs: readonly Pair[]) => {
    await pool.matrix(pairs.slice(0, 256)); // warm the threads' JIT
    const times: number[] = [];
    for (let r = 0; r < Math.min(rounds, 2); r++) times.push(await timeItAsync(() => pool.matrix(pairs)));
    return median(times) / 1000;
  };
  const p75 = await warm(m75pairs);
  const pAll = await warm(all);
  await pool.close();
  const poolStartS = poolStartMs / 1000;
  const firstS = firstMs / 1000;
  log(
    `matrix 75 × 75 (${m75pairs.length} pairs): ${one75.s.toFixed(2)} s on one thread (CPU ${one75.cpuS.toFixed(2)} s); on ${threads} threads ${p75.toFixed(2)} s warm, ` +
      `${firstS.toFixed(2)} s as the first request of a pool started beforehand, ${(poolStartS + firstS).toFixed(2)} s from a cold start (threads started and built their worlds in ${poolStartS.toFixed(2)} s)`,
  );
  log(
    `matrix, all opposing pairs both ways (${all.length}): ${oneAll.s.toFixed(2)} s on one thread (CPU ${oneAll.cpuS.toFixed(2)} s), ${pAll.toFixed(2)} s on ${threads} threads`,
  );
  return {
    m75: { pairs: m75pairs.length, singleThreadS: one75.s, singleThreadCpuS: one75.cpuS, pooledS: p75, pooledFirstS: firstS, poolStartS, threads },
    mAll: { pairs: all.length, singleThreadS: oneAll.s, singleThreadCpuS: oneAll.cpuS, pooledS: pAll, threads },
  };
}

await runCommand(command, async ({ values, positionals }) => {
  const path = positionals[0] ?? "src/scenarios/default.json";
  const rounds = Math.max(1, Math.round(parseNumber(values.rounds ?? "3", "--rounds", "--rounds 3", "positive")));
  const pairCount = Math.max(2, Math.round(parseNumber(values.pairs ?? "50", "--pairs", "--pairs 50", "positive")));
  const sizes = parseNumberList(values.sizes ?? "2000,5000,10000", "--sizes", "--sizes 2000,5000", { check: "nonnegative" }).filter((n) => n > 0);
  const threads = Math.max(1, Math.round(parseNumber(values.threads ?? String(availableParallelism()), "--threads", "--threads 2", "positive")));
  const seed = Math.round(parseNumber(values.seed ?? String(PAIR_SEED), "--seed", "--seed 7", "nonnegative"));
  const log = (line: string) => !values.json && console.log(line);

  if (values.net) {
    const count = (name: "models" | "moves" | "games" | "commands", fallback: number) =>
      Math.max(1, Math.round(parseNumber(values[name] ?? String(fallback), `--${name}`, `--${name} ${fallback}`, "positive")));
    const net = await benchNet(
      {
        table: syntheticTable(await loadScenario(path), count("models", 200)),
        moves: count("moves", 200),
        games: count("games", 100),
        commands: count("commands", 100_000),
        seconds: parseNumber(values.seconds ?? "60", "--seconds", "--seconds 60", "positive"),
        rate: parseNumber(values.rate ?? "1", "--rate", "--rate 1", "positive"),
      },
      log,
    );
    for (const line of netTable(net)) log(line);
    if (values.json) printJson({ scenario: path, net });
    return;
  }

  if (values.sight) {
    const sight = await compareSight(await loadScenario(path), pairCount, rounds, seed);
    for (const line of sightTable(sight)) log(line);
    if (values.json) printJson({ scenario: path, sight });
    return;
  }

  if (values.matrix) {
    const { scenario, world } = await loadSightWorld(path);
    const { m75, mAll } = await benchMatrices(scenario, world, opposingPairs(world), rounds, threads, log);
    if (values.json) printJson({ scenario: path, matrix75x75: m75, matrixAll: mAll });
    world.dispose();
    return;
  }

  // Replays first: they need no sight world.
  const replayEvents = Math.max(1, Math.round(parseNumber(values["replay-events"] ?? "500", "--replay-events", "--replay-events 500", "positive")));
  const replay: ReplayBench = benchReplay(await loadScenario(path), replayEvents);
  log(
    `replay of ${replay.events} events (${(replay.fileBytes / 1024).toFixed(0)} KiB file): loaded, checked and hashed in ${replay.loadMs.toFixed(0)} ms; ` +
      `${replay.seeks} random seeks: median ${replay.seekMedianMs.toFixed(2)} ms, p95 ${replay.seekP95Ms.toFixed(2)} ms, max ${replay.seekMaxMs.toFixed(2)} ms of wall time (CPU time: median ${replay.seekCpuMedianMs.toFixed(2)}, p95 ${replay.seekCpuP95Ms.toFixed(2)}, max ${replay.seekCpuMaxMs.toFixed(2)} ms); without snapshots (the whole fold) ${replay.coldSeekMs.toFixed(0)} ms`,
  );
  const sample = await cpuOf(() => rejudgeSampleReplay());
  const rejudge = { shots: sample.result, wallMs: sample.wallMs, cpuMs: sample.cpuMs };
  log(
    `re-judging the sample replay (${SAMPLE_REPLAY}, ${rejudge.shots} shots, a world built and kept in step): ${rejudge.wallMs.toFixed(0)} ms wall, ${rejudge.cpuMs.toFixed(0)} ms CPU`,
  );
  const loadEvents = Math.round(parseNumber(values["replay-load-events"] ?? "100000", "--replay-load-events", "--replay-load-events 100000", "nonnegative"));
  const longLoad = loadEvents ? benchReplayLoad(await loadScenario(path), loadEvents, rounds) : undefined;
  if (longLoad) {
    log(
      `loading a replay of ${longLoad.events} events (${(longLoad.fileBytes / 1024 / 1024).toFixed(1)} MiB file; checked, hashed and compared, as the loader worker does), ${rounds} rounds: median ${(median(longLoad.cpuMs) / 1000).toFixed(1)} s CPU, ${(median(longLoad.wallMs) / 1000).toFixed(1)} s wall (goal: 5 s)`,
    );
  }
  if (values.replay) {
    if (values.json) printJson({ scenario: path, replay, rejudge, longLoad });
    return;
  }

  // The world, and the curve of building bigger ones.
  const built = await cpuOf(() => loadSightWorld(path));
  const { scenario, world } = built.result;
  const sides = new Map<string, number>();
  for (const e of world.battlefield.models.values()) sides.set(e.side, (sides.get(e.side) ?? 0) + 1);
  log(
    `battlefield: ${path} — ${world.battlefield.models.size} models (${[...sides].map(([s, n]) => `${s} ${n}`).join(", ")}), ${world.staticSolids.length} terrain solids; world built in ${built.wallMs.toFixed(0)} ms`,
  );
  const curve: Array<{ models: number; wallMs: number; cpuMs: number }> = [];
  for (const models of sizes) {
    const table = syntheticTable(scenario, models);
    const { result, cpuMs, wallMs } = await cpuOf(() => SightWorld.create(createBattlefield(table, scenarioCatalog(table))));
    curve.push({ models: result.battlefield.models.size, wallMs, cpuMs });
    result.dispose();
  }
  if (curve.length) {
    log(`world building (synthetic tables: the scenario's models copied and scattered; CPU time is the steadier figure):`);
    for (const c of curve)
      log(
        `  ${String(c.models).padStart(6)} models: ${(c.wallMs / 1000).toFixed(2)} s wall, ${(c.cpuMs / 1000).toFixed(2)} s CPU, ${((c.cpuMs / c.models) * 1000).toFixed(0)} µs CPU a model`,
      );
  }

  // One SightReport, over an even spread of pairs.
  const all = opposingPairs(world);
  const spread = all.filter((_, i) => i % Math.max(1, Math.floor(all.length / 400)) === 0);
  const [reports] = timeMethods(spread, rounds, [([a, b]) => sightReport(world, a, b).visibleFraction]);
  const perReport = reports!.wall;
  log(
    `one SightReport: median ${median(perReport).toFixed(3)} ms (CPU ${median(reports!.cpu).toFixed(3)} ms), p95 ${quantile(perReport, 0.95).toFixed(3)} ms (${spread.length} pairs × ${rounds} rounds)`,
  );

  const { m75, mAll } = await benchMatrices(scenario, world, all, rounds, threads, log);

  // The SightReport against three-mesh-bvh, on fresh worlds.
  const sight = await compareSight(scenario, pairCount, rounds, seed);
  for (const line of sightTable(sight)) log(line);

  if (values.json) {
    printJson({
      scenario: path,
      replay,
      longLoad,
      rejudge,
      models: world.battlefield.models.size,
      buildMs: built.wallMs,
      buildCurve: curve,
      sightReportMs: { median: median(perReport), cpuMedian: median(reports!.cpu), p95: quantile(perReport, 0.95), pairs: spread.length, rounds },
      matrix75x75: m75,
      matrixAll: mAll,
      sight,
    });
  }
  world.dispose();
});
