/**
 * A loaded game's shots judged again: every resolved shot, order given and system action taken is re-derived by the rule
 * system from its recorded declaration in the game as the events before it leave it — the table, the system's
 * game state derived from the log, the dice at that point of the seed's stream — with one sight world kept in
 * step (judgeShotInGame), then compared with what the file says, the state the file says it was judged in
 * (details.game) included. A doctored result (an extra casualty, a "pinned" made "destroyed", a hit taken
 * out, a changed pin count, a changed game state) is reported at its event, in the loader's words; the game
 * holds up to there. In a game that follows its turns, an action out of turn and a turn step the rules would
 * not take are reported the same way. A shot that cannot be judged at all (no declaration, no recorded game state to check, a
 * rules table that does not load) is listed: the game could not be checked. The loader
 * (src/core/game/gameFile.ts) has already checked each event's shape, place and dice.
 */
import type { GameEvent, GameEventOf, Outcome, UnitChange } from "../core/game/events";
import { type GameLog, nextDice } from "../core/game/gameLog";
import type { ModelCatalog } from "../core/modelDefinition";
import { formatPath } from "../core/scenario/load";
import { describeValue, type Scenario } from "../core/scenario/schema";
import {
  dueBeforeStep,
  dueReason,
  type GameRecord,
  NotJudgeable,
  overMove,
  overMoveReason,
  rulesAt,
  rulesetOf,
  stateBefore,
  turnRefusal,
} from "../rules/gameContext";
import { actionEvent, fireEvent, giveOrder, orderEvent } from "../rules/judge";
import type { FireDeclaration } from "../rules/ruleset";
import { type NextStep, nextStep } from "../rules/turn";
import { sameData } from "../sight/worldSync";
import { takeActionInGame } from "./action";
import { gameTabletop, judgeShotInGame, type Tabletop } from "./fire";
import { isJudged, type Judged, type RejudgeReport } from "./rejudgeReport";

export interface RejudgeOptions {
  /** The model definitions for a table (by default, the catalog of its scale and its own miniatures). */
  readonly catalogOf?: (scenario: Scenario) => ModelCatalog;
  /** After each event judged: how many of the game's shots and orders are done. Awaited: a worker yields here. */
  readonly onProgress?: (done: number, total: number) => void | Promise<void>;
}

/** Why the game's rules cannot judge anything in it (an unknown system, its tables or options), or undefined. */
function unjudgeable(game: GameRecord): string | undefined {
  try {
    rulesetOf(game.header);
    rulesAt({ header: game.header, events: [] }, 0);
    return undefined;
  } catch (error) {
    if (error instanceof NotJudgeable) return error.message;
    throw error;
  }
}

export async function rejudgeGame(game: Pick<GameLog, "header" | "events">, options: RejudgeOptions = {}): Promise<RejudgeReport> {
  const { events } = game;
  const cannot = unjudgeable(game);
  const total = events.filter(isJudged).length;
  const notRejudged: string[] = [];
  let rejudged = 0;
  let done = 0;
  // One sight world moved along with the table as the events leave it (built at the first shot).
  const table = gameTabletop(options.catalogOf);
  try {
    const followsTurns = !cannot && events.some((e) => e.type === "turn-advanced");
    for (const [i, event] of events.entries()) {
      const offTurn = followsTurns ? turnProblem(game, i, event, table) : undefined;
      if (offTurn) return { rejudged, notRejudged, divergence: { event: i, message: `events[${i}]: ${event.type}: ${offTurn}` } };
      if (!isJudged(event)) continue;
      const at = `events[${i}]: ${event.type}`;
      const why = cannot ?? (event.type === "fire-resolved" ? unrecordedShot(event) : undefined);
      if (why) notRejudged.push(`${at}: not re-judged: ${why}`);
      else {
        const expected =
          event.type === "fire-resolved"
            ? await judgeShot(game, i, event, table)
            : event.type === "action-taken"
              ? await judgeAction(game, i, event, table)
              : judgeOrder(game, i, event, options);
        const difference = typeof expected === "string" ? expected : firstDifference(expected, event);
        if (difference) return { rejudged, notRejudged, divergence: { event: i, message: `${at}: ${difference}` } };
        rejudged++;
      }
      await options.onProgress?.(++done, total);
    }
  } finally {
    table.dispose();
  }
  return { rejudged, notRejudged };
}

