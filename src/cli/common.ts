/**
 * Plumbing shared by every command in src/cli: parsing the command line (node:util parseArgs), reading a
 * scenario file with its problems named by file and JSON path, numbers given on the command line, progress
 * on stderr, and the exit convention: bad input prints one line `<command>: <what is wrong>` on stderr and
 * exits with 2; an internal failure prints one line and exits with 1; never a stack trace.
 */
import { readFile } from "node:fs/promises";
import { type ParseArgsOptionsConfig, parseArgs } from "node:util";
import { scenarioCatalog } from "../core/miniatures/catalog";
import type { ScenarioIssue } from "../core/scenario/issue";
import { parseScenarioJson, ROOT_PATH } from "../core/scenario/load";
import type { Scenario } from "../core/scenario/schema";
import { createSightWorld, type SightWorld } from "../sight/sightWorld";
import { SightQueryError } from "../sight/visibility";

/** Bad input from the user: reported as one line on stderr, exit code 2. */
export class CliError extends Error {}

export const EXIT_BAD_INPUT = 2;
export const EXIT_INTERNAL = 1;

export interface Command<O extends ParseArgsOptionsConfig> {
  /** As typed after `npm run`: "los", "template"… */
  readonly name: string;
  /** The whole --help text. */
  readonly usage: string;
  readonly options: O;
}

const HELP = { help: { type: "boolean", short: "h" } } as const;

function parse<O extends ParseArgsOptionsConfig>(options: O, args: string[]) {
  return parseArgs({ args, options: { ...options, ...HELP }, allowPositionals: true, strict: true });
}

export type ParsedCommandLine<O extends ParseArgsOptionsConfig> = ReturnType<typeof parse<O>>;

/** The first sentence of a parseArgs complaint, e.g. "Unknown option '--foo'". */
function parseArgsMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const ambiguous = /^Option '(-[^' ]+)[^']*' argument is ambiguous/.exec(message);
  if (ambiguous) return `the value of ${ambiguous[1]} starts with "-": write it as ${ambiguous[1]}=<value>`;
  return message.split(/\.(\s|$)/)[0] ?? message;
}

/**
 * Runs a command: parses its arguments, prints the usage for --help, and turns every failure into one line
 * on stderr and an exit code.
 */
export async function runCommand<O extends ParseArgsOptionsConfig>(
  command: Command<O>,
  main: (args: ParsedCommandLine<O>) => Promise<void> | void,
  argv: string[] = process.argv.slice(2),
): Promise<void> {
  // A reader that stops early (`| head`) is not an error.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    process.exit(process.exitCode ?? 0);
  });
  try {
    let args: ParsedCommandLine<O>;
    try {
      args = parse(command.options, argv);
    } catch (error) {
      throw new CliError(`${parseArgsMessage(error)} (see --help)`);
    }
    if ((args.values as { help?: boolean }).help) {
      process.stdout.write(command.usage.endsWith("\n") ? command.usage : `${command.usage}\n`);
      return;
    }
    await main(args);
  } catch (error) {
    const bad = error instanceof CliError || error instanceof SightQueryError;
    const message = oneLine(error instanceof Error ? error.message : String(error));
    printError(`${command.name}: ${bad ? "" : "internal error: "}${message}`);
    process.exitCode = bad ? EXIT_BAD_INPUT : EXIT_INTERNAL;
  }
}

export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, "; ").trim();
}

/** Checks the number of positional arguments, naming what is missing or extra. */
export function expectPositionals(positionals: readonly string[], names: readonly string[]): string[] {
  if (positionals.length < names.length) {
    const missing = names
      .slice(positionals.length)
      .map((n) => `<${n}>`)
      .join(" ");
    throw new CliError(`missing ${missing} (see --help)`);
  }
  if (positionals.length > names.length) {
    throw new CliError(`unexpected argument "${positionals[names.length]}" (see --help)`);
  }
  return [...positionals];
}

// ---------------------------------------------------------------------------------------------------------
// Scenario files

export interface ScenarioFile {
  /** The path as the user gave it. */
  readonly path: string;
  readonly result: { ok: true; scenario: Scenario } | { ok: false; issues: ScenarioIssue[] };
}

/** A file-system failure in a few words ("no such file"), without the path Node repeats. */
export function describeFsError(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  const known: Record<string, string> = {
    ENOENT: "no such file or directory",
    EISDIR: "it is a directory",
    ENOTDIR: "a parent is not a directory",
    EACCES: "permission denied",
    EPERM: "permission denied",
    EROFS: "read-only file system",
    ENOSPC: "no space left on device",
  };
  return (code && known[code]) ?? oneLine(String(message ?? error));
}

export async function readTextFile(path: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    throw new CliError(`cannot read ${path}: ${describeFsError(error)}`);
  }
}

/**
 * Reads and validates a scenario file, its models checked against the catalog of its scale; unreadable files
 * are a CliError, invalid scenarios come back as issues.
 */
export async function readScenarioFile(path: string): Promise<ScenarioFile> {
  return { path, result: parseScenarioJson(await readTextFile(path), scenarioCatalog) };
}

/** An issue as `path: message`, the whole-file issues (bad JSON) named by the file. */
export function describeIssue(file: string, issue: ScenarioIssue): string {
  return `${issue.path === ROOT_PATH ? file : issue.path}: ${issue.message}`;
}

