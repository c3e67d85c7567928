/**
 * What a hit does to a model (§6.5, §6.12, §6.13, §11.7, §14.6): the damage roll on its column, and for
 * vehicles and guns each effect of the result — crew hits, steady nerves, immobilisation, lost weapons,
 * explosions and burning wrecks — skipping what it can no longer suffer.
 */
import { footprintDistance } from "../../core/footprint";
import type { ModelFacts } from "../context";
import type { Modifier } from "../ruleset";
import { isV1, sampleMark } from "./context";
import { infantryDamage, infantryEffect, vehicleDamage } from "./damage";
import { hasProperty, isVehicle, modelProfile, targetTypeOf, trainingOf, trainingSample } from "./profiles";
import type { Cause, Referee } from "./referee";
import type { DamageSection, VehicleEffect } from "./tables";
import type { CoverClass } from "./types";
import { vehicleCrewCover } from "./vehicles";

/** The markers a damage result leaves on a vehicle (they come back as pre-existing damage, §6.13). */
export const MARKER = {
  immobilised: "immobilised",
  mainWeapon: "main weapon destroyed",
  secondaryWeapon: "secondary weapon destroyed",
  radio: "radio destroyed",
  track: "track damaged",
  wheel: "wheel damaged: movement halved",
  /** A first Wheel result on a 6–8-wheeled vehicle: the second halves its movement (§6.13). */
  firstWheel: "wheel damaged: one more halves its movement",
  bailedOut: "crew bailed out",
  crewKilled: "crewman killed",
  crewPinned: "crewman pinned",
} as const;

/** How a hit on a vehicle or gun is rolled: the section, the crew's cover and the shield. */
export interface VehicleHit {
  readonly section: DamageSection;
  readonly weaponName: string;
  /** The dice that brought this result (the damage roll): cited in the allocation. */
  readonly rolls: readonly number[];
  /** Cover of crew hit inside (the vehicle's own class, or a gun crew's). */
  readonly crewCover: CoverClass;
  /** A gun shield stops a crew hit on 1–4 (direct fire, §6.12). */
  readonly shield: boolean;
}

/** v2.0 abilities that add 1 "to crew damage" (§17); INFERRED: to the damage rolls of crew hits (§6.4). */
const CREW_DAMAGE_ABILITIES = ["unprotected-ammunition", "ronson", "external-fuel-tank"] as const;

function crewHits(ref: Referee, target: ModelFacts, count: number, hit: VehicleHit): void {
  const ability = isV1(ref.ctx) ? undefined : CREW_DAMAGE_ABILITIES.find((a) => hasProperty(ref.ctx, target, a));
  for (let i = 0; i < count; i++) {
    if (hit.shield) {
      const save = ref.roll(`shield save: crewman of ${target.id}`);
      ref.explain(ref.lastRoll, {
        purpose: "save",
        model: target.id,
        meaning: `shield save ${save}: ${save <= 4 ? "1–4, the shield stops the hit" : "5+, the hit gets through"}`,
        rule: "§6.12",
      });
      if (save <= 4) {
        ref.note(`shield save ${save}: the shield stops the hit on a crewman of ${target.id}`, "§6.12", [ref.lastRoll]);
        continue;
      }
    }
    const roll = ref.roll(`crew damage: crewman of ${target.id} (${hit.section})`);
    const die = ref.lastRoll;
    const effect = infantryEffect(infantryDamage(ref.ctx, hit.section, roll + (ability ? 1 : 0)), hit.crewCover);
    const rule = ability ? "§6.13, §17" : "§6.13";
    ref.explain(die, {
      purpose: "damage",
      model: target.id,
      ...(ability ? { total: roll + 1 } : {}),
      meaning: `crew damage ${roll}${ability ? " +1" : ""}, a crewman in ${hit.crewCover} cover → ${effect}`,
      rule,
      ...sampleMark(ref.ctx, "damage"),
    });
    ref.note(
      `a crewman of ${target.id} is hit: ${roll}${ability ? ` +1 (${ability})` : ""} on the ${hit.section} infantry column in ${hit.crewCover} cover → ${effect}`,
      rule,
      [die],
    );
    if (effect !== "no-effect")
      ref.outcome(target.id, "damaged", effect === "killed" ? MARKER.crewKilled : MARKER.crewPinned, { by: hit.weaponName, rolls: [...hit.rolls, die] });
  }
}

