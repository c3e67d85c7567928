/**
 * Damage on vehicles (§4.3, §4.6, §4.7): the damage roll against the damage value, superficial or heavy
 * damage, the damage-results table with its pins and order dice, and knocked-out vehicles left as wrecks.
 */

import type { Facing } from "../../sight/sightReport";
import type { ModelFacts } from "../context";
import type { Cause } from "../referee";
import type { Modifier } from "../ruleset";
import { sampleMark, unitState } from "./context";
import { rollTest } from "./dice";
import { damageValue, isOpenTopped, qualityOf, vehicleClass } from "./profiles";
import type { BaReferee } from "./referee";
import { type ArmourFace, isArmoured } from "./types";

/** The face a shot strikes: the sector the firer stands in (the sight engine's facing), top for indirect fire. */
export function armourFace(facing: Facing | undefined, indirect: boolean): ArmourFace {
  if (indirect) return "top";
  if (!facing) return "front";
  return facing.quadrant === "left" || facing.quadrant === "right" ? "side" : facing.quadrant;
}

/** Extra penetration for heavy weapons against armoured targets: the face struck and long range (§4.6). */
export function penetrationModifiers(ref: BaReferee, face: ArmourFace, longRange: boolean): Modifier[] {
  const t = ref.ctx.tables.penetration;
  const mods: Modifier[] = [];
  if (t[face]) mods.push({ value: t[face], roll: "penetration", reason: `the shot strikes the ${face} armour`, rule: "§4.6" });
  if (longRange) mods.push({ value: t.longRange, roll: "penetration", reason: "long range", rule: "§4.6" });
  return mods;
}

export type Severity = "superficial" | "heavy";

const knockedOut = (ref: BaReferee, v: ModelFacts, why: string, cause: Cause) => {
  const wreck = ref.ctx.options.wrecks === "wreck";
  ref.outcome(v.id, wreck ? "destroyed" : "casualty", `knocked out${why}${wreck ? ": a wreck, impassable terrain" : ": removed"}`, cause);
};

/** A damage-results roll on an armoured vehicle and its effect (§4.7). */
export function damageResult(ref: BaReferee, v: ModelFacts, severity: Severity, cause: Cause, opts: { indirect: boolean }): void {
  const table = ref.ctx.tables["damage-results"];
  const value = ref.roll(`damage result on ${v.id} (${severity})`);
  const index = ref.lastRoll;
  const mods = severity === "superficial" ? table.superficial : table.heavy;
  const openTop = opts.indirect && isOpenTopped(ref.ctx, v) ? table.openToppedIndirect : 0;
  const total = value + mods + openTop;
  const row = table.rows.find((r) => (r.from === undefined || total >= r.from) && (r.upTo === undefined || total <= r.upTo))!;
  ref.explain(index, {
    purpose: "damage",
    model: v.id,
    total,
    meaning: `${severity} damage ${severity === "superficial" ? "D6−3" : "D6"}${openTop ? " +1 (open-topped, indirect fire)" : ""} = ${total} → ${row.name}`,
    rule: "§4.7",
  });
  const rolls = [...cause.rolls, index];
  const by = { by: cause.by, rolls };
  ref.addPins(v.unitId, row.pins);
  switch (row.result) {
    case "crew-stunned":
      ref.setOrder(v.unitId, "down");
      ref.outcome(v.id, "damaged", "crew stunned: +1 pin, order die to Down", by);
      break;
    case "immobilised": {
      const already = v.markers.includes("immobilised") || ref.outcomes.some((o) => o.model === v.id && o.detail === "immobilised");
      if (already) knockedOut(ref, v, " (immobilised a second time: the crew abandon it)", by);
      else {
        // A vehicle that has already acted this turn (it has its order die) turns the die to Down.
        const acted = unitState(ref.ctx, v.unitId).order !== undefined;
        if (acted) ref.setOrder(v.unitId, "down");
        ref.outcome(v.id, "damaged", "immobilised", by);
      }
      break;
    }
    case "on-fire": {
      const quality = qualityOf(ref.ctx, v.unitId);
      const practice = ref.ctx.tables.practice.moraleCheck;
      const morale = ref.ctx.tables.orders.morale[quality.quality];
      const target = morale + practice.perPin * ref.pinsNow(v.unitId);
      const check = rollTest(ref, practice.dice, target, `morale check of ${v.unitId} (on fire)`, "§4.7, §9", sampleMark(ref.ctx, "practice"), v.id);
      if (check.passed) {
        ref.setOrder(v.unitId, "down");
        ref.outcome(v.id, "damaged", "on fire, put out: +1 pin, order die to Down", { by: cause.by, rolls: [...rolls, ...check.rolls] });
      } else knockedOut(ref, v, " (on fire, the crew abandon it)", { by: cause.by, rolls: [...rolls, ...check.rolls] });
      break;
    }
    case "knocked-out":
      knockedOut(ref, v, "", by);
      break;
  }
}

/**
 * A damage roll against a vehicle: D6 + penetration (+ modifiers) against its damage value (§4.3; the sum
 * is common practice). Armoured: superficial when equal, heavy when above (sample), then the results table;
 * soft-skinned: destroyed when damaged (as §5.2 says for close quarters; common practice for shooting).
 */
export function damageVehicle(ref: BaReferee, v: ModelFacts, pen: number, mods: readonly Modifier[], cause: Cause, opts: { indirect: boolean }): void {
  if (ref.gone.has(v.id)) return;
  const value = ref.roll(`damage roll on ${v.id}`);
  const index = ref.lastRoll;
  const need = damageValue(ref.ctx, v);
  const total = value + pen + mods.reduce((s, m) => s + m.value, 0);
  const cls = vehicleClass(ref.ctx, v)!;
  const damaged = total >= need;
  const severities = ref.ctx.tables.practice.damageSeverity;
  const massive = total - need >= severities.massiveAbove;
  const severity: Severity = total === need ? severities.equal : severities.above;
  const modText = mods.map((m) => ` ${m.value > 0 ? "+" : "−"}${Math.abs(m.value)} ${m.reason}`).join(",");
  ref.explain(index, {
    purpose: "penetration",
    model: v.id,
    need,
    total,
    meaning: `damage D6 + Pen ${pen}${modText} = ${total} against ${cls} ${need}+ → ${damaged ? (isArmoured(cls) ? (massive ? `massive damage (${severities.massiveAbove} or more above)` : `${severity} damage`) : "damaged") : "no damage"}`,
    rule: "§4.3, §4.6",
    ...(damaged && isArmoured(cls) ? sampleMark(ref.ctx, "practice") : {}),
  });
  const by = { by: cause.by, rolls: [...cause.rolls, index] };
  if (!damaged) {
    ref.outcome(v.id, "no-effect", "no damage", by);
    return;
  }
  if (!isArmoured(cls)) {
    // Only wrecks of armoured vehicles are impassable terrain (§4.7): a soft-skin leaves the table.
    ref.outcome(v.id, "casualty", "destroyed (a soft-skinned vehicle damaged)", by);
    return;
  }
  if (!massive) return damageResult(ref, v, severity, by, opts);
  // Massive damage rolls for two results (001 l.218), each as heavy damage, until the vehicle is knocked out.
  const results = ref.ctx.tables["damage-results"].massiveResults;
  for (let i = 0; i < results && !ref.gone.has(v.id); i++) damageResult(ref, v, "heavy", by, opts);
  ref.note(`${v.id}: massive damage, ${results} results rolled (sample threshold: ${severities.massiveAbove} above ${need}+)`, "001 l.218, §9", [index]);
}