/** A valid scenario, or a CliError naming the file and its first problem. */
export async function loadScenario(path: string): Promise<Scenario> {
  const { result } = await readScenarioFile(path);
  if (result.ok) return result.scenario;
  const [first, ...rest] = result.issues;
  const more = rest.length ? ` (and ${rest.length} more; run npm run validate -- ${path})` : "";
  const what = first ? (first.path === ROOT_PATH ? first.message : `${first.path}: ${first.message}`) : "unknown problem";
  throw new CliError(`${path} is not a valid scenario: ${oneLine(what)}${more}`);
}

/** Loads a scenario file and builds its sight world with the models at the scenario's scale. */
export async function loadSightWorld(path: string): Promise<{ scenario: Scenario; world: SightWorld }> {
  const scenario = await loadScenario(path);
  try {
    return { scenario, world: await createSightWorld(scenario, scenarioCatalog(scenario)) };
  } catch (error) {
    // The file passed validation but the engine cannot build it: still the input's fault, so exit 2.
    throw new CliError(`${path}: the sight engine cannot build this battlefield: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Every model id of a scenario, in file order. */
export function modelIds(scenario: Scenario): string[] {
  return scenario.forces.flatMap((f) => f.units.flatMap((u) => u.models.map((m) => m.id)));
}

/** Checks that a model id is in the scenario (before any world is built), listing a few that are when it is not. */
export function requireModel(scenario: Scenario, id: string, role: string, file: string): void {
  const ids = modelIds(scenario);
  if (ids.includes(id)) return;
  const known =
    ids.length === 0 ? "it has no models" : ids.length <= 12 ? `its models: ${ids.join(", ")}` : `its models include ${ids.slice(0, 12).join(", ")}…`;
  throw new CliError(`unknown ${role} model "${id}" in ${file}; ${known}`);
}

// ---------------------------------------------------------------------------------------------------------
// Numbers on the command line

/** A decimal number as people write one: no hex, octal or binary, no "Infinity". */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

export function parseNumber(text: string, what: string, example: string, check: "any" | "positive" | "nonnegative" = "any"): number {
  const trimmed = text.trim();
  const value = DECIMAL.test(trimmed) ? Number(trimmed) : NaN;
  const wrong = !Number.isFinite(value)
    ? "expected a number"
    : check === "positive" && value <= 0
      ? "expected a positive number"
      : check === "nonnegative" && value < 0
        ? "expected zero or more"
        : "";
  if (wrong) throw new CliError(`bad ${what} "${text}": ${wrong}, e.g. ${example}`);
  return value;
}

/** Comma-separated numbers: exactly `count` of them when given, else one or more. */
export function parseNumberList(
  text: string,
  what: string,
  example: string,
  options: { count?: number; check?: "any" | "positive" | "nonnegative" } = {},
): number[] {
  const items = text.split(",");
  if (options.count !== undefined && items.length !== options.count) {
    throw new CliError(`bad ${what} "${text}": expected ${options.count} comma-separated numbers, e.g. ${example}`);
  }
  return items.map((item) => parseNumber(item, what, example, options.check));
}

// ---------------------------------------------------------------------------------------------------------
// Output

/**
 * Characters a terminal acts on rather than shows: C0 controls but the line break and tab, DEL, the C1
 * controls (U+009B opens an escape sequence on some terminals) and the bidirectional overrides that reorder
 * what is read. A name in a file may hold any of them ("\u001b]0;…" sets the window title, "\u001b[2J" clears
 * the screen): every line the commands print passes through `printable`.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the control characters is the point
const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

const hex = (c: string, digits: number) => c.charCodeAt(0).toString(16).padStart(digits, "0");

/** Text with every terminal control written out as an escape a person reads ("\x1b", "\u202e"). */
export function printable(text: string): string {
  return text.replace(TERMINAL_CONTROLS, (c) => (c.charCodeAt(0) < 0x100 ? `\\x${hex(c, 2)}` : `\\u${hex(c, 4)}`));
}

/** JSON on stdout; JSON.stringify escapes the C0 controls, the others are escaped the JSON way (\u009b). */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2).replace(TERMINAL_CONTROLS, (c) => `\\u${hex(c, 4)}`)}\n`);
}

export function print(text: string): void {
  const safe = printable(text);
  process.stdout.write(safe.endsWith("\n") ? safe : `${safe}\n`);
}

/** Lines on stderr (problems with the input), controls escaped as `print` escapes them. */
export function printError(text: string): void {
  const safe = printable(text);
  process.stderr.write(safe.endsWith("\n") ? safe : `${safe}\n`);
}

/**
 * Progress of a long job on stderr: a percentage line rewritten in place on a terminal, otherwise a plain
 * line at most every few seconds (so short jobs and pipes stay quiet).
 */
export function progressReporter(command: string, label: string, { interval = 5000 }: { interval?: number } = {}) {
  const tty = process.stderr.isTTY === true;
  const start = performance.now();
  let last = start;
  let shown = false;
  return {
    update(done: number, total: number): void {
      const now = performance.now();
      const percent = total ? Math.floor((100 * done) / total) : 100;
      const line = `${command}: ${label} ${percent} % (${done}/${total}, ${((now - start) / 1000).toFixed(1)} s)`;
      if (tty) {
        process.stderr.write(`\r${line}\x1b[K`);
        shown = true;
      } else if (now - last >= interval && done < total) {
        process.stderr.write(`${line}\n`);
        last = now;
      }
    },
    done(): void {
      if (tty && shown) process.stderr.write("\r\x1b[K");
    },
  };
}