function steadyNerves(ref: Referee, target: ModelFacts, hit: VehicleHit): void {
  const training = trainingOf(ref.ctx, target);
  const roll = ref.roll(`steady nerves test: ${target.id} (training ${training}+)`);
  const die = ref.lastRoll;
  ref.explain(die, {
    purpose: "test",
    model: target.id,
    need: training,
    meaning: `steady nerves ${training}+ → ${roll >= training ? "passed" : "failed"}`,
    rule: "§11.7",
    ...trainingSample(ref.ctx, target),
  });
  const cause = { by: hit.weaponName, rolls: [...hit.rolls, die] };
  if (roll >= training) {
    ref.note(`steady nerves test ${roll} against ${training}+: passed`, "§11.7", [ref.lastRoll]);
  } else if (isV1(ref.ctx)) {
    ref.note(`steady nerves test ${roll} against ${training}+: failed, the crew bails out and is placed pinned beside the vehicle (v1)`, "§11.7", [
      ref.lastRoll,
    ]);
    ref.outcome(target.id, "damaged", MARKER.bailedOut, cause);
  } else {
    ref.note(`steady nerves test ${roll} against ${training}+: failed, the occupants are pinned and stay inside (v2.0)`, "§11.7", [ref.lastRoll]);
    ref.outcome(target.id, "pinned", "occupants pinned (failed steady nerves)", cause);
  }
}

/** A Catastrophic result: destroyed, and the explosion hits everything within 1d10 (or 1d10/2) cm (§6.13). */
function catastrophic(ref: Referee, target: ModelFacts, cause: Cause): void {
  const armoured = target.def.vehicle && target.def.vehicle.class !== "unarmoured";
  ref.outcome(target.id, "destroyed", "catastrophic: destroyed, it explodes", cause);
  const roll = ref.roll(`explosion radius: ${target.id}`);
  const radius = armoured ? roll : Math.ceil(roll / 2);
  const radiusDie = ref.lastRoll;
  ref.explain(radiusDie, {
    purpose: "radius",
    model: target.id,
    meaning: `explosion radius ${radius} cm${armoured ? "" : " (halved, rounded up)"}`,
    rule: "§6.13",
  });
  ref.note(
    `${target.id} explodes: radius ${radius} cm from its edges (${armoured ? "armoured: 1d10" : "unarmoured or artillery: 1d10/2 rounded up"})`,
    "§6.13",
    [radiusDie],
  );
  for (const m of ref.ctx.models.values()) {
    if (m.id === target.id || ref.gone.has(m.id) || footprintDistance(m.footprint, target.footprint) > radius) continue;
    damageModel(ref, m, { section: "small-arms", cover: "open", cause: `the explosion of ${target.id}`, rolls: [...cause.rolls, radiusDie] });
  }
  if (target.def.vehicle) {
    const burn = ref.roll(`does the wreck burn: ${target.id}`);
    const burnDie = ref.lastRoll;
    ref.explain(burnDie, {
      purpose: "test",
      model: target.id,
      need: 9,
      meaning: `burning wreck 9+ → ${burn >= 9 ? "it burns" : "it does not burn"}`,
      rule: "§14.6",
    });
    if (burn < 9) return;
    ref.note(`${burn}: the wreck of ${target.id} burns; its smoke blocks sight for the rest of the game`, "§14.6", [burnDie]);
    for (const m of ref.ctx.models.values()) {
      if (m.id === target.id || ref.gone.has(m.id) || isVehicle(ref.ctx, m) || footprintDistance(m.footprint, target.footprint) > 5) continue;
      damageModel(ref, m, { section: "small-arms", cover: "open", cause: `the burning wreck of ${target.id}`, rolls: [burnDie] });
    }
  }
}

