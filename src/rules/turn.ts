/**
 * The turn as a rule system describes it (Ruleset.turn), and the one engine that walks any system's sequence
 * from the game log: where the game stands (`turnNow`), the step the turn bar's one button takes (`nextStep`),
 * and why an action is out of turn (`outOfTurn`), the reason a command is refused with. A system gives data
 * only: its phases in order, who acts in each, what ends it and what happens between turns.
 *
 * A game starts in free play (no turn-advanced event: moves and shots in any order, as before turns were
 * recorded); its first step is the deployment (turn 0), then each turn's phases, then its end.
 */
import type { Dice } from "../core/dice";
import type { GameEvent, GameEventOf } from "../core/game/events";
import { movesIn, sideOf, unitOf } from "../core/game/models";
import type { GameState } from "../core/game/state";
import { missionState } from "../core/mission/control";
import { earlyVictory, type MissionResult, missionResult } from "../core/mission/result";
import { missionTitle } from "../core/mission/samples";
import { inDeploymentZone } from "../core/mission/zones";
import type { Scenario } from "../core/scenario/schema";
import type { GameHistory, PhaseSpec, Ruling, TurnAction, TurnStructure } from "./ruleset";

// Its home is core/game/models.ts; operation-ww2/state.ts still imports it from here.

export const DEPLOYMENT = "deployment";

/** The deployment as a phase: both sides set up, moving their models; nothing is shot. */
export const deploymentPhase = (turn: TurnStructure): PhaseSpec => ({
  id: DEPLOYMENT,
  name: "Deployment",
  rule: turn.deployment.rule,
  acts: "all",
  allows: ["move"],
  ends: turn.deployment.reason,
});

/** A phase's name by its id, as a log line tells a step (the id where the system has no such phase). */
export const phaseNameOf = (turn: TurnStructure, id: string): string => phaseById(turn, id)?.name ?? id;

/** Where a game stands in its turn sequence. */
export interface TurnNow {
  /** No step recorded yet: free play. */
  readonly free: boolean;
  /** The turn, from 1 (0: the deployment). */
  readonly turn: number;
  /** The game's length in turns. */
  readonly of: number;
  readonly phase?: PhaseSpec;
  /** The side acting now, where one does. */
  readonly side?: string;
  readonly ended?: GameState["ended"];
}

/**
 * How many turns the game on `scenario` lasts, and the rule that says so: the battlefield's mission's limit where
 * it gives one, else the rule system's own length. A sample mission that keeps the system's length is the
 * system's rule (sourced or sample as that is), not a sample of its own.
 */
export function gameLength(turn: TurnStructure, scenario: Scenario): { readonly turns: number; readonly rule: string; readonly sample?: string } {
  const mission = scenario.mission;
  if (mission?.turns === undefined || (mission.sample && mission.turns === turn.length.turns)) return turn.length;
  const rule = `the mission ${missionTitle(mission)}`;
  return { turns: mission.turns, rule, ...(mission.sample ? { sample: `${rule}: ${mission.turns} turns is a sample` } : {}) };
}

export function turnNow(turn: TurnStructure, state: GameState): TurnNow {
  const base = { turn: state.turn, of: gameLength(turn, state.scenario).turns, ...(state.ended ? { ended: state.ended } : {}) };
  if (!state.step) return { free: true, ...base };
  return { free: false, ...base, phase: phaseById(turn, state.step.phase), ...(state.step.side !== undefined ? { side: state.step.side } : {}) };
}

function phaseById(turn: TurnStructure, id: string): PhaseSpec | undefined {
  return id === DEPLOYMENT ? deploymentPhase(turn) : turn.phases.find((p) => p.id === id);
}

/** A step that passes the device to its acting side before it is shown (PhaseSpec.hides). */
export interface HandOver {
  readonly side: string;
  /** What the step shows its side only, and the rule. */
  readonly hides: Ruling;
}

/** The hand-over the step in progress asks for, or undefined: none in free play, at the game's end, or in a step that hides nothing. */
export function handOver(turn: TurnStructure, state: GameState): HandOver | undefined {
  const now = turnNow(turn, state);
  if (now.free || now.ended || now.side === undefined || !now.phase?.hides) return undefined;
  return { side: now.side, hides: now.phase.hides };
}

/**
 * The hand-over still to be confirmed on one screen: the step's, unless its side's player already holds the
 * device (`holder`, the side of the hand-over last confirmed). A side that draws again keeps the device.
 */
