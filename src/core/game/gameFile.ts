/**
 * Saved games: versioned JSON holding the header and the numbered events. A file is checked the way it was
 * made: the header and its scenario as a scenario file is, then each event in order against the state it
 * applies to (the commands' own check), its number, and its dice against the game's seed. A damaged file
 * plays up to the first event that breaks, and says where; so does a file cut short.
 */
import { createDice, type Dice } from "../dice";
import { describeSyntaxProblem, readJson, recoverPrefix } from "../json";
import type { ScenarioIssue } from "../scenario/issue";
import { type CatalogSource, checkJsonShape, joinPath, parseScenario, ROOT_PATH, validate } from "../scenario/load";
import { describeValue, Scenario } from "../scenario/schema";
import { type AnswerSpec, answersProblems } from "./answers";
import { checkEvent } from "./commands";
import { GameEvent, GameHeader, type RollingEvent, rollsDice } from "./events";
import type { GameLog } from "./gameLog";
import { applyEvent, type GameState, initialState } from "./state";
import { type UnitFieldSpec, unitFieldChangeProblem, unitFieldIssues } from "./unitFields";

export interface LoadedGame {
  readonly log: GameLog;
  /** Set when the file was damaged: where it broke and why. Events before that point were kept. */
  readonly warning?: string;
}

/** Whether the game's seed is still kept on its game server (its commitment without the salt): its dice cannot be checked yet. */
export const seedSealed = (header: Pick<GameHeader, "seedCommitment">): boolean =>
  header.seedCommitment !== undefined && header.seedCommitment.salt === undefined;

/** What a player reads of the game's seed. */
export const seedText = (header: Pick<GameHeader, "seed" | "seedCommitment">): string =>
  seedSealed(header) ? "seed kept on the game server until the game ends" : `seed ${header.seed}`;

/** `problems`: every reason the file cannot be played, each starting with its JSON path; `error`: them in one line. */
export type GameFileResult = { ok: true; game: LoadedGame } | { ok: false; error: string; problems: readonly string[] };

const failed = (problems: readonly string[]): GameFileResult => ({ ok: false, error: problems.join("; "), problems });

/** Rule systems the game may name, with their versions and the marks they keep on models (the app's registry; core does not import rules). */
export interface KnownRulesets {
  readonly rulesets?: ReadonlyArray<{
    readonly id: string;
    readonly name?: string;
    readonly versions: readonly string[];
    readonly marks?: readonly AnswerSpec[];
    /** The unit fields it reads (Unit.quality, Unit.rank), whose words the battlefield and the editor's events must use. */
    readonly unitFields?: readonly UnitFieldSpec[];
  }>;
}

/**
 * The file text. Keys are written in the order the loader produces them (the schemas' order), so
 * save → load → save gives the same bytes. Each event carries its number `n`.
 */
export function serializeGame(log: GameLog): string {
  const { format, version, created, seed, seedCommitment, ruleset, scenario } = log.header;
  const header = {
    format,
    version,
    created,
    seed,
    ...(seedCommitment ? { seedCommitment } : {}),
    ruleset: { id: ruleset.id, version: ruleset.version, options: ruleset.options, tables: ruleset.tables },
    scenario: canonical(Scenario, scenario),
  };
  return JSON.stringify({ ...header, cursor: log.cursor, events: log.events.map((event, n) => ({ n, ...canonical(GameEvent, event) })) });
}

/** A value as its schema would load it (its key order), or as it is if it does not pass (never throws). */
function canonical<T>(schema: { safeParse(v: unknown): { success: boolean; data?: T } }, value: T): T {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data! : value;
}

/** Each problem with its path, below `parent` when given. */
const described = (issues: readonly ScenarioIssue[], parent?: string) => issues.map((i) => `${parent ? joinPath(parent, i.path) : i.path}: ${i.message}`);

