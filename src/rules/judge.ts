/**
 * Helpers for judging: a complete verdict when sight questions can be answered on the spot (tests, the CLI,
 * inside the sight worker), an order given inside a game, and the game log's events for a resolved shot, an
 * order and a rule system's own action.
 */
import { createDice } from "../core/dice";
import type { GameEventOf } from "../core/game/events";
import { rolledSides } from "../core/game/gameLog";
import type { SightReport } from "../sight/sightReport";
import type { RulesContext } from "./context";
import { type GameRecord, type RulesAtOptions, rulesAt } from "./gameContext";
import {
  type ActionRequest,
  type ActionResult,
  type FireDeclaration,
  type FireResult,
  type FireVerdict,
  type OrderResult,
  type Ruleset,
  type SightRequest,
  sightKey,
} from "./ruleset";

/** Rounds of follow-up questions a verdict may ask (a vehicle behind a vehicle needs one more). */
const MAX_ROUNDS = 4;

/** Asks the ruleset for a verdict, answering its sight questions with `sight`, until it has all it needs. */
export function judgeFire<D extends FireDeclaration, C extends RulesContext, V extends FireVerdict>(
  ruleset: Ruleset<D, C, V>,
  declaration: D,
  context: C,
  sight: (request: SightRequest) => SightReport,
): V {
  const reports = new Map<string, SightReport>();
  for (let round = 0; round <= MAX_ROUNDS; round++) {
    const verdict = ruleset.fireVerdict(declaration, [...reports.values()], context);
    if (!verdict.needs.length) return verdict;
    for (const request of verdict.needs) reports.set(sightKey(request), sight(request));
  }
  throw new Error(`${ruleset.name}: the verdict still needs sight reports after ${MAX_ROUNDS} rounds`);
}

/** The fire-resolved event for the game log. */
export function fireEvent(ruleset: Pick<Ruleset, "id">, declaration: FireDeclaration, result: FireResult, time = Date.now()): GameEventOf<"fire-resolved"> {
  return {
    type: "fire-resolved",
    time,
    ruleset: ruleset.id,
    shooter: declaration.shooter,
    weapon: result.weapons.join("+") || (declaration.weapon ?? ""),
    target: declaration.target,
    rolls: result.rolls.map((r) => ({ ...r })),
    outcomes: [...result.outcomes],
    summary: result.summary,
    details: result.details,
    ...(result.units?.length ? { units: result.units.map((u) => ({ ...u })) } : {}),
    ...(result.clouds?.length ? { clouds: result.clouds.map((c) => ({ ...c })) } : {}),
  };
}

/**
 * Gives a unit an order before event `at` of a game (after events 0…at−1), as the orders panel does: the
 * table, pins, turn and order dice as the log leaves them, the game's options and tables, and the game's dice
 * at that point. Throws when the system has no orders (or cannot judge: gameContext.ts).
 */
export function giveOrder(game: GameRecord, at: number, unit: string, order: string, options: RulesAtOptions = {}): { ruleset: Ruleset; result: OrderResult } {
  const { ruleset, context } = rulesAt(game, at, options);
  if (!ruleset.orders) throw new Error(`${ruleset.name} gives no orders`);
  const dice = createDice(game.header.seed, rolledSides({ ...game, cursor: at }));
  return { ruleset, result: ruleset.orders.giveOrder(unit, order, dice, context) };
}

/** The order-given event for the game log. */
export function orderEvent(ruleset: Pick<Ruleset, "id">, result: OrderResult, time = Date.now()): GameEventOf<"order-given"> {
  return {
    type: "order-given",
    time,
    ruleset: ruleset.id,
    unit: result.unit,
    asked: result.asked,
    order: result.order,
    rolls: result.rolls.map((r) => ({ ...r })),
    summary: result.summary,
    units: result.units.filter((u) => u.pins).map((u) => ({ unit: u.unit, pins: u.pins! })),
    details: { dice: result.dice, steps: result.steps, sampleTables: result.sampleTables, ...(result.record !== undefined && { record: result.record }) },
  };
}

/** The action-taken event for the game log (a result the rules did not refuse). */
export function actionEvent(ruleset: Pick<Ruleset, "id">, request: ActionRequest, result: ActionResult, time = Date.now()): GameEventOf<"action-taken"> {
  return {
    type: "action-taken",
    time,
    ruleset: ruleset.id,
    action: request.action,
    ...(request.side !== undefined ? { side: request.side } : {}),
    ...(request.unit !== undefined ? { unit: request.unit } : {}),
    ...(request.target !== undefined ? { target: request.target } : {}),
    ...(request.point !== undefined ? { point: [request.point[0], request.point[1]] as [number, number] } : {}),
    answers: { ...request.answers },
    rolls: result.rolls.map((r) => ({ ...r })),
    outcomes: [...result.outcomes],
    units: (result.units ?? []).map((u) => ({ ...u })),
    summary: result.summary,
    ...(result.details !== undefined ? { details: result.details } : {}),
    ...(result.secret ? { secret: { ...result.secret } } : {}),
  };
}