/** A step of the turn in words: "turn 2 · orders · Germany (a die drawn)", "the game's end". */
function describeStep(step: NextStep): string {
  if (step.type === "game-ended") return `the game's end (${step.reason}${step.winner !== undefined ? `, ${step.winner} wins` : ""})`;
  return [`turn ${step.turn}`, step.phase, step.side, step.rolls.length ? `a die drawn: ${step.rolls.map((r) => r.value).join(", ")}` : undefined]
    .filter((x) => x !== undefined)
    .join(" · ");
}

/**
 * In a game that follows its turns: an action out of turn (the rule that refuses it), a move past its allowance
 * the players did not allow as a house rule, or a turn step other than the one the rules take next from there
 * (with the dice at that point); undefined when the event is in turn.
 */
function turnProblem(game: GameRecord, at: number, event: GameEvent, table: Tabletop): string | undefined {
  const state = stateBefore(game, at);
  const refused = turnRefusal(game.header, state, event);
  if (refused) return `out of turn: ${refused}`;
  const tooFar = overMove(game, at, event, { battlefieldOf: (s) => table.battlefieldOf(s) });
  if (tooFar) return `past its allowance, and not allowed as a house rule: ${overMoveReason(tooFar)}`;
  if (event.type !== "turn-advanced" && event.type !== "game-ended") return undefined;
  const due = dueBeforeStep(game, at, { battlefieldOf: (s) => table.battlefieldOf(s) });
  if (due.length) return `the turn moved on while ${dueReason(rulesetOf(game.header), due)}`;
  const expected = nextStep(rulesetOf(game.header).turn, state, nextDice({ ...game, cursor: at }), game.events.slice(0, at));
  const { time: _time, ...recorded } = event;
  return sameData(asSaved(expected), asSaved(recorded)) ? undefined : `the rules take ${describeStep(expected)} next, the file says ${describeStep(recorded)}`;
}

/** What a shot recorded under the rules must carry to be judged again and checked, and whether this one does. */
function unrecordedShot(event: GameEventOf<"fire-resolved">): string | undefined {
  const details = event.details as { verdict?: { declaration?: unknown }; game?: unknown } | undefined;
  const declaration = details?.verdict?.declaration as Partial<FireDeclaration> | undefined;
  if (typeof declaration?.shooter !== "string" || typeof declaration.target !== "string")
    return "the file does not record the shot's declaration (details.verdict.declaration)";
  if (!Object.hasOwn(details!, "game")) return "the file does not record the game state the shot was judged in (details.game), to check it against the log";
  return undefined;
}

/** The shot as the rules resolve it now in the game before it, or why they give no shot at all. */
async function judgeShot(game: GameRecord, at: number, event: GameEventOf<"fire-resolved">, table: Tabletop): Promise<GameEvent | string> {
  const { declaration } = (event.details as { verdict: { declaration: FireDeclaration & Record<string, unknown> } }).verdict;
  try {
    const answer = await judgeShotInGame(table, { game, at, declaration, roll: true });
    if (!answer.result) return `the rules refuse this shot (${answer.verdict.rulings.map((r) => r.reason).join("; ")}), the file says it was fired`;
    return fireEvent(rulesetOf(game.header), declaration, answer.result, event.time);
  } catch (error) {
    return `the rules cannot judge this shot (${(error as Error).message}), the file says it was fired`;
  }
}

/** The order as the rules give it now, from the dice at its place in the stream. */
function judgeOrder(game: GameRecord, at: number, event: GameEventOf<"order-given">, options: RejudgeOptions): GameEvent | string {
  try {
    const { ruleset, result } = giveOrder(game, at, event.unit, event.asked, options);
    return orderEvent(ruleset, result, event.time);
  } catch (error) {
    return `the rules cannot give this order (${(error as Error).message}), the file says it was given`;
  }
}

/** The action as the rules take it now, from its recorded request and the dice at its place in the stream. */
async function judgeAction(game: GameRecord, at: number, event: GameEventOf<"action-taken">, table: Tabletop): Promise<GameEvent | string> {
  const { action, side, unit, target, point, answers } = event;
  const request = { action, side, unit, target, point, answers };
  try {
    const result = await takeActionInGame(table, { game, at, request });
    if (result.refused) return `the rules refuse this action (${result.refused.map((r) => r.reason).join("; ")}), the file says it was taken`;
    return actionEvent(rulesetOf(game.header), request, result, event.time);
  } catch (error) {
    return `the rules cannot take this action (${(error as Error).message}), the file says it was taken`;
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
  "action-taken": ["outcomes", "units", "rolls", "summary", "details"],
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