/** Whether the game's rule system and version are ones this Hulldown knows. */
function rulesetProblems(named: { id: string; version: string }, known: KnownRulesets): string[] {
  const ruleset = known.rulesets?.find((r) => r.id === named.id);
  if (known.rulesets && !ruleset) return [`ruleset.id: unknown rule system "${named.id}"; known: ${known.rulesets.map((r) => r.id).join(", ")}`];
  if (ruleset && !ruleset.versions.includes(named.version))
    return [`ruleset.version: ${ruleset.id} has versions ${ruleset.versions.join(", ")}, not "${named.version}"`];
  return [];
}

/** The battlefield's unit fields the game's rule system does not know the words of. */
function unitFieldsOfSystem(id: string | undefined, scenario: Scenario, known: KnownRulesets): ScenarioIssue[] {
  const system = known.rulesets?.find((r) => r.id === id);
  return system ? unitFieldIssues(scenario, system.unitFields ?? [], system.name ?? system.id) : [];
}

/** Told every PROGRESS_EVERY events how far a long load is (a replay loader's progress bar). */
export type LoadProgress = (done: number, total: number) => void;
export const PROGRESS_EVERY = 2000;

/** Who watches a load: its progress, and the table after each event kept (the replay loader hashes it, so the events are folded once). */
export interface LoadWatch {
  readonly progress?: LoadProgress;
  readonly afterEvent?: (count: number, state: GameState) => void;
}

export function parseGame(text: string, catalog: CatalogSource, known: KnownRulesets = {}, watch: LoadWatch = {}): GameFileResult {
  const json = readJson(text, { watch: "events" });
  let data: unknown;
  let cutShort: string | undefined;
  if (json.ok) data = json.value;
  else {
    // A file cut short (or damaged) inside its events keeps the events that are whole.
    const where = `the file breaks at ${describeSyntaxProblem(json.problem)}`;
    const recovered = recoverPrefix(json.text, "events", json.itemEnds);
    if (!recovered) return failed([`${ROOT_PATH}: not valid JSON: ${describeSyntaxProblem(json.problem)}`]);
    data = recovered.value;
    cutShort = `${where}; the game was loaded up to event ${recovered.items}`;
  }
  return loadGame(data, catalog, known, watch, cutShort);
}

/**
 * A game file's JSON value, read already (a replay file's game and events), checked as `parseGame` checks a
 * file's text; `cutShort` says where the text broke, when it did.
 */
export function loadGame(data: unknown, catalog: CatalogSource, known: KnownRulesets = {}, watch: LoadWatch = {}, cutShort?: string): GameFileResult {
  const { progress, afterEvent } = watch;
  if (typeof data !== "object" || data === null || Array.isArray(data))
    return failed([`${ROOT_PATH}: not a game file: expected a JSON object {"format": "hulldown-game", …}`]);
  const shape = checkJsonShape(data);
  if (shape.length) return failed(described(shape));
  const { events: rawEvents, cursor: rawCursor, ...rawHeader } = data as Record<string, unknown>;
  // The header and its scenario are checked side by side, so a file lists every problem at once.
  const header = validate(GameHeader, rawHeader);
  const scenario = parseScenario(rawHeader.scenario, catalog);
  const problems = [
    ...(header.ok ? rulesetProblems(header.data.ruleset, known) : described(header.issues)),
    ...(scenario.ok
      ? described(unitFieldsOfSystem(header.ok ? header.data.ruleset.id : undefined, scenario.scenario, known), "scenario")
      : described(scenario.issues, "scenario")),
    ...(Array.isArray(rawEvents) ? [] : ["events: expected a list of events"]),
  ];
  if (!header.ok || !scenario.ok || !Array.isArray(rawEvents) || problems.length) return failed(problems);

  const models = typeof catalog === "function" ? catalog(scenario.scenario) : catalog;
  // A server game's seed stays secret until the game ends: its rolls are checked once the seed is revealed.
  const dice = seedSealed(header.data) ? undefined : createDice(header.data.seed);
  const events: GameEvent[] = [];
  let state = initialState(scenario.scenario);
  let warning: string | undefined;
  // Files saved before events were numbered carry no `n` at all: they are checked in their order.
  const numbered = rawEvents.some((raw) => typeof raw === "object" && raw !== null && Object.hasOwn(raw, "n"));
  for (const [i, raw] of rawEvents.entries()) {
    if (progress && i % PROGRESS_EVERY === 0) progress(i, rawEvents.length);
    const event = eventProblem(raw, i, state, dice, models, numbered, header.data.ruleset.id, known);
    if (typeof event === "string") {
      warning = `${event}; the game was loaded up to event ${i}`;
      break;
    }
    try {
      state = applyEvent(state, event);
    } catch (error) {
      warning = `events[${i}]: ${(error as Error).message}; the game was loaded up to event ${i}`;
      break;
    }
    events.push(event);
    afterEvent?.(events.length, state);
  }
  const cursor = typeof rawCursor === "number" && Number.isInteger(rawCursor) ? Math.min(Math.max(0, rawCursor), events.length) : events.length;
  const note = warning ?? cutShort;
  return { ok: true, game: { log: { header: { ...header.data, scenario: scenario.scenario }, events, cursor }, ...(note ? { warning: note } : {}) } };
}

