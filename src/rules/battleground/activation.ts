/**
 * A unit's activation (002 l.107–111, 235–241): a Bonus Move and a Standard Action. The sheet does not give the
 * deck or the order of play, so which steps of the turn an activation spans is the option `activation` (the
 * sample default: each step of the turn bar is one unit's activation, the first unit of the acting side that
 * moves or acts in it). From the log: the step of this turn each unit first acted in, and each model's move
 * actions; from them, why a model may not move now (its activation over, another unit's activation, its two
 * move actions made, Pinned's lost bonus action, Suppressed, immobilised).
 */
import { footprintDistance } from "../../core/footprint";
import type { GameEvent } from "../../core/game/events";
import { unitsById } from "../../core/game/models";
import { changesPosition, turnStart } from "../../core/game/state";
import { segmentsDistance } from "../../core/geometry2d";
import { isLinear } from "../../core/scenario/schema";
import { inchesToCm } from "../../core/units";
import { type ModelFacts, modelsNamed } from "../context";
import type { GameHistory, Ruling } from "../ruleset";
import { DEPLOYMENT } from "../turn";
import { immobilisationRefusal } from "./bogging";
import { type BgContext, CONTACT, hasMarker, MARKERS, modelState } from "./context";
import { isVehicle } from "./profiles";
import { END_PHASE } from "./turn";
import type { BgActivations } from "./types";

/**
 * Tests the rules call for whatever activation it is: the immobilisation test of a move through # (the
 * opponent picks its moment, l.54) and the Morale tests of a crew or after losses; and Pinned lifted once an
 * activation is over (l.240–241). They take no activation.
 */
export const REACTIONS: readonly string[] = ["immobilisation-test", "morale-test", "pin-lapse"];

/** The models or units an event acts with in an activation: its moves, its shot, its action (not a reaction). */
function actorsOf(event: GameEvent): readonly string[] {
  if (event.type === "model-moved") return changesPosition(event) ? [event.model] : [];
  if (event.type === "models-moved") return event.moves.filter(changesPosition).map((m) => m.model);
  if (event.type === "fire-resolved") return [event.shooter];
  if (event.type === "action-taken" && event.unit !== undefined && !REACTIONS.includes(event.action)) return [event.unit];
  return [];
}

/** The models an event Pins (a shot's, a test's outcomes). */
const pinnedBy = (event: GameEvent): readonly string[] =>
  event.type === "fire-resolved" || event.type === "action-taken" ? event.outcomes.filter((o) => o.effect === "pinned").map((o) => o.model) : [];

/**
 * This turn's step now (0 the turn's first: each later turn-advanced of the turn one more), the step each
 * unit first acted in and each model was last Pinned in, and whether the turn's activations are over;
 * undefined in free play and the deployment, where nothing is activated.
 */
export function activationsOf(history: GameHistory): BgActivations | undefined {
  const now = history.state.step;
  if (!now || now.phase === DEPLOYMENT) return undefined;
  const unitOf = unitsById(history.state.scenario);
  const units: Record<string, number> = {};
  const pinnedIn: Record<string, number> = {};
  let step = 0;
  for (const e of history.events.slice(turnStart(history.events))) {
    if (e.type === "turn-advanced") step++;
    for (const actor of actorsOf(e)) {
      const unit = unitOf.get(actor);
      if (unit !== undefined && !Object.hasOwn(units, unit)) units[unit] = step;
    }
    for (const model of pinnedBy(e)) pinnedIn[model] = step;
  }
  return { step, units, ...(Object.keys(pinnedIn).length ? { pinnedIn } : {}), ...(now.phase === END_PHASE ? { ending: true as const } : {}) };
}

