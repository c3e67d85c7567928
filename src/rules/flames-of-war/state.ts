/**
 * Flames of War's game state from the game log alone: which teams moved this turn and which shot (§1.3,
 * §2.5, §2.6), and the questions a player answers before a shot about what the table does not show: whether
 * the firing platoon moved (its moves say so unless the player says otherwise), whether the target platoon
 * moved, moved At Double or is Dug In. The answers are the declaration's; the rules read them here.
 */
import { hasId } from "../../core/game/state";
import { unitNamed } from "../context";
import { unmarkedSubject } from "../marks";
import type { Question } from "../questions";
import type { GameHistory, PickedModels, Situation } from "../ruleset";
import type { FowContext } from "./context";
import type { FowFireDeclaration, FowGameState, FowModelState } from "./types";

export const DECLARATION: readonly Question[] = [
  { id: "firersMoved", kind: "flag", label: "firers moved", rule: "§1.3", default: false, derived: "from the moves this turn" },
  { id: "targetMoved", kind: "flag", label: "target moved", rule: "§2.5, §2.6", default: false, derived: "from the moves this turn" },
  { id: "targetAtDouble", kind: "flag", label: "target At Double", rule: "§1.3", default: false },
  { id: "targetDugIn", kind: "flag", label: "target Dug In", rule: "§2.5", default: false },
];

/** Each team that moved or shot this turn (a shot declared by a platoon is each of its teams'). */
export function gameState(history: GameHistory): FowGameState {
  const { moves, lastShots, scenario } = history.state;
  const models: Record<string, FowModelState> = {};
  for (const force of scenario.forces)
    for (const unit of force.units)
      for (const { id } of unit.models) {
        const moved = hasId(moves, id) && moves[id]! > 0;
        const shot = hasId(lastShots, id) || hasId(lastShots, unit.id);
        if (moved || shot) models[id] = { ...(moved ? { moved } : {}), ...(shot ? { shot } : {}) };
      }
  return { models };
}

/** The context with the declaration's answers about this turn over the log's: the firing platoon's and the target platoon's teams. */
export function declaredTurn(declaration: FowFireDeclaration, ctx: FowContext): FowContext {
  const { firersMoved, targetMoved, targetAtDouble, targetDugIn } = declaration;
  if (firersMoved === undefined && targetMoved === undefined && !targetAtDouble && !targetDugIn) return ctx;
  const models: Record<string, FowModelState> = { ...ctx.game.models };
  const shooters = ctx.units.get(declaration.shooter) ?? ctx.units.get(ctx.models.get(declaration.shooter)?.unitId ?? "");
  const targets = ctx.units.get(declaration.target) ?? ctx.units.get(ctx.models.get(declaration.target)?.unitId ?? "");
  if (firersMoved !== undefined) for (const id of shooters?.models ?? []) models[id] = { ...models[id], moved: firersMoved };
  for (const id of targets?.models ?? []) {
    const moved = (targetMoved ?? models[id]?.moved ?? false) || targetAtDouble === true;
    models[id] = { ...models[id], moved, ...(targetAtDouble ? { atDouble: true } : {}), ...(targetDugIn ? { dugIn: true } : {}) };
  }
  return { ...ctx, game: { ...ctx.game, models } };
}

export function situation(declaration: FowFireDeclaration, ctx: FowContext, _history: GameHistory, picked: PickedModels): Situation {
  const anyMoved = (id: string) => unitNamed(ctx, id).models.some((m) => ctx.game.models?.[m]?.moved === true);
  return {
    questions: DECLARATION.map((q) => q.id),
    fromGame: { firersMoved: anyMoved(declaration.shooter), targetMoved: anyMoved(declaration.target) },
    shooter: unmarkedSubject(picked.shooter),
    target: unmarkedSubject(picked.target),
    table: [],
  };
}
