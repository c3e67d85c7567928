/**
 * `npm run bench [-- <scenario.json>] [--json] [--rounds N]`: the sight engine's speed on a real battlefield,
 * as medians over repeated runs in one process (the machines are noisy: compare numbers from one run only).
 *   - one SightReport: median and p95 over a spread of opposing pairs;
 *   - the visibility matrix for 75 shooters × 75 targets, and for all opposing pairs both ways;
 *   - rays per second in the Rapier world, and the very same rays against the identical triangles with
 *     three-mesh-bvh and with one Rapier trimesh, with their ratios.
 */
import RAPIER from "@dimforge/rapier3d-compat";
import { BufferAttribute, BufferGeometry, DoubleSide, Ray, Vector3 } from "three";
import { MeshBVH } from "three-mesh-bvh";
import { mergeTriangles, solidTriangles } from "../core/solids/solidGeometry";
import type { Vec3 } from "../core/solids/solid";
import { sightReport } from "../sight/lineOfSight";
import { opposingPairs, visibilityMatrix } from "../sight/matrix";
import type { SightWorld } from "../sight/sightWorld";
import { loadSightWorld, parseNumber, printJson, runCommand } from "./common";

const USAGE = `Measures the sight engine on a battlefield: SightReport latency, the opposing-pairs matrix, and ray
throughput against three-mesh-bvh on the identical triangles. Medians over repeated rounds in one process.

Usage:
  npm run bench [-- <scenario.json>] [--rounds N] [--json]

Options:
  --rounds N  repetitions per measurement (default 5)
  --json      print the numbers as JSON
  -h, --help  show this help`;

const command = { name: "bench", usage: USAGE, options: { rounds: { type: "string" }, json: { type: "boolean" } } } as const;

const median = (xs: number[]) => quantile(xs, 0.5);
function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

function timeIt(run: () => void): number {
  const t = performance.now();
  run();
  return performance.now() - t;
}

/** Shooters: the first `perSide` models of the first side; targets: the first `perSide` of the second. */
function oneWayPairs(world: SightWorld, perSide: number): Array<[string, string]> {
  const bySide = new Map<string, string[]>();
  for (const e of world.battlefield.models.values()) bySide.set(e.side, [...(bySide.get(e.side) ?? []), e.model.id]);
  const [shooters = [], targets = []] = [...bySide.values()].map((ids) => ids.slice(0, perSide));
  return shooters.flatMap((a) => targets.map((b): [string, string] => [a, b]));
}

interface Segment {
  readonly from: Vec3;
  readonly to: Vec3;
}

/** Times casting every segment with one engine; returns the median ms over rounds and the hit count. */
function castAll(segments: readonly Segment[], rounds: number, cast: (s: Segment) => boolean): { ms: number; hits: number } {
  let hits = 0;
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    hits = 0;
    times.push(timeIt(() => segments.forEach((s) => (hits += cast(s) ? 1 : 0))));
  }
  return { ms: median(times), hits };
}

