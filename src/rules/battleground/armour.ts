/**
 * Which armour a hit meets (§6.1, §9.3, §12.8): the part (hull or turret) and its face (front, side, rear)
 * from the sight engine's facing facts, read against the vehicle's DV table; the top armour for charges.
 */
import type { Vec2 } from "../../core/geometry2d";
import { targetFacing } from "../../sight/facing";
import type { Quadrant, SightReport } from "../../sight/sightReport";
import type { ModelFacts } from "../context";
import type { Ruling } from "../ruleset";
import type { BgContext } from "./context";
import { profileOf, profileSample } from "./profiles";
import type { Face, VehiclePart } from "./types";

export interface ArmourHit {
  readonly part: VehiclePart | "top";
  readonly face?: Face;
  readonly dv: number;
  readonly ruling: Ruling;
}

const faceOf = (q: Quadrant): Face => (q === "front" || q === "rear" ? q : "side");

function vehicleData(ctx: BgContext, m: ModelFacts) {
  const v = profileOf(ctx, m).vehicle;
  if (!v) throw new Error(`${m.id} is not a vehicle in the profiles table`);
  return v;
}

/** Visible silhouette samples of the parts that turn with the turret, and of the rest. */
function visibleByPart(m: ModelFacts, report: SightReport): { turret: number; hull: number } {
  const turretParts = new Set<string>(m.def.parts.filter((p) => p.turret).map((p) => p.name));
  let [turret, hull] = [0, 0];
  for (const p of report.parts) {
    if (turretParts.has(p.part)) turret += p.visible;
    else if (p.part !== "crew") hull += p.visible;
  }
  return { turret, hull };
}

/** The armour the shooter of `report` hits: by the option, the part it sees most of, at that part's face towards it. */
export function armourFromShooter(ctx: BgContext, target: ModelFacts, report: SightReport): ArmourHit {
  const v = vehicleData(ctx, target);
  const seen = visibleByPart(target, report);
  const turretHit =
    ctx.options.armourFace === "most-visible-part" && v.dv.turret !== undefined && report.facing.turret !== undefined && seen.turret > seen.hull;
  const part: VehiclePart = turretHit ? "turret" : "hull";
  const facing = turretHit ? report.facing.turret! : report.facing.hull;
  const face = faceOf(facing.quadrant);
  const dv = (turretHit ? v.dv.turret! : v.dv.hull)[face];
  const why =
    ctx.options.armourFace === "hull"
      ? "the hull (option)"
      : v.dv.turret && report.facing.turret
        ? `the ${part} (${seen.turret} turret and ${seen.hull} hull samples visible)`
        : "the hull";
  return {
    part,
    face,
    dv,
    ruling: {
      reason: `${report.shooter} hits ${why} of ${target.id} on its ${face} (bearing ${facing.bearing.toFixed(0)}°): DV ${dv}`,
      rule: "§6.1, §12.8",
      ...profileSample(ctx),
    },
  };
}

/** The hull face of a vehicle towards a point (a burst), for hits nobody aimed. */
export function armourTowards(ctx: BgContext, target: ModelFacts, point: Vec2): ArmourHit {
  const v = vehicleData(ctx, target);
  const entry = {
    model: {
      id: target.id,
      model: target.def.id,
      position: [target.position[0], target.position[1]] as [number, number],
      heading: target.heading,
      turretHeading: 0,
    },
    def: target.def,
    unitId: target.unitId,
    forceId: "",
    side: target.side,
  };
  const facing = targetFacing(entry, point).hull;
  const face = faceOf(facing.quadrant);
  const dv = v.dv.hull[face];
  return {
    part: "hull",
    face,
    dv,
    ruling: {
      reason: `the burst is on ${target.id}'s ${face} (bearing ${facing.bearing.toFixed(0)}°): hull DV ${dv}`,
      rule: "§6.1, §12.8",
      ...profileSample(ctx),
    },
  };
}

export function topArmour(ctx: BgContext, target: ModelFacts): ArmourHit {
  const v = vehicleData(ctx, target);
  const dv = v.open ? 0 : v.dv.top;
  return { part: "top", dv, ruling: { reason: `${target.id}'s top armour: DV ${dv}${v.open ? " (open-topped)" : ""}`, rule: "§9.3", ...profileSample(ctx) } };
}
