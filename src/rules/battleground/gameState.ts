/**
 * Battleground WWII's game state from the game log alone: how each model moved this turn (its moves counted,
 * or what a player marked), how it moves as a target, its morale and camouflage, its last shot; and what the
 * fire panel shows before a shot: the fire mode and the Movement Points each move of this turn cost (§1),
 * the marks, the smoke clouds on the table and when they clear.
 */
import type { GameEvent, Placement } from "../../core/game/events";
import { movesIn } from "../../core/game/models";
import { changesPosition, hasId, turnStart } from "../../core/game/state";
import type { Point } from "../../core/scenario/schema";
import type { ModelFacts } from "../context";
import { marksInForce } from "../marks";
import type { Answers } from "../questions";
import type { GameHistory, PickedModels, Situation, StateLine, SubjectSituation } from "../ruleset";
import { activationsOf, moveActionsAllowed, moveRefusal } from "./activation";
import { bogging } from "./bogging";
import { type BgContext, MARKERS, modelState, sampleMark } from "./context";
import { defaultAmmunition } from "./fire";
import { moveCost } from "./movement";
import { firingWeapon, qualityOf, usualWeapon } from "./profiles";
import { DECLARATION, MARKS, MOTION_CHOICES, type Motion } from "./questions";
import { resolutions } from "./records";
import { chargeOf, crewTested, lossesThisTurn, ralliedThisTurn } from "./states";
import type { BgFireDeclaration, BgGameState, BgModelState, Morale, Movement, Quality } from "./types";

/** The count of a model's moves this turn that changed where it stands, as the log's fold keeps it. */
const movesMade = (history: GameHistory, model: string): number => (hasId(history.state.moves, model) ? history.state.moves[model]! : 0);

/** The fire mode its moves give (§3.3): the first move is the Bonus Move (OM2), a second one a move in the Standard Action too (OM3). */
const motionFromMoves = (moves: number): Motion => (moves === 0 ? "none" : moves === 1 ? "bonus" : "both");

/**
 * How a model moved this turn (§3.3): a player's mark wins (one long move made in both actions), else its
 * moves tell. An activation is a turn here: a model activates once a turn (its unit's card).
 */
export function motionOf(history: GameHistory, model: string): { motion: Motion; recorded: boolean; moves: number } {
  const moves = movesMade(history, model);
  const recorded = marksInForce(history, MARKS, model).motion as Motion | undefined;
  return { motion: recorded ?? motionFromMoves(moves), recorded: recorded !== undefined, moves };
}

/** How a model moves as a target (§3.2): what a player marked, else moving if it moved this turn. */
export function movementOf(history: GameHistory, model: string): Movement {
  const recorded = marksInForce(history, MARKS, model).movement as Movement | undefined;
  return recorded ?? (motionOf(history, model).motion === "none" ? "stationary" : "moving");
}

/** Every model's Battleground state from the log (a shot declared by a unit is each of its models' last shot). */
export function gameState(history: GameHistory): BgGameState {
  const models: Record<string, BgModelState> = {};
  const shots = shotsThisTurn(history.events);
  for (const force of history.state.scenario.forces)
    for (const unit of force.units) {
      const charge = chargeOf(history.events, unit.id, new Set(unit.models.map((m) => m.id)));
      for (const m of unit.models) models[m.id] = { ...modelStateOf(history, m.id, unit.id, shots), ...(charge ? { charge } : {}) };
    }
  const activations = activationsOf(history);
  const losses = lossesThisTurn(history);
  return { models, ...(activations ? { activations } : {}), ...(Object.keys(losses).length ? { losses } : {}) };
}

interface ShotRecord {
  readonly lastShot: { readonly weapon: string; readonly target: string };
  readonly targetChanges: number;
}

/**
 * Each model's shots this turn from the fire-resolved events' rulings (FireDetails.verdict): the weapon it
 * fired itself (a unit of rifles and a BAR fires two, and each man's next shot is matched to his own, §3.2)
 * at the declared target, and how often it changed target (§3.4). Tests and close combat are no shots.
 */
