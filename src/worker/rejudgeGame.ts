/**
 * A loaded game's shots judged again: every resolved shot, and every order given, is re-derived by the rule
 * system from its recorded declaration, the game's seed at that point of the dice stream and the table as
 * the events before it leave it (one sight world kept in step, as the worker keeps the app's), then compared
 * with what the file says. A doctored result (an extra casualty, a "pinned" made "destroyed", a hit taken
 * out, a changed pin count) is reported at its event, in the loader's words; the game holds up to there.
 * The loader (src/core/game/gameFile.ts) has already checked each event's shape, place and dice.
 */
import { type Battlefield, createBattlefield } from "../core/battlefield";
import { createDice } from "../core/dice";
import type { GameEvent, GameEventOf, Outcome, UnitChange } from "../core/game/events";
import { type GameLog, rolledSides } from "../core/game/gameLog";
import { applyEvent, type GameState, initialState } from "../core/game/state";
import { scenarioCatalog } from "../core/miniatures/catalog";
import type { ModelCatalog } from "../core/modelDefinition";
import { formatPath } from "../core/scenario/load";
import { describeValue, type Scenario } from "../core/scenario/schema";
import { fireEvent, giveOrder, orderEvent } from "../rules/judge";
import { rulesetById } from "../rules/registry";
import type { FireDeclaration, Ruleset } from "../rules/ruleset";
import type { SightWorld } from "../sight/sightWorld";
import { sameData, syncWorld } from "../sight/worldSync";
import { answerFire } from "./fire";
import { isJudged, type Judged, type RejudgeReport } from "./rejudgeReport";

export interface RejudgeOptions {
  /** The model definitions for a table (by default, the catalog of its scale and its own miniatures). */
  readonly catalogOf?: (scenario: Scenario) => ModelCatalog;
  /** After each event judged: how many of the game's shots and orders are done. Awaited: a worker yields here. */
  readonly onProgress?: (done: number, total: number) => void | Promise<void>;
}

/** The table a judgement is made on: the battlefield a state shows, and the sight world in step with it. */
interface Table {
  battlefieldOf(state: GameState): Battlefield;
  worldOf(battlefield: Battlefield): Promise<SightWorld>;
}

export async function rejudgeGame(game: Pick<GameLog, "header" | "events">, options: RejudgeOptions = {}): Promise<RejudgeReport> {
  const { header, events } = game;
  const catalogOf = options.catalogOf ?? scenarioCatalog;
  const ruleset = rulesetById(header.ruleset.id);
  const tables = ruleset?.loadTables(header.ruleset.tables);
  const unjudgeable = !ruleset
    ? `Hulldown has no rule system "${header.ruleset.id}"`
    : !tables!.ok
      ? `the game's rules tables do not load: ${tables!.errors.join("; ")}`
      : undefined;
  const total = events.filter(isJudged).length;
  const notRejudged: string[] = [];
  let rejudged = 0;
  let done = 0;
  // The table as the events so far leave it, and one sight world moved along with it (built at the first shot).
  let battlefield: Battlefield | undefined;
  let world: SightWorld | undefined;
  let worldOn: Battlefield | undefined;
  const table: Table = {
    battlefieldOf: (state) =>
      battlefield?.scenario === state.scenario ? battlefield : (battlefield = createBattlefield(state.scenario, catalogOf(state.scenario))),
    async worldOf(on) {
      if (worldOn !== on) world = (await syncWorld(world, (worldOn = on))).world;
      return world!;
    },
  };
  let state = initialState(header.scenario);
  try {
    for (const [i, event] of events.entries()) {
      if (isJudged(event)) {
        const at = `events[${i}]: ${event.type}`;
        const why = unjudgeable ?? (event.type === "fire-resolved" ? unrecordedShot(event) : undefined);
        if (why) notRejudged.push(`${at}: not re-judged: ${why}`);
        else {
          const previous = rolledSides({ header, events, cursor: i });
          const expected =
            event.type === "fire-resolved"
              ? await judgeShot(ruleset!, game, event, state, previous, table)
              : judgeOrder(ruleset!, game, event, state, previous, table);
          const difference = typeof expected === "string" ? expected : firstDifference(expected, event);
          if (difference) return { rejudged, notRejudged, divergence: { event: i, message: `${at}: ${difference}` } };
          rejudged++;
        }
        await options.onProgress?.(++done, total);
      }
      state = applyEvent(state, event);
    }
  } finally {
    world?.dispose();
  }
  return { rejudged, notRejudged };
}

/** What a shot recorded under the rules must carry to be judged again, and whether this one does. */
function unrecordedShot(event: GameEventOf<"fire-resolved">): string | undefined {
  const details = event.details as { verdict?: { declaration?: unknown }; game?: unknown } | undefined;
  const declaration = details?.verdict?.declaration as Partial<FireDeclaration> | undefined;
  if (typeof declaration?.shooter !== "string" || typeof declaration.target !== "string")
    return "the file does not record the shot's declaration (details.verdict.declaration)";
  if (!Object.hasOwn(details!, "game")) return "recorded before shots kept the rule state they were judged with (details.game)";
  return undefined;
}

