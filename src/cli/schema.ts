/**
 * Prints the JSON Schema of the battlefield file, generated from the zod schema in src/core/scenario/schema.ts.
 * The committed copy is docs/scenario.schema.json; a test fails when it drifts from this output.
 *
 *   npx tsx src/cli/schema.ts                                   print to stdout
 *   npx tsx src/cli/schema.ts --out docs/scenario.schema.json   write a file
 */
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { SCENARIO_FORMAT, SCENARIO_VERSION, Scenario } from "../core/scenario/schema";
import { CliError, expectPositionals, print, runCommand } from "./common";

const USAGE = `Prints the JSON Schema (draft 2020-12) of the Hulldown scenario file (format "${SCENARIO_FORMAT}",
version ${SCENARIO_VERSION}). It describes the file as you write it: fields with defaults are optional.

Usage:
  npm run schema -- [--out <file>]

Options:
  --out <file>  write the schema to <file> instead of printing it
  -h, --help    show this help

The committed copy is docs/scenario.schema.json; regenerate it after changing src/core/scenario/schema.ts:
  npx tsx src/cli/schema.ts --out docs/scenario.schema.json`;

/** The JSON Schema of the scenario file as a user writes it (`io: "input"`: defaults make fields optional). */
export function scenarioJsonSchema(): Record<string, unknown> {
  const { $schema, ...rest } = z.toJSONSchema(Scenario, { io: "input" });
  return { $schema, title: `Hulldown scenario, version ${SCENARIO_VERSION}`, ...rest };
}

/** The schema as the text of docs/scenario.schema.json. */
export function scenarioJsonSchemaText(): string {
  return `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`;
}

const command = { name: "schema", usage: USAGE, options: { out: { type: "string" } } } as const;

/** Runs only when executed (`tsx src/cli/schema.ts`), not when a test imports the functions above. */
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await runCommand(command, async ({ values, positionals }) => {
    expectPositionals(positionals, []);
    const text = scenarioJsonSchemaText();
    if (values.out === undefined) {
      process.stdout.write(text);
      return;
    }
    try {
      await writeFile(values.out, text);
    } catch (error) {
      throw new CliError(`cannot write ${values.out}: ${(error as Error).message}`);
    }
    print(`wrote ${values.out}`);
  });
}