/**
 * The Pinned models whose state lapses now, by unit: Pinned "is removed once the unit's activation is over"
 * (l.240–241). Under the sample default, those of a unit whose activation this turn has ended and that were
 * Pinned before it ended (one Pinned after it stays Pinned through its next turn's activation); at the turn's
 * end, those of a unit that neither moved nor acted this turn (its activation passed without either, sample
 * reading). Under whole-turn, every Pinned model at the turn's end (the activation is the turn). None in free
 * play: there the players take the Pinned lifts action when a unit's activation ends.
 */
export function pinsLapsing(ctx: BgContext): Map<string, ModelFacts[]> {
  const lapsing = new Map<string, ModelFacts[]>();
  const a = ctx.game.activations;
  if (!a) return lapsing;
  for (const m of ctx.models.values()) {
    if (!m.pinned) continue;
    const own = a.units[m.unitId];
    const over = ctx.options.activation === "whole-turn" || own === undefined ? a.ending === true : own < a.step && (a.pinnedIn?.[m.id] ?? -1) <= own;
    if (over) lapsing.set(m.unitId, [...(lapsing.get(m.unitId) ?? []), m]);
  }
  return lapsing;
}

const SAMPLE_READING = "option activation: one unit's activation a step of the turn, a sample: the sheet gives no order of play";

/** Why the unit of `m` may not act now under the step-by-step reading, or undefined. */
function stepRefusal(ctx: BgContext, m: ModelFacts): Ruling | undefined {
  const a = ctx.game.activations;
  if (!a || ctx.options.activation !== "unit-per-step") return undefined;
  const own = a.units[m.unitId];
  if (own !== undefined && own < a.step) return { reason: `${m.unitId} has had its activation this turn (${SAMPLE_READING})`, rule: "002 l.107–111" };
  const other = Object.entries(a.units).find(([unit, at]) => at === a.step && unit !== m.unitId && ctx.units.get(unit)?.side === m.side);
  if (other) return { reason: `this activation is ${other[0]}'s: ${m.unitId} waits for its own (${SAMPLE_READING})`, rule: "002 l.107–111" };
  return undefined;
}

/** Move actions a model has in its activation: the Bonus Move and the Standard Action's move (l.107–111), less what its state takes. */
export function moveActionsAllowed(ctx: BgContext, m: ModelFacts): { readonly actions: number; readonly why: Ruling } {
  const s = modelState(ctx, m.id);
  if (s.rallied) {
    return s.rallied === "bonus-move"
      ? { actions: 1, why: { reason: `${m.id} rallied with a 1: it has a Bonus Move this turn`, rule: "002 l.236–237" } }
      : { actions: 0, why: { reason: `${m.id} spent its activation rallying from Suppression`, rule: "002 l.235–236" } };
  }
  if (m.pinned) return { actions: 1, why: { reason: `${m.id} is Pinned: it loses its bonus action, one move action left`, rule: "002 l.239" } };
  if (s.charge?.morale === "failed")
    return { actions: 1, why: { reason: `${m.id} failed its Morale test before a charge: it lost its Standard Action`, rule: "002 l.248–249" } };
  return { actions: 2, why: { reason: "an activation has two move actions: the Bonus Move and the Standard Action", rule: "002 l.107–111" } };
}

/**
 * Whether a model of `unit` reached `target` (l.251–253, 268–271), measured in plan footprint to footprint:
 * bases in contact as close combat has it (CONTACT), or touching across the walls and hedges between them; a
 * vehicle within the reach of its attack (2", l.270).
 */
export function chargeReaches(ctx: BgContext, unit: string, target: string): boolean {
  const targets = modelsNamed(ctx, target);
  const vehicles = targets.length > 0 && targets.every((t) => isVehicle(ctx, t));
  const reach = (a: ModelFacts, t: ModelFacts) => (vehicles ? inchesToCm(ctx.tables["close-combat"].vehicle.reach) : CONTACT + wallsBetween(ctx, a, t));
  return modelsNamed(ctx, unit).some((a) => targets.some((t) => footprintDistance(a.footprint, t.footprint) <= reach(a, t)));
}

