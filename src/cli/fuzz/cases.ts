/**
 * The fuzz suite's cases: mutations of the shipped battlefields (some with stored miniatures), of games played
 * on them and of their replays, and what each must come to. A scenario file is refused with a path, or
 * accepted and then builds a sight world ("unbuildable" when the validator and the engine disagree) that
 * answers a SightReport and a template with finite numbers. A game file is refused with a path, played up
 * to a break it names, or loaded whole and saved again byte for byte; whatever it loads builds a world too.
 * A replay, besides, keeps every note and its divergence flag through saving again.
 */
import { readFileSync } from "node:fs";
import { type Command, toEvent } from "../../core/game/commands";
import { parseGame, serializeGame } from "../../core/game/gameFile";
import { currentState, type GameLog, newGame, record } from "../../core/game/gameLog";
import { scenarioCatalog } from "../../core/miniatures/catalog";
import { parseScenarioJson } from "../../core/scenario/load";
import type { Scenario } from "../../core/scenario/schema";
import { parseReplay, serializeReplay } from "../../replay/replayFile";
import { fireEvent } from "../../rules/judge";
import { RULESETS } from "../../rules/registry";
import { sightReport } from "../../sight/lineOfSight";
import { createSightWorld } from "../../sight/sightWorld";
import { modelsUnderTemplate } from "../../sight/templates";
import { gameTabletop, judgeShotInGame, type Tabletop } from "../../worker/fire";
import { rejudgeGame } from "../../worker/rejudgeGame";
import { divergenceWarning, type RejudgeReport } from "../../worker/rejudgeReport";
import { doctorOutcome, mutate, mutateIds, mutateMiniatureScenario, mutateReplay, type Random, seededRandom } from "./mutate";

export const SHIPPED = ["default", "normandy-bocage", "ruined-town"] as const;

export type Outcome =
  /** Refused, every problem naming a path. */
  | "refused"
  /** A game played up to a break it names. */
  | "partial"
  /** Accepted; the engine answered with finite numbers (games: saved again byte for byte). */
  | "accepted"
  /** Refused without naming where. */
  | "no-path"
  | "crash"
  /** No answer within the time limit (the fuzz command's watchdog). */
  | "hang"
  | "non-finite"
  | "not-identical"
  /** A doctored shot that loaded without its event named. */
  | "not-caught"
  /** Accepted by the validator, and then the sight engine could not build its world: the two disagree. */
  | "unbuildable"
  /** A replay whose notes were dropped without a word, on loading or on saving again. */
  | "lost-note"
  /** A replay flagged as diverging whose flag did not survive saving again. */
  | "lost-flag";

/** Every outcome, in the order a table shows them. */
export const OUTCOMES: readonly Outcome[] = [
  "refused",
  "partial",
  "accepted",
  "no-path",
  "crash",
  "hang",
  "non-finite",
  "not-identical",
  "not-caught",
  "unbuildable",
  "lost-note",
  "lost-flag",
];

export const FAILURES: readonly Outcome[] = ["no-path", "crash", "hang", "non-finite", "not-identical", "not-caught", "unbuildable", "lost-note", "lost-flag"];

export interface CaseResult {
  readonly outcome: Outcome;
  /** What went wrong, for the failures. */
  readonly detail?: string;
}

export const shippedScenarioText = (name: (typeof SHIPPED)[number]): string => readFileSync(new URL(`../../scenarios/${name}.json`, import.meta.url), "utf8");

const modelIds = (scenario: Scenario) => scenario.forces.flatMap((f) => f.units.flatMap((u) => u.models.map((m) => m.id)));

/** The first non-finite number in a value, as a path, or undefined. */
function nonFinite(value: unknown, path = ""): string | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? undefined : `${path || "value"} = ${value}`;
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = nonFinite(child, `${path}.${key}`);
    if (found) return found;
  }
  return undefined;
}

