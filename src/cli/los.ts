/**
 * npm run los -- <scenario.json> <shooter> <target> [--weapon <id>] [--json] [--rays]
 * npm run los -- <scenario.json> --matrix [--threads N] [--json]
 *
 * Line of sight between two models (the SightReport), or between every pair of opposing models.
 */
import { availableParallelism } from "node:os";
import { scenarioCatalog } from "../core/miniatures/catalog";
import type { Scenario } from "../core/scenario/schema";
import { sightReport } from "../sight/lineOfSight";
import { opposingPairs, visibilityMatrix } from "../sight/matrix";
import type { SightReport } from "../sight/sightReport";
import { createSightWorld, type SightWorld } from "../sight/sightWorld";
import { SightQueryError } from "../sight/visibility";
import { CliError, expectPositionals, loadScenario, loadSightWorld, parseNumber, print, printJson, progressReporter, requireModel, runCommand } from "./common";
import { formatMatrix, formatSightReport, modelLookup, summariseMatrix } from "./formatReport";
import { MatrixPool } from "./matrixPool";

const USAGE = `Line of sight on a Hulldown battlefield.

Usage:
  npm run los -- <scenario.json> <shooterModelId> <targetModelId> [--weapon <id>] [--rays] [--json]
  npm run los -- <scenario.json> --matrix [--threads N] [--json]

One pair: what the shooter (its eye, or the weapon's origin with --weapon) sees of the target: the visible
share of its silhouette, per part, what blocks it, the areas, openings and linear obstacles the line
crosses, distances (cm and inches), facing, weapon arc and hull-down.

--matrix: the visible share for every pair of models on opposing sides, with the time it took. Large
matrices run on a pool of worker threads, one per core (each builds its own world first).

Options:
  --weapon <id>   trace from this weapon of the shooter and check its arc (e.g. main-gun, hull-mg)
  --rays          include every sample ray (from, to, clear, blocker)
  --matrix        every opposing pair instead of one
  --threads N     worker threads for --matrix (default: one per core; 1: in this process)
  --json          print JSON only (the SightReport, or the matrix with its timing)
  -h, --help      show this help

Exit codes: 0 done, 2 bad input (file, scenario, model id, option), 1 internal error.`;

const command = {
  name: "los",
  usage: USAGE,
  options: {
    weapon: { type: "string" },
    json: { type: "boolean" },
    rays: { type: "boolean" },
    matrix: { type: "boolean" },
    threads: { type: "string" },
  },
} as const;

/** Below this many pairs, starting threads (each building its own world) costs more than it saves. */
const POOL_MIN_PAIRS = 1000;

async function matrixOnThreads(
  scenario: Scenario,
  world: SightWorld,
  pairs: Array<[string, string]>,
  threads: number,
  onProgress: (done: number, total: number) => void,
) {
  if (threads <= 1 || pairs.length < POOL_MIN_PAIRS) return visibilityMatrix(world, { pairs, onProgress });
  const pool = await MatrixPool.start(scenario, threads);
  try {
    return await pool.matrix(pairs, onProgress);
  } finally {
    await pool.close();
  }
}

await runCommand(command, async ({ values, positionals }) => {
  if (values.threads !== undefined && !values.matrix) throw new CliError("--threads applies to --matrix (see --help)");
  if (values.matrix) {
    if (values.weapon !== undefined || values.rays) throw new CliError("--weapon and --rays apply to one pair, not to --matrix (see --help)");
    const [file] = expectPositionals(positionals, ["scenario.json"]);
    const threads = Math.round(parseNumber(values.threads ?? String(availableParallelism()), "--threads", "--threads 2", "positive"));
    const { scenario, world } = await loadSightWorld(file!);
    const progress = progressReporter("los", "matrix");
    const start = performance.now();
    const pairs = opposingPairs(world);
    const entries = await matrixOnThreads(scenario, world, pairs, threads, progress.update);
    const elapsedMs = performance.now() - start;
    progress.done();
    const summary = summariseMatrix(entries, elapsedMs);
    if (values.json) printJson({ scenario: world.battlefield.scenario.name, ...summary, entries });
    else print(formatMatrix(entries, summary, modelLookup(world.battlefield)));
    world.dispose();
    return;
  }

  const [file, shooter, target] = expectPositionals(positionals, ["scenario.json", "shooterModelId", "targetModelId"]);
  const scenario = await loadScenario(file!);
  requireModel(scenario, shooter!, "shooter", file!);
  requireModel(scenario, target!, "target", file!);
  if (shooter === target) throw new CliError(`shooter and target are the same model "${shooter}"`);
  const world = await createSightWorld(scenario, scenarioCatalog(scenario));
  const def = world.battlefield.models.get(shooter!)!.def;
  if (values.weapon !== undefined && !def.weapons.some((w) => w.id === values.weapon)) {
    const known = def.weapons.map((w) => w.id).join(", ") || "none";
    throw new CliError(`shooter "${shooter}" (${def.id}) in ${file} has no weapon "${values.weapon}"; its weapons: ${known}`);
  }
  let report: SightReport;
  try {
    report = sightReport(world, shooter!, target!, { weapon: values.weapon, includeRays: values.rays ?? false });
  } catch (error) {
    if (error instanceof SightQueryError) throw new CliError(`${error.message} (in ${file})`);
    throw error;
  }
  if (values.json) printJson(report);
  else print(formatSightReport(report, modelLookup(world.battlefield)));
  world.dispose();
});
