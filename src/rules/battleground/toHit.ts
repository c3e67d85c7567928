/**
 * The direct-fire Target Number (§3.2): Training, the fire mode (OM1/OM2/OM3 from the weapon table and
 * how the shooter moved, §3.3), the shooter's state, the target's DM, movement and protection, and the
 * range band. Every modifier carries its reason and rule. Range arrives in cm and is read in inches here.
 */
import { cmToInches } from "../../core/units";
import type { ModelFacts } from "../context";
import type { Modifier, Ruling } from "../ruleset";
import { type BgContext, hasMarker, MARKERS, modelState, sampleMark } from "./context";
import type { Protection } from "./cover";
import { type FiringWeapon, profileOf, profileSample, qualityOf, trainingOf, weaponSample } from "./profiles";
import type { FireMode } from "./types";

/** A last shot's target names the model, or the unit it was declared at: a later shot at either is at the same target. */
export const sameTarget = (last: string, target: ModelFacts): boolean => last === target.id || last === target.unitId;

/** Band edges are compared in inches with this slack, so 9" (22.86 cm) is not lost to float error. */
export const INCH_EPSILON = 1e-6;

export function fireModeOf(ctx: BgContext, m: ModelFacts): FireMode {
  const s = modelState(ctx, m.id);
  return s.standardMove ? 3 : s.bonusMove ? 2 : 1;
}

const FIRE_MODE_WORDS: Record<FireMode, string> = {
  1: "did not move this activation",
  2: "moved in the Bonus Move and stands in the Standard Action",
  3: "moves in both actions",
};

/** The x of +(12 − x) as the option reads it. */
function closeX(ctx: BgContext, inches: number): number {
  switch (ctx.options.closeRangeInches) {
    case "exact":
      return inches;
    case "round-down":
      return Math.floor(inches + INCH_EPSILON);
    case "round-up":
      return Math.ceil(inches - INCH_EPSILON);
  }
}

/** The range modifier for a range in inches (§3.2). */
export function rangeModifier(ctx: BgContext, inches: number): { value: number; reason: string } {
  const r = ctx.tables["to-hit"].range;
  const shown = `${inches.toFixed(2)}"`;
  if (inches <= r.closeUpTo + INCH_EPSILON) {
    const x = closeX(ctx, inches);
    return { value: r.closeBase - x, reason: `target within ${r.closeUpTo}" at ${shown}: +(${r.closeBase} − ${Number(x.toFixed(2))})` };
  }
  for (const band of r.bands) if (inches <= band.upTo + INCH_EPSILON) return { value: band.modifier, reason: `target up to ${band.upTo}" (${shown})` };
  const last = r.bands[r.bands.length - 1]!.upTo;
  const steps = (inches - last) / r.beyondStep;
  const counted = ctx.options.beyondStep === "full-step" ? Math.floor(steps + INCH_EPSILON) : Math.ceil(steps - INCH_EPSILON);
  return {
    value: counted === 0 ? 0 : counted * r.beyondModifier,
    reason: `${shown}: ${counted} ${ctx.options.beyondStep === "full-step" ? "full" : "started"} ${r.beyondStep}" step(s) beyond ${last}"`,
  };
}

export interface TnInput {
  readonly firer: ModelFacts;
  readonly weapon: FiringWeapon;
  readonly target: ModelFacts;
  /** Range in cm, as the option measures it. */
  readonly range: number;
  readonly protection: Protection;
}

export interface TargetNumber {
  readonly training: number;
  readonly mode: FireMode;
  readonly tn: number;
  /** Training first, then every modifier: they add up to the TN. */
  readonly modifiers: readonly Modifier[];
  /** Why the weapon cannot fire in this mode at all (the sheet's NO). */
  readonly refused?: Ruling;
}

const toHit = (value: number, reason: string, rule: string, extra: { sample?: Modifier["sample"] } = {}): Modifier => ({
  value,
  reason,
  rule,
  roll: "to-hit",
  ...extra,
});

