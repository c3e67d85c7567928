/**
 * Bicycles (000 l.166–177): infantry that rides moves 15 cm slow, 25 fast and 20 charging (l.169–173) and
 * crosses terrain as a motorbike (l.177). Getting on or off costs a model 5 cm and is done only in a slow move
 * (l.168); the bicycles left behind may be ridden again later (l.175). A model rides where its profile has the
 * "bicycle" property until its unit gets off (the play's `bicycles`, from the "bicycles" action).
 */
import type { ModelFacts } from "../context";
import type { Ruling } from "../ruleset";
import type { Ow2Context } from "./context";
import { hasProperty, isVehicle } from "./profiles";

/** What getting on or off costs a model (cm, 000 l.168). */
export const BICYCLE_SWITCH_COST = 5;

/** Whether the unit's models came with bicycles (the profile's "bicycle" property). */
const hasBicycles = (ctx: Ow2Context, m: ModelFacts): boolean => !isVehicle(ctx, m) && hasProperty(ctx, m, "bicycle");

export const ridesBicycle = (ctx: Ow2Context, m: ModelFacts): boolean => ctx.game.play?.bicycles?.[m.unitId]?.riding ?? hasBicycles(ctx, m);

/** The unit got on or off its bicycles this turn: the move pays for it and is slow (000 l.168). */
export const switchedBicycleNow = (ctx: Ow2Context, unit: string): boolean => ctx.game.play?.bicycles?.[unit]?.turn === ctx.turn;

/** Why `unit` may not get on or off its bicycles now, or undefined. */
export function bicycleRefusal(ctx: Ow2Context, unit: string, models: readonly ModelFacts[]): Ruling | undefined {
  if (!models.length || !models.some((m) => hasBicycles(ctx, m) || ctx.game.play?.bicycles?.[unit] !== undefined))
    return { reason: `${unit} has no bicycles`, rule: "000 l.166–168" };
  if (switchedBicycleNow(ctx, unit)) return { reason: `${unit} got on or off its bicycles this turn`, rule: "000 l.168" };
  const order = ctx.game.play?.ordered[unit];
  if (order !== "move" && order !== "charge") return { reason: `${unit} gets on or off in a move: it needs a Move or Charge order`, rule: "000 l.147, l.168" };
  return undefined;
}
