/**
 * A model's Bolt Action profile (profiles.sample.json): troop type, quality, the weapons-table row of each
 * of its weapons and, for vehicles, the damage class; with the fallback by category for other definitions.
 */

import { inchesToCm } from "../../core/units";
import type { ModelFacts } from "../context";
import { type BaContext, sampleMark, unitState } from "./context";
import type { BaProfile, WeaponRow } from "./tables";
import { type HeSize, isArmoured, isQuality, type Quality, type VehicleClass } from "./types";

export function profileOf(ctx: BaContext, m: ModelFacts): BaProfile {
  const listed = ctx.tables.profiles.models[m.def.id];
  if (listed) return listed;
  const fallback = ctx.tables.profiles.fallback;
  if (m.def.category === "vehicle") return fallback[`vehicle:${m.def.vehicle?.class ?? "unarmoured"}`];
  return fallback[m.def.category];
}

export const isVehicle = (ctx: BaContext, m: ModelFacts): boolean => profileOf(ctx, m).type === "vehicle";
export const vehicleClass = (ctx: BaContext, m: ModelFacts): VehicleClass | undefined => profileOf(ctx, m).vehicle?.damage;
export const isArmouredTarget = (ctx: BaContext, m: ModelFacts): boolean => {
  const c = vehicleClass(ctx, m);
  return c !== undefined && isArmoured(c);
};
export const isOpenTopped = (ctx: BaContext, m: ModelFacts): boolean => profileOf(ctx, m).vehicle?.openTopped ?? m.def.vehicle?.openTopped ?? false;

/** A unit's quality: the game's own, else the battlefield's for the unit (Unit.quality), else its first model's profile (sample). */
export function qualityOf(ctx: BaContext, unitId: string): { quality: Quality; sample: ReturnType<typeof sampleMark> } {
  const own = unitState(ctx, unitId).quality;
  if (own) return { quality: own, sample: {} };
  const given = ctx.units.get(unitId)?.quality;
  if (isQuality(given)) return { quality: given, sample: {} };
  const first = ctx.units
    .get(unitId)
    ?.models.map((id) => ctx.models.get(id))
    .find((m) => m !== undefined);
  return { quality: first ? profileOf(ctx, first).quality : "regular", sample: sampleMark(ctx, "profiles") };
}

/** The score a hit needs to damage the model (§4.3). */
export function damageValue(ctx: BaContext, m: ModelFacts): number {
  const values = ctx.tables["damage-values"];
  const c = vehicleClass(ctx, m);
  return c ? values[c] : values.infantry[qualityOf(ctx, m.unitId).quality];
}

/** The weapon ids a model may fire: its definition's weapons that have a row. */
export function weaponIds(ctx: BaContext, m: ModelFacts): string[] {
  const profile = profileOf(ctx, m);
  return m.def.weapons.map((w) => w.id).filter((id) => profile.weapons[id] ?? profile.weapons["*"]);
}

/** The weapon a model fires when none is named: a vehicle's main gun, else its first weapon. */
export function usualWeapon(ctx: BaContext, m: ModelFacts): string | undefined {
  const ids = weaponIds(ctx, m);
  return ids.includes("main-gun") ? "main-gun" : ids[0];
}

/** A model's weapon with its row of the weapons table, ranges in cm. */
export interface BaWeapon {
  readonly id: string;
  readonly row: WeaponRow;
  readonly maxRange: number;
  readonly minRange: number;
}

export function weaponOf(ctx: BaContext, m: ModelFacts, id: string): BaWeapon | { error: string } {
  const profile = profileOf(ctx, m);
  const rowId = m.def.weapons.some((w) => w.id === id) ? (profile.weapons[id] ?? profile.weapons["*"]) : undefined;
  if (!rowId) return { error: `${m.id} has no Bolt Action weapon "${id}" (its weapons: ${weaponIds(ctx, m).join(", ") || "none"})` };
  const row = ctx.tables.weapons.find((w) => w.id === rowId);
  if (!row) return { error: `weapon "${rowId}" (${m.id}'s ${id}) is not in the weapons table` };
  return { id, row, maxRange: inchesToCm(row.range.max), minRange: inchesToCm(row.range.min ?? 0) };
}

/** The HE row of a weapon's HE size. */
export const heRow = (ctx: BaContext, he: HeSize) => {
  const row = ctx.tables.he.find((r) => r.he === he);
  if (!row) throw new Error(`the HE table has no row for ${he}`);
  return row;
};

/** Whether a unit carries anti-tank weapons: a shaped-charge weapon or an anti-tank rifle (§5.2; common practice). */
export function hasAntiTank(ctx: BaContext, unitId: string): boolean {
  const models = ctx.units.get(unitId)?.models.flatMap((id) => ctx.models.get(id) ?? []) ?? [];
  return models.some((m) =>
    weaponIds(ctx, m).some((w) => {
      const weapon = weaponOf(ctx, m, w);
      return "row" in weapon && (weapon.row.rules.includes("shaped-charge") || weapon.row.id === "anti-tank-rifle");
    }),
  );
}