/** Builds the sight world and asks it one SightReport (first model at the last) and one template. */
async function exercise(scenario: Scenario): Promise<CaseResult> {
  let world: Awaited<ReturnType<typeof createSightWorld>>;
  try {
    world = await createSightWorld(scenario, scenarioCatalog(scenario));
  } catch (error) {
    return {
      outcome: "unbuildable",
      detail: `validate accepts it, the sight engine cannot build it: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  try {
    const ids = modelIds(scenario);
    const { width, depth } = scenario.table;
    const answers: unknown[] = [modelsUnderTemplate(world, { shape: { kind: "blast", at: [width / 2, depth / 2], radii: [5, 10] }, from: "above" })];
    if (ids.length >= 2) answers.push(sightReport(world, ids[0]!, ids.at(-1)!));
    const bad = nonFinite(answers);
    return bad ? { outcome: "non-finite", detail: bad } : { outcome: "accepted" };
  } finally {
    world.dispose();
  }
}

/**
 * `exercise`, remembered by the table's JSON: most mutated games end on a table an earlier case already
 * built (the break at the same event, a mutation the fold ignores), and the answer for the same table is the same.
 */
const exercised = new Map<string, CaseResult>();
async function exerciseOnce(scenario: Scenario): Promise<CaseResult> {
  const key = JSON.stringify(scenario);
  const known = exercised.get(key);
  if (known) return known;
  const result = await exercise(scenario);
  if (exercised.size > 500) exercised.clear();
  exercised.set(key, result);
  return result;
}

async function guarded(run: () => Promise<CaseResult>): Promise<CaseResult> {
  try {
    return await run();
  } catch (error) {
    return { outcome: "crash", detail: error instanceof Error ? `${error.message}\n${error.stack ?? ""}` : String(error) };
  }
}

export function checkScenarioText(text: string): Promise<CaseResult> {
  return guarded(async () => {
    const result = parseScenarioJson(text, scenarioCatalog);
    if (!result.ok) {
      const unnamed = result.issues.find((i) => !i.path);
      return unnamed ? { outcome: "no-path", detail: unnamed.message } : { outcome: "refused" };
    }
    return exercise(result.scenario);
  });
}

const LOAD_OPTIONS = { rulesets: RULESETS };
/** A game error or warning names where: a path (see formatPath) before the colon, or where the file breaks. */
const NAMES_A_PLACE = /^(\(file\)|(?=[\w$[])(?:[\w$]+)?(?:\[\d+\]|\["(?:[^"\\]|\\.)*"\]|\.[\w$]+)*): |^the file breaks at line \d+, column \d+/;

/**
 * `rejudgeGame`, remembered by the game's text: most mutated games load to a game an earlier case already
 * judged (the break at the same event, a mutation the loader normalises), and the same game judges the same.
 */
const rejudged = new Map<string, RejudgeReport>();
async function rejudgeOnce(log: GameLog, text: string): Promise<RejudgeReport> {
  const known = rejudged.get(text);
  if (known) return known;
  const report = await rejudgeGame(log);
  if (rejudged.size > 500) rejudged.clear();
  rejudged.set(text, report);
  return report;
}

/** `doctored`: the event whose outcome was edited, which the case must name. */
export function checkGameText(text: string, doctored?: number): Promise<CaseResult> {
  return guarded(async () => {
    const loaded = parseGame(text, scenarioCatalog, LOAD_OPTIONS);
    if (!loaded.ok) return NAMES_A_PLACE.test(loaded.error) ? { outcome: "refused" } : { outcome: "no-path", detail: loaded.error };
    const { log, warning: broken } = loaded.game;
    if (broken !== undefined && !NAMES_A_PLACE.test(broken)) return { outcome: "no-path", detail: broken };
    const saved = serializeGame(log);
    const again = parseGame(saved, scenarioCatalog, LOAD_OPTIONS);
    if (!again.ok || again.game.warning !== undefined || serializeGame(again.game.log) !== saved) {
      return { outcome: "not-identical", detail: again.ok ? (again.game.warning ?? "the second save differs") : again.error };
    }
    const exercised = await exerciseOnce(currentState(log).scenario);
    if (exercised.outcome !== "accepted") return exercised;
    // The shots are judged again, as the app does once a file is open: a divergence is a break like the
    // loader's, and always before it (only the loaded events are judged). A game already broken is partial
    // either way, so it is judged again only when the case must name a doctored shot: each judgement costs a world.
    const judged = broken === undefined || doctored !== undefined ? await rejudgeOnce(log, saved) : undefined;
    const warning = judged?.divergence ? divergenceWarning(judged.divergence) : broken;
    if (doctored !== undefined && !warning?.startsWith(`events[${doctored}]`)) {
      return {
        outcome: "not-caught",
        detail: `event ${doctored} was doctored; ${warning ? `the report names another place: ${warning}` : "the game loaded whole"}`,
      };
    }
    return { outcome: warning === undefined ? "accepted" : "partial" };
  });
}

/**
 * A game played on a shipped battlefield with every kind of event: moves (one and several models), a turret
 * traverse, templates laid and lifted, a recorded sight check and resolved shots from the seeded dice.
 */
export function playedGame(name: (typeof SHIPPED)[number], seed: number): Promise<string> {
  return playedGameOn(shippedScenarioText(name), seed);
}

/** `playedGame` on any battlefield's text (two forces of at least one unit each). */
export async function playedGameOn(scenarioText: string, seed: number): Promise<string> {
  const parsed = parseScenarioJson(scenarioText, scenarioCatalog);
  if (!parsed.ok) throw new Error(`the battlefield does not validate: ${parsed.issues[0]?.path}: ${parsed.issues[0]?.message}`);
  const catalog = scenarioCatalog(parsed.scenario);
  const random = seededRandom(seed);
  const ruleset = RULESETS[0]!;
  let log: GameLog = newGame(parsed.scenario, {
    seed,
    ruleset: { id: ruleset.id, version: ruleset.versions[0]!, options: {} },
    created: "2026-11-22T00:00:00.000Z",
  });
  const perform = (command: Command): boolean => {
    const result = toEvent(currentState(log), catalog, command, 0);
    if (result.ok) log = record(log, result.event);
    return result.ok;
  };
  const nudge = (random: Random, model: string) => {
    const m = currentState(log)
      .scenario.forces.flatMap((f) => f.units.flatMap((u) => u.models))
      .find((x) => x.id === model)!;
    return {
      model,
      to: { position: [m.position[0] + random.below(5) - 2, m.position[1] + random.below(5) - 2] as [number, number], heading: random.below(360) },
    };
  };
  for (let i = 0; i < 6; i++) {
    const ids = modelIds(currentState(log).scenario);
    perform({ type: "move", ...nudge(random, random.pick(ids)) });
  }
  // A unit moves as one: the same step for every model (placement refuses a step into a wall or a neighbour,
  // so a few seeded steps are tried).
  const unit = currentState(log).scenario.forces[0]!.units[0]!;
  for (let attempt = 0; attempt < 20; attempt++) {
    const [dx, dz] = [random.below(9) - 4, random.below(9) - 4];
    const moves = unit.models.map((m) => ({ model: m.id, to: { position: [m.position[0] + dx, m.position[1] + dz] as [number, number], heading: m.heading } }));
    if (perform({ type: "move-group", moves })) break;
  }
  const tank = modelIds(currentState(log).scenario).find((id) =>
    catalog
      .get(
        currentState(log)
          .scenario.forces.flatMap((f) => f.units.flatMap((u) => u.models))
          .find((m) => m.id === id)!.model,
      )
      ?.parts.some((p) => p.turret),
  );
  if (tank) perform({ type: "traverse", model: tank, turretHeading: random.below(360) });
  perform({ type: "place-template", template: { id: "blast-1", shape: { kind: "blast", at: [60, 60], radii: [5] }, from: "above", label: "" } });
  perform({ type: "place-template", template: { id: "blast-2", shape: { kind: "blast", at: [90, 40], radii: [3, 6] }, from: "above", label: "" } });
  perform({ type: "remove-template", id: "blast-1" });
  const ids = modelIds(currentState(log).scenario);
  log = record(log, { type: "los-checked", shooter: ids[0]!, target: ids.at(-1)!, visibleFraction: 0.5, hullDown: false, time: 0 });
  log = await fire(log, 2);
  return serializeGame(log);
}

/** Resolves up to `shots` shots between the forces' units, as the fire panel does, into the log. */
async function fire(start: GameLog, shots: number): Promise<GameLog> {
  const table = gameTabletop();
  try {
    return await fireShots(table, start, shots);
  } finally {
    table.dispose();
  }
}

async function fireShots(table: Tabletop, start: GameLog, shots: number): Promise<GameLog> {
  let log = start;
  const [a, b] = currentState(log).scenario.forces;
  // Small units first (teams, guns, vehicles): each case judges the shots again, and a shot costs a sight
  // report per firer and target model.
  const bySize = <U extends { models: readonly unknown[] }>(units: readonly U[] = []) => [...units].sort((x, y) => x.models.length - y.models.length);
  for (const shooter of bySize(a?.units)) {
    for (const target of bySize(b?.units)) {
      if (shots === 0) return log;
      // The table as it is now: an earlier shot may have removed models.
      const units = new Set(currentState(log).scenario.forces.flatMap((f) => f.units.map((u) => u.id)));
      if (!units.has(shooter.id) || !units.has(target.id)) continue;
      const declaration = { shooter: shooter.id, target: target.id };
      const answer = await judgeShotInGame(table, { game: log, declaration, roll: true });
      if (!answer.result) continue;
      log = record(log, fireEvent(RULESETS[0]!, declaration, answer.result, 0));
      shots--;
    }
  }
  return log;
}

/** A replay of a played game, with notes on its first, middle and last events. */
export function playedReplay(gameText: string): string {
  const loaded = parseGame(gameText, scenarioCatalog, LOAD_OPTIONS);
  if (!loaded.ok) throw new Error(`the played game does not load: ${loaded.error}`);
  const { log } = loaded.game;
  const last = log.events.length - 1;
  const notes = [...new Set([0, Math.floor(last / 2), last])].map((event) => ({ event, text: `note on event ${event}` }));
  return serializeReplay({ log, notes });
}

/** The notes a replay file holds, when its JSON reads (a file cut short or garbled may hold any number). */
function notesInFile(text: string): number | undefined {
  try {
    const notes = (JSON.parse(text) as { notes?: unknown }).notes;
    return Array.isArray(notes) ? notes.length : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A replay file is refused with a path, or plays (up to a break it names) with every note it holds on an event
 * or said to be left out; saved again it loads whole with the same notes and the same divergence, and saves
 * to the same bytes; its table builds a world.
 */
export function checkReplayText(text: string): Promise<CaseResult> {
  return guarded(async () => {
    const loaded = parseReplay(text, scenarioCatalog, LOAD_OPTIONS);
    if (!loaded.ok) return NAMES_A_PLACE.test(loaded.error) ? { outcome: "refused" } : { outcome: "no-path", detail: loaded.error };
    const { log, notes, warning, divergence } = loaded.replay;
    if (warning !== undefined && !NAMES_A_PLACE.test(warning)) return { outcome: "no-path", detail: warning };
    const held = notesInFile(text);
    if (held !== undefined && notes.length < held && !warning?.includes("not kept")) {
      return { outcome: "lost-note", detail: `${held} notes in the file, ${notes.length} kept, and no word of the others` };
    }
    const saved = serializeReplay(loaded.replay);
    const again = parseReplay(saved, scenarioCatalog, LOAD_OPTIONS);
    if (!again.ok || again.replay.warning !== undefined) return { outcome: "not-identical", detail: again.ok ? again.replay.warning : again.error };
    if (again.replay.notes.length !== notes.length)
      return { outcome: "lost-note", detail: `${notes.length} notes loaded, ${again.replay.notes.length} after saving again` };
    if (again.replay.divergence?.event !== divergence?.event) {
      return {
        outcome: "lost-flag",
        detail: `diverged at ${divergence?.event ?? "no event"}, after saving again at ${again.replay.divergence?.event ?? "no event"}`,
      };
    }
    if (serializeReplay(again.replay) !== saved) return { outcome: "not-identical", detail: "the second save differs" };
    const exercised = await exerciseOnce(currentState(log).scenario);
    if (exercised.outcome !== "accepted") return exercised;
    return { outcome: warning === undefined && divergence === undefined ? "accepted" : "partial" };
  });
}

export interface FuzzCase {
  readonly kind: "scenario" | "game" | "replay";
  readonly index: number;
  readonly text: string;
  /** A game whose shot at this event had its outcome doctored. */
  readonly doctored?: number;
}

/**
 * A shipped battlefield with two stored miniatures, a figure (convex) and a gun on its base (a triangle
 * mesh), a model of each in the first force: what the miniature mutations work on.
 */
export function withMiniatures(scenarioText: string): string {
  const scenario = JSON.parse(scenarioText) as { forces: Array<{ units: unknown[] }>; miniatures?: unknown[] };
  const box = (min: number[], max: number[]) => ({
    vertices: [0, 1, 2, 3, 4, 5, 6, 7].flatMap((i) => [i & 1 ? max[0]! : min[0]!, i & 2 ? max[1]! : min[1]!, i & 4 ? max[2]! : min[2]!]),
    indices: [0, 2, 3, 0, 3, 1, 4, 5, 7, 4, 7, 6, 0, 1, 5, 0, 5, 4, 2, 6, 7, 2, 7, 3, 0, 4, 6, 0, 6, 2, 1, 3, 7, 1, 7, 5],
  });
  scenario.miniatures = [
    {
      id: "fuzz-figure",
      name: "Fuzz figure",
      category: "infantry",
      figureHeight: 3.1,
      eye: [0, 2.8, 0],
      parts: [{ name: "figure", convex: true, ...box([-0.5, 0, -0.4], [0.5, 3.1, 0.4]) }],
    },
    {
      id: "fuzz-gun",
      name: "Fuzz gun",
      category: "gun",
      figureHeight: 2,
      eye: [0, 1.5, 0],
      parts: [
        { name: "base", convex: false, ...box([-2, 0, -2], [2, 0.3, 2]) },
        { name: "gun", convex: true, ...box([-0.2, 0.3, -0.2], [0.2, 2, 3]) },
      ],
    },
  ];
  scenario.forces[0]!.units.push({
    id: "fuzz-unit",
    models: [
      { id: "fuzz-figure-1", model: "fuzz-figure", position: [12, 12] },
      { id: "fuzz-gun-1", model: "fuzz-gun", position: [20, 12], figureHeight: 2 },
    ],
  });
  return JSON.stringify(scenario);
}

/**
 * The n-th mutated scenario of a run: deterministic from the seed and n. One case in four works on stored
 * miniatures, one in eight on ids; the rest are the general mutations.
 */
export function scenarioCase(seed: number, n: number): FuzzCase {
  const random = seededRandom(seed * 1_000_003 + n);
  const shipped = shippedScenarioText(random.pick(SHIPPED));
  const kind = random.below(8);
  if (kind < 2) return { kind: "scenario", index: n, text: mutateMiniatureScenario(withMiniatures(shipped), random) };
  if (kind === 2) return { kind: "scenario", index: n, text: mutateIds(shipped, random) };
  return { kind: "scenario", index: n, text: mutate(shipped, random) };
}

/** The n-th mutated replay of a run, from the played replays given: its notes and flags, its ids, or anything. */
export function replayCase(seed: number, n: number, replays: readonly string[]): FuzzCase {
  const random = seededRandom(seed * 1_000_037 + n);
  const replay = random.pick(replays);
  const kind = random.below(4);
  const text = kind < 2 ? mutateReplay(replay, random) : kind === 2 ? mutateIds(replay, random) : mutate(replay, random, "events");
  return { kind: "replay", index: n, text };
}

/** The n-th mutated game file of a run, from the played games given (one per shipped battlefield). */
export function gameCase(seed: number, n: number, games: readonly string[]): FuzzCase {
  const random = seededRandom(seed * 1_000_033 + n);
  const game = random.pick(games);
  // One case in eight doctors a shot's outcome, which only the rule system judging it again can tell.
  const kind = random.below(8);
  if (kind === 0) return { kind: "game", index: n, ...doctorOutcome(game, random) };
  // One in eight has ids made JavaScript's own names (a unit, a template, a smoke cloud).
  if (kind === 1) return { kind: "game", index: n, text: mutateIds(game, random) };
  return { kind: "game", index: n, text: mutate(game, random, "events") };
}

export function checkCase(c: FuzzCase): Promise<CaseResult> {
  if (c.kind === "scenario") return checkScenarioText(c.text);
  return c.kind === "game" ? checkGameText(c.text, c.doctored) : checkReplayText(c.text);
}
