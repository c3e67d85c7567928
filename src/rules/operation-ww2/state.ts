/**
 * Operation WW2's game state and what its fire panel asks. Its orders are declared with each shot (§3): the
 * order the firing unit executes, the models it exposes (a vehicle's commander, §5.7), and the target unit's
 * last executed order for spotting (§5.8, stationary until its first order, §18.1), which the game gives from the
 * orders given with cards (play.ts) unless the player answers otherwise. What it reads besides —
 * pins, damage markers, the turn — is the table's, from the log's fold; the cards, orders, panic and tests of
 * its actions are read back from their records (play.ts).
 */

import { unitOf } from "../../core/game/models";
import { modelsNamed, unitNamed } from "../context";
import { unmarkedSubject } from "../marks";
import { plainChoices, type Question } from "../questions";
import type { GameHistory, PickedModels, Situation } from "../ruleset";
import type { Ow2Context } from "./context";
import { FIRING_ORDERS, orderNow } from "./orderGate";
import { playOf, spottingStateOf } from "./play";
import { isVehicle } from "./profiles";
import { type Ow2FireDeclaration, type Ow2GameState, type Ow2ModelState, type Ow2UnitState, SPOTTING_STATES } from "./types";

export const DECLARATION: readonly Question[] = [
  {
    id: "order",
    kind: "choice",
    label: "Order",
    rule: "§3",
    default: "fire",
    derived: "from its card",
    help: "In the orders step the unit fires under the order of the card it was given (000 l.97, l.116–127); elsewhere as declared.",
    choices: plainChoices(FIRING_ORDERS),
  },
  {
    id: "targetState",
    kind: "choice",
    label: "Target's last order",
    rule: "§5.8",
    default: "stationary",
    derived: "from its last order",
    help: "The marker of the target unit's last executed order sets its spotting distance; every unit is stationary until its first order (§18.1). The game gives it from the orders given with cards.",
    choices: plainChoices(SPOTTING_STATES),
  },
  {
    id: "commanderExposed",
    kind: "flag",
    label: "commander out",
    rule: "§5.7",
    default: true,
    help: "An armoured vehicle spots 25 cm shorter with its commander not exposed.",
  },
];

/** The play of the actions taken (play.ts), the turn's step, and each baptised unit's training for the turn (004 l.179–183). */
export function gameState(history: GameHistory): Ow2GameState {
  const play = playOf(history);
  const step = history.state.step;
  const units: Record<string, Ow2UnitState> = {};
  // Who fired this turn: a shot's shooter is a unit or one of its models.
  const fired = new Set(Object.keys(history.state.lastShots).map((id) => unitOf(history.state.scenario, id) ?? id));
  for (const unit of new Set([...Object.keys(play.ordered), ...Object.keys(play.lastOrders)]))
    units[unit] = { spottingState: spottingStateOf(play, unit, fired.has(unit)) };
  for (const [unit, training] of Object.entries(play.baptised)) units[unit] = { ...units[unit], training };
  return {
    play,
    ...(step ? { phase: step.phase, ...(step.side !== undefined ? { acting: step.side } : {}) } : {}),
    ...(Object.keys(units).length ? { units } : {}),
  };
}

/** The firing unit's vehicles with their commander out or not, as declared (out by default). */
function withExposedCommanders(declaration: Ow2FireDeclaration, ctx: Ow2Context): Ow2GameState["models"] {
  const exposed = declaration.commanderExposed ?? true;
  const vehicles = modelsNamed(ctx, declaration.shooter).filter((m) => isVehicle(ctx, m));
  if (!vehicles.length) return ctx.game.models;
  const models: Record<string, Ow2ModelState> = { ...ctx.game.models };
  for (const v of vehicles) models[v.id] = { ...models[v.id], commanderExposed: exposed };
  return models;
}

/** The context with the declaration's answers: the target unit's spotting state, the firing vehicles' commanders. */
export function declaredOrders(declaration: Ow2FireDeclaration, ctx: Ow2Context): Ow2Context {
  const models = withExposedCommanders(declaration, ctx);
  const target = declaration.targetState && unitNamed(ctx, declaration.target).id;
  const units = target ? { ...ctx.game.units, [target]: { ...ctx.game.units?.[target], spottingState: declaration.targetState } } : ctx.game.units;
  if (models === ctx.game.models && units === ctx.game.units) return ctx;
  return { ...ctx, game: { ...ctx.game, ...(units ? { units } : {}), ...(models ? { models } : {}) } };
}

export function situation(declaration: Ow2FireDeclaration, ctx: Ow2Context, _history: GameHistory, picked: PickedModels): Situation {
  const vehicle = modelsNamed(ctx, declaration.shooter).some((m) => isVehicle(ctx, m));
  const target = ctx.game.units?.[unitNamed(ctx, declaration.target).id]?.spottingState;
  const order = orderNow(ctx, unitNamed(ctx, declaration.shooter).id);
  const firing = order !== undefined && FIRING_ORDERS.includes(order);
  return {
    questions: DECLARATION.filter((q) => q.id !== "commanderExposed" || vehicle).map((q) => q.id),
    fromGame: { ...(target ? { targetState: target } : {}), ...(firing ? { order } : {}) },
    shooter: unmarkedSubject(picked.shooter),
    target: unmarkedSubject(picked.target),
    table: [],
  };
}
