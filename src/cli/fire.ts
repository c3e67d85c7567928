/**
 * npm run fire -- <scenario.json> <shooter> <target> [--weapon <id>] [--ruleset <id>] [--version <v>]
 *                 [--option <id>=<value>]... [--declare <switch>]... [--roll --seed <n>] [--json]
 *
 * A rule system's verdict on a declared shot, and with --roll its resolution from a seeded die stream,
 * composed exactly as the app's sight worker composes them (answerFire). Talks to rule systems only through
 * the Ruleset interface and the registry, so every system added there works here unchanged.
 */
import { scenarioCatalog } from "../core/miniatures/catalog";
import type { Scenario } from "../core/scenario/schema";
import { tableContext } from "../rules/context";
import { DEFAULT_RULESET, RULESETS, rulesetById } from "../rules/registry";
import type { OptionSpec, Ruleset } from "../rules/ruleset";
import { createSightWorld } from "../sight/sightWorld";
import { answerFire } from "../worker/fire";
import { CliError, expectPositionals, loadScenario, parseNumber, print, printJson, runCommand } from "./common";
import { formatFire } from "./formatFire";

const USAGE = `A rule system's verdict on a shot, and its dice, on a Hulldown battlefield.

Usage:
  npm run fire -- <scenario.json> <shooter> <target> [--weapon <id>] [--ruleset <id>] [--version <v>]
                  [--option <id>=<value>]... [--declare <switch>]... [--roll --seed <n>] [--json]

<shooter> fires at <target>. Each is a model id or a unit id: a unit fires with every model; a model
named as the target is the aiming point and its unit is the target. The verdict lists every ruling with
its rule reference (§ of the rule system's digest), and for each firer the dice, the part of the target it
fires at, the number it needs and every modifier. Numbers from sample tables (stand-ins for tables the
source does not print) are marked "sample". With --roll the shot is resolved from the seeded dice as the
app's game log would: every die with its meaning, who was hit and what happened, and the referee's steps.

Options:
  --weapon <id>          the firers' weapon (default: each firer's usual weapon)
  --ruleset <id>         the rule system (default: the battlefield's own "ruleset", else ${DEFAULT_RULESET}; known: ${RULESETS.map((r) => r.id).join(", ")})
  --version <v>          the rules version (default: the system's first, e.g. v2.0 for Operation WW2)
  --option <id>=<value>  one of the system's options, repeatable (e.g. smallWoodsLetSightThrough=false)
  --declare <switch>     a declaration switch of the system, repeatable (Bolt Action: he, assault)
  --roll                 resolve the shot (needs --seed)
  --seed <n>             the game's dice seed, a whole number
  --json                 print JSON only: { verdict, result? } as the sight worker answers
  -h, --help             show this help

Exit codes: 0 done (also when the shot is not allowed), 2 bad input (file, scenario, id, option), 1 internal error.`;

const command = {
  name: "fire",
  usage: USAGE,
  options: {
    weapon: { type: "string" },
    ruleset: { type: "string" },
    version: { type: "string" },
    option: { type: "string", multiple: true },
    declare: { type: "string", multiple: true },
    roll: { type: "boolean" },
    seed: { type: "string" },
    json: { type: "boolean" },
  },
} as const;

const list = (items: readonly unknown[]): string => items.map((i) => String(i)).join(", ");

function requireRuleset(id: string): Ruleset {
  const ruleset = rulesetById(id);
  if (!ruleset) throw new CliError(`unknown rule system "${id}"; the rule systems are ${list(RULESETS.map((r) => r.id))}`);
  return ruleset;
}

function requireVersion(ruleset: Ruleset, version: string | undefined): string {
  const chosen = version ?? ruleset.versions[0]!;
  if (!ruleset.versions.includes(chosen)) throw new CliError(`${ruleset.name} has no version "${chosen}"; its versions are ${list(ruleset.versions)}`);
  return chosen;
}