/** The shot as the rules resolve it now, or why they give no shot at all. */
async function judgeShot(
  ruleset: Ruleset,
  game: Pick<GameLog, "header">,
  event: GameEventOf<"fire-resolved">,
  state: GameState,
  previous: readonly number[],
  table: Table,
): Promise<GameEvent | string> {
  const details = event.details as { verdict: { declaration: FireDeclaration & Record<string, unknown> }; game: unknown };
  const declaration = details.verdict.declaration;
  const battlefield = table.battlefieldOf(state);
  const world = await table.worldOf(battlefield);
  try {
    const roll = { seed: game.header.seed, previous };
    const answer = answerFire(world, battlefield, {
      ruleset: game.header.ruleset,
      declaration,
      status: state.status,
      turn: state.turn,
      game: details.game,
      roll,
    });
    if (!answer.result) return `the rules refuse this shot (${answer.verdict.rulings.map((r) => r.reason).join("; ")}), the file says it was fired`;
    return fireEvent(ruleset, declaration, answer.result, event.time);
  } catch (error) {
    return `the rules cannot judge this shot (${(error as Error).message}), the file says it was fired`;
  }
}

/** The order as the rules give it now, from the dice at its place in the stream. */
function judgeOrder(
  ruleset: Ruleset,
  game: Pick<GameLog, "header">,
  event: GameEventOf<"order-given">,
  state: GameState,
  previous: readonly number[],
  table: Table,
): GameEvent | string {
  try {
    const battlefield = table.battlefieldOf(state);
    const result = giveOrder(ruleset, { rules: game.header.ruleset, battlefield, state }, event.unit, event.asked, createDice(game.header.seed, previous));
    return orderEvent(ruleset, result, event.time);
  } catch (error) {
    return `the rules cannot give this order (${(error as Error).message}), the file says it was given`;
  }
}

const pins = (n: number) => `${n > 0 ? "+" : ""}${n} pin${Math.abs(n) === 1 ? "" : "s"}`;

/** The fields a player reads first, each in words; anything else by its path. */
const DESCRIBED: Record<string, (value: unknown) => string> = {
  outcomes: (value) => {
    const outcomes = (value ?? []) as readonly Outcome[];
    return outcomes.length ? outcomes.map((o) => `${o.model} ${o.effect}${o.detail ? ` (${o.detail})` : ""}`).join(", ") : "no outcome";
  },
  units: (value) => {
    const changes = (value ?? []) as readonly UnitChange[];
    const described = changes.map((c) => [c.unit, c.pins ? pins(c.pins) : "", c.order ? `order ${c.order}` : ""].filter(Boolean).join(" "));
    return described.length ? `unit changes ${described.join(", ")}` : "no unit change";
  },
};

/** The fields compared, in the order a difference is looked for: results first, the referee's account last. */
const COMPARED: Record<Judged["type"], readonly string[]> = {
  "fire-resolved": ["outcomes", "units", "rolls", "shooter", "target", "weapon", "summary", "details"],
  "order-given": ["order", "units", "rolls", "summary", "details"],
};

/** JSON's view of a value: what a file holds (undefined fields gone, -0 as 0). */
const asSaved = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** The first place where the recorded event is not the one the rules give, in words; undefined when none. */
function firstDifference(expected: GameEvent, recorded: Judged): string | undefined {
  for (const field of COMPARED[recorded.type]) {
    const want = asSaved((expected as Record<string, unknown>)[field]);
    const have = asSaved((recorded as Record<string, unknown>)[field]);
    if (sameData(want, have) || (field === "units" && isEmpty(want) && isEmpty(have))) continue;
    const describe = DESCRIBED[field];
    if (describe) return `the rules give ${describe(want)} with these dice, the file says ${describe(have)}`;
    const [path, a, b] = differingPath(want, have, [field]);
    return `the rules give ${formatPath(path)} ${describeValue(a)} with these dice, the file says ${describeValue(b)}`;
  }
  return undefined;
}

const isEmpty = (value: unknown) => value === undefined || (Array.isArray(value) && value.length === 0);

/** The deepest path where two JSON values part, with each side's value there. */
function differingPath(a: unknown, b: unknown, path: PropertyKey[]): [PropertyKey[], unknown, unknown] {
  if (typeof a === "object" && typeof b === "object" && a !== null && b !== null && Array.isArray(a) === Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const key of keys) {
      const [x, y] = [(a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]];
      if (!sameData(x, y)) return differingPath(x, y, [...path, Array.isArray(a) ? Number(key) : key]);
    }
  }
  return [path, a, b];
}
