/**
 * What one allocated hit does (§4): the owner's save, then, where the source calls for it, the shooter's
 * Firepower Test. Armour: front or side by the hull-front and turret-front lines, "between" by a die.
 */
import type { Dice } from "../../core/dice";
import type { Outcome } from "../../core/game/events";
import type { ModelFacts } from "../context";
import type { RolledDie, RollPurpose, RuleRef, SampleTable } from "../ruleset";
import { type FowContext, hasNote, isArmoured, modelState, type ResolvedWeapon, sampleMark, teamOf } from "./context";
import { SOURCE_CM, sourcePair } from "./distances";
import type { FowSight } from "./sight";

/** Rolls d6 and records each die with its meaning. */
export class Roller {
  readonly dice: RolledDie[] = [];
  /** Rulings said along the way that no die decides. */
  readonly notes: string[] = [];
  constructor(private readonly stream: Dice) {}

  roll(
    purpose: RollPurpose,
    model: string | undefined,
    reason: string,
    meaning: (value: number) => string,
    rule: RuleRef,
    need?: number,
    sample?: SampleTable,
  ): RolledDie {
    const value = this.stream.roll(6, reason);
    const die: RolledDie = {
      index: this.stream.rolls[this.stream.rolls.length - 1]!.index,
      sides: 6,
      value,
      purpose,
      ...(model ? { model } : {}),
      ...(need !== undefined ? { need } : {}),
      meaning: meaning(value),
      rule,
      ...(sample ? { sample } : {}),
    };
    this.dice.push(die);
    return die;
  }

  note(text: string): void {
    this.notes.push(text);
  }
}

export interface HitEffect {
  readonly effect: Outcome["effect"];
  readonly result: string;
  readonly rolls: readonly number[];
}

export type Facing = "front" | "side";

/** Which armour the firer's position strikes (§4.3); undefined: between the lines, a die decides. */
export function facingFrom(sight: Pick<FowSight, "hullFront" | "turretFront">, broadside: boolean): Facing | undefined {
  const hull: Facing = sight.hullFront ? "front" : "side";
  if (sight.turretFront === undefined) return hull;
  const turret: Facing = sight.turretFront ? "front" : "side";
  if (broadside) return turret;
  return hull === turret ? hull : undefined;
}

/** The Firepower Test (§4.1): passed on FP or more. FP "–" never passes. */
function firepowerTest(roller: Roller, model: string, weapon: ResolvedWeapon, what: string, rule: RuleRef): boolean {
  if (weapon.fp === null) return false;
  const fp = weapon.fp;
  const die = roller.roll(
    "test",
    model,
    `firepower test: ${weapon.name} vs ${model}`,
    (v) => `Firepower Test ${fp}+ (${what}) → ${v >= fp ? "passed" : "failed"}`,
    rule,
    fp,
  );
  return die.value >= fp;
}

