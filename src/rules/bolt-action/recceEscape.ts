/**
 * A recce vehicle's escape (001 l.246): "recce vehicles may react with an escape move, as described on p.95" —
 * a page the quick reference leaves out, so the escape itself is sample practice, each of its rulings marked so:
 *  - taken by the vehicle's side in the assaulting side's step, once an enemy infantry unit has its Run order (the
 *    order it assaults with, l.26) and stands within its Run move of the vehicle, before it assaults;
 *  - only by a recce vehicle whose order die is still in the bag: the die goes to it as Down;
 *  - pinned, it must pass an order test first (2D6 against morale less its pins, as every order test here);
 *  - passed, it makes its escape move at once, up to its Advance rate, reversing at that full rate (l.96): the
 *    move verdict allows it (movement.ts) and the turn lets a Down unit move in the other side's step. Out of the
 *    assaulting unit's Run reach, the assault is refused as any assault that falls short.
 */
import type { Dice } from "../../core/dice";
import { inchesToCm } from "../../core/units";
import { modelsNamed, unitNamed } from "../context";
import type { ActionRequest, ActionResult, ActionSpec, Ruling } from "../ruleset";
import { closest } from "./closeQuarters";
import { type BaContext, pinsOn, sampleMark, unitState } from "./context";
import { rollTest } from "./dice";
import { moraleTarget } from "./morale";
import { isVehicle, profileOf } from "./profiles";
import { BaReferee } from "./referee";
import { inches, TOLERANCE } from "./sight";

export const RECCE_ESCAPE: ActionSpec = {
  id: "recce-escape",
  name: "Recce escape",
  rule: "001 l.246",
  summary: "A recce vehicle not yet ordered escapes an infantry assault: it goes Down and moves away, up to its Advance rate (sample)",
  phases: ["orders"],
  by: "unit",
  sides: "any",
  target: "enemy-unit",
  asks: [],
};

/** What a recce escape's action-taken event records: the vehicle, the assaulting unit, and whether it got away. */
export interface EscapeRecord {
  readonly vehicle: string;
  readonly from: string;
  readonly escaped: boolean;
}

/** Why the vehicle may not try to escape this unit, or undefined. */
function escapeRefusal(ctx: BaContext, vehicleId: string, assaulter: string): Ruling | undefined {
  const rule = "001 l.246";
  const practice = sampleMark(ctx, "practice");
  const vehicle = modelsNamed(ctx, vehicleId);
  if (!vehicle.some((m) => profileOf(ctx, m).vehicle?.recce)) return { reason: `${vehicleId} is no recce vehicle: only recce vehicles escape`, rule };
  const order = unitState(ctx, vehicleId).order;
  if (order) return { reason: `${vehicleId} has had its order die this turn (${order}): its die is no longer in the bag to escape with`, rule, ...practice };
  const attackers = modelsNamed(ctx, assaulter);
  if (attackers.some((m) => isVehicle(ctx, m))) return { reason: `${assaulter} is no infantry: recce vehicles escape an infantry assault`, rule };
  const state = unitState(ctx, assaulter);
  if (state.order !== "run" || state.shots?.length)
    return { reason: `${assaulter} has no Run order to assault with, or has acted on it: there is no assault to escape`, rule: "001 l.26, l.246" };
  const run = ctx.tables.movement.rates.infantry.run;
  const gap = closest(attackers, vehicle);
  if (gap > inchesToCm(run) + TOLERANCE)
    return { reason: `${assaulter} is ${inches(gap)} away, beyond its ${run}" Run move: it cannot reach ${vehicleId} to assault it`, rule: "§3.1, §5.1" };
  return undefined;
}

export function takeRecceEscape(request: ActionRequest, dice: Dice, ctx: BaContext): ActionResult {
  const vehicleId = unitNamed(ctx, request.unit!).id;
  const from = request.target!;
  const refused = escapeRefusal(ctx, vehicleId, from);
  if (refused) return { refused: [refused], rolls: [], outcomes: [], summary: `${vehicleId}: no escape` };
  const ref = new BaReferee(ctx, dice);
  const practice = sampleMark(ctx, "practice");
  const pins = pinsOn(ctx, vehicleId);
  let escaped = true;
  if (pins > 0) {
    const { target, what } = moraleTarget(ctx, vehicleId, "orderTest", pins);
    const test = rollTest(ref, ctx.tables.practice.orderTest.dice, target, `order test of ${vehicleId} to escape (${what})`, "001 l.246, §9", practice);
    escaped = test.passed;
    ref.note(
      escaped ? `${vehicleId} passes its order test and escapes` : `${vehicleId} fails its order test: it stays where it is, its die still in the bag`,
      "001 l.246",
      test.rolls,
    );
  }
  const advance = ctx.tables.movement.rates[profileOf(ctx, modelsNamed(ctx, vehicleId)[0]!).vehicle?.moves ?? "wheeled"].advance;
  if (escaped) {
    ref.setOrder(vehicleId, "down");
    ref.note(`${vehicleId} escapes ${from}'s assault: its die goes to it as Down, and it moves away up to its Advance rate, ${advance}" (sample)`, "001 l.246");
  }
  const record: EscapeRecord = { vehicle: vehicleId, from, escaped };
  return {
    rolls: ref.rolls(),
    outcomes: [],
    units: ref.unitChanges(),
    summary: escaped ? `${vehicleId} escapes ${from}'s assault (Down, an escape move of up to ${advance}")` : `${vehicleId} fails to escape ${from}'s assault`,
    details: { record, dice: ref.rolledDice(), steps: ref.steps },
  };
}