function shotsThisTurn(events: readonly GameEvent[]): Map<string, ShotRecord> {
  const shots = new Map<string, ShotRecord>();
  for (const r of resolutions(events)) {
    if (r.action !== "fire" || r.target === undefined) continue;
    for (const f of r.verdict?.firers ?? []) {
      if (!f.canFire || !f.weapon) continue;
      const before = shots.get(f.model);
      const changed = before !== undefined && before.lastShot.target !== r.target;
      shots.set(f.model, { lastShot: { weapon: f.weapon.id, target: r.target }, targetChanges: (before?.targetChanges ?? 0) + (changed ? 1 : 0) });
    }
  }
  return shots;
}

function modelStateOf(history: GameHistory, model: string, unit: string, shots: ReadonlyMap<string, ShotRecord>): BgModelState {
  const { lastShots } = history.state;
  const marks = marksInForce(history, MARKS, model);
  const { motion } = motionOf(history, model);
  // A shot recorded without its ruling (an older file) is told by the fold's last shot of its shooter.
  const recorded = shots.get(model);
  const folded = hasId(lastShots, model) ? lastShots[model] : hasId(lastShots, unit) ? lastShots[unit] : undefined;
  const lastShot = recorded?.lastShot ?? (folded?.weapon ? folded : undefined);
  const moves = movesMade(history, model);
  const rallied = ralliedThisTurn(history.events, model);
  const crew = crewTested(history.events, model);
  return {
    ...(crew ? { crewTested: true } : {}),
    ...(moves ? { moveActions: moves } : {}),
    ...(rallied ? { rallied } : {}),
    bonusMove: motion !== "none",
    standardMove: motion === "both",
    movement: movementOf(history, model),
    ...(marks.evasion !== undefined ? { evasion: marks.evasion as number } : {}),
    ...(marks.morale ? { morale: marks.morale as Morale } : {}),
    ...(marks.camouflaged ? { camouflaged: true } : {}),
    ...(lastShot ? { lastShot, firedBefore: true } : {}),
    ...(recorded?.targetChanges ? { targetChanges: recorded.targetChanges } : {}),
    ...bogging(history.events, model),
    ...(marks.quality ? { quality: marks.quality as Quality } : {}),
    ...(damaged(history, model) ? { damaged: true } : {}),
  };
}

/**
 * The sheet's Damaged shooter (−5, l.75) is not defined on the sheet: read as a model the effects table left
 * wounded, immobilised or with a weapon destroyed (inference).
 */
function damaged(history: GameHistory, model: string): boolean {
  const markers = history.state.status[model]?.markers ?? [];
  return markers.some((m) => m === MARKERS.wounded || m === MARKERS.immobilised || m.startsWith(MARKERS.weaponDestroyed("")));
}

/** A model's moves this turn, oldest first: where each started and the path it took (for its MP cost, §1). */
export function movesThisTurn(events: readonly GameEvent[], model: string): Array<{ readonly from: Placement; readonly path: readonly Point[] }> {
  const moves: Array<{ from: Placement; path: Point[] }> = [];
  for (const e of events.slice(turnStart(events))) {
    for (const m of movesIn(e)) if (m.model === model && changesPosition(m)) moves.push({ from: m.from, path: m.path });
  }
  return moves;
}

