/**
 * Battleground WWII's game state read from the game log's fold: how each model moved this turn (its moves
 * counted, or what a player recorded), how it moves as a target, its morale and camouflage, and its last shot.
 * The app and the CLI feed this to the verdict, so the fire modes and target modifiers follow the table.
 */
import type { GameEvent, ModelRuleState, Placement } from "../../core/game/events";
import { changesPosition, type GameState, hasId } from "../../core/game/state";
import type { Point } from "../../core/scenario/schema";
import type { BgGameState, BgModelState, Movement } from "./types";

export type Motion = NonNullable<ModelRuleState["motion"]>;

/**
 * How a model moved this turn (§3.3): a player's record wins; otherwise its first move is the Bonus Move
 * (OM2) and a second one is a move in the Standard Action too (OM3). An activation is a turn here: a model
 * activates once a turn (its unit's card).
 */
export function motionOf(state: GameState, model: string): { motion: Motion; recorded: boolean; moves: number } {
  const moves = hasId(state.moves, model) ? state.moves[model]! : 0;
  const recorded = hasId(state.modelStates, model) ? state.modelStates[model]!.motion : undefined;
  return { motion: recorded ?? (moves === 0 ? "none" : moves === 1 ? "bonus" : "both"), recorded: recorded !== undefined, moves };
}

/** How a model moves as a target (§3.2): what a player recorded, else moving if it moved this turn. */
export function movementOf(state: GameState, model: string): Movement {
  const recorded = hasId(state.modelStates, model) ? state.modelStates[model]!.movement : undefined;
  return recorded ?? (motionOf(state, model).motion === "none" ? "stationary" : "moving");
}

/** Every model's Battleground state from the fold (a shot declared by a unit is each of its models' last shot). */
export function bgGameState(state: GameState): BgGameState {
  const models: Record<string, BgModelState> = {};
  for (const force of state.scenario.forces) for (const unit of force.units) for (const m of unit.models) models[m.id] = modelStateOf(state, m.id, unit.id);
  return { models };
}

function modelStateOf(state: GameState, model: string, unit: string): BgModelState {
  const rule = hasId(state.modelStates, model) ? state.modelStates[model]! : {};
  const { motion } = motionOf(state, model);
  const lastShot = hasId(state.lastShots, model) ? state.lastShots[model] : hasId(state.lastShots, unit) ? state.lastShots[unit] : undefined;
  return {
    bonusMove: motion !== "none",
    standardMove: motion === "both",
    movement: movementOf(state, model),
    ...(rule.evasion !== undefined ? { evasion: rule.evasion } : {}),
    ...(rule.morale ? { morale: rule.morale } : {}),
    ...(rule.camouflaged ? { camouflaged: true } : {}),
    ...(lastShot ? { lastShot, firedBefore: true } : {}),
  };
}

/** A model's moves this turn, oldest first: where each started and the path it took (for its MP cost, §1). */
export function movesThisTurn(events: readonly GameEvent[], model: string): Array<{ readonly from: Placement; readonly path: readonly Point[] }> {
  const moves: Array<{ from: Placement; path: Point[] }> = [];
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === "turn-ended") break;
    const made = e.type === "model-moved" ? [e] : e.type === "models-moved" ? e.moves : [];
    for (const m of made) if (m.model === model && changesPosition(m)) moves.unshift({ from: m.from, path: m.path });
  }
  return moves;
}
