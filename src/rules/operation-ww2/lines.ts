/**
 * One firer's line to one target model, as the roll needs it (§5.12–§5.16): the range, the face it
 * strikes, firing from height, half-hidden vehicles, vehicles in the way, friends in the line.
 */
import type { Vec2 } from "../../core/geometry2d";
import type { SightReport } from "../../sight/sightReport";
import type { ModelFacts } from "../context";
import type { Ruling } from "../ruleset";
import { isV1, type Ow2Context } from "./context";
import { isVehicle } from "./profiles";
import type { Facing } from "./types";
import { coveringVehicle, facingOf, firedFromHeight, protectionTable, vehicleHidingLocation } from "./vehicles";
import type { Ow2Verdict } from "./verdict";

/** What one firer's line to one target model says, kept for the roll. */
export interface TargetLine {
  readonly model: string;
  readonly range: number;
  readonly facing: Facing;
  readonly fromHeight: boolean;
  /** Where the weapon fires from, in plan (flamethrower templates start there). */
  readonly origin: Vec2;
  /** A half-hidden vehicle's protection table against direct fire (§5.14). */
  readonly protection?: { readonly table: "v1-wall" | "v1-area" | "v2.0-cover"; readonly ruling: Ruling };
  /** v2.0: another vehicle covers at least half of it (§5.15). */
  readonly coveredBy?: { readonly id: string; readonly share: number };
  /** v1: the vehicle that completely hides its main weapon or its hull (§5.15). */
  readonly hiddenBy?: { readonly weapon?: string; readonly hull?: string };
  /** The firer stands next to the target's trench or sandbags (§6.3 v2.0). */
  readonly nextToPosition: boolean;
  /** Friendly models (not of the firing unit) the line passes: v1 within 5 cm, v2.0 through them (§5.12). */
  readonly friendsInLine: readonly string[];
  /** The line passes a window, door or gap (grenades land on the model inside, §8.3). */
  readonly throughOpening: boolean;
}

/** A firer's view of one target model: the verdict on the line, its report, and whether it may shoot along it. */
export interface Sighting {
  readonly firer: ModelFacts;
  readonly verdict: Ow2Verdict;
  readonly report: SightReport;
  /** The firer may shoot this model (in sight, or through a low hedge with −1, or indirectly). */
  readonly shootable: boolean;
  readonly hedgeMinusOne: boolean;
}

/** v1: friendly models closer than this to the line of fire (in plan) risk being hit (§5.12). */
const FRIENDS_NEAR_LINE_V1 = 5;

/** v1: friends within 5 cm of the line; v2.0: friends the line passes through, i.e. that stop some of its rays. */
function friendsInLine(report: SightReport, ctx: Ow2Context): string[] {
  const shooter = ctx.models.get(report.shooter)!;
  const crossed = (n: SightReport["modelsNearLine"][number]) => (isV1(ctx) ? n.distance < FRIENDS_NEAR_LINE_V1 : n.blockedSamples > 0);
  return report.modelsNearLine.filter((n) => n.side === shooter.side && n.unitId !== shooter.unitId && crossed(n)).map((n) => n.id);
}

export function lineOf(report: SightReport, ctx: Ow2Context, v: Ow2Verdict, nextToPosition: boolean): TargetLine {
  const target = ctx.models.get(report.target)!;
  const vehicle = isVehicle(ctx, target);
  const weaponHidden = isV1(ctx) && vehicle ? vehicleHidingLocation(report, ctx, "weapon") : undefined;
  const hullHidden = isV1(ctx) && vehicle ? vehicleHidingLocation(report, ctx, "hull") : undefined;
  const protection = vehicle ? protectionTable(report, ctx) : undefined;
  const coveredBy = vehicle && !isV1(ctx) ? coveringVehicle(report, ctx) : undefined;
  return {
    model: report.target,
    range: v.range,
    facing: facingOf(report),
    fromHeight: firedFromHeight(report, ctx),
    origin: [report.origin[0], report.origin[2]],
    ...(protection ? { protection } : {}),
    ...(coveredBy ? { coveredBy } : {}),
    ...(weaponHidden || hullHidden ? { hiddenBy: { ...(weaponHidden ? { weapon: weaponHidden } : {}), ...(hullHidden ? { hull: hullHidden } : {}) } } : {}),
    nextToPosition,
    friendsInLine: friendsInLine(report, ctx),
    throughOpening: report.openings.length > 0,
  };
}

/** Vehicles standing in a firer's line to a target vehicle: the shot may go to them (§5.15). */
export function vehiclesInLine(ctx: Ow2Context, report: SightReport): string[] {
  return report.occluders
    .filter((o) => o.kind === "model" && o.id !== report.target && ctx.models.get(o.id) && isVehicle(ctx, ctx.models.get(o.id)!))
    .map((o) => o.id);
}