/** The target's movement modifier: evading or moving, one or the other (footnote 2). */
function targetMovement(ctx: BgContext, target: ModelFacts): Modifier | undefined {
  const s = modelState(ctx, target.id);
  const t = ctx.tables["to-hit"].target;
  if (s.movement === "evading") {
    const value = s.evasion ?? ctx.tables.procedures.evasion;
    const [least, most] = [t.evading.least, t.evading.most];
    if (value > least || value < most) throw new Error(`${target.id}'s evasion ${value} is outside the sheet's ${least} to ${most}`);
    return toHit(
      value,
      `${target.id} is evading (${value}${s.evasion === undefined ? ", the sample value" : ""}); not also moving`,
      "§3.2",
      s.evasion === undefined ? sampleMark(ctx, "procedures") : {},
    );
  }
  if (s.movement === "moving" || s.movement === "running") return toHit(t.moving, `${target.id} is moving`, "§3.2");
  return undefined;
}

/** Cover, smoke and camouflage: they add up (footnote 3), smoke counts once (footnote 4). */
export function protectionModifiers(ctx: BgContext, p: Protection, target: string): Modifier[] {
  const t = ctx.tables["to-hit"].target;
  const mods: Modifier[] = [];
  const coverValue = { open: 0, light: t.lightCover, linear: t.linearCover, heavy: t.heavyCover }[p.cover];
  if (p.cover !== "open")
    mods.push({
      ...p.sources[0]!,
      value: coverValue,
      roll: "to-hit",
      reason: `${p.sources[0]!.reason}${p.sources.length > 1 ? ` (the best of ${p.sources.length} covers)` : ""}`,
    });
  if (p.smoke.length) mods.push(toHit(t.smoke, `smoke on the line (${p.smoke.join(", ")})${p.smoke.length > 1 ? ", counted once" : ""}`, "§3.2 fn. 4"));
  if (p.camouflaged) mods.push(toHit(t.camouflage, `${target} is camouflaged; adds to cover and smoke`, "§3.2 fn. 3"));
  return mods;
}

export function targetNumber(ctx: BgContext, input: TnInput): TargetNumber {
  const { firer, weapon, target } = input;
  const tables = ctx.tables["to-hit"];
  const training = trainingOf(ctx, firer);
  const mode = fireModeOf(ctx, firer);
  const om = weapon.weapon.om[mode - 1];
  // The build-up starts from Training, so the listed values add up to the TN.
  const mods: Modifier[] = [toHit(training, `Training of ${firer.id} (${qualityOf(ctx, firer)})`, "§3", profileSample(ctx))];
  const refused =
    om === null || om === undefined
      ? {
          reason: `${weapon.weapon.name} cannot fire in OM${mode} (the weapon table's NO): ${firer.id} ${FIRE_MODE_WORDS[mode]}`,
          rule: "§3.3",
          ...weaponSample(ctx),
        }
      : undefined;
  if (!refused) mods.push(toHit(om!, `OM${mode}: ${firer.id} ${FIRE_MODE_WORDS[mode]}`, "§3.3", weaponSample(ctx)));
  const s = modelState(ctx, firer.id);
  const kind = weapon.weapon.kind;
  if (s.lastShot && sameTarget(s.lastShot.target, target) && s.lastShot.weapon === weapon.id) {
    if (kind === "rocket" || kind === "machine-gun")
      mods.push(toHit(0, `a subsequent shot at ${target.id}, but not for ${kind === "rocket" ? "rockets" : "machine guns"}`, "§3.2 fn. 1"));
    else mods.push(toHit(tables.shooter.subsequentShot, `a subsequent shot at ${target.id}`, "§3.2"));
  }
  if (s.morale === "motivated") mods.push(toHit(tables.shooter.motivated, `${firer.id} is Motivated`, "§3.2"));
  if (s.morale === "disorganised") mods.push(toHit(tables.shooter.disorganised, `${firer.id} is Disorganised`, "§3.2"));
  if (firer.pinned || s.damaged)
    mods.push(
      toHit(
        tables.shooter.pinnedOrDamaged,
        `${firer.id} is ${firer.pinned ? "Pinned" : "Damaged (read as wounded, immobilised or a weapon lost: the sheet does not define it)"}`,
        "§3.2, §8",
      ),
    );
  const dm = profileOf(ctx, target).dm;
  if (dm !== 0) mods.push(toHit(dm, `${target.id}'s Defensive Modifier`, "§3.2", profileSample(ctx)));
  const moving = targetMovement(ctx, target);
  if (moving) mods.push(moving);
  mods.push(...protectionModifiers(ctx, input.protection, target.id));
  const range = rangeModifier(ctx, cmToInches(input.range));
  mods.push(toHit(range.value, range.reason, "§3.2"));
  const tn = mods.reduce((sum, m) => sum + m.value, 0);
  return { training, mode, tn, modifiers: mods, ...(refused ? { refused } : {}) };
}

