/**
 * A rule system's context at a point of a game, from the game alone: its header (rule system, version,
 * options, tables), the events before that point, the table they leave, and the system's game state derived
 * from them (Ruleset.gameState). Whatever judges inside a game builds its context here: the fire panel's
 * situation, a shot judged in the sight worker, on the command line or by the game server, an order given,
 * a loaded file judged again. Nothing a panel recorded is read.
 */
import { type Battlefield, createBattlefield } from "../core/battlefield";
import type { GameEvent, GameHeader } from "../core/game/events";
import { stateAt } from "../core/game/gameLog";
import { movePath, movesIn } from "../core/game/models";
import { changesPosition, type GameState } from "../core/game/state";
import { scenarioCatalog } from "../core/miniatures/catalog";
import type { ModelCatalog } from "../core/modelDefinition";
import type { Scenario } from "../core/scenario/schema";
import { type RulesContext, tableContext } from "./context";
import { RULESETS, rulesetById } from "./registry";
import type { DueAction, GameHistory, MoveVerdict, Ruleset, TableFile, TableLoadResult } from "./ruleset";
import { DEPLOYMENT, outOfTurn } from "./turn";

/** A game as its file holds it: the header and the events. */
export interface GameRecord {
  readonly header: GameHeader;
  readonly events: readonly GameEvent[];
}

/** Why a game cannot be judged at all: an unknown rule system, tables that do not load, options it does not have. */
export class NotJudgeable extends Error {}

/** The game at event `at`: its rule system, the context its rulings read, the history and game state it derives, the table. */
export interface RulesAt {
  readonly ruleset: Ruleset;
  readonly context: RulesContext;
  readonly history: GameHistory;
  /** The rule system's game state (Ruleset.gameState), as the context carries it. */
  readonly game: unknown;
  readonly battlefield: Battlefield;
}

export interface RulesAtOptions {
  /** The battlefield a state shows, when the caller keeps one (a sight world in step with the table); by default a new one. */
  readonly battlefieldOf?: (state: GameState) => Battlefield;
  /** The model definitions for a new battlefield (by default, the catalog of its scale and its own miniatures). */
  readonly catalogOf?: (scenario: Scenario) => ModelCatalog;
}

/** The game's rule system, or NotJudgeable naming the ones there are. */
export function rulesetOf(header: Pick<GameHeader, "ruleset">): Ruleset {
  const ruleset = rulesetById(header.ruleset.id);
  if (!ruleset) throw new NotJudgeable(`Hulldown has no rule system "${header.ruleset.id}"; it has ${RULESETS.map((r) => r.id).join(", ")}`);
  return ruleset;
}

/** Each game's tables are checked once: a game keeps its header's tables list for its life (a new list, a new check). */
const checkedTables = new WeakMap<readonly TableFile[], Map<string, TableLoadResult<unknown>>>();

function tablesOf(ruleset: Ruleset, files: readonly TableFile[]): TableLoadResult<unknown> {
  let byRuleset = checkedTables.get(files);
  if (!byRuleset) checkedTables.set(files, (byRuleset = new Map()));
  let result = byRuleset.get(ruleset.id);
  if (!result) byRuleset.set(ruleset.id, (result = ruleset.loadTables(files)));
  return result;
}

/** The state after the first `at` events (a RangeError when the game has no such point). */
export function stateBefore(game: GameRecord, at: number): GameState {
  if (!Number.isInteger(at) || at < 0 || at > game.events.length)
    throw new RangeError(`event ${at} is not a point of this game: it has events 0 to ${game.events.length - 1}, so a point from 0 to ${game.events.length}`);
  // The log's fold keeps snapshots per event list: asking along one game is a step, not a fold from the start.
  return stateAt({ header: game.header, events: game.events, cursor: at }, at);
}

/**
 * The rules of `game` as they stand before event `at` (after events 0…at−1). Throws NotJudgeable when the
 * game's rule system, tables or options cannot judge anything, and a RangeError for a point the game lacks.
 */
