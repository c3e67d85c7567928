/**
 * Flames of War's game state from the game log alone: what each team did in its side's latest player turn,
 * how far it moved (so whether At Double), whether it charged and whether it shot (§1.3, §2.5, §2.6), who
 * rides in what (transport.ts); and the
 * questions a player answers before a shot about what the table does not show: whether the firing platoon
 * moved, whether the target platoon moved or moved At Double (the log says so unless the player says
 * otherwise), or is Dug In. The answers are the declaration's; the rules read them here.
 */
import { unitNamed } from "../context";
import { marksInForce } from "../marks";
import type { Mark, Question } from "../questions";
import type { GameHistory, PickedModels, Situation, SubjectSituation } from "../ruleset";
import { type FowContext, modelState } from "./context";
import { actionsThisTurn, dugInTeams, teamTurns } from "./playerTurn";
import { passengersOf } from "./transport";
import type { FowFireDeclaration, FowGameState, FowModelState } from "./types";

export const DECLARATION: readonly Question[] = [
  { id: "firersMoved", kind: "flag", label: "firers moved", rule: "§1.3", default: false, derived: "from the moves this turn" },
  { id: "targetMoved", kind: "flag", label: "target moved", rule: "§2.5, §2.6", default: false, derived: "from the moves this turn" },
  { id: "targetAtDouble", kind: "flag", label: "target At Double", rule: "§1.3", default: false, derived: "from its moves in its last turn" },
  { id: "targetDugIn", kind: "flag", label: "target Dug In", rule: "§2.5", default: false, derived: "from its test to dig in" },
  {
    id: "allWeapons",
    kind: "flag",
    label: "every weapon of each team",
    rule: "§1.5 (003 l.507, l.524)",
    default: false,
    help: "Each team fires all its weapons at the target platoon, each rolled apart with its own dice and score; a vehicle's other weapons at ROF 1 (003 l.481).",
  },
];

/** What a player records on a team the log cannot tell: a vehicle Bogged Down by its Bogging Test (003 l.356). */
export const MARKS: readonly Mark[] = [{ id: "boggedDown", kind: "flag", label: "Bogged Down", rule: "§5.1 (003 l.356)", default: false, lasts: "game" }];

/** What each team did in its side's latest player turn (playerTurn.ts), and the step the game stands in. */
export function gameState(history: GameHistory): FowGameState {
  const models: Record<string, FowModelState> = {};
  const turns = teamTurns(history);
  const dug = dugInTeams(history);
  const carried = passengersOf(history);
  const ids = new Set([...turns.keys(), ...dug, ...carried.keys(), ...Object.keys(history.state.modelStates)]);
  for (const id of ids) {
    const turn = turns.get(id);
    const bogged = marksInForce(history, MARKS, id).boggedDown === true;
    const state: FowModelState = {
      ...(turn && turn.moved > 0 ? { moved: true, distance: turn.moved } : {}),
      ...(turn && turn.shootingMoved > 0 ? { shootingDistance: turn.shootingMoved } : {}),
      ...(turn && turn.assaultMoved > 0 ? { assaulted: true, assaultDistance: turn.assaultMoved } : {}),
      ...(turn?.shot ? { shot: true } : {}),
      ...(dug.has(id) ? { dugIn: true } : {}),
      ...(bogged ? { boggedDown: true } : {}),
      ...(carried.has(id) ? { passengers: carried.get(id)! } : {}),
    };
    if (Object.keys(state).length) models[id] = state;
  }
  const step = history.state.step;
  const fallen = history.state.fallen;
  const taken = actionsThisTurn(history);
  return {
    models,
    ...(taken.length ? { taken } : {}),
    ...(Object.keys(fallen).length ? { fallen: { ...fallen } } : {}),
    ...(step ? { step: { phase: step.phase, ...(step.side !== undefined ? { side: step.side } : {}) } } : {}),
  };
}

/** The context with the declaration's answers about this turn over the log's: the firing platoon's and the target platoon's teams. */
export function declaredTurn(declaration: FowFireDeclaration, ctx: FowContext): FowContext {
  const { firersMoved, targetMoved, targetAtDouble, targetDugIn } = declaration;
  if (firersMoved === undefined && targetMoved === undefined && targetAtDouble === undefined && targetDugIn === undefined) return ctx;
  const models: Record<string, FowModelState> = { ...ctx.game.models };
  const shooters = ctx.units.get(declaration.shooter) ?? ctx.units.get(ctx.models.get(declaration.shooter)?.unitId ?? "");
  const targets = ctx.units.get(declaration.target) ?? ctx.units.get(ctx.models.get(declaration.target)?.unitId ?? "");
  if (firersMoved !== undefined) for (const id of shooters?.models ?? []) models[id] = { ...models[id], moved: firersMoved };
  for (const id of targets?.models ?? []) {
    const moved = (targetMoved ?? models[id]?.moved ?? false) || targetAtDouble === true;
    models[id] = {
      ...models[id],
      moved,
      ...(targetAtDouble !== undefined ? { atDouble: targetAtDouble } : {}),
      ...(targetDugIn !== undefined ? { dugIn: targetDugIn } : {}),
    };
  }
  return { ...ctx, game: { ...ctx.game, models } };
}

/** A shooter or target with its Bogged Down mark: recorded, or what the game gives (not Bogged Down). */
function subject(history: GameHistory, model: string): SubjectSituation {
  return { model, lines: [], marks: MARKS.map((m) => m.id), recorded: marksInForce(history, MARKS, model), fromGame: {} };
}

export function situation(declaration: FowFireDeclaration, ctx: FowContext, history: GameHistory, picked: PickedModels): Situation {
  const any = (id: string, did: (state: FowModelState) => boolean | undefined) => unitNamed(ctx, id).models.some((m) => did(modelState(ctx, m)) === true);
  return {
    questions: DECLARATION.map((q) => q.id),
    fromGame: {
      firersMoved: any(declaration.shooter, (s) => s.moved),
      targetMoved: any(declaration.target, (s) => s.moved || s.assaulted),
      targetAtDouble: any(declaration.target, (s) => s.atDouble),
      targetDugIn: any(declaration.target, (s) => s.dugIn),
    },
    shooter: subject(history, picked.shooter),
    target: subject(history, picked.target),
    table: [],
  };
}
