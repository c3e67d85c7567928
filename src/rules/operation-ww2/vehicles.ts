/**
 * Vehicles as targets (§5.13–§5.16, §6.4, §6.9, §6.12–§6.16): which face a shot enters, protection rolls
 * for half-hidden vehicles, other vehicles in the line of fire, firing from height, the damage-roll
 * modifiers of gun class and armour.
 */
import type { SightReport } from "../../sight/sightReport";
import type { ModelFacts } from "../context";
import type { Modifier, Ruling } from "../ruleset";
import { isV1, type Ow2Context, sampleMark } from "./context";
import { hiddenShares, terrainCoverClass } from "./cover";
import { armourAt, isVehicle, targetTypeOf, toHitCell } from "./profiles";
import type { VehicleEffect, WeaponProfile } from "./tables";
import { parseToHit } from "./toHit";
import { type CoverClass, coverRank, type Facing, type TargetType } from "./types";

/** The face of the hull a shot from the report's shooter enters: side for left and right (§5.13, NOT GIVEN diagram). */
export function facingOf(report: SightReport): Facing {
  const q = report.facing.hull.quadrant;
  return q === "front" ? "front" : q === "rear" ? "rear" : "side";
}

/**
 * A target vehicle no farther than the firer's height ignores medium armour and up (§5.16): v1 the height
 * of the firer's high ground over the target; v2.0 the firer's height above ground level (004 l.79).
 */
export function firedFromHeight(report: SightReport, ctx: Ow2Context): boolean {
  const height = isV1(ctx) ? -report.distance.heightDifference : report.distance.shooterElevation;
  return height > 0 && report.distance.edgeToEdge <= height;
}

/** The vehicle class gun-class modifiers speak of: half-tracks and armoured cars count as light tanks (§6.4). */
function gunClassColumn(type: TargetType): "medium-tank" | "light-tank" | "unarmoured" | undefined {
  if (type === "medium-tank") return "medium-tank";
  if (type === "light-tank" || type === "half-track" || type === "armoured-car") return "light-tank";
  if (type === "car" || type === "truck" || type === "motorbike") return "unarmoured";
  return undefined;
}

export type DamageMode = "direct" | "indirect" | "flamethrower" | "close-assault";

/** Gun class and armour modifiers on a damage roll against a vehicle (§6.4, §4.10, §5.16, §6.9). */
export function vehicleDamageModifiers(
  ctx: Ow2Context,
  args: { weapon: WeaponProfile; target: ModelFacts; facing: Facing; mode: DamageMode; fromHeight: boolean; ammunition?: string },
): Modifier[] {
  const table = ctx.tables["damage-modifiers"];
  const mods: Modifier[] = [];
  const type = targetTypeOf(ctx, args.target);
  const gunClass = args.weapon.antiTankRifle ? "light" : args.weapon.gunClass;
  const column = gunClassColumn(type);
  const ap = args.ammunition === "AP" || args.weapon.antiTankRifle;
  if (args.mode === "direct" && ap && column && (gunClass === "heavy" || gunClass === "light")) {
    const value = table.gunClass[gunClass][column];
    // The value is the source's; the gun's class is the weapon table's word.
    if (value)
      mods.push({
        value,
        roll: "damage",
        reason: `${gunClass} gun against a ${column.replace("-", " ")}${column !== type ? ` (${type} counts as one)` : ""}`,
        rule: "§6.4",
        ...sampleMark(ctx, "weapons"),
      });
  }
  const armour = armourAt(ctx, args.target, args.facing);
  if (!armour || ctx.options.armourModifiers === "collisions-only") return mods;
  const ignoredBy =
    args.fromHeight && table.ignoreArmour.height.includes(armour)
      ? "height"
      : args.mode !== "direct" && table.ignoreArmour[args.mode].includes(armour)
        ? args.mode
        : undefined;
  if (ignoredBy) return mods;
  // The value is the source's; the vehicle's armour class is the profile table's word.
  mods.push({
    value: table.armour[armour],
    roll: "damage",
    reason: `${armour} armour on the ${args.facing}`,
    rule: "§4.10, §6.4",
    ...sampleMark(ctx, "profiles"),
  });
  return mods;
}