/** `id=value` pairs checked against the system's option specs; values typed as the spec's choices. */
function parseOptions(ruleset: Ruleset, given: readonly string[]): Record<string, string | boolean> {
  const options: Record<string, string | boolean> = {};
  const settable = ruleset.options.filter((o) => o.id !== "version");
  for (const text of given) {
    const at = text.indexOf("=");
    if (at <= 0)
      throw new CliError(`bad --option "${text}": expected <id>=<value>, e.g. ${settable[0] ? `${settable[0].id}=${settable[0].default}` : "name=value"}`);
    const [id, value] = [text.slice(0, at), text.slice(at + 1)];
    if (id === "version") throw new CliError(`the version is chosen with --version, not --option`);
    const spec: OptionSpec | undefined = settable.find((o) => o.id === id);
    if (!spec) throw new CliError(`${ruleset.name} has no option "${id}"; its options are ${list(settable.map((o) => o.id))}`);
    const choice = spec.choices.find((c) => String(c) === value);
    if (choice === undefined) throw new CliError(`option "${id}" of ${ruleset.name} must be one of ${list(spec.choices)}, got "${value}"`);
    options[id] = choice;
  }
  return options;
}

/** A model id or a unit id of the scenario, or a CliError naming what the file has. */
function requireShooterOrTarget(scenario: Scenario, id: string, role: string, file: string): void {
  const units = scenario.forces.flatMap((f) => f.units);
  if (units.some((u) => u.id === id || u.models.some((m) => m.id === id))) return;
  const known = units.slice(0, 8).map((u) => `${u.id} (${u.models.map((m) => m.id).join(", ")})`);
  throw new CliError(
    `unknown ${role} "${id}" in ${file}: neither a model nor a unit; ${known.length ? `its units: ${known.join("; ")}${units.length > 8 ? "…" : ""}` : "it has no models"}`,
  );
}

/** Declaration switches the system offers (each sets a boolean field of the declaration). */
function parseSwitches(ruleset: Ruleset, given: readonly string[]): Record<string, boolean> {
  const known = ruleset.declarationSwitches ?? [];
  for (const id of given) {
    if (!known.some((s) => s.id === id))
      throw new CliError(
        `${ruleset.name} has no declaration switch "${id}"; ${known.length ? `its switches are ${list(known.map((s) => s.id))}` : "it has none"}`,
      );
  }
  return Object.fromEntries(given.map((id) => [id, true]));
}

function parseSeed(text: string): number {
  const seed = parseNumber(text, "--seed", "--seed 1944");
  if (!Number.isSafeInteger(seed)) throw new CliError(`bad --seed "${text}": expected a whole number, e.g. --seed 1944`);
  return seed;
}

await runCommand(command, async ({ values, positionals }) => {
  const [file, shooter, target] = expectPositionals(positionals, ["scenario.json", "shooter", "target"]) as [string, string, string];
  if (values.roll && values.seed === undefined) throw new CliError("--roll needs --seed <n>: the dice come from the game's seed");
  if (!values.roll && values.seed !== undefined) throw new CliError("--seed applies only with --roll");
  const seed = values.seed === undefined ? undefined : parseSeed(values.seed);
  const scenario = await loadScenario(file);
  // Unless told otherwise, the rule system (and version) the battlefield names for itself.
  const own = values.ruleset === undefined ? scenario.ruleset : undefined;
  const ruleset = requireRuleset(values.ruleset ?? own?.id ?? DEFAULT_RULESET);
  const version = requireVersion(ruleset, values.version ?? own?.version);
  const options = parseOptions(ruleset, values.option ?? []);
  const switches = parseSwitches(ruleset, values.declare ?? []);
  requireShooterOrTarget(scenario, shooter, "shooter", file);
  requireShooterOrTarget(scenario, target, "target", file);

  const world = await createSightWorld(scenario, scenarioCatalog(scenario));
  try {
    const battlefield = world.battlefield;
    if (values.weapon !== undefined) {
      const context = ruleset.createContext(tableContext(battlefield), { options: { ...options, version } });
      const firers = battlefield.models.has(shooter) ? [shooter] : [...battlefield.models.values()].filter((e) => e.unitId === shooter).map((e) => e.model.id);
      const weapons = [...new Set(firers.flatMap((m) => ruleset.weaponsOf(m, context)))];
      if (!weapons.includes(values.weapon))
        throw new CliError(`${shooter} has no weapon "${values.weapon}" under ${ruleset.name}; its weapons are ${list(weapons) || "none"}`);
    }
    const answer = answerFire(world, battlefield, {
      ruleset: { id: ruleset.id, version, options },
      declaration: { shooter, target, ...(values.weapon !== undefined ? { weapon: values.weapon } : {}), ...switches },
      status: {},
      ...(seed !== undefined ? { roll: { seed, previous: [] } } : {}),
    });
    if (values.json) printJson(answer);
    else print(formatFire(answer, ruleset, { version, ...(seed !== undefined ? { seed } : {}) }));
  } finally {
    world.dispose();
  }
});