export function pendingHandOver(turn: TurnStructure, state: GameState, holder: string | undefined): HandOver | undefined {
  const pass = handOver(turn, state);
  return pass && pass.side !== holder ? pass : undefined;
}

/** The battlefield's sides, in the order its forces first name them. */
export const sidesOf = (scenario: Scenario): string[] => [...new Set(scenario.forces.map((f) => f.side))];

/** Units of `side` with a model on the table. */
const unitsOf = (scenario: Scenario, side: string): number =>
  scenario.forces.filter((f) => f.side === side).reduce((n, f) => n + f.units.filter((u) => u.models.length > 0).length, 0);

/** One slot of a turn: a phase, and in player turns the side whose turn it is. */
interface Slot {
  readonly phase: PhaseSpec;
  readonly side?: string;
}

const slotsOf = (turn: TurnStructure, sides: readonly string[]): Slot[] =>
  turn.playerTurns ? sides.flatMap((side) => turn.phases.map((phase) => ({ phase, side }))) : turn.phases.map((phase) => ({ phase }));

/** The next step's event (without its time): a die is drawn from `dice` where the phase draws who acts. */
export type NextStep = Omit<GameEventOf<"turn-advanced">, "time"> | Omit<GameEventOf<"game-ended">, "time">;

/** Activations each side has left in the phase: its units on the table less the activations it has had. */
function activationsLeft(state: GameState, sides: readonly string[]): Map<string, number> {
  const had = state.step?.activations ?? {};
  return new Map(sides.map((s) => [s, Math.max(0, unitsOf(state.scenario, s) - (had[s] ?? 0))]));
}

/** The side that acts next in an alternating phase: the next one after `current` that has an activation left. */
function alternateSide(sides: readonly string[], left: ReadonlyMap<string, number>, current: string | undefined): string | undefined {
  const start = current === undefined ? 0 : sides.indexOf(current) + 1;
  for (let k = 0; k < sides.length; k++) {
    const side = sides[(start + k) % sides.length]!;
    if (left.get(side)! > 0) return side;
  }
  return undefined;
}

/**
 * The order dice in the bag, by side: one for each unit on the table without an order die (a die kept from the
 * last turn stays out), less the dice drawn in this phase that no unit took (spent) and the one drawn now and
 * not yet given. `units`: the units' orders as the step being taken leaves them (a new turn returns the dice).
 */
function diceInBag(state: GameState, sides: readonly string[], units: GameState["units"] = state.units): Map<string, number> {
  const step = state.step;
  const without = (side: string) =>
    state.scenario.forces
      .filter((f) => f.side === side)
      .reduce((n, f) => n + f.units.filter((u) => u.models.length > 0 && units[u.id]?.order === undefined).length, 0);
  const notGiven = (side: string) => (step?.activations[side] ?? 0) - (step?.orders?.[side] ?? 0);
  return new Map(sides.map((s) => [s, Math.max(0, without(s) - notGiven(s))]));
}

/** The units' orders once a turn ends: only the `kept` orders stay. */
const keptOrders = (units: GameState["units"], kept: readonly string[]): GameState["units"] =>
  Object.fromEntries(Object.entries(units).filter(([, u]) => u.order !== undefined && kept.includes(u.order)));