/** One damage roll: the section, the model's cover and what modifies the roll. */
export interface DamageRoll {
  readonly section: DamageSection;
  /** Cover of the model (infantry) or of a gun's crew. */
  readonly cover: CoverClass;
  /** What hit it, for the reasons: "the MG 42 of ger-mg42-1". */
  readonly cause: string;
  readonly modifiers?: readonly Modifier[];
  /** A gun shield stops a hit on the crew on 1–4 (direct fire, §6.12). */
  readonly shield?: boolean;
  /** A die the caller already rolled for this hit (it read the v1 hit location off it first, §5.15). */
  readonly natural?: number;
  /** Where `natural` was rolled, when the caller rolled it and leaves its meaning to this roll. */
  readonly naturalDie?: number;
  /** The dice that brought this hit before the damage roll (to-hit, penetration…), for the allocation. */
  readonly rolls?: readonly number[];
}

const signed = (m: Modifier) => `${m.value >= 0 ? "+" : "−"}${Math.abs(m.value)} (${m.reason})`;

/** Rolls the damage of one hit on one model, on its column, and carries the result out (§6.5, §6.13). */
export function damageModel(ref: Referee, m: ModelFacts, d: DamageRoll): void {
  const mods = d.modifiers ?? [];
  const natural = d.natural ?? ref.roll(`damage: ${m.id} hit by ${d.cause} (${d.section})`);
  const die = d.natural === undefined ? ref.lastRoll : d.naturalDie;
  const cited = die === undefined ? [] : [die];
  const rolls = [...(d.rolls ?? []), ...cited];
  const roll = natural + mods.reduce((s, x) => s + x.value, 0);
  const shown = mods.length ? `${natural} ${mods.map(signed).join(" ")} = ${roll}` : `${natural}`;
  const type = targetTypeOf(ref.ctx, m);
  const explain = (result: string, rule: string) => {
    if (die !== undefined)
      ref.explain(die, {
        purpose: "damage",
        model: m.id,
        ...(mods.length ? { total: roll } : {}),
        meaning: `damage ${shown}, ${d.section} ${type} column → ${result}`,
        rule,
        ...sampleMark(ref.ctx, "damage"),
      });
  };
  if (type === "infantry") {
    const result = infantryDamage(ref.ctx, d.section, roll);
    const effect = infantryEffect(result, d.cover);
    const where = d.cover === "open" ? "in the open" : `in ${d.cover} cover`;
    explain(`${effect} (${where})`, "§6.5");
    ref.note(`${m.id} hit by ${d.cause}: damage ${shown} on the ${d.section} infantry column (${result}), ${where} → ${effect}`, "§6.5", cited);
    ref.outcome(m.id, effect === "killed" ? "casualty" : effect, effect === "no-effect" ? "" : `${effect} by ${d.cause}`, { by: d.cause, rolls });
    return;
  }
  const effects = vehicleDamage(ref.ctx, d.section, type, roll);
  explain(effects.join(" + "), "§6.13");
  ref.note(`${m.id} hit by ${d.cause}: damage ${shown} on the ${d.section} ${type} column → ${effects.join(" + ")}`, "§6.13", cited);
  applyVehicleEffects(ref, m, effects, {
    section: d.section,
    weaponName: d.cause,
    rolls,
    crewCover: type === "artillery" ? d.cover : vehicleCrewCover(ref.ctx, m),
    shield: d.shield ?? false,
  });
}

