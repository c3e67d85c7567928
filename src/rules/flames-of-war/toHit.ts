/**
 * The score to hit (§2.7) and the number of dice (§1.3): the target's training and concealment, the
 * long-range band, the ROF-1 case, and the national rules that change them.
 */
import type { ModelFacts } from "../context";
import type { Modifier, Ruling } from "../ruleset";
import { type FowContext, isVehicle, modelState, type ResolvedWeapon, sampleMark, teamOf, trainingOf } from "./context";
import { SOURCE_CM, sourcePair } from "./distances";
import type { FowSight } from "./sight";

export interface ToHit {
  readonly need: number;
  readonly concealed: boolean;
  readonly goneToGround: boolean;
  readonly modifiers: readonly Modifier[];
  readonly rulings: readonly Ruling[];
}

export interface DiceCount {
  readonly dice: number;
  /** The firer's ROF after moving, pinning or secondary-weapon limits: 1 brings the +1 of §2.7. */
  readonly effectiveRof: number;
  readonly canFire: boolean;
  readonly rulings: readonly Ruling[];
}

/** Whether the target has Gone to Ground: stationary, silent, out of assaults, and Concealed (§2.6). */
export function goneToGround(ctx: FowContext, target: ModelFacts, concealed: boolean): boolean {
  const s = modelState(ctx, target.id);
  return concealed && !s.moved && !s.shot && !s.assaulted;
}

const isMainGun = (weapon: ResolvedWeapon): boolean => weapon.table === "weapons";

/** ROF after moving or pinning (§1.3); the platoon's easiest target decides Tally Ho!'s 16"/40 cm and At Double. */
export function diceCount(ctx: FowContext, firer: ModelFacts, weapon: ResolvedWeapon, easiest: { target: ModelFacts; range: number } | undefined): DiceCount {
  const rulings: Ruling[] = [];
  const team = teamOf(ctx, firer);
  const state = modelState(ctx, firer.id);
  const tallyHo = ctx.options.tallyHo && isVehicle(team);
  if (tallyHo && state.atDouble)
    return { dice: 0, effectiveRof: 0, canFire: false, rulings: [{ reason: `${firer.id} moved At Double: Tally Ho! weapons cannot fire`, rule: "§6.2" }] };
  let rof = weapon.rof;
  rulings.push({ reason: `${weapon.name}: ROF ${rof}`, rule: "§1.1", ...sampleMark(ctx, weapon.table) });
  if (isVehicle(team) && team.primary !== undefined && weapon.mount !== team.primary) {
    rof = 1;
    rulings.push({ reason: `not the vehicle's primary weapon: ROF 1 whether it moved or not`, rule: "§1.3" });
  }
  const pinned = firer.pinned && ctx.options.pinnedRof === "halved";
  const tallyHoInRange = tallyHo && easiest !== undefined && easiest.range <= SOURCE_CM.longRange;
  if ((state.moved || pinned) && rof > 1) {
    if (weapon.fullRofMoving) rulings.push({ reason: `${weapon.name} keeps its full ROF after moving`, rule: "§1.3" });
    else if (tallyHoInRange && state.moved && !pinned)
      rulings.push({ reason: `Tally Ho!: no ROF penalty for moving at up to ${sourcePair(SOURCE_CM.longRange)}`, rule: "§6.2" });
    else {
      rof = Math.floor(rof / 2);
      rulings.push({ reason: `${state.moved ? "moved" : "Pinned Down"}: ROF halved, rounded down, to ${rof}`, rule: "§1.3" });
    }
  } else if (state.moved || pinned) {
    if (ctx.options.rofOneAfterMoving === "halved-to-zero" && !weapon.fullRofMoving) {
      rof = 0;
      rulings.push({ reason: `ROF 1 halved and rounded down is 0: no dice (option rofOneAfterMoving)`, rule: "§1.3, §8.2" });
    } else rulings.push({ reason: `ROF 1 after ${state.moved ? "moving" : "pinning"}: still one die, at +1 to hit`, rule: "§1.3, §8.2" });
  }
  const effectiveRof = rof;
  let dice = rof;
  if (easiest && modelState(ctx, easiest.target.id).atDouble) {
    dice *= 2;
    rulings.push({ reason: `${easiest.target.id} moved At Double: double dice`, rule: "§1.3" });
  }
  return { dice, effectiveRof, canFire: dice > 0, rulings };
}

/** The score a firer needs against one target model, from one origin's sight (§2.7). */
export function toHit(ctx: FowContext, firer: ModelFacts, weapon: ResolvedWeapon, effectiveRof: number, target: ModelFacts, sight: FowSight): ToHit {
  const training = trainingOf(ctx, target);
  const row = ctx.tables["to-hit"][training];
  const concealed = sight.terrainConcealed || sight.stateConcealed;
  const gtg = goneToGround(ctx, target, concealed);
  const column = gtg ? "goneToGround" : concealed ? "concealed" : "base";
  const label = gtg ? "Gone to Ground and Concealed" : concealed ? "Concealed (one +1 however many features)" : "in the open";
  const rated = ctx.game.units?.[target.unitId]?.training !== undefined;
  const modifiers: Modifier[] = [];
  const rulings: Ruling[] = [];
  if (sight.longRange)
    modifiers.push({ value: 1, roll: "to-hit", reason: `beyond ${sourcePair(SOURCE_CM.longRange)} (${sight.range.toFixed(1)} cm)`, rule: "§2.7" });
  const state = modelState(ctx, firer.id);
  const automaticRifle = ctx.options.automaticRifle && teamOf(ctx, firer).type === "infantry" && weapon.id === "rifle";
  if (effectiveRof === 1 && (state.moved || firer.pinned)) {
    if (automaticRifle) rulings.push({ reason: `Automatic Rifle: no +1 for ROF 1 when ${state.moved ? "moving" : "Pinned"}`, rule: "§6.3" });
    else modifiers.push({ value: 1, roll: "to-hit", reason: `ROF limited to 1 and ${state.moved ? "moved" : "Pinned"}`, rule: "§2.7" });
  }
  if (ctx.options.henAndChicks && isVehicle(teamOf(ctx, firer)) && state.moved && isMainGun(weapon)) {
    modifiers.push({ value: 1, roll: "to-hit", reason: `Hen and Chicks: the main gun of a vehicle that moved`, rule: "§6.1" });
  }
  const need = row[column] + modifiers.reduce((s, m) => s + m.value, 0);
  // The ruling a player reads first ends on the score used: the table's column, then each +1 that applies.
  const added = modifiers.map((m) => `; +${m.value} ${m.reason}`).join("");
  rulings.unshift({
    reason: `${target.id} is ${training} (${rated ? "the platoon's rating" : "its stat line"}), ${label}: ${row[column]}+${added ? `${added}: needs ${need}+` : ""}`,
    rule: "§2.7, §2.1",
    ...(rated ? {} : sampleMark(ctx, "teams")),
  });
  if (need > 6) rulings.push({ reason: `needs ${need}: cannot be hit`, rule: "§2.7" });
  return { need, concealed, goneToGround: gtg, modifiers, rulings };
}
