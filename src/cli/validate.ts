/**
 * npm run validate -- <file.json> [--json]
 *
 * Checks a battlefield file against the schema and its references (ids, model definitions, buildings); or a
 * game or replay file the way it was made: each event against the state it applies to, its dice against the
 * seed, and every shot and order judged again by the rule system on the sight engine.
 */
import { scenarioCatalog } from "../core/miniatures/catalog";
import { parseScenarioJson } from "../core/scenario/load";
import { rejudgeGame } from "../worker/rejudgeGame";
import { divergenceWarning, type RejudgeReport } from "../worker/rejudgeReport";
import { CliError, describeIssue, EXIT_BAD_INPUT, expectPositionals, print, printError, printJson, readTextFile, runCommand } from "./common";
import { type GameFileKind, gameFileKind, loadGameFile } from "./gameFiles";

const USAGE = `Checks a Hulldown battlefield, game or replay file.

Usage:
  npm run validate -- <file.json> [--json]

A battlefield: prints "OK: <name> — N features, M models" and exits 0, or prints every problem on stderr,
one per line as "<JSON path>: <message>", and exits 2.

A game or replay (its "format" says which): every event is checked against the table it applies to and the
game's seeded dice, and every resolved shot and order is judged again by the game's rule system in the game
as the events before it leave it. Prints "OK: …" and exits 0; a file that breaks, or a shot the rules do not
give as recorded, is named by its event on stderr ("events[12]: fire-resolved: the rules give … with these
dice, the file says …") with exit 2. So is every shot that cannot be judged again (its declaration or the game
state it was judged in not recorded, a rules table that does not load), one line each: the game is unchecked.

Options:
  --json      print {"ok": true, …} or {"ok": false, "issues" | "problems": …}
  -h, --help  show this help`;

const command = { name: "validate", usage: USAGE, options: { json: { type: "boolean" } } } as const;

async function validateGame(file: string, text: string, kind: GameFileKind, json: boolean): Promise<void> {
  const loaded = loadGameFile(text, kind);
  const fail = (problems: readonly string[]) => {
    if (json) printJson({ ok: false, kind, problems });
    else printError(problems.map((p) => `${file}: ${p}`).join("\n"));
    process.exitCode = EXIT_BAD_INPUT;
  };
  if (!loaded.ok) return fail(loaded.problems);
  if (loaded.problem) return fail([loaded.problem]);
  const { log } = loaded;
  let report: RejudgeReport;
  try {
    report = await rejudgeGame(log);
  } catch (error) {
    // The file passed its checks but the engine cannot build its table: still the input's fault.
    throw new CliError(`${file}: the sight engine cannot build this game's table: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (report.divergence) return fail([divergenceWarning(report.divergence)]);
  // A shot that cannot be judged again leaves the game unchecked: as much a failure as one judged otherwise.
  if (report.notRejudged.length) return fail(report.notRejudged);
  const events = log.events.length;
  if (json) return printJson({ ok: true, kind, name: log.header.scenario.name, events, rejudged: report.rejudged });
  print(
    `OK: ${kind} on ${log.header.scenario.name} — ${events} event${events === 1 ? "" : "s"}, ${report.rejudged} shot${report.rejudged === 1 ? "" : "s"} and order${report.rejudged === 1 ? "" : "s"} judged again from seed ${log.header.seed}: as recorded`,
  );
}

await runCommand(command, async ({ values, positionals }) => {
  const [file] = expectPositionals(positionals, ["file.json"]);
  const text = await readTextFile(file!);
  const kind = gameFileKind(text);
  if (kind) return validateGame(file!, text, kind, values.json === true);
  const result = parseScenarioJson(text, scenarioCatalog);
  if (result.ok) {
    const { scenario } = result;
    const features = scenario.features.length;
    const models = scenario.forces.reduce((n, f) => n + f.units.reduce((m, u) => m + u.models.length, 0), 0);
    if (values.json) printJson({ ok: true, name: scenario.name, features, models });
    else print(`OK: ${scenario.name} — ${features} feature${features === 1 ? "" : "s"}, ${models} model${models === 1 ? "" : "s"}`);
    return;
  }
  if (values.json) printJson({ ok: false, issues: result.issues });
  else printError(result.issues.map((issue) => describeIssue(file!, issue)).join("\n"));
  process.exitCode = EXIT_BAD_INPUT;
});
