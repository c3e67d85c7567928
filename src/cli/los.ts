/**
 * npm run los -- <scenario.json> <shooter> <target> [--weapon <id>] [--json] [--rays]
 * npm run los -- <scenario.json> --matrix [--json]
 *
 * Line of sight between two models (the SightReport), or between every pair of opposing models.
 */
import { catalogFor } from "../core/scale";
import { sightReport } from "../sight/lineOfSight";
import { SightQueryError } from "../sight/visibility";
import { visibilityMatrix } from "../sight/matrix";
import { createSightWorld } from "../sight/sightWorld";
import { CliError, expectPositionals, loadScenario, loadSightWorld, print, printJson, progressReporter, requireModel, runCommand } from "./common";
import { formatMatrix, formatSightReport, modelLookup, summariseMatrix } from "./formatReport";

const USAGE = `Line of sight on a Hulldown battlefield.

Usage:
  npm run los -- <scenario.json> <shooterModelId> <targetModelId> [--weapon <id>] [--rays] [--json]
  npm run los -- <scenario.json> --matrix [--json]

One pair: what the shooter (its eye, or the weapon's origin with --weapon) sees of the target: the visible
share of its silhouette, per part, what blocks it, the areas, openings and linear obstacles the line
crosses, distances (cm and inches), facing, weapon arc and hull-down.

--matrix: the visible share for every pair of models on opposing sides, with the time it took.

Options:
  --weapon <id>   trace from this weapon of the shooter and check its arc (e.g. main-gun, hull-mg)
  --rays          include every sample ray (from, to, clear, blocker)
  --matrix        every opposing pair instead of one
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
  },
} as const;

await runCommand(command, async ({ values, positionals }) => {
  if (values.matrix) {
    if (values.weapon !== undefined || values.rays) throw new CliError("--weapon and --rays apply to one pair, not to --matrix (see --help)");
    const [file] = expectPositionals(positionals, ["scenario.json"]);
    const { world } = await loadSightWorld(file!);
    const progress = progressReporter("los", "matrix");
    const start = performance.now();
    const entries = visibilityMatrix(world, { onProgress: progress.update });
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
  const world = await createSightWorld(scenario, catalogFor(scenario.scale));
  const def = world.battlefield.models.get(shooter!)!.def;
  if (values.weapon !== undefined && !def.weapons.some((w) => w.id === values.weapon)) {
    const known = def.weapons.map((w) => w.id).join(", ") || "none";
    throw new CliError(`shooter "${shooter}" (${def.id}) in ${file} has no weapon "${values.weapon}"; its weapons: ${known}`);
  }
  let report;
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
