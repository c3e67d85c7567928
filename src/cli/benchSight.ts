/**
 * The SightReport against a competent three-mesh-bvh check, side by side (`npm run bench -- --sight`, and a
 * section of the whole bench). Pairs: a fixed-seed draw of opposing pairs, at least half of them partly visible
 * (the hard cases). Each round builds the world afresh and asks every pair once, as the first round of a game
 * would: no answer cached from an earlier round. The methods take turns pair by pair (the order swapping each
 * round) and are timed in process CPU time, the steady measure on a shared machine; wall time is printed too.
 * Both are scored against the dense reference (≥ 16k rays a pair), and the report's 95 % bound against it.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { scenarioCatalog } from "../core/miniatures/catalog";
import type { Scenario } from "../core/scenario/schema";
import { denseVisibleFraction, referencePairs } from "../sight/denseReference";
import { sightReport } from "../sight/lineOfSight";
import type { Pair } from "../sight/matrix";
import { createSightWorld, type SightWorld } from "../sight/sightWorld";
import { BvhSight } from "./benchLos";

/** Rays per pair of the dense reference. */
export const REFERENCE_RAYS = 16384;
/** Within this of the reference counts as agreeing (issue 7's bar). */
export const TOLERANCE = 0.03;
/** The seed of the scored pairs by default: the pairs tests/sight/confidence.test.ts checks the bound on. */
export const PAIR_SEED = 7;

export const median = (xs: readonly number[]) => quantile(xs, 0.5);
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

/** Wall and CPU milliseconds of one call. */
export function measure(run: () => void): { wall: number; cpu: number } {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  run();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - wall, cpu: (used.user + used.system) / 1000 };
}

/**
 * A minor garbage collection, run between timed calls (not timed): each call then starts with an empty young
 * generation and pays for the collections its own allocations cause, not for the garbage of the call before it.
 */
setFlagsFromString("--expose-gc");
const collectYoung = runInNewContext("gc") as (options: { type: "minor"; execution: "sync" }) => void;

/** One pair's answer from a method: the visible share, and for the SightReport its bound and rays. */
interface Answer {
  readonly fraction: number;
  readonly bound?: number;
  readonly rays?: number;
}

interface Method {
  readonly name: string;
  /** Made once per fresh world (the BVH's build is not in the per-pair times). */
  readonly prepare: (world: SightWorld) => (pair: Pair) => Answer;
}

export interface SightRow {
  readonly method: string;
  /** Medians over every pair of every round. */
  readonly cpuMsPerPair: number;
  readonly wallMsPerPair: number;
  /** Median CPU over the partly visible pairs alone. */
  readonly cpuMsPartly: number;
  readonly meanError: number;
  readonly maxError: number;
  readonly within: number;
  /** CPU time over the three-mesh-bvh 64 → 256 check's. */
  readonly cpuRatio: number;
  /** The SightReport's: pairs whose reference lies within ± its confidence95, and its median rays a report. */
  readonly insideBound?: number;
  readonly medianRays?: number;
}

export interface SightComparison {
  readonly seed: number;
  readonly pairs: number;
  readonly partlyVisible: number;
  readonly rounds: number;
  readonly referenceRays: number;
  readonly referenceS: number;
  readonly bvhTriangles: number;
  readonly bvhBuildMs: number;
  readonly rows: readonly SightRow[];
}

const METHODS: readonly Method[] = [
  {
    name: "SightReport (full report)",
    prepare: (world) => (pair) => {
      const before = world.raysCast;
      const r = sightReport(world, pair[0], pair[1]);
      return { fraction: r.visibleFraction, bound: r.confidence95, rays: world.raysCast - before };
    },
  },
  {
    name: "three-mesh-bvh, 64 → 256 rays",
    prepare: (world) => {
      const bvh = new BvhSight(world);
      return (pair) => ({ fraction: bvh.visibleFraction(pair, 8, 16) });
    },
  },
  {
    name: "three-mesh-bvh, 64 rays",
    prepare: (world) => {
      const bvh = new BvhSight(world);
      return (pair) => ({ fraction: bvh.visibleFraction(pair, 8) });
    },
  },
];
/** The goal's yardstick: the row every ratio divides by. */
const YARDSTICK = 1;