/** Carries out a damage result on a vehicle or gun, skipping what it can no longer suffer (§6.13). */
export function applyVehicleEffects(ref: Referee, target: ModelFacts, effects: readonly VehicleEffect[], hit: VehicleHit): void {
  const v2 = !isV1(ref.ctx);
  const has = (marker: string) => target.markers.includes(marker) || ref.outcomes.some((o) => o.model === target.id && o.detail === marker);
  const cause = { by: hit.weaponName, rolls: hit.rolls };
  const mark = (marker: string, why: string) => {
    if (has(marker)) ref.note(`${target.id}: ${why}, already suffered: ignored`, "§6.13");
    else ref.outcome(target.id, "damaged", marker, cause);
  };
  // v2.0 destroys the radio with an immobilisation and with a lost secondary weapon: once is enough.
  const loseRadio = () => v2 && !has(MARKER.radio) && ref.outcome(target.id, "damaged", MARKER.radio, cause);
  const gun = targetTypeOf(ref.ctx, target) === "artillery";
  for (const e of effects) {
    if (ref.gone.has(target.id)) return;
    const [kind, n] = e.split(":") as [string, string | undefined];
    const count = Number(n ?? 0);
    switch (kind) {
      case "no-effect":
        ref.outcome(target.id, "no-effect", "", cause);
        break;
      case "catastrophic":
        catastrophic(ref, target, cause);
        break;
      case "engine-ammo": {
        const roll = ref.roll(`engine/ammo: ${target.id}`);
        const die = ref.lastRoll;
        const meaning = roll >= 7 ? "catastrophic" : "immobilised, 3 crew hit, steady nerves test";
        ref.explain(die, { purpose: "damage", model: target.id, need: 7, meaning: `engine/ammo ${roll}: 7+ catastrophic → ${meaning}`, rule: "§6.13" });
        const next: VehicleEffect[] = roll >= 7 ? ["catastrophic"] : ["immobilised", "crew:3", "steady-nerves"];
        ref.note(`engine/ammo roll ${roll}: ${meaning}`, "§6.13", [die]);
        applyVehicleEffects(ref, target, next, { ...hit, rolls: [...hit.rolls, die] });
        break;
      }
      case "immobilised":
        mark(MARKER.immobilised, "immobilised");
        loseRadio();
        break;
      case "main-weapon":
        if (gun) ref.outcome(target.id, "destroyed", "main weapon: the gun is destroyed", cause);
        else mark(MARKER.mainWeapon, "main weapon (and coaxial weapon) destroyed");
        break;
      case "secondary-weapon":
        mark(MARKER.secondaryWeapon, "secondary weapon (and coaxial weapon) destroyed");
        loseRadio();
        break;
      case "track":
        if (has(MARKER.track) || (targetTypeOf(ref.ctx, target) === "half-track" && has(MARKER.wheel)))
          mark(MARKER.immobilised, "a second track result: immobilised, it cannot even rotate");
        else mark(MARKER.track, "track: it cannot move but can rotate");
        break;
      case "wheel":
        if (has(MARKER.wheel) || (targetTypeOf(ref.ctx, target) === "half-track" && has(MARKER.track)))
          mark(MARKER.immobilised, "a further wheel result: immobilised");
        // 6–8 wheels take two Wheel results to halve the movement (000 l.826).
        else if ((modelProfile(ref.ctx, target).wheels ?? 0) >= 6 && !has(MARKER.firstWheel))
          mark(MARKER.firstWheel, "a first wheel result on a 6–8-wheeled vehicle");
        else mark(MARKER.wheel, "wheel: movement halved");
        break;
      case "steady-nerves":
        steadyNerves(ref, target, hit);
        break;
      case "crew":
        crewHits(ref, target, count, hit);
        break;
      case "crew-pinned":
      case "crew-killed":
        for (let i = 0; i < count; i++) ref.outcome(target.id, "damaged", kind === "crew-killed" ? MARKER.crewKilled : MARKER.crewPinned, cause);
        break;
    }
  }
}