/**
 * The event at `i` if it is whole, numbered `i`, possible in `state`, ruled by the game's own rule system and
 * rolled by the game's dice (the stream is advanced past its rolls; unchecked while the seed is sealed); otherwise what is wrong, starting with its path.
 */
function eventProblem(
  raw: unknown,
  i: number,
  state: GameState,
  dice: Dice | undefined,
  catalog: Parameters<typeof checkEvent>[1],
  numbered: boolean,
  ruleset: string,
  known: KnownRulesets,
): GameEvent | string {
  const at = `events[${i}]`;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return `${at}: expected an event object`;
  const { n, ...fields } = raw as Record<string, unknown>;
  if (numbered && n !== i) {
    const what = typeof n === "number" ? (n > i ? `an event is missing before it` : `it repeats or is out of order`) : "the event has no number";
    return `${at}.n: numbered ${n === undefined ? "nothing" : describeValue(n)}, expected ${i}: ${what}`;
  }
  const parsed = validate(GameEvent, fields);
  if (!parsed.ok) return described(parsed.issues, at)[0]!;
  const event = parsed.data;
  if ("ruleset" in event && event.ruleset !== ruleset) return `${at}.ruleset: ruled by "${event.ruleset}", but this game is played with "${ruleset}"`;
  if (event.type === "model-state-set") {
    const system = known.rulesets?.find((r) => r.id === ruleset);
    const wrong = system ? answersProblems(system.marks ?? [], event.to, system.name ?? system.id)[0] : undefined;
    if (wrong) return `${at}.to.${wrong.id}: ${wrong.problem}`;
  }
  if (event.type === "unit-edited" && event.fields) {
    const system = known.rulesets?.find((r) => r.id === ruleset);
    const wrong = system ? unitFieldChangeProblem(event.fields, system.unitFields ?? [], system.name ?? system.id) : undefined;
    if (wrong) return `${at}.fields.${wrong.id}: ${wrong.problem}`;
  }
  const impossible = checkEvent(state, catalog, event);
  if (impossible) return `${at}: ${event.type}: ${impossible}`;
  const badDice = rollsDice(event) && dice ? checkDice(event, state, dice) : undefined;
  return badDice ? `${at}${badDice}` : event;
}

/** Each roll must be the one the seed gives at that point of the stream. */
function checkDice(event: RollingEvent, state: GameState, dice: Dice): string | undefined {
  for (const [j, roll] of event.rolls.entries()) {
    if (roll.index !== state.rollsUsed + j) return `.rolls[${j}].index: roll ${roll.index}, but the game's dice are at roll ${state.rollsUsed + j}`;
    const rolled = dice.roll(roll.sides, roll.reason);
    if (rolled !== roll.value) return `.rolls[${j}].value: a d${roll.sides} showing ${roll.value}, but the game's seed rolled ${rolled} here`;
  }
  return undefined;
}