/** An order die drawn from the bag: each side's chance is its share of the dice in it. */
function drawnSide(
  sides: readonly string[],
  left: ReadonlyMap<string, number>,
  dice: Dice,
): { side: string; rolls: GameEventOf<"turn-advanced">["rolls"] } | undefined {
  const total = [...left.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return undefined;
  const bag = sides.map((s) => `${left.get(s)} ${s}`).join(", ");
  const value = total === 1 ? undefined : dice.roll(total, `order die drawn from the bag (${bag})`);
  let n = value ?? 1;
  const side = sides.find((s) => (n -= left.get(s)!) <= 0)!;
  return { side, rolls: value === undefined ? [] : [{ ...dice.rolls[dice.rolls.length - 1]! }] };
}

/** What the end of a turn does, as its event records it: the orders kept, and whether the pins lapse. */
export const turnEnd = (turn: TurnStructure): { kept: string[]; pinsLapse?: true } => ({
  kept: [...turn.keptAtTurnEnd],
  ...(turn.pinsLapseAtTurnEnd ? { pinsLapse: true as const } : {}),
});

/** A step that ends no turn. */
const NO_TURN_END = { kept: [] };

/**
 * The sides in the order they take `phase`'s activations: the battlefield's, from the side the game made first
 * in it (TurnStructure.firstSide: an initiative won) where the system says so.
 */
function sidesIn(turn: TurnStructure, phase: string, sides: readonly string[], history: GameHistory): readonly string[] {
  const first = turn.firstSide?.(phase, history);
  const at = first === undefined ? -1 : sides.indexOf(first);
  return at <= 0 ? sides : [...sides.slice(at), ...sides.slice(0, at)];
}

/** The first activation of `phase` (or none where it has no activations, or nobody is left to act); `ending`: the turn it ends, if any. */
function entering(turn: TurnStructure, slot: Slot, turnNumber: number, history: GameHistory, dice: Dice, ending: ReturnType<typeof turnEnd>): NextStep {
  const { state } = history;
  const sides = sidesOf(state.scenario);
  const base = { type: "turn-advanced" as const, turn: turnNumber, phase: slot.phase.id, ...ending, rolls: [] };
  if (slot.side !== undefined) return { ...base, side: slot.side };
  // A new phase: every unit has its activation to come.
  const fresh: GameState = { ...state, step: { phase: slot.phase.id, activations: {} } };
  if (slot.phase.acts === "alternate") {
    const order = sidesIn(turn, slot.phase.id, sides, history);
    const side = alternateSide(order, activationsLeft(fresh, order), undefined);
    return side === undefined ? base : { ...base, side };
  }
  if (slot.phase.acts === "drawn") {
    const drawn = drawnSide(sides, diceInBag(fresh, sides, turnNumber === state.turn ? state.units : keptOrders(state.units, ending.kept)), dice);
    return drawn ? { ...base, ...drawn } : base;
  }
  return base;
}

/**
 * The step after where the game stands: the deployment from free play; the next activation of an alternating
 * or drawn phase while a unit is left to act; the next phase; the next turn (the between-turn steps applied by
 * the fold, `kept` orders staying out of the bag); after the last phase of the last turn, the game's end.
 * `events`: the game's events so far, which a system that decides who acts first (TurnStructure.firstSide) reads.
 */
export function nextStep(turn: TurnStructure, state: GameState, dice: Dice, events: readonly GameEvent[] = []): NextStep {
  const history: GameHistory = { events, state };
  const sides = sidesOf(state.scenario);
  if (!state.step) return { type: "turn-advanced", turn: 0, phase: DEPLOYMENT, kept: [], rolls: [] };
  const slots = slotsOf(turn, sides);
  if (state.step.phase === DEPLOYMENT) return entering(turn, slots[0]!, 1, history, dice, NO_TURN_END);
  const early = missionEndsEarly(state);
  if (early) return { type: "game-ended", reason: early.reason, ...(early.winner !== undefined ? { winner: early.winner } : {}) };
  const phase = phaseById(turn, state.step.phase);
  if (phase?.acts === "alternate") {
    const order = sidesIn(turn, phase.id, sides, history);
    const side = alternateSide(order, activationsLeft(state, order), state.step.side);
    if (side !== undefined) return { type: "turn-advanced", turn: state.turn, phase: phase.id, side, kept: [], rolls: [] };
  }
  if (phase?.acts === "drawn") {
    const drawn = drawnSide(sides, diceInBag(state, sides), dice);
    if (drawn) return { type: "turn-advanced", turn: state.turn, phase: phase.id, kept: [], ...drawn };
  }
  const at = slots.findIndex((s) => s.phase.id === state.step!.phase && (s.side === undefined || s.side === state.step!.side));
  if (at + 1 < slots.length) return entering(turn, slots[at + 1]!, state.turn, history, dice, NO_TURN_END);
  const length = gameLength(turn, state.scenario).turns;
  if (state.turn >= length) {
    const outcome = missionOutcome(state.scenario);
    const played = `turn ${state.turn} of ${length} played`;
    return {
      type: "game-ended",
      reason: outcome ? `${played}: ${outcome.reason}` : played,
      ...(outcome?.winner !== undefined ? { winner: outcome.winner } : {}),
    };
  }
  return entering(turn, slots[0]!, state.turn + 1, history, dice, turnEnd(turn));
}

/** What the turn bar's button says it does: the step `nextStep` takes (from the same `events`), in words. */
export function nextStepLabel(turn: TurnStructure, state: GameState, events: readonly GameEvent[] = []): string {
  if (!state.step) return "Start the game: deployment";
  if (state.step.phase === DEPLOYMENT) return "Deployment done: turn 1";
  if (missionEndsEarly(state)) return "End the game";
  const sides = sidesOf(state.scenario);
  const phase = phaseById(turn, state.step.phase);
  const left = activationsLeft(state, sides);
  const history: GameHistory = { events, state };
  if (phase?.acts === "alternate") {
    const side = alternateSide(sidesIn(turn, phase.id, sides, history), left, state.step.side);
    if (side !== undefined) return side === state.step.side ? `Next activation: ${side}` : `Pass to ${side}`;
  }
  if (phase?.acts === "drawn" && [...diceInBag(state, sides).values()].some((n) => n > 0)) return "Draw the next order die";
  const slots = slotsOf(turn, sides);
  const at = slots.findIndex((s) => s.phase.id === state.step!.phase && (s.side === undefined || s.side === state.step!.side));
  const next = slots[at + 1];
  if (next) {
    if (next.side !== undefined && next.side !== state.step.side) return `End ${possessive(state.step.side ?? "")} turn: ${next.side}`;
    // A side the game made first (an initiative won) is named: the turn bar says who gives the first order.
    const first =
      next.phase.acts === "alternate" && turn.firstSide?.(next.phase.id, history) !== undefined
        ? alternateSide(
            sidesIn(turn, next.phase.id, sides, history),
            activationsLeft({ ...state, step: { phase: next.phase.id, activations: {} } }, sides),
            undefined,
          )
        : undefined;
    return first === undefined ? `Next: ${next.phase.name}` : `Next: ${next.phase.name}, ${first} first`;
  }
  return state.turn >= gameLength(turn, state.scenario).turns ? "End the game" : `End turn ${state.turn}`;
}

/**
 * What a player does with an event, and which models or units act in it; undefined for events the turn does not
 * order. A turret traversed belongs to no phase (it is laid for a shot as well as turned on the move), but only the
 * acting side traverses.
 */
function actionOf(event: GameEvent): { action?: TurnAction; actors: readonly string[] } | undefined {
  switch (event.type) {
    case "turret-traversed":
      return { actors: [event.model] };
    case "model-moved":
      return { action: "move", actors: [event.model] };
    case "models-moved":
      return { action: "move", actors: event.moves.map((m) => m.model) };
    case "fire-resolved":
      return { action: "fire", actors: [event.shooter] };
    case "order-given":
      return { action: "order", actors: [event.unit] };
    // A system's own action is checked against its spec where it is taken (src/worker/action.ts): its phases, and
    // whether only the acting side takes it (ActionSpec.sides).
    default:
      return undefined;
  }
}

const ACTION_WORDS: Record<TurnAction, string> = { move: "moving", fire: "shooting", order: "giving orders" };

/** Why `side` must wait in the step in progress (another side acts in it), with the rule; undefined where it may act. */
export function notActing(turn: TurnStructure, state: GameState, side: string): string | undefined {
  const phase = state.step && phaseById(turn, state.step.phase);
  const acting = state.step?.side;
  if (!phase || phase.acts === "all" || acting === undefined || acting === side) return undefined;
  return `${whoseTurn(phase, acting)}: ${side} must wait`;
}

/** Whose activation it is, in the phase's words. */
function whoseTurn(phase: PhaseSpec, side: string): string {
  if (phase.acts === "drawn") return `the order die drawn is ${possessive(side)} (${phase.rule})`;
  if (phase.acts === "player") return `it is ${possessive(side)} turn (${phase.rule})`;
  return `it is ${possessive(side)} activation (${phase.rule})`;
}

/** "Germany's", "the Americans'". */
export const possessive = (name: string): string => (name.endsWith("s") ? `${name}'` : `${name}'s`);

/**
 * Why a model of `side` may not be set down at `point` in the deployment, naming the zone; undefined where it
 * may: in one of its side's zones, or anywhere where the battlefield's mission gives the side no zone.
 */
export function deploymentRefusal(state: GameState, side: string, point: readonly [number, number]): string | undefined {
  const mission = state.scenario.mission;
  if (!mission?.zones.some((z) => z.side === side) || inDeploymentZone(mission, side, [point[0], point[1]])) return undefined;
  const at = `(${point[0].toFixed(1)}, ${point[1].toFixed(1)}) cm`;
  return `${side} deploy in ${possessive(side)} deployment zone (${missionTitle(mission)}): ${at} is outside it`;
}

/** The mission's outcome on the table as it stands (scores, control, winner), or undefined for a battlefield without one. */
export function missionOutcome(scenario: Scenario): MissionResult | undefined {
  return scenario.mission && missionResult(scenario.mission, missionState(scenario));
}

/** The outcome where a condition that ends the game at once (an exit) holds now, in a turn of the game. */
function missionEndsEarly(state: GameState): MissionResult | undefined {
  const mission = state.scenario.mission;
  if (!mission || !state.step || state.step.phase === DEPLOYMENT) return undefined;
  return earlyVictory(mission, missionState(state.scenario));
}

/**
 * Whether every actor's unit holds an order under which it fires (or moves) out of turn
 * (TurnStructure.firesOutOfTurnUnder, movesOutOfTurnUnder), in reaction to the step's unit: in a drawn step, once
 * that unit has taken its die.
 */
function reacts(under: readonly string[], state: GameState, phase: PhaseSpec, actors: readonly string[]): boolean {
  return (
    under.length > 0 &&
    (phase.acts !== "drawn" || state.step?.ordered !== undefined) &&
    actors.every((id) => {
      const order = state.units[unitOf(state.scenario, id) ?? id]?.order;
      return order !== undefined && under.includes(order);
    })
  );
}

/**
 * A drawn order die goes to one unit of its side, which then acts on it (001 l.11–14 for Bolt Action): a second
 * order on the same die is refused, and so is a move or a shot before the die is given or by another unit.
 */
function oneUnitADie(state: GameState, phase: PhaseSpec, side: string, action: TurnAction | undefined, actors: readonly string[]): string | undefined {
  const given = state.step?.ordered;
  if (action === "order") return given === undefined ? undefined : `the order die drawn went to ${given}: one unit a die (${phase.rule}); draw the next die`;
  if (action !== "move" && action !== "fire") return undefined;
  const words = ACTION_WORDS[action];
  if (given === undefined) return `give the order die drawn to one of ${possessive(side)} units before ${words} (${phase.rule})`;
  const other = actors.map((id) => unitOf(state.scenario, id)).find((u) => u !== undefined && u !== given);
  return other === undefined ? undefined : `the order die drawn went to ${given}: ${other} waits for a die of its own (${phase.rule})`;
}

/**
 * Why `event` is out of turn in `state`, with the rule behind it, or undefined: free play allows anything; an
 * action the phase does not allow, one by a side that is not acting, and a move out of its deployment zone are refused.
 */
export function outOfTurn(turn: TurnStructure, state: GameState, event: GameEvent): string | undefined {
  if (!state.step) return undefined;
  const acted = actionOf(event);
  if (!acted) return undefined;
  const phase = phaseById(turn, state.step.phase);
  if (!phase) return undefined;
  const action = acted.action;
  if (action !== undefined && !phase.allows.includes(action)) {
    const where = turn.phases.find((p) => p.allows.includes(action));
    const now = phase.id === DEPLOYMENT ? "the deployment: the game has not begun" : `the ${phase.name} (${phase.rule})`;
    return where
      ? `${ACTION_WORDS[action]} comes in the ${where.name} (${where.rule}), not ${now}`
      : `${ACTION_WORDS[action]} is no part of this game's turn, and it is ${now}`;
  }
  // A unit in Ambush fires in the other side's step (TurnStructure.firesOutOfTurnUnder); one that escapes moves in it
  // (movesOutOfTurnUnder), the system's move verdict judging whether it may.
  if (action === "fire" && reacts(turn.firesOutOfTurnUnder ?? [], state, phase, acted.actors)) return undefined;
  if (action === "move" && reacts(turn.movesOutOfTurnUnder ?? [], state, phase, acted.actors)) return undefined;
  const other = acted.actors.map((id) => sideOf(state.scenario, id)).find((s) => s !== undefined && s !== state.step!.side);
  const waits = other === undefined ? undefined : notActing(turn, state, other);
  if (waits) return waits;
  const acting = state.step.side;
  if (phase.acts === "drawn" && acting !== undefined) {
    const refusal = oneUnitADie(state, phase, acting, action, acted.actors);
    if (refusal) return refusal;
  }
  if (phase.id === DEPLOYMENT && (event.type === "model-moved" || event.type === "models-moved")) {
    for (const m of movesIn(event)) {
      const side = sideOf(state.scenario, m.model);
      const refusal = side === undefined ? undefined : deploymentRefusal(state, side, m.to.position);
      if (refusal) return refusal;
    }
  }
  return undefined;
}