/** Dice for one shot action: ROF, less a target change, plus Veteran/Elite dice on the first to-hit roll (§3.4). */
export function diceFor(ctx: BgContext, firer: ModelFacts, weapon: FiringWeapon, target: string, rollsToHit: boolean): { dice: number; rulings: Ruling[] } {
  const rof = ctx.tables["to-hit"].rateOfFire;
  const s = modelState(ctx, firer.id);
  const rulings: Ruling[] = [{ reason: `${weapon.weapon.name}: rate of fire ${weapon.weapon.rof}`, rule: "§3.4", ...weaponSample(ctx) }];
  let dice = weapon.weapon.rof;
  if (s.lastShot && !sameTarget(s.lastShot.target, ctx.models.get(target)!)) {
    const free = (weapon.weapon.infantry || weapon.weapon.antiAircraft) && (s.targetChanges ?? 0) === 0;
    if (free)
      rulings.push({
        reason: `changes target from ${s.lastShot.target}: the first change is free for ${weapon.weapon.infantry ? "an infantry weapon" : "an AA machine gun"}`,
        rule: "§3.4",
      });
    else {
      dice -= rof.targetChangeCost;
      rulings.push({ reason: `changes target from ${s.lastShot.target}: −${rof.targetChangeCost} rate of fire`, rule: "§3.4" });
    }
  }
  const quality = qualityOf(ctx, firer);
  const extra = quality === "veteran" || quality === "elite" ? rof.extraDice[quality] : 0;
  if (extra && !s.firedBefore) {
    if (rollsToHit || ctx.options.extraDiceOnSmallArms) {
      dice += extra;
      rulings.push({
        reason: `${quality === "veteran" ? "Veteran" : "Elite"}: ${extra} more ${extra === 1 ? "die" : "dice"} on the first ${rollsToHit ? "to-hit roll" : "roll (option: on small-arms effect rolls too)"}`,
        rule: "§3.4",
        ...profileSample(ctx),
      });
    } else
      rulings.push({
        reason: `${quality === "veteran" ? "Veteran" : "Elite"} dice are for the first to-hit roll; small arms against infantry roll no to-hit`,
        rule: "§3.4, §5",
      });
  }
  if (hasMarker(firer, MARKERS.jammed(weapon.id)))
    return { dice: 0, rulings: [...rulings, { reason: `${weapon.weapon.name} is jammed: the jam must be cleared first`, rule: "§3.7" }] };
  if (hasMarker(firer, MARKERS.weaponDestroyed(weapon.id)))
    return { dice: 0, rulings: [...rulings, { reason: `${weapon.weapon.name} was destroyed by an explosion`, rule: "§3.7" }] };
  return { dice: Math.max(0, dice), rulings };
}
