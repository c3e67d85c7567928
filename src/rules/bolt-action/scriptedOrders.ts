/**
 * The orders Bolt Action's simple scripted player (npm run sample-game) gives a unit, best first. A player's
 * choice, not a rule: the rules judge each order as any other (an order test with pins, FUBAR, Rally's D6).
 *  - Pinned so heavily that its order test (2D6 against morale less its pins, sample practice) passes on 7 or
 *    less (a regular unit with 2 pins): Down (001 l.29), which a failed test would leave it with anyway;
 *  - any pins: Rally (l.28), to shed D6 of them;
 *  - no enemy in sight and its goal beyond an Advance: Run (l.26), twice as far;
 *  - else Advance (l.25): move, then fire.
 */
import { cmToInches } from "../../core/units";
import { modelsNamed } from "../context";
import type { ScriptedFacts } from "../ruleset";
import { type BaContext, pinsOn } from "./context";
import { moraleTarget } from "./morale";
import { profileOf } from "./profiles";
import type { Order } from "./types";

/** The order test's total at or under which a pinned unit goes Down rather than try to Rally: a pass on 2D6 is 21 in 36 or worse. */
export const HOPELESS_TEST = 7;

export function scriptedOrders(unitId: string, ctx: BaContext, facts: ScriptedFacts): Order[] {
  const pins = pinsOn(ctx, unitId);
  if (pins > 0) return moraleTarget(ctx, unitId, "orderTest", pins).target <= HOPELESS_TEST ? ["down"] : ["rally", "down"];
  const first = modelsNamed(ctx, unitId)[0];
  const moves = (first && profileOf(ctx, first).vehicle?.moves) ?? "infantry";
  const far = facts.toGoal !== undefined && cmToInches(facts.toGoal) > ctx.tables.movement.rates[moves].advance;
  return !facts.enemyInSight && far ? ["run", "advance"] : ["advance"];
}
