/**
 * Facing and arcs on the table plane: from which side a shooter sees a target's hull and turret, and
 * whether a target lies in the arc of the shooter's weapon.
 */
import type { ModelEntry } from "../core/battlefield";
import { rotateByHeading, sub2, type Vec2 } from "../core/geometry2d";
import type { ModelDefinition, Weapon } from "../core/modelDefinition";
import { modelLocalSolids } from "../core/solids/modelSolids";
import { solidTriangles } from "../core/solids/solidGeometry";
import { radToDeg, wrapDegrees } from "../core/units";
import type { Facing, Quadrant } from "./sightReport";

/** Heading (degrees, 0 = +z, 90 = +x) of a plan direction. */
export const headingOf = (v: Vec2): number => radToDeg(Math.atan2(v[0], v[1]));

function sector(bearing: number, cornerAngle: number): Quadrant {
  const a = Math.abs(bearing);
  if (a <= cornerAngle) return "front";
  if (a >= 180 - cornerAngle) return "rear";
  return bearing > 0 ? "right" : "left";
}

const turretFronts = new WeakMap<ModelDefinition, number>();

/**
 * How far ahead of the turret's pivot its front lies, cm, along the turret's axis: the foremost point of the
 * turret part (the gun barrel left out), so the turret-front line is drawn through the turret's front, not its
 * axis. Once per definition.
 */
export function turretFront(def: ModelDefinition): number {
  const known = turretFronts.get(def);
  if (known !== undefined) return known;
  let front = Number.NEGATIVE_INFINITY;
  for (const solid of modelLocalSolids(def, def.id, { turretHeading: 0, figureScale: 1 })) {
    if (solid.part !== "turret") continue;
    const { positions } = solidTriangles(solid);
    for (let i = 2; i < positions.length; i += 3) front = Math.max(front, positions[i]!);
  }
  const ahead = Number.isFinite(front) ? front - def.turretPivot[1] : 0;
  turretFronts.set(def, ahead);
  return ahead;
}

/**
 * Facing of `entry` as seen from `viewer`: by the hull corners for vehicles, 45° sectors for bases; in front
 * of the hull's front edge, and of the line across the turret's front at its traverse.
 */
export function targetFacing(entry: ModelEntry, viewer: Vec2): { hull: Facing; turret?: Facing } {
  const { def, model } = entry;
  const local = rotateByHeading(sub2(viewer, model.position), -model.heading);
  // Local +x is the model's left (it faces +z with y up), so a bearing to the right is positive.
  const bearing = wrapDegrees(radToDeg(Math.atan2(-local[0], local[1])));
  const halfLength = def.vehicle ? def.vehicle.length / 2 : 0;
  const cornerAngle = def.vehicle ? radToDeg(Math.atan2(def.vehicle.width / 2, halfLength)) : 45;
  const hull: Facing = { bearing, quadrant: sector(bearing, cornerAngle), inFrontHalf: local[1] > halfLength };
  if (!def.parts.some((p) => p.turret)) return { hull };
  const turretLocal = rotateByHeading(sub2(local, def.turretPivot), -model.turretHeading);
  const turretBearing = wrapDegrees(radToDeg(Math.atan2(-turretLocal[0], turretLocal[1])));
  return { hull, turret: { bearing: turretBearing, quadrant: sector(turretBearing, 45), inFrontHalf: turretLocal[1] > turretFront(def) } };
}

/** The direction a weapon's arc is centred on: the turret's for turret weapons, the hull's otherwise, turned by the weapon's own facing (a side mount, a deck turret). */
export function mountHeading(entry: ModelEntry, weapon: Weapon): number {
  return entry.model.heading + (weapon.mount === "turret" ? entry.model.turretHeading : 0) + (weapon.facing ?? 0);
}

/** Whether the target is in the weapon's arc; the bearing is positive to the shooter's right, like facings. */
export function weaponArc(entry: ModelEntry, weapon: Weapon, origin: Vec2, target: Vec2) {
  // Headings grow towards the model's left (+z → +x), so a bearing to the right is the negated difference.
  const bearing = wrapDegrees(mountHeading(entry, weapon) - headingOf(sub2(target, origin)));
  return { weapon: weapon.id, arc: weapon.arc, bearing, inArc: weapon.arc >= 360 || Math.abs(bearing) <= weapon.arc / 2 + 1e-9 };
}