/** Which protection table a half-hidden vehicle rolls on against direct fire, if any (§5.14). */
export function protectionTable(report: SightReport, ctx: Ow2Context): { table: "v1-wall" | "v1-area" | "v2.0-cover"; ruling: Ruling } | undefined {
  const shares = [...hiddenShares(report)].filter(([id]) => !ctx.models.has(id));
  const kindOf = (id: string) => report.occluders.find((o) => o.id === id)?.kind ?? "";
  const inArea = report.areas.find((a) => a.targetInside && ["woods", "building", "ruins"].includes(a.kind));
  if (isV1(ctx)) {
    if (inArea)
      return { table: "v1-area", ruling: { reason: `at least half inside ${inArea.id} (area terrain): area-terrain protection table`, rule: "§5.14" } };
    const byWalls = shares.filter(([id]) => kindOf(id) === "wall").reduce((s, [, x]) => s + x, 0);
    if (byWalls >= 0.5)
      return { table: "v1-wall", ruling: { reason: `${Math.round(byWalls * 100)} % hidden by a wall: wall protection table`, rule: "§5.14" } };
    return undefined;
  }
  if (inArea) {
    const cls = terrainCoverClass(ctx, inArea.kind);
    const protects = coverRank(cls) >= coverRank("medium") || (inArea.kind === "woods" && ctx.options.woodsProtectVehiclesV2);
    if (protects) return { table: "v2.0-cover", ruling: { reason: `at least half inside ${inArea.id} (${cls} cover): cover protection table`, rule: "§5.14" } };
  }
  const byHardCover = shares.filter(([id]) => coverRank(terrainCoverClass(ctx, kindOf(id))) >= coverRank("medium")).reduce((s, [, x]) => s + x, 0);
  if (byHardCover >= 0.5)
    return {
      table: "v2.0-cover",
      ruling: { reason: `${Math.round(byHardCover * 100)} % hidden by terrain giving medium or heavy cover: cover protection table`, rule: "§5.14" },
    };
  return undefined;
}

/** v2.0: another vehicle that covers at least half of the target (§5.15). */
export function coveringVehicle(report: SightReport, ctx: Ow2Context): { id: string; share: number } | undefined {
  let best: { id: string; share: number } | undefined;
  for (const [id, share] of hiddenShares(report)) {
    const m = ctx.models.get(id);
    if (m && isVehicle(ctx, m) && id !== report.target && share >= 0.5 && (!best || share > best.share)) best = { id, share };
  }
  return best;
}

export type HitLocation = "weapon" | "hull";
const LOCATION_PARTS: Readonly<Record<HitLocation, readonly string[]>> = { weapon: ["turret", "gun"], hull: ["hull"] };

/** Where a damage result strikes the vehicle (the v1 hit location, §5.15): a main weapon result the gun, others the hull. */
export function hitLocation(effects: readonly VehicleEffect[]): HitLocation | undefined {
  for (const e of effects) {
    if (e === "main-weapon") return "weapon";
    if (e !== "steady-nerves" && e !== "no-effect") return "hull";
  }
  return undefined;
}

/** v1: the vehicle that completely hides this location of the target from the shooter, if one does (§5.15). */
export function vehicleHidingLocation(report: SightReport, ctx: Ow2Context, location: HitLocation): string | undefined {
  const parts = report.parts.filter((p) => LOCATION_PARTS[location].includes(p.part));
  if (!parts.length || parts.some((p) => p.visible > 0)) return undefined;
  const [vehicle, ...others] = new Set(parts.flatMap((p) => p.blockedBy));
  const m = vehicle === undefined ? undefined : ctx.models.get(vehicle);
  return m && isVehicle(ctx, m) && others.length === 0 ? vehicle : undefined;
}

/**
 * v1: whether the noted to-hit roll would have hit the vehicle that hides the struck location. The base
 * modifiers do not count; the weapon's own long barrel does, as in the source's Sherman example (§5.15).
 */
export function strikesHidingVehicle(ctx: Ow2Context, weapon: WeaponProfile, naturalToHit: number, hider: ModelFacts): { strikes: boolean; reason: string } {
  const cell = parseToHit(toHitCell(ctx, weapon, targetTypeOf(ctx, hider)));
  if (cell === "NE") return { strikes: false, reason: `${weapon.name} has no effect on a ${targetTypeOf(ctx, hider)}` };
  const bonus = weapon.longBarrel ? 1 : 0;
  const total = naturalToHit + bonus;
  const strikes = naturalToHit !== 1 && total >= cell.hit;
  return {
    strikes,
    reason: `the noted to-hit roll ${naturalToHit}${bonus ? " +1 long barrel" : ""} ${strikes ? "reaches" : "does not reach"} the ${cell.hit}+ ${weapon.name} needs against ${hider.id} (${targetTypeOf(ctx, hider)})`,
  };
}

/**
 * The cover the vehicle gives those beside it (§5.9), and (INFERRED: the source gives no class for them)
 * the crew and riders hit inside it.
 */
export function vehicleCrewCover(ctx: Ow2Context, m: ModelFacts): CoverClass {
  return terrainCoverClass(ctx, `vehicle-${m.def.vehicle?.class ?? "unarmoured"}`);
}