export function rulesAt(game: GameRecord, at: number, options: RulesAtOptions = {}): RulesAt {
  const ruleset = rulesetOf(game.header);
  const state = stateBefore(game, at);
  const { ruleset: rules } = game.header;
  const tables = tablesOf(ruleset, rules.tables);
  if (!tables.ok) throw new NotJudgeable(`the game's rules tables do not load: ${tables.errors.join("; ")}`);
  const battlefield = options.battlefieldOf?.(state) ?? createBattlefield(state.scenario, (options.catalogOf ?? scenarioCatalog)(state.scenario));
  const history: GameHistory = { events: game.events.slice(0, at), state };
  const derived = ruleset.gameState(history);
  let context: RulesContext;
  try {
    context = ruleset.createContext(tableContext(battlefield, { status: state.status, turn: state.turn }), {
      options: { ...rules.options, version: rules.version },
      tables: tables.tables,
      game: derived,
    });
  } catch (error) {
    // The options of the game's header are the only thing a context refuses.
    throw new NotJudgeable((error as Error).message);
  }
  return { ruleset, context, history, game: derived, battlefield };
}

/**
 * Why `event` is out of turn in a game in `state` (its rule system's turn sequence: src/rules/turn.ts), or
 * undefined; a game in free play, or under a rule system this app lacks, orders nothing.
 */
export function turnRefusal(header: Pick<GameHeader, "ruleset">, state: GameState, event: GameEvent): string | undefined {
  const ruleset = rulesetById(header.ruleset.id);
  return ruleset ? outOfTurn(ruleset.turn, state, event) : undefined;
}

/**
 * What the rules require before the game's turn moves on, after events 0…at−1 (Ruleset.actions.due, every
 * side's): a morale test after casualties, a panic test. None in free play, or under a system without actions.
 */
export function dueBeforeStep(game: GameRecord, at: number, options: RulesAtOptions = {}): readonly DueAction[] {
  // Most steps owe nothing: the whole context is built only where the system has actions due and the game its turns.
  if (!rulesetOf(game.header).actions?.due || !stateBefore(game, at).step) return [];
  return dueIn(rulesAt(game, at, options));
}

/** dueBeforeStep for rules a caller has already built at that point. */
export const dueIn = ({ ruleset, context, history }: RulesAt): readonly DueAction[] =>
  history.state.step && ruleset.actions?.due ? ruleset.actions.due(context, undefined) : [];

/** An action's name in its rule system's words (ActionSpec.name), or its id where the system has no such action. */
export const actionName = (ruleset: Ruleset, id: string): string => ruleset.actions?.actions.find((a) => a.id === id)?.name ?? id;

/** Why the turn may not move on while `due` is owed, in the rules' words. */
export function dueReason(ruleset: Ruleset, due: readonly DueAction[]): string {
  const owed = due.map((d) => `${actionName(ruleset, d.request.action)} for ${d.request.unit ?? d.request.side} (${d.why.reason}; ${d.why.rule})`);
  return `the rules require this first: ${owed.join("; ")}`;
}

/**
 * Whether a game at `state` has its moves checked against the rule system's allowance: in a turn of a game
 * that follows its turns (free play and the deployment move freely), under a system that measures moves.
 */
export const checksMoves = (ruleset: Ruleset, state: GameState): boolean =>
  ruleset.moveVerdict !== undefined && state.step !== undefined && state.step.phase !== DEPLOYMENT;

/**
 * The first move of `event` past its allowance (the rule system's verdict, Ruleset.moveVerdict), for a
 * move made after events 0…at−1 of the game; undefined where every move is within it, the players allowed it as a house
 * rule, or the game does not check moves (checksMoves).
 */
export function overMove(game: GameRecord, at: number, event: GameEvent, options: RulesAtOptions = {}): MoveVerdict | undefined {
  if ((event.type !== "model-moved" && event.type !== "models-moved") || event.houseRule !== undefined) return undefined;
  const ruleset = rulesetById(game.header.ruleset.id);
  if (!ruleset?.moveVerdict || !checksMoves(ruleset, stateBefore(game, at))) return undefined;
  let context: RulesContext;
  try {
    context = rulesAt(game, at, options).context;
  } catch (error) {
    // A game whose rules cannot judge at all checks no move either, as it judges no shot.
    if (error instanceof NotJudgeable) return undefined;
    throw error;
  }
  const moves = movesIn(event)
    .filter(changesPosition)
    .map((m) => ({ model: m.model, path: movePath(m) }));
  return moves.map((m) => ruleset.moveVerdict!(moves.length > 1 ? { ...m, with: moves.filter((o) => o !== m) } : m, context)).find((v) => !v.allowed);
}

/** Why a move past its allowance is refused, in the rule system's words. */
export const overMoveReason = (verdict: MoveVerdict): string =>
  `${verdict.model} may not move so: ${verdict.refusal?.reason ?? `it costs ${verdict.cost} of ${verdict.allowance} ${verdict.measure}`}${verdict.refusal ? ` (${verdict.refusal.rule})` : ""}`;
