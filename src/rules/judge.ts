/**
 * Helpers for a fire panel: a complete verdict when sight questions can be answered on the spot (tests,
 * the CLI, inside the sight worker), and the game log's event for a resolved shot.
 */
import type { Battlefield } from "../core/battlefield";
import type { Dice } from "../core/dice";
import type { GameEventOf, GameHeader } from "../core/game/events";
import type { GameState } from "../core/game/state";
import type { SightReport } from "../sight/sightReport";
import { type RulesContext, tableContext } from "./context";
import { type FireDeclaration, type FireResult, type FireVerdict, type OrderResult, type Ruleset, type SightRequest, sightKey } from "./ruleset";

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

/** What an order is given on: the game's rules header, and the table and game state as they stand. */
export interface OrderSetting {
  readonly rules: Omit<GameHeader["ruleset"], "tables"> & { readonly tables?: GameHeader["ruleset"]["tables"] };
  readonly battlefield: Battlefield;
  readonly state: GameState;
}

/**
 * Gives a unit an order as the orders panel does: the table's pins and turn, every unit's order die this
 * turn, the game's options and tables, and the game's dice. Throws when the system has no orders or its
 * tables do not load.
 */
export function giveOrder(ruleset: Ruleset, setting: OrderSetting, unit: string, order: string, dice: Dice): OrderResult {
  if (!ruleset.orders) throw new Error(`${ruleset.name} gives no orders`);
  const tables = ruleset.loadTables(setting.rules.tables ?? []);
  if (!tables.ok) throw new Error(`the game's rules tables do not load: ${tables.errors.join("; ")}`);
  const { state } = setting;
  const context = ruleset.createContext(tableContext(setting.battlefield, { status: state.status, turn: state.turn }), {
    options: { ...setting.rules.options, version: setting.rules.version },
    tables: tables.tables,
    game: { units: state.units },
  });
  return ruleset.orders.giveOrder(unit, order, dice, context);
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
    details: { dice: result.dice, steps: result.steps, sampleTables: result.sampleTables },
  };
}
