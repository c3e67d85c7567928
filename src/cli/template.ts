/**
 * npm run template -- <scenario.json> --at <x,z> --radius <cm>[,<cm>…] [--from above|level] [--level <y>] [--json]
 * npm run template -- <scenario.json> --teardrop <x,z,heading,length,narrow,wide> [--from …] [--json]
 *
 * Which models lie (even partly) under a blast, ring or teardrop template.
 */
import { TemplateShapeEvent } from "../core/game/events";
import { validate } from "../core/scenario/load";
import { modelsUnderTemplate, type TemplatePlacement, type TemplateShape } from "../sight/templates";
import { CliError, expectPositionals, loadSightWorld, parseNumber, parseNumberList, print, printJson, runCommand } from "./common";
import { formatTemplateResult, modelLookup } from "./formatReport";

const USAGE = `Which models lie under a template on a Hulldown battlefield.

Usage:
  npm run template -- <scenario.json> --at <x,z> --radius <cm>[,<cm>...] [options]
  npm run template -- <scenario.json> --teardrop <x,z,heading,length,narrow,wide> [options]

A model counts when its footprint (base or hull outline) touches the template, even partly. Several radii
(ascending) make a ring template: each model gets the innermost ring that touches it (ring 0 innermost).
A teardrop is laid from the muzzle at x,z along heading (degrees, 0 = +z, 90 = +x): it is narrow cm wide
at the muzzle and wide cm wide length cm further on. Give negative numbers as --teardrop=-5,...

Options:
  --at <x,z>          centre of a blast template, cm
  --radius <r,...>    its radius, or the radii of a ring template, cm
  --teardrop <...>    a flamethrower teardrop instead of --at/--radius
  --from above|level  above (default): shells fall, roofs and upper floors shield the models under them;
                      level: laid at a surface height, only models standing on it are hit
  --level <y>         height of that surface, cm (implies --from level)
  --json              print JSON only: {placement, models, shielded}
  -h, --help          show this help

Exit codes: 0 done, 2 bad input, 1 internal error.`;

const command = {
  name: "template",
  usage: USAGE,
  options: {
    at: { type: "string" },
    radius: { type: "string" },
    teardrop: { type: "string" },
    from: { type: "string" },
    level: { type: "string" },
    json: { type: "boolean" },
  },
} as const;

function templateShape(values: { at?: string; radius?: string; teardrop?: string }): TemplateShape {
  if (values.teardrop !== undefined) {
    if (values.at !== undefined || values.radius !== undefined) throw new CliError("give either --teardrop or --at with --radius, not both (see --help)");
    const example = "--teardrop 90,60,90,15,2,5";
    const [x, z, heading, length, narrowWidth, wideWidth] = parseNumberList(values.teardrop, "--teardrop", example, { count: 6 }) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    for (const [name, v] of [
      ["length", length],
      ["narrow width", narrowWidth],
      ["wide width", wideWidth],
    ] as const) {
      if (v <= 0) throw new CliError(`bad --teardrop "${values.teardrop}": the ${name} must be positive, e.g. ${example}`);
    }
    return { kind: "teardrop", from: [x, z], heading, length, narrowWidth, wideWidth };
  }
  if (values.at === undefined) throw new CliError("missing --at <x,z> (or --teardrop); see --help");
  if (values.radius === undefined) throw new CliError("missing --radius <cm> for the template at --at; see --help");
  const [x, z] = parseNumberList(values.at, "--at", "--at 90,60", { count: 2 }) as [number, number];
  const radii = parseNumberList(values.radius, "--radius", "--radius 5 or --radius 2.5,5,7.5", { check: "positive" });
  radii.forEach((r, i) => {
    if (i > 0 && r <= radii[i - 1]!) throw new CliError(`bad --radius "${values.radius}": ring radii must ascend, e.g. --radius 2.5,5,7.5`);
  });
  return { kind: "blast", at: [x, z], radii };
}

function templatePlacement(values: { at?: string; radius?: string; teardrop?: string; from?: string; level?: string }): TemplatePlacement {
  const shape = templateShape(values);
  // The bounds a game log puts on a template: within reach of a table, sizes no larger than one.
  const bounded = validate(TemplateShapeEvent, shape);
  if (!bounded.ok) throw new CliError(`bad template: ${bounded.issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`);
  const from = values.from ?? (values.level !== undefined ? "level" : "above");
  if (from !== "above" && from !== "level") throw new CliError(`bad --from "${values.from}": expected above or level`);
  if (from === "above") {
    if (values.level !== undefined) throw new CliError("--level applies to --from level, not --from above");
    return { shape, from };
  }
  if (values.level === undefined) throw new CliError("--from level needs --level <y>, the height of the surface in cm");
  return { shape, from, level: parseNumber(values.level, "--level", "--level 5.5") };
}

await runCommand(command, async ({ values, positionals }) => {
  const [file] = expectPositionals(positionals, ["scenario.json"]);
  const placement = templatePlacement(values);
  const { world } = await loadSightWorld(file!);
  const result = modelsUnderTemplate(world, placement);
  if (values.json) printJson({ placement, ...result });
  else print(formatTemplateResult(placement, result, modelLookup(world.battlefield)));
  world.dispose();
});
