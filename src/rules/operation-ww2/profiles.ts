/**
 * A model's Operation WW2 profile (profiles.sample.json): its target type, training, armour and weapons,
 * with the fallback by category for definitions the table does not list.
 */
import type { ModelFacts } from "../context";
import { isV1, modelState, type Ow2Context, sampleMark, unitState } from "./context";
import type { ModelProfile, ToHitCell, WeaponMount, WeaponProfile } from "./tables";
import { type Ammunition, type ArmourClass, type Facing, isVehicleType, type TargetType } from "./types";

export function modelProfile(ctx: Ow2Context, m: ModelFacts): ModelProfile {
  const listed = ctx.tables.profiles.models[m.def.id];
  if (listed) return listed;
  const fallback = ctx.tables.profiles.fallback;
  if (m.def.category === "vehicle") return fallback[`vehicle:${m.def.vehicle?.class ?? "unarmoured"}`];
  return fallback[m.def.category];
}

export const targetTypeOf = (ctx: Ow2Context, m: ModelFacts): TargetType => modelProfile(ctx, m).type;
export const isVehicle = (ctx: Ow2Context, m: ModelFacts): boolean => isVehicleType(targetTypeOf(ctx, m));
export const trainingOf = (ctx: Ow2Context, m: ModelFacts): number => unitState(ctx, m.unitId).training ?? modelProfile(ctx, m).training;
/** The sample mark of a model's training value: the game's own value is none, the profile table's may be. */
export const trainingSample = (ctx: Ow2Context, m: ModelFacts) => (unitState(ctx, m.unitId).training === undefined ? sampleMark(ctx, "profiles") : {});
export const hasProperty = (ctx: Ow2Context, m: ModelFacts, property: string): boolean => modelProfile(ctx, m).properties?.includes(property) ?? false;
export const isSniper = (ctx: Ow2Context, m: ModelFacts): boolean => modelState(ctx, m.id).sniper ?? hasProperty(ctx, m, "sniper");
/** A unit that infiltrates (000 l.1004): its models' profile says "infiltrator", or it is a lone sniper (l.502). */
export const infiltrates = (ctx: Ow2Context, models: readonly ModelFacts[]): boolean =>
  models.length > 0 && (models.every((m) => hasProperty(ctx, m, "infiltrator")) || (models.length === 1 && isSniper(ctx, models[0]!)));
export const hasShield = (m: ModelFacts): boolean => m.def.parts.some((p) => p.name === "shield");
export const openTopped = (m: ModelFacts): boolean => m.def.vehicle?.openTopped ?? false;
/** A gun ("ágyú"): a vehicle's gun or a piece of artillery, not a machine gun, small arm or rocket (§9.9). */
export const isGun = (w: WeaponProfile): boolean => w.crewServed === "vehicle-gun" || w.crewServed === "artillery";

/** The armour class of the face a shot enters; undefined for unarmoured vehicles and everything else. */
export function armourAt(ctx: Ow2Context, m: ModelFacts, facing: Facing): ArmourClass | undefined {
  return modelProfile(ctx, m).armour?.[facing];
}

/** A weapon as a firer uses it: where it is mounted and the profile of the ammunition it fires. */
export interface FiringWeapon {
  /** The weapon id: one of the model definition's weapons, or a weapon the figure carries (a profile id). */
  readonly id: string;
  /** Whether it is one of the model definition's weapons: sight is traced from its origin, else from the eye. */
  readonly mounted: boolean;
  readonly mount: WeaponMount;
  readonly profileId: string;
  readonly profile: WeaponProfile;
  readonly ammunition?: Ammunition;
}

/** The weapons a model may fire: its definition's weapons that have a profile, then what it carries. */
export function weaponIds(ctx: Ow2Context, m: ModelFacts): string[] {
  const profile = modelProfile(ctx, m);
  const mounted = m.def.weapons.map((w) => w.id).filter((id) => profile.weapons[id] ?? profile.weapons["*"]);
  return [...mounted, ...(profile.carried ?? [])];
}

/** The weapon a model fires when the declaration names none: a vehicle's main gun, else its first weapon. */
export function usualWeapon(ctx: Ow2Context, m: ModelFacts): string | undefined {
  const ids = weaponIds(ctx, m);
  return ids.includes("main-gun") ? "main-gun" : ids[0];
}

function mountOf(ctx: Ow2Context, m: ModelFacts, weaponId: string): { mount: WeaponMount; mounted: boolean } | undefined {
  const profile = modelProfile(ctx, m);
  if (m.def.weapons.some((w) => w.id === weaponId)) {
    const mount = profile.weapons[weaponId] ?? profile.weapons["*"];
    return mount && { mount, mounted: true };
  }
  if (profile.carried?.includes(weaponId)) return { mount: { profile: weaponId, arc: 360, mount: "hand" }, mounted: false };
  return undefined;
}

/**
 * The weapon `weaponId` of model `m` loaded with `ammunition`, or a reason it cannot be fired. Guns that
 * carry several ammunition types default to AP against vehicles and HE against everything else (§6.8).
 */
export function firingWeapon(
  ctx: Ow2Context,
  m: ModelFacts,
  weaponId: string,
  options: { ammunition?: Ammunition; againstVehicle: boolean },
): FiringWeapon | { error: string } {
  const found = mountOf(ctx, m, weaponId);
  if (!found) return { error: `${m.id} has no Operation WW2 weapon "${weaponId}" (its weapons: ${weaponIds(ctx, m).join(", ") || "none"})` };
  const { mount, mounted } = found;
  let profileId: string | undefined;
  let ammunition = options.ammunition;
  if (typeof mount.profile === "string") {
    profileId = mount.profile;
  } else {
    const loads = mount.profile;
    ammunition ??= options.againstVehicle ? (loads.AP ? "AP" : loads.HEAT ? "HEAT" : "HE") : loads.HE ? "HE" : "AP";
    profileId = loads[ammunition];
    if (!profileId) return { error: `${m.id}'s ${weaponId} carries no ${ammunition} (it has ${Object.keys(loads).join(", ")})` };
  }
  const profile = ctx.tables.weapons[profileId];
  if (!profile) return { error: `weapon profile "${profileId}" (${m.id}'s ${weaponId}) is not in the weapon table` };
  if (options.ammunition && profile.ammunition && profile.ammunition !== options.ammunition)
    return { error: `${m.id}'s ${weaponId} fires ${profile.ammunition}, not ${options.ammunition}` };
  return { id: weaponId, mounted, mount, profileId, profile, ...((ammunition ?? profile.ammunition) ? { ammunition: ammunition ?? profile.ammunition } : {}) };
}

/** The to-hit cell of a weapon against a target type; v2.0 special guns read the special guns table (§6.17). */
export function toHitCell(ctx: Ow2Context, weapon: WeaponProfile, type: TargetType): ToHitCell {
  if (weapon.specialGun && !isV1(ctx)) {
    const row = ctx.tables["special-guns"][weapon.specialGun];
    if (row) return row.toHit[type] ?? "NE";
  }
  return weapon.toHit[type];
}
