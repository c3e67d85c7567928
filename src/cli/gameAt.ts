/**
 * The game a command-line check is judged in: a game or replay file at a point of it (--at), or a new game on
 * a battlefield (--ruleset, --version, --option, --seed), with each flag checked and every refusal naming what
 * and where. Shared by npm run fire and npm run move.
 */
import { type GameLog, newGame } from "../core/game/gameLog";
import { DEFAULT_RULESET, RULESETS, rulesetById } from "../rules/registry";
import type { OptionSpec, Ruleset } from "../rules/ruleset";
import { CliError, loadScenario, oneLine, parseNumber, readTextFile } from "./common";
import { gameFileKind, loadGameFile } from "./gameFiles";

export const list = (items: readonly unknown[]): string => items.map((i) => String(i)).join(", ");

export function requireRuleset(id: string): Ruleset {
  const ruleset = rulesetById(id);
  if (!ruleset) throw new CliError(`unknown rule system "${id}"; the rule systems are ${list(RULESETS.map((r) => r.id))}`);
  return ruleset;
}

export function requireVersion(ruleset: Ruleset, version: string | undefined): string {
  const chosen = version ?? ruleset.versions[0]!;
  if (!ruleset.versions.includes(chosen)) throw new CliError(`${ruleset.name} has no version "${chosen}"; its versions are ${list(ruleset.versions)}`);
  return chosen;
}

/** `id=value` pairs checked against the system's option specs; values typed as the spec's choices. */
export function parseOptions(ruleset: Ruleset, given: readonly string[]): Record<string, string | boolean> {
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

export function parseSeed(text: string): number {
  const seed = parseNumber(text, "--seed", "--seed 1944");
  if (!Number.isSafeInteger(seed)) throw new CliError(`bad --seed "${text}": expected a whole number, e.g. --seed 1944`);
  return seed;
}

export function parseAt(text: string, log: GameLog, file: string): number {
  const at = Number(text);
  if (!/^\d+$/.test(text.trim()) || at > log.events.length)
    throw new CliError(
      `bad --at "${text}": ${file} has ${log.events.length} events, so a point from 0 (before the first) to ${log.events.length} (after the last)`,
    );
  return at;
}

/** The game the shot is judged in, and where: a game or replay file as it stands, or a new game on a battlefield. */
export async function gameOf(file: string, values: { readonly [K in "at" | "ruleset" | "version" | "seed"]?: string } & { option?: string[] }) {
  const text = await readTextFile(file);
  const kind = gameFileKind(text);
  if (kind) {
    for (const flag of ["ruleset", "version", "option"] as const)
      if (values[flag] !== undefined) throw new CliError(`--${flag} applies to a battlefield file: ${file} is a ${kind} and names its own rule system`);
    const loaded = loadGameFile(text, kind);
    if (!loaded.ok) throw new CliError(`${file} does not load: ${oneLine(loaded.problems.join("; "))}`);
    if (loaded.problem) throw new CliError(`${file} does not load whole: ${oneLine(loaded.problem)} (npm run validate -- ${file})`);
    const log = loaded.log;
    const played = { ...log, events: log.events.slice(0, log.cursor) };
    return { log: played, inGame: true, at: values.at === undefined ? played.events.length : parseAt(values.at, played, file) };
  }
  if (values.at !== undefined) throw new CliError(`--at applies to a game or replay file; ${file} is a battlefield`);
  const scenario = await loadScenario(file);
  // Unless told otherwise, the rule system (and version) the battlefield names for itself.
  const own = values.ruleset === undefined ? scenario.ruleset : undefined;
  const ruleset = requireRuleset(values.ruleset ?? own?.id ?? DEFAULT_RULESET);
  const version = requireVersion(ruleset, values.version ?? own?.version);
  const options = parseOptions(ruleset, values.option ?? []);
  const seed = values.seed === undefined ? 0 : parseSeed(values.seed);
  return { log: newGame(scenario, { seed, ruleset: { id: ruleset.id, version, options }, created: "" }), inGame: false, at: 0 };
}
