/**
 * A model's Battleground profile (profiles.sample.json): its type, quality and Training, DM, Close Combat
 * value, armour, and its weapons (weapons.sample.json), with the fallback by catalog category.
 */
import type { ModelFacts } from "../context";
import { type BgContext, modelState, sampleMark } from "./context";
import type { Profile, Weapon } from "./tables";
import type { Quality } from "./types";

export function profileOf(ctx: BgContext, m: ModelFacts): Profile {
  const listed = ctx.tables.profiles.models[m.def.id];
  if (listed) return listed;
  const fallback = ctx.tables.profiles.fallback;
  return m.def.category === "vehicle" ? fallback.vehicle : fallback[m.def.category];
}

export const isVehicle = (ctx: BgContext, m: ModelFacts): boolean => profileOf(ctx, m).type === "vehicle";
export const qualityOf = (ctx: BgContext, m: ModelFacts): Quality => modelState(ctx, m.id).quality ?? profileOf(ctx, m).quality;
export const trainingOf = (ctx: BgContext, m: ModelFacts): number => ctx.tables.profiles.training[qualityOf(ctx, m)];
/** Unarmoured: every man, and vehicles the profile calls unarmoured (AP +3, HE +3). */
export const isUnarmoured = (ctx: BgContext, m: ModelFacts): boolean => {
  const p = profileOf(ctx, m);
  return p.type !== "vehicle" || (p.vehicle?.unarmoured ?? false);
};

/** A weapon as a model fires it: the definition's weapon id and its table entry. */
export interface FiringWeapon {
  readonly id: string;
  readonly profileId: string;
  readonly weapon: Weapon;
}

/** The weapon ids a model may fire: its definition's weapons that the profile arms. */
export function weaponIds(ctx: BgContext, m: ModelFacts): string[] {
  const armed = profileOf(ctx, m).weapons;
  return m.def.weapons.map((w) => w.id).filter((id) => armed[id] ?? armed["*"]);
}

export function firingWeapon(ctx: BgContext, m: ModelFacts, id: string): FiringWeapon | { readonly error: string } {
  const armed = profileOf(ctx, m).weapons;
  const profileId = armed[id] ?? (m.def.weapons.some((w) => w.id === id) ? armed["*"] : undefined);
  if (!profileId) return { error: `${m.id} has no weapon "${id}" under Battleground WWII; its weapons are ${weaponIds(ctx, m).join(", ") || "none"}` };
  return { id, profileId, weapon: ctx.tables.weapons[profileId]! };
}

/** The weapon fired when the declaration names none: a vehicle's main gun, else the first. */
export function usualWeapon(ctx: BgContext, m: ModelFacts): string | undefined {
  const ids = weaponIds(ctx, m);
  return ids.includes("main-gun") ? "main-gun" : ids[0];
}

/** The profile's sample mark: every value read from it carries it. */
export const profileSample = (ctx: BgContext) => sampleMark(ctx, "profiles");
export const weaponSample = (ctx: BgContext) => sampleMark(ctx, "weapons");