/** Its fire mode with the moves that give it, what each move cost, and its last shot this turn. */
function stateLines(ctx: BgContext, history: GameHistory, facts: ModelFacts): StateLine[] {
  const motion = motionOf(history, facts.id);
  const said = MOTION_CHOICES.find((c) => c.value === motion.motion)!.label;
  const lines: StateLine[] = [
    {
      id: "motion",
      text: `${motion.moves === 0 ? "no move" : `${motion.moves} ${motion.moves === 1 ? "move" : "moves"}`} this turn → ${said}${motion.recorded ? " (as recorded)" : ""}`,
      rule: "§3.3",
    },
  ];
  if (ctx.game.activations) {
    // What the activation leaves it (activation.ts): its move actions, or why it may make none.
    const refusal = moveRefusal(ctx, facts);
    const allowed = moveActionsAllowed(ctx, facts);
    const made = modelState(ctx, facts.id).moveActions ?? 0;
    lines.push(
      refusal
        ? { id: "activation", text: `no move now: ${refusal.reason}`, rule: refusal.rule }
        : { id: "activation", text: `${made} of ${allowed.actions} move action(s) made this activation`, rule: allowed.why.rule },
    );
  }
  for (const [i, move] of movesThisTurn(history.events, facts.id).entries()) {
    const cost = moveCost(ctx, { model: facts, heading: move.from.heading, path: move.path, features: history.state.scenario.features });
    const notes = [
      ...(cost.refused ? [cost.refused.reason] : []),
      ...(cost.immobilisation.length ? [`# ${cost.immobilisation.join(", ")}: an immobilisation test may be called (§2)`] : []),
    ];
    lines.push({
      id: "move-cost",
      text: [`move ${i + 1}: ${Number(cost.mp.toFixed(1))} MP of ${cost.allowance}`, ...notes].join(" · "),
      rule: "§1",
      ...sampleMark(ctx, "move-allowance"),
    });
  }
  const { lastShot } = ctx.game.models?.[facts.id] ?? {};
  if (lastShot) lines.push({ id: "last-shot", text: `last shot this turn: ${lastShot.weapon} at ${lastShot.target}`, rule: "§3.2" });
  return lines;
}

function subject(ctx: BgContext, history: GameHistory, model: string): SubjectSituation {
  const facts = ctx.models.get(model);
  const recorded = marksInForce(history, MARKS, model);
  const movement = movementOf(history, model);
  const fromGame: Answers = {
    motion: motionFromMoves(movesMade(history, model)),
    movement: motionOf(history, model).motion === "none" ? "stationary" : "moving",
    evasion: ctx.tables.procedures.evasion,
    ...(facts ? { quality: qualityOf(ctx, facts) } : {}),
  };
  return {
    model,
    lines: facts ? stateLines(ctx, history, facts) : [],
    marks: MARKS.filter((m) => m.id !== "evasion" || movement === "evading").map((m) => m.id),
    recorded,
    fromGame,
  };
}

/** The smoke clouds shots left on the table, each until the end of its last turn (§4). */
function smokeLines(ctx: BgContext, history: GameHistory): StateLine[] {
  const { smokeUntil, scenario } = history.state;
  return scenario.features
    .filter((f) => f.kind === "smoke" && hasId(smokeUntil, f.id))
    .map((f) => ({
      id: "smoke",
      text: `${f.name || f.id} until the end of turn ${smokeUntil[f.id]}`,
      rule: "§4",
      feature: f.id,
      ...sampleMark(ctx, "templates"),
    }));
}

/** The round the picked shooter's weapon fires at the picked target when none is declared. */
function usualRound(ctx: BgContext, declaration: BgFireDeclaration, picked: PickedModels): Answers {
  const shooter = ctx.models.get(picked.shooter);
  const target = ctx.models.get(picked.target);
  const id = shooter && (declaration.weapon ?? usualWeapon(ctx, shooter));
  const weapon = shooter && id !== undefined ? firingWeapon(ctx, shooter, id) : undefined;
  return weapon && target && !("error" in weapon) ? { ammunition: defaultAmmunition(ctx, weapon, target) } : {};
}

export function situation(declaration: BgFireDeclaration, ctx: BgContext, history: GameHistory, picked: PickedModels): Situation {
  return {
    questions: DECLARATION.map((q) => q.id),
    fromGame: usualRound(ctx, declaration, picked),
    shooter: subject(ctx, history, picked.shooter),
    target: subject(ctx, history, picked.target),
    table: smokeLines(ctx, history),
  };
}
