/**
 * npm run validate -- <scenario.json> [--json]
 *
 * Checks a battlefield file against the schema and its references (ids, model definitions, buildings).
 */
import { describeIssue, expectPositionals, printJson, print, readScenarioFile, runCommand, EXIT_BAD_INPUT } from "./common";

const USAGE = `Checks a Hulldown battlefield file.

Usage:
  npm run validate -- <scenario.json> [--json]

Prints "OK: <name> — N features, M models" and exits 0, or prints every problem on stderr, one per line as
"<JSON path>: <message>", and exits 2.

Options:
  --json      print {"ok": true, "name", "features", "models"} or {"ok": false, "issues": [{path, message}]}
  -h, --help  show this help`;

const command = { name: "validate", usage: USAGE, options: { json: { type: "boolean" } } } as const;

await runCommand(command, async ({ values, positionals }) => {
  const [file] = expectPositionals(positionals, ["scenario.json"]);
  const { result } = await readScenarioFile(file!);
  if (result.ok) {
    const { scenario } = result;
    const features = scenario.features.length;
    const models = scenario.forces.reduce((n, f) => n + f.units.reduce((m, u) => m + u.models.length, 0), 0);
    if (values.json) printJson({ ok: true, name: scenario.name, features, models });
    else print(`OK: ${scenario.name} — ${features} feature${features === 1 ? "" : "s"}, ${models} model${models === 1 ? "" : "s"}`);
    return;
  }
  if (values.json) printJson({ ok: false, issues: result.issues });
  else process.stderr.write(result.issues.map((issue) => `${describeIssue(file!, issue)}\n`).join(""));
  process.exitCode = EXIT_BAD_INPUT;
});