export async function compareSight(scenario: Scenario, pairCount: number, rounds: number, seed = PAIR_SEED): Promise<SightComparison> {
  const build = () => createSightWorld(scenario, scenarioCatalog(scenario));
  const scoring = await build();
  const pairs = referencePairs(scoring, pairCount, seed);
  const referenceStart = performance.now();
  const reference = pairs.map(([a, b]) => denseVisibleFraction(scoring, a, b, REFERENCE_RAYS).visibleFraction);
  const referenceS = (performance.now() - referenceStart) / 1000;
  const partly = reference.map((f) => f > 0 && f < 1);
  const probe = new BvhSight(scoring);
  // Warm the JIT on this world, then time only fresh ones.
  for (const m of METHODS) {
    const run = m.prepare(scoring);
    for (const pair of pairs) run(pair);
  }
  scoring.dispose();

  const cpu = METHODS.map(() => [] as number[]);
  const wall = METHODS.map(() => [] as number[]);
  const cpuPartly = METHODS.map(() => [] as number[]);
  const answers = METHODS.map(() => [] as Answer[]);
  for (let round = 0; round < rounds; round++) {
    const world = await build();
    const runs = METHODS.map((m) => m.prepare(world));
    const order = round % 2 ? [...runs.keys()].reverse() : [...runs.keys()];
    pairs.forEach((pair, i) => {
      for (const m of order) {
        let answer: Answer = { fraction: 0 };
        collectYoung({ type: "minor", execution: "sync" });
        const t = measure(() => (answer = runs[m]!(pair)));
        cpu[m]!.push(t.cpu);
        wall[m]!.push(t.wall);
        if (partly[i]) cpuPartly[m]!.push(t.cpu);
        if (round === 0) answers[m]!.push(answer);
      }
    });
    world.dispose();
  }

  const yardstick = median(cpu[YARDSTICK]!);
  const rows = METHODS.map((m, k): SightRow => {
    const errors = answers[k]!.map((a, i) => Math.abs(a.fraction - reference[i]!));
    const bounds = answers[k]!.map((a) => a.bound);
    const rays = answers[k]!.map((a) => a.rays).filter((r) => r !== undefined);
    return {
      method: m.name,
      cpuMsPerPair: median(cpu[k]!),
      wallMsPerPair: median(wall[k]!),
      cpuMsPartly: median(cpuPartly[k]!),
      meanError: errors.reduce((s, e) => s + e, 0) / errors.length,
      maxError: Math.max(...errors),
      within: errors.filter((e) => e <= TOLERANCE).length,
      cpuRatio: median(cpu[k]!) / yardstick,
      ...(bounds[0] !== undefined ? { insideBound: errors.filter((e, i) => e <= bounds[i]!).length } : {}),
      ...(rays.length ? { medianRays: median(rays) } : {}),
    };
  });
  return {
    seed,
    pairs: pairs.length,
    partlyVisible: partly.filter(Boolean).length,
    rounds,
    referenceRays: REFERENCE_RAYS,
    referenceS,
    bvhTriangles: probe.triangles,
    bvhBuildMs: probe.buildMs,
    rows,
  };
}

/** The comparison as printed lines: a heading, then the table. */
export function sightTable(c: SightComparison): string[] {
  const header = `  ${"method".padEnd(30)} ${"CPU ms/pair".padStart(11)} ${"partly vis.".padStart(11)} ${"wall ms".padStart(8)} ${`±${TOLERANCE}`.padStart(6)} ${"mean err".padStart(8)} ${"max err".padStart(7)} ${"CPU ×bvh".padStart(8)}  notes`;
  return [
    `SightReport against three-mesh-bvh: ${c.pairs} opposing pairs of seed ${c.seed} (${c.partlyVisible} partly visible), ${c.rounds} rounds each on a freshly built world, methods taking turns pair by pair;`,
    `accuracy against ${c.referenceRays} rays a pair (reference took ${c.referenceS.toFixed(1)} s); three-mesh-bvh: ${c.bvhTriangles} triangles, built in ${c.bvhBuildMs.toFixed(0)} ms per world (not in the per-pair times). Medians; "partly vis." is the CPU median over the partly visible pairs.`,
    header,
    ...c.rows.map(
      (r) =>
        `  ${r.method.padEnd(30)} ${r.cpuMsPerPair.toFixed(3).padStart(11)} ${r.cpuMsPartly.toFixed(3).padStart(11)} ${r.wallMsPerPair.toFixed(3).padStart(8)} ${`${r.within}/${c.pairs}`.padStart(6)} ${r.meanError.toFixed(4).padStart(8)} ${r.maxError.toFixed(3).padStart(7)} ${r.cpuRatio.toFixed(2).padStart(8)}  ${
          r.insideBound !== undefined ? `reference inside ±confidence95: ${r.insideBound}/${c.pairs}; median ${r.medianRays} rays a report` : ""
        }`,
    ),
  ];
}