/** The thickness of the walls and hedges between two models: each linear feature crossing the line of their centres. */
const wallsBetween = (ctx: BgContext, a: ModelFacts, b: ModelFacts): number =>
  [...ctx.terrain.values()]
    .filter(isLinear)
    .filter((f) => f.path.some((p, i) => i > 0 && segmentsDistance(a.position, b.position, f.path[i - 1]!, p) <= f.thickness / 2))
    .reduce((sum, f) => sum + f.thickness, 0);

/**
 * Where the charge of `m`'s unit stands (l.245–253): undefined without a passed Morale test before one;
 * "to-move" before its charge move; after it, "in-contact" where it reached the unit charged, else "short".
 */
export function chargeStage(ctx: BgContext, m: ModelFacts): "to-move" | "in-contact" | "short" | undefined {
  const charge = modelState(ctx, m.id).charge;
  if (charge?.morale !== "passed" || charge.target === undefined || !ctx.units.has(charge.target)) return undefined;
  if (!charge.moved) return "to-move";
  return chargeReaches(ctx, m.unitId, charge.target) ? "in-contact" : "short";
}

/** Why `m` moves no more after its unit's charge move (l.245–253), or undefined. */
function chargeMade(ctx: BgContext, m: ModelFacts): Ruling | undefined {
  const stage = chargeStage(ctx, m);
  if (stage === "short") return chargeFellShort(ctx, m);
  if (stage === "in-contact")
    return {
      reason: `${m.unitId} charged into contact with ${modelState(ctx, m.id).charge!.target}: its Standard Action is the attack (Close combat)`,
      rule: "002 l.245–246",
    };
  return undefined;
}

/** The ruling on a charge that fell short (l.252–253): it stopped after its full move and lost its Standard Action. */
export const chargeFellShort = (ctx: BgContext, m: ModelFacts): Ruling => ({
  reason: `${m.unitId}'s charge at ${modelState(ctx, m.id).charge?.target} fell short: it stopped after a full move and lost its Standard Action`,
  rule: "002 l.252–253",
});

/** Why `m` may not make another move now, with the rule, or undefined: its state first, then the activations. */
export function moveRefusal(ctx: BgContext, m: ModelFacts): Ruling | undefined {
  if (hasMarker(m, MARKERS.abandoned)) return { reason: `${m.id} was abandoned by its crew`, rule: "002 l.232" };
  if (hasMarker(m, MARKERS.immobilised)) return { reason: `${m.id} is immobilised to the end of the game`, rule: "002 l.230–231" };
  if (hasMarker(m, MARKERS.bogged))
    return { reason: `${m.id} is bogged down: its next action starts with an unbogging test (the immobilisation test)`, rule: "002 l.56–57" };
  if (hasMarker(m, MARKERS.suppressed)) return { reason: `${m.id} is Suppressed: in its activation it may only try to rally`, rule: "002 l.235–236" };
  const charged = chargeMade(ctx, m);
  if (charged) return charged;
  const step = stepRefusal(ctx, m) ?? immobilisationRefusal(ctx, m);
  if (step) return step;
  const made = modelState(ctx, m.id).moveActions ?? 0;
  const allowed = moveActionsAllowed(ctx, m);
  if (made >= allowed.actions)
    return { reason: `${m.id} has made ${made} of its ${allowed.actions} move action(s) this activation: ${allowed.why.reason}`, rule: allowed.why.rule };
  return undefined;
}

/**
 * Why `m` may not take `action` (a shot, close combat, an action's id) now: another unit's activation, its own
 * already over, or an immobilisation test due; a reaction (REACTIONS) is taken whenever the rules call for it.
 */
export const actionRefusal = (ctx: BgContext, m: ModelFacts, action: string): Ruling | undefined =>
  REACTIONS.includes(action) || !ctx.game.activations ? undefined : (stepRefusal(ctx, m) ?? immobilisationRefusal(ctx, m));