await runCommand(command, async ({ values, positionals }) => {
  const path = positionals[0] ?? "src/scenarios/default.json";
  const rounds = Math.max(1, Math.round(parseNumber(values.rounds ?? "5", "--rounds", "--rounds 5", "positive")));
  const log = (line: string) => !values.json && console.log(line);
  const start = performance.now();
  const { world } = await loadSightWorld(path);
  const buildMs = performance.now() - start;
  const sides = new Map<string, number>();
  for (const e of world.battlefield.models.values()) sides.set(e.side, (sides.get(e.side) ?? 0) + 1);
  log(`battlefield: ${path} — ${world.battlefield.models.size} models (${[...sides].map(([s, n]) => `${s} ${n}`).join(", ")}), ${world.staticSolids.length} terrain solids; world built in ${buildMs.toFixed(0)} ms`);

  // One SightReport, over an even spread of pairs.
  const all = opposingPairs(world);
  const spread = all.filter((_, i) => i % Math.max(1, Math.floor(all.length / 400)) === 0);
  spread.forEach(([a, b]) => sightReport(world, a, b));
  const perReport: number[] = [];
  for (let r = 0; r < rounds; r++) for (const [a, b] of spread) perReport.push(timeIt(() => sightReport(world, a, b)));
  log(`one SightReport: median ${median(perReport).toFixed(3)} ms, p95 ${quantile(perReport, 0.95).toFixed(3)} ms (${spread.length} pairs × ${rounds} rounds)`);

  // The matrices (overview sampling, MATRIX_GRIDS).
  const matrix = (pairs: Array<[string, string]>) => {
    const times: number[] = [];
    let rays = 0;
    for (let r = 0; r < Math.min(rounds, 3); r++) {
      const before = world.raysCast;
      times.push(timeIt(() => visibilityMatrix(world, { pairs })));
      rays = world.raysCast - before;
    }
    return { pairs: pairs.length, s: median(times) / 1000, rays };
  };
  const m75 = matrix(oneWayPairs(world, 75));
  log(`matrix 75 shooters × 75 targets (${m75.pairs} pairs): median ${m75.s.toFixed(2)} s, ${(m75.rays / m75.pairs).toFixed(0)} rays/pair, ${(m75.rays / m75.s / 1e6).toFixed(3)} M rays/s overall`);
  const mAll = matrix(all);
  log(`matrix, all opposing pairs both ways (${mAll.pairs}): median ${mAll.s.toFixed(2)} s`);

  // The same rays against identical triangles.
  const segments: Segment[] = [];
  for (const [a, b] of spread) for (const ray of sightReport(world, a, b, { includeRays: true }).rays ?? []) segments.push({ from: ray.from, to: ray.to });
  const soup = mergeTriangles(world.allSolids().map((solid) => solidTriangles(solid)));
  const geometry = new BufferGeometry();
  geometry.setAttribute("position", new BufferAttribute(soup.positions, 3));
  geometry.setIndex(new BufferAttribute(soup.indices, 1));
  let bvh!: MeshBVH;
  const bvhBuild = timeIt(() => (bvh = new MeshBVH(geometry)));
  const trimeshWorld = new RAPIER.World({ x: 0, y: 0, z: 0 });
  trimeshWorld.createCollider(RAPIER.ColliderDesc.trimesh(soup.positions, soup.indices));
  trimeshWorld.step();

  const dir = new Vector3();
  const threeRay = new Ray();
  const rapierRay = new RAPIER.Ray({ x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 });
  const shortened = (s: Segment) => {
    dir.set(s.to[0] - s.from[0], s.to[1] - s.from[1], s.to[2] - s.from[2]);
    const length = dir.length() - 0.01;
    dir.normalize();
    return length;
  };
  const inWorld = castAll(segments, rounds, (s) => world.castSegment(s.from, s.to) !== null);
  const inBvh = castAll(segments, rounds, (s) => {
    const length = shortened(s);
    threeRay.origin.set(...s.from);
    threeRay.direction.copy(dir);
    return bvh.raycastFirst(threeRay, DoubleSide, 0, length) !== null;
  });
  const inTrimesh = castAll(segments, rounds, (s) => {
    const length = shortened(s);
    rapierRay.origin = { x: s.from[0], y: s.from[1], z: s.from[2] };
    rapierRay.dir = { x: dir.x, y: dir.y, z: dir.z };
    return trimeshWorld.castRay(rapierRay, length, true) !== null;
  });
  const mrays = (ms: number) => segments.length / ms / 1000;
  log(`same ${segments.length} rays, ${soup.indices.length / 3} triangles (BVH built in ${bvhBuild.toFixed(0)} ms):`);
  log(`  Rapier sight world (primitive colliders)     : ${mrays(inWorld.ms).toFixed(3)} M rays/s, median ${inWorld.ms.toFixed(1)} ms`);
  log(`  Rapier, one trimesh of the identical triangles: ${mrays(inTrimesh.ms).toFixed(3)} M rays/s, median ${inTrimesh.ms.toFixed(1)} ms`);
  log(`  three-mesh-bvh, identical triangles:            ${mrays(inBvh.ms).toFixed(3)} M rays/s, median ${inBvh.ms.toFixed(1)} ms`);
  log(`  ratio three-mesh-bvh ÷ Rapier world: ${(inWorld.ms / inBvh.ms).toFixed(2)}× the throughput; ÷ Rapier trimesh: ${(inTrimesh.ms / inBvh.ms).toFixed(2)}×`);
  log(`  hits: world ${inWorld.hits}, trimesh ${inTrimesh.hits}, three-mesh-bvh ${inBvh.hits} (rays end 0.01 cm short of the target, so a hit is a blocker)`);

  if (values.json) {
    printJson({
          scenario: path,
          models: world.battlefield.models.size,
          buildMs,
          sightReportMs: { median: median(perReport), p95: quantile(perReport, 0.95), pairs: spread.length, rounds },
          matrix75x75: m75,
          matrixAll: mAll,
          rays: {
            count: segments.length,
            triangles: soup.indices.length / 3,
            rapierWorldMraysPerS: mrays(inWorld.ms),
            rapierTrimeshMraysPerS: mrays(inTrimesh.ms),
            threeMeshBvhMraysPerS: mrays(inBvh.ms),
            hits: { world: inWorld.hits, trimesh: inTrimesh.hits, bvh: inBvh.hits },
          },
    });
  }
  world.dispose();
  trimeshWorld.free();
});
