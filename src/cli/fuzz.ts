/**
 * npm run fuzz -- [--scenarios N] [--games N] [--replays N] [--seed S]
 *
 * Mutates the shipped battlefields (some with stored miniatures), games played on them and their replays,
 * thousands of times, and checks that no file can crash, hang or poison the engine, that what the validator
 * accepts the engine builds, and that a replay loses no note and no flag (see src/cli/fuzz/cases.ts).
 */
import { Worker } from "node:worker_threads";
import { parseNumber, print, progressReporter, runCommand } from "./common";
import { type CaseResult, FAILURES, OUTCOMES, type Outcome } from "./fuzz/cases";
import type { WorkerRequest } from "./fuzz/worker";

const USAGE = `Fuzzes Hulldown's file loaders and the sight engine behind them.

Usage:
  npm run fuzz -- [--scenarios N] [--games N] [--replays N] [--seed S] [--from K]

Each scenario case must be refused with a path, or accepted and then build a sight world that answers a
SightReport and a template with finite numbers, within 5 s ("unbuildable": validate accepts a file the
engine cannot build). Each game case must be refused with a path, played up to a break it names, or loaded
whole and saved again byte for byte (its table building a world too). Each replay case, besides, keeps
every note (or says which it leaves out) and its divergence flag when saved again. Scenarios include
stored miniatures (parts collapsed to a line, stray vertices, raised eyes, tiny figures); scenarios, games
and replays include ids that are JavaScript's own names. Prints a table of the outcomes of each kind and
the first failures; exits 1 when any case failed.

Options:
  --scenarios N  mutated scenario files (default 1000)
  --games N      mutated game files (default 500)
  --replays N    mutated replay files (default 200)
  --seed S       seed of the mutations (default 1); the same seed gives the same cases
  --from K       start at case K of each kind (default 0): one run split over processes, e.g. --from 5000
  -h, --help     show this help`;

/** A case that takes longer than this is a hang. */
const CASE_LIMIT_MS = 5000;

const command = {
  name: "fuzz",
  usage: USAGE,
  options: { scenarios: { type: "string" }, games: { type: "string" }, replays: { type: "string" }, seed: { type: "string" }, from: { type: "string" } },
} as const;

/** One worker thread at a time; a case that hangs terminates it and the next case gets a new one. */
function caseRunner(seed: number) {
  let worker: Worker | undefined;
  let ready: Promise<void> | undefined;
  const start = () => {
    // Loaded through tsx's API: a worker does not inherit the --import hooks of the main thread.
    const script = `import("tsx/esm/api").then(({ tsImport }) => tsImport(${JSON.stringify(new URL("./fuzz/worker.ts", import.meta.url).href)}, ${JSON.stringify(import.meta.url)}))`;
    worker = new Worker(script, { eval: true, workerData: { seed } });
    const w = worker;
    ready = new Promise((resolve, reject) => {
      w.once("message", () => resolve());
      w.once("error", reject);
    });
  };
  return {
    async run(request: WorkerRequest): Promise<CaseResult & { ms: number }> {
      if (!worker) start();
      await ready;
      const w = worker!;
      let began = performance.now();
      const result = await new Promise<CaseResult | "hang">((resolve) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const done = (value: CaseResult | "hang") => {
          clearTimeout(timer);
          w.off("message", onMessage);
          w.off("error", onError);
          resolve(value);
        };
        // The worker says "checking" once it has made the case; the time limit counts from there.
        const onMessage = (message: CaseResult | "checking") => {
          if (message !== "checking") return done(message);
          began = performance.now();
          timer = setTimeout(() => done("hang"), CASE_LIMIT_MS);
        };
        const onError = (error: Error) => done({ outcome: "crash", detail: `the worker died: ${error.message}` });
        w.on("message", onMessage);
        w.on("error", onError);
        w.postMessage(request);
      });
      const ms = performance.now() - began;
      if (result === "hang" || result.outcome === "crash") {
        await w.terminate();
        worker = undefined;
      }
      return result === "hang" ? { outcome: "hang", detail: `no answer after ${CASE_LIMIT_MS} ms`, ms } : { ...result, ms };
    },
    stop: () => worker?.terminate(),
  };
}

/** The outcomes of each kind as a table: a row per kind, a column per outcome that any case came to, the failures last. */
function printTable(counts: ReadonlyMap<string, number>, totals: Readonly<Record<WorkerRequest["kind"], number>>): void {
  const seen = new Set([...counts.keys()].map((k) => k.split(" ")[1] as Outcome));
  const columns: Outcome[] = [...OUTCOMES.filter((o) => !FAILURES.includes(o) && seen.has(o)), ...FAILURES];
  const header = ["kind", "cases", ...columns];
  const rows = (Object.keys(totals) as WorkerRequest["kind"][])
    .filter((kind) => totals[kind] > 0)
    .map((kind) => [kind, String(totals[kind]), ...columns.map((o) => String(counts.get(`${kind} ${o}`) ?? 0))]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  print([line(header), `|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`, ...rows.map(line)].join("\n"));
}

await runCommand(command, async ({ values }) => {
  const scenarios = Math.round(parseNumber(values.scenarios ?? "1000", "--scenarios", "--scenarios 10000", "nonnegative"));
  const games = Math.round(parseNumber(values.games ?? "500", "--games", "--games 5000", "nonnegative"));
  const replays = Math.round(parseNumber(values.replays ?? "200", "--replays", "--replays 2000", "nonnegative"));
  const seed = Math.round(parseNumber(values.seed ?? "1", "--seed", "--seed 7"));
  const from = Math.round(parseNumber(values.from ?? "0", "--from", "--from 5000", "nonnegative"));
  const runner = caseRunner(seed);
  const requests: WorkerRequest[] = [
    ...Array.from({ length: scenarios }, (_, n) => ({ kind: "scenario" as const, n: from + n })),
    ...Array.from({ length: games }, (_, n) => ({ kind: "game" as const, n: from + n })),
    ...Array.from({ length: replays }, (_, n) => ({ kind: "replay" as const, n: from + n })),
  ];
  const counts = new Map<string, number>();
  const failures: string[] = [];
  let slowest = { ms: 0, what: "" };
  const progress = progressReporter("fuzz", "cases");
  for (const [i, request] of requests.entries()) {
    const result = await runner.run(request);
    const key = `${request.kind} ${result.outcome}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (result.ms > slowest.ms) slowest = { ms: result.ms, what: `${request.kind} case ${request.n}` };
    if (FAILURES.includes(result.outcome) && failures.length < 20) {
      failures.push(`${request.kind} case ${request.n} (--seed ${seed}): ${result.outcome}: ${(result.detail ?? "").split("\n").slice(0, 3).join(" | ")}`);
    }
    progress.update(i + 1, requests.length);
  }
  progress.done();
  await runner.stop();
  printTable(counts, { scenario: scenarios, game: games, replay: replays });
  print(`slowest case: ${slowest.what}, ${Math.round(slowest.ms)} ms`);
  for (const f of failures) print(f);
  if (failures.length) process.exitCode = 1;
});
