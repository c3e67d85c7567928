/**
 * Spotting (§5.6–§5.8, §15): a target is spotted when it is no farther than the spotting table's distance
 * for its type, state and cover (day or night column), changed by who spots and who is spotted. One model
 * within that distance spots the whole unit (vehicles and the infantry they carry are spotted apart).
 */
import type { ModelFacts } from "../context";
import type { Modifier, Ruling } from "../ruleset";
import { modelState, type Ow2Context, sampleMark, unitState } from "./context";
import { isLit, usesSearchlight } from "./night";
import { isSniper, isVehicle, targetTypeOf } from "./profiles";
import { ARMOURED_TYPES, type SpottingState } from "./types";

/** A searchlight unit is spotted by every unit within this distance (§15.2). */
const SEARCHLIGHT_SPOTTED_WITHIN = 200;

export interface SpottingDistance {
  /** The farthest a spotter sees this target, cm. */
  readonly distance: number;
  readonly base: number;
  readonly modifiers: readonly Modifier[];
  readonly rulings: readonly Ruling[];
}

export interface SpottingQuestion {
  readonly spotter: ModelFacts;
  readonly target: ModelFacts;
  readonly targetInCover: boolean;
  /** The spotting vehicle exposes a crewman for this order (§5.7). */
  readonly exposesToSpot?: boolean;
}

/** Whether an armoured vehicle spots without an exposed, standing commander (−25 cm, §5.7). */
function buttonedUp(ctx: Ow2Context, spotter: ModelFacts, exposesToSpot: boolean): boolean {
  if (!ARMOURED_TYPES.includes(targetTypeOf(ctx, spotter))) return false;
  return spotter.pinned || !(modelState(ctx, spotter.id).commanderExposed || exposesToSpot);
}

export function spottingDistance(ctx: Ow2Context, q: SpottingQuestion): SpottingDistance {
  const { spotter, target } = q;
  const targetUnit = unitState(ctx, target.unitId);
  const state: SpottingState = targetUnit.spottingState ?? "stationary";
  const kind = isVehicle(ctx, target) && !(targetTypeOf(ctx, target) === "motorbike" && state === "stationary") ? "vehicle" : "infantry";
  const sniperTarget = isSniper(ctx, target);
  const lit = isLit(ctx, target.unitId);
  const time = sniperTarget || (ctx.night && !lit) ? "night" : "day";
  const base = ctx.tables.spotting[kind][time][state][q.targetInCover ? "cover" : "open"];
  const rulings: Ruling[] = [
    {
      reason: `spotting table: ${kind}, ${state}, ${q.targetInCover ? "in cover" : "in the open"}, ${time} = ${base} cm${time === "day" && ctx.night ? " (lit: day values)" : ""}`,
      rule: "§5.6, §5.8",
      ...sampleMark(ctx, "spotting"),
    },
  ];
  if (sniperTarget && !ctx.night) rulings.push({ reason: "a sniper is spotted only with the night values, even by day", rule: "§6.10, §17" });
  const modifiers: Modifier[] = [];
  const add = (value: number, reason: string, rule: string) => modifiers.push({ value, reason, rule, roll: "spotting" });
  if (buttonedUp(ctx, spotter, q.exposesToSpot ?? false))
    add(-25, `${spotter.id} is an armoured vehicle whose commander is ${spotter.pinned ? "pinned" : "not exposed"}`, "§5.7");
  if (unitState(ctx, spotter.unitId).observationPost) add(10, `${spotter.id}'s unit is an observation post`, "§9.8");
  if (isSniper(ctx, spotter)) add(10, `${spotter.id} is a sniper`, "§6.10, §17");
  if (sniperTarget && ctx.night) add(-5, `${target.id} is a sniper, at night`, "§6.10, §17");
  let distance = Math.max(0, base + modifiers.reduce((s, m) => s + m.value, 0));
  if (usesSearchlight(ctx, target.unitId) && distance < SEARCHLIGHT_SPOTTED_WITHIN) {
    distance = SEARCHLIGHT_SPOTTED_WITHIN;
    rulings.push({ reason: "its unit uses a searchlight: every unit within 200 cm spots it", rule: "§15.2" });
  }
  return { distance, base, modifiers, rulings };
}

/** Targets are spotted by kind: a transport and the infantry it carries are spotted separately (§5.8, §10.2). */
export const spottingGroup = (ctx: Ow2Context, m: ModelFacts): string => `${m.unitId}:${isVehicle(ctx, m) ? "vehicles" : "infantry"}`;
