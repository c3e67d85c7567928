/**
 * The to-hit roll (§6.1–§6.3): a d10 per die of the weapon's rate of fire, against the weapon table's
 * number for the target type, with every modifier of §6.3 added to the roll. A natural 1 always misses.
 */
import type { Modifier } from "../ruleset";
import { isV1, type Ow2Context, sampleMark } from "./context";
import type { FiringWeapon } from "./profiles";
import type { ToHitCell, WeaponProfile } from "./tables";
import type { Order } from "./types";

/** Firing within this distance of the target: +3 (§6.3). */
const POINT_BLANK = 5;
/** v2.0: HEAT weapons and anti-tank rifles within this distance of a vehicle: +1 (§6.3). */
const HEAT_CLOSE = 10;
/** The base number of a last-chance roll (§6.9). */
export const LAST_CHANCE_BASE = 11;

export type RangeBand = "too-close" | "close" | "normal" | "extreme" | "beyond";

/** A to-hit cell read: the number to hit, the penetration number of a "7/x" cell, or NE. */
export type ToHit = { readonly hit: number; readonly penetration?: number } | "NE";

export function parseToHit(cell: ToHitCell): ToHit {
  if (cell === "NE") return "NE";
  if (typeof cell === "number") return { hit: cell };
  const [hit, penetration] = cell.split("/").map(Number);
  return { hit: hit!, penetration: penetration! };
}

/** Which band a distance falls in (§6.2). HEAT has only a normal range; grenades have no close range. */
export function rangeBand(weapon: WeaponProfile, distance: number): RangeBand {
  const { close, normal, extreme } = weapon.range;
  if (weapon.minimumRange !== undefined && distance < weapon.minimumRange) return "too-close";
  if (close !== null && distance <= close) return "close";
  if (distance <= normal) return "normal";
  if (distance <= extreme) return "extreme";
  return "beyond";
}

/** Everything about one firer's shot at one target group that a to-hit modifier depends on. */
export interface Shot {
  readonly order: Order;
  readonly weapon: FiringWeapon;
  readonly band: RangeBand;
  /** Some model of the target unit is within this firer's close range: the whole unit counts as close (§6.2). */
  readonly unitInCloseRange: boolean;
  /** Edge-to-edge distance to the nearest target model of the group. */
  readonly distance: number;
  readonly spotted: boolean;
  readonly targetIsVehicle: boolean;
  /** The target stands in a trench or foxhole, or behind sandbags, and the firer is not next to them. */
  readonly targetDugIn?: "trench" | "sandbags";
  /** Exposed crew, or (v2.0) infantry carried in a vehicle, and the firer is not next to the vehicle. */
  readonly exposedTarget?: "exposed crew" | "carried infantry";
  readonly exposesToSpot: boolean;
  readonly hullWeaponBlockedByHedge: boolean;
  readonly indirect: boolean;
  readonly seenAtOrder: boolean;
  readonly targetInSmoke: boolean;
  /** v2.0 Anti-aircraft ability in the first turn against a paradropped or glider-landed unit. */
  readonly antiAircraftFirstTurn: boolean;
}

/** Every to-hit modifier that applies to the shot, each with its reason and rule (§6.3). */
export function toHitModifiers(ctx: Ow2Context, shot: Shot): Modifier[] {
  const v1 = isV1(ctx);
  const w = shot.weapon.profile;
  const heat = w.heat ?? false;
  const flame = w.flamethrower !== undefined;
  const mods: Modifier[] = [];
  const add = (value: number, reason: string, rule: string) => mods.push({ value, reason, rule, roll: "to-hit" });
  if (shot.order === "charge") add(-1, "firing under a Charge order", "§3.2, §6.3");
  if (shot.order === "ambush" && shot.unitInCloseRange && !heat) add(1, "Ambush order and the target unit within close range", "§3.2, §6.2");
  if (shot.band === "extreme" && !heat) add(-2, "target beyond normal range, within extreme range", "§6.2");
  if (shot.distance <= POINT_BLANK && !shot.indirect) add(3, `firing from within 5 cm of the target (${shot.distance.toFixed(1)} cm)`, "§6.3");
  if (shot.order === "covering-fire" && (v1 || !shot.spotted) && ctx.options.coveringFirePenalties === "to-hit-and-damage") {
    add(-1, v1 ? "Covering Fire" : "Covering Fire at a target it does not spot", "§3.2, §6.6");
  }
  if (shot.targetDugIn && !flame && (v1 ? shot.targetDugIn === "trench" : true)) {
    add(v1 ? -1 : -2, v1 ? "target in a trench" : `target in a ${shot.targetDugIn === "trench" ? "trench" : "sandbagged position"}`, "§6.3");
  }
  // INFERRED: v2.0's −3 for indirect fire at passengers replaces their −2, it is not added to it.
  if (shot.exposedTarget && (v1 ? shot.exposedTarget === "exposed crew" : !flame && !shot.indirect)) add(-2, `target is ${shot.exposedTarget}`, "§5.17, §6.3");
  if (shot.exposesToSpot) add(-1, "the vehicle exposed a crewman to spot the target during its order", "§5.7");
  if (shot.hullWeaponBlockedByHedge) add(-1, "a low hedge blocks this lower-hull weapon's own line; the vehicle sees the target", "§5.5");
  if (shot.indirect && !shot.seenAtOrder) add(-1, "indirect fire: no line of sight or not spotted when the order was given", "§9.6");
  if (shot.indirect && !v1 && shot.exposedTarget === "carried infantry") add(-3, "indirect fire at vehicle passengers", "§6.3, §9.5");
  // Which guns have a long barrel is the weapon table's word.
  if (w.longBarrel) mods.push({ value: 1, reason: "long barrel", rule: "§6.3, §17", roll: "to-hit", ...sampleMark(ctx, "weapons") });
  if (shot.targetInSmoke) add(-2, "target inside smoke", "§14.3");
  if (!v1 && (heat || w.antiTankRifle) && shot.targetIsVehicle && shot.distance <= HEAT_CLOSE)
    add(1, `${heat ? "HEAT weapon" : "anti-tank rifle"} within 10 cm of a vehicle`, "§6.3");
  if (!v1 && shot.antiAircraftFirstTurn) add(2, "Anti-aircraft ability, first turn, against a landed unit", "§17");
  return mods;
}

/** The number a d10 must reach: the base minus the modifiers (they are added to the die). */
export const needed = (base: number, modifiers: readonly Modifier[]): number => base - modifiers.reduce((s, m) => s + m.value, 0);

/** Whether a d10 hits: a natural 1 always misses (§6.1). */
export const hits = (roll: number, need: number): boolean => roll !== 1 && roll >= need;