export function resolveHit(ctx: FowContext, roller: Roller, firer: ModelFacts, weapon: ResolvedWeapon, target: ModelFacts, sight: FowSight): HitEffect {
  const start = roller.dice.length;
  const rolls = () => roller.dice.slice(start).map((d) => d.index);
  const team = teamOf(ctx, target);
  const state = modelState(ctx, target.id);
  const saves = ctx.tables.saves;
  const done = (effect: Outcome["effect"], result: string): HitEffect => ({ effect, result, rolls: rolls() });

  if (isArmoured(team)) {
    const armour = team.armour!;
    // The Tally Ho! switch gives the game's tanks Broadside too: hit by the turret line alone unless At Double.
    const broadside = ctx.options.tallyHo && !state.atDouble && team.type === "tank";
    let facing: Facing;
    const byLines = facingFrom(sight, broadside);
    if (broadside) roller.note(`Broadside: the turret line alone decides front or side`);
    if (byLines) facing = byLines;
    else {
      const die = roller.roll(
        "facing",
        target.id,
        `turret or hull: ${target.id}`,
        (v) => `between the hull and turret lines: ${v >= saves.turretOnBetween ? "turret" : "hull"} (4–6 turret, 1–3 hull)`,
        "§4.3",
        saves.turretOnBetween,
      );
      const turret = die.value >= saves.turretOnBetween;
      facing = (turret ? sight.turretFront : sight.hullFront) ? "front" : "side";
    }
    if (weapon.at === null) return done("no-effect", `${weapon.name} has AT "–": it cannot harm armour`);
    const value = armour[facing] + (sight.longRange ? 1 : 0);
    const at = weapon.at;
    const save = roller.roll(
      "save",
      target.id,
      `armour save: ${target.id}`,
      (v) =>
        `${facing} armour ${armour[facing]}${sight.longRange ? ` +1 beyond ${sourcePair(SOURCE_CM.longRange)}` : ""}: ${v} + ${value} = ${v + value} vs AT ${at} → ${v + value > at ? "bounced" : v + value === at ? "equal" : "penetrated"}`,
      "§4.2",
      undefined,
      sampleMark(ctx, "teams").sample,
    );
    const sum = save.value + value;
    if (sum > at) return done("no-effect", "the shot bounced");
    if (facing === "side" && hasNote(team, "schurzen") && (weapon.fp === 5 || weapon.fp === 6)) {
      const skirts = roller.roll(
        "save",
        target.id,
        `Schürzen: ${target.id}`,
        (v) => `Schürzen ${saves.schurzen}+ → ${v >= saves.schurzen ? "the skirts stop it" : "through the skirts"}`,
        "§4.4",
        saves.schurzen,
      );
      if (skirts.value >= saves.schurzen) return done("no-effect", "stopped by the Schürzen");
    }
    const passed = firepowerTest(roller, target.id, weapon, sum === at ? "passed: Bailed Out" : "passed: Destroyed, failed: Bailed Out", "§4.2");
    if (sum === at) return passed ? done("damaged", "bailed out") : done("no-effect", "no effect (Firepower Test failed)");
    return passed ? done("destroyed", "destroyed") : done("damaged", "bailed out");
  }

  if (team.type === "unarmoured-vehicle") {
    const shielded = hasNote(team, "gunShield") && sight.hullFront;
    if (shielded && ctx.options.unarmouredShield === "test-instead-of-save") {
      return firepowerTest(roller, target.id, weapon, "gun shield faces the shot, no save", "§4.6")
        ? done("casualty", "destroyed")
        : done("no-effect", "no effect (Firepower Test failed)");
    }
    const need = hasNote(team, "recce") ? saves.recceJeep : saves.unarmouredVehicle;
    const save = roller.roll(
      "save",
      target.id,
      `save: ${target.id}`,
      (v) => `unarmoured vehicle ${need}+ → ${v >= need ? "saved" : "failed"}`,
      hasNote(team, "recce") ? "§4.6, §6.3" : "§4.6",
      need,
    );
    if (save.value >= need) return done("no-effect", "saved");
    if (shielded)
      return firepowerTest(roller, target.id, weapon, "gun shield faces the shot", "§4.6, §8.8")
        ? done("casualty", "destroyed")
        : done("no-effect", "no effect (Firepower Test failed)");
    return done("casualty", "destroyed");
  }

  // Infantry, man-packed guns and guns.
  const isGun = team.type === "gun";
  const silent = !state.shot && !state.moved;
  const gunGtg = silent && (ctx.options.gunSaveGoneToGround === "stationary-and-silent" || sight.terrainConcealed || sight.stateConcealed);
  const need = isGun ? (gunGtg ? saves.gunGoneToGround : saves.gunShotOrMoved) : saves.infantry;
  const protectedBy = state.dugIn
    ? "Dug In"
    : sight.bulletproof
      ? "Bulletproof Cover"
      : isGun && hasNote(team, "gunShield") && sight.hullFront
        ? "its gun shield faces the shot"
        : undefined;
  const noSave = !isGun && (hasNoteWeapon(ctx, firer, "breakthroughGun") || hasNoteWeapon(ctx, firer, "bunkerBuster"));
  if (!noSave) {
    const label = isGun ? (gunGtg ? "gun, Gone to Ground" : "gun that shot or moved") : "infantry";
    const save = roller.roll(
      "save",
      target.id,
      `save: ${target.id}`,
      (v) => `${label} ${need}+ → ${v >= need ? "saved" : "failed"}`,
      isGun ? "§4.7" : "§4.5",
      need,
    );
    if (save.value >= need) return done("no-effect", "saved");
  }
  if (!protectedBy) return done("casualty", noSave ? "destroyed (no save against a Breakthrough gun or Bunker buster)" : "destroyed");
  if (weapon.fp === null) return done("no-effect", `${protectedBy}: ${weapon.name} has FP "–" and cannot destroy it`);
  return firepowerTest(roller, target.id, weapon, protectedBy, "§4.0, §4.8")
    ? done("casualty", "destroyed")
    : done("no-effect", `survives: ${protectedBy}, Firepower Test failed`);
}

const hasNoteWeapon = (ctx: FowContext, firer: ModelFacts, note: "breakthroughGun" | "bunkerBuster"): boolean => hasNote(teamOf(ctx, firer), note);
