/**
 * The verdict on one sight line (losVerdict): can the shooter see the target, is it spotted at this
 * distance, what cover does it have and which modifiers follow, each with its reason and rule.
 */
import type { SightReport } from "../../sight/sightReport";
import { type ModelFacts, requireModel } from "../context";
import type { Modifier, Ruling, Verdict } from "../ruleset";
import { type Ow2Context, sampleMark } from "./context";
import { type Cover, coverOf, vehicleInCoverForSpotting } from "./cover";
import { type FiringWeapon, firingWeapon, isVehicle } from "./profiles";
import { type SightRuling, sightRuling } from "./sight";
import { type SpottingDistance, spottingDistance } from "./spotting";
import { RULESET_ID } from "./tables";
import type { Ow2FireDeclaration } from "./types";

/** Within this distance of sandbags a model is behind them (cm). */
const BEHIND_SANDBAGS = 1;

export interface Ow2Verdict extends Verdict {
  readonly cover: Cover;
  readonly sight: SightRuling;
  /** The distance weapons measure: from the figure (infantry, guns) or from the muzzle (vehicles), §6.1. */
  readonly range: number;
  /** `at`: the distance spotting measures, base edge to base edge (§5.6). */
  readonly spotting: SpottingDistance & { readonly at: number; readonly spotted: boolean; readonly inCover: boolean };
  /** The target stands in smoke: −2 to hit and to damage (§14.3). */
  readonly inSmoke: boolean;
  /** The target stands in a trench or foxhole, or right behind sandbags on this line (§6.3). */
  readonly dugIn?: "trench" | "sandbags";
  /** The shooter stands next to the target's trench or sandbags: the −2 does not apply (§6.3 v2.0). */
  readonly shooterNextToPosition: boolean;
}

const rangeDistance = (report: SightReport, shooter: ModelFacts): number =>
  shooter.def.category === "vehicle" ? report.distance.originToEdge : report.distance.edgeToEdge;

function dugIn(report: SightReport): { dugIn?: "trench" | "sandbags"; shooterNextTo: boolean } {
  const trench = report.areas.find((a) => a.targetInside && (a.kind === "trench" || a.kind === "foxhole"));
  if (trench) return { dugIn: "trench", shooterNextTo: report.areas.some((a) => a.id === trench.id && a.shooterInside) };
  const bags = report.linearObstacles.find((c) => c.kind === "sandbags" && c.distanceFromTarget <= BEHIND_SANDBAGS);
  if (bags) return { dugIn: "sandbags", shooterNextTo: bags.distanceFromShooter <= BEHIND_SANDBAGS };
  return { shooterNextTo: false };
}

/** The weapon a report was traced for, as the shooter fires it (undefined for an eye report). */
function reportWeapon(report: SightReport, ctx: Ow2Context, declaration: Partial<Ow2FireDeclaration>): FiringWeapon | undefined {
  if (report.weapon === undefined) return undefined;
  const shooter = requireModel(ctx, report.shooter);
  const target = requireModel(ctx, report.target);
  const w = firingWeapon(ctx, shooter, report.weapon, {
    ...(declaration.ammunition ? { ammunition: declaration.ammunition } : {}),
    againstVehicle: isVehicle(ctx, target),
  });
  return "error" in w ? undefined : w;
}

/** Operation WW2's verdict on one line: sight (§5.2–§5.5), spotting (§5.6), cover (§5.9) and the target-side modifiers. */
export function losVerdict(
  report: SightReport,
  ctx: Ow2Context,
  declaration: Partial<Ow2FireDeclaration> = {},
  weapon = reportWeapon(report, ctx, declaration),
): Ow2Verdict {
  const shooter = requireModel(ctx, report.shooter);
  const target = requireModel(ctx, report.target);
  const sight = sightRuling(report, ctx, { ...(declaration.order ? { order: declaration.order } : {}), ...(weapon ? { weapon } : {}) });
  const cover = coverOf(report, ctx);
  const vehicleCover = isVehicle(ctx, target) ? vehicleInCoverForSpotting(report, ctx) : undefined;
  const inCover = isVehicle(ctx, target) ? vehicleCover !== undefined : cover.class !== "open";
  // A weapon whose firing shows a crewman out of a hatch (an AA MG) lets the vehicle spot as with its commander out.
  const exposed = (declaration.exposesToSpot ?? false) || (weapon?.mount.exposesCrew ?? false);
  const spot = spottingDistance(ctx, { spotter: shooter, target, targetInCover: inCover, exposesToSpot: exposed });
  // Nobody spots through smoke, even when Covering Fire may shoot through it.
  const spotted = sight.canSee && !sight.throughSmoke && report.distance.edgeToEdge <= spot.distance;
  const inSmoke = report.areas.some((a) => a.kind === "smoke" && a.targetInside);
  const position = dugIn(report);
  const modifiers: Modifier[] = [];
  if (inSmoke) {
    modifiers.push({ value: -2, roll: "to-hit", reason: "target inside smoke", rule: "§14.3" });
    modifiers.push({ value: ctx.tables["damage-modifiers"].smoke, roll: "damage", reason: "target inside smoke", rule: "§6.4, §14.3" });
  }
  modifiers.push(...spot.modifiers);
  const rulings: Ruling[] = [
    ...sight.rulings,
    ...cover.sources.map((s) => ({ ...s, reason: `cover: ${s.reason}` })),
    ...(vehicleCover ? [{ reason: `in cover for spotting: ${vehicleCover.reason}`, rule: vehicleCover.rule }] : []),
    ...spot.rulings,
    ...spot.modifiers.map((m) => ({ reason: `spotting ${m.value > 0 ? "+" : ""}${m.value} cm: ${m.reason}`, rule: m.rule })),
    {
      reason:
        sight.canSee && !sight.throughSmoke
          ? `${spotted ? "spotted" : "not spotted"}: ${report.distance.edgeToEdge.toFixed(1)} cm ${spotted ? "≤" : ">"} ${spot.distance} cm`
          : "not spotted: not in sight",
      rule: "§5.6",
      ...(sight.canSee && !sight.throughSmoke ? sampleMark(ctx, "spotting") : {}),
    },
  ];
  return {
    ruleset: RULESET_ID,
    shooter: report.shooter,
    target: report.target,
    ...(report.weapon ? { weapon: report.weapon } : {}),
    canSee: sight.canSee,
    spotted,
    cover,
    modifiers,
    rulings,
    sight,
    range: rangeDistance(report, shooter),
    spotting: { ...spot, at: report.distance.edgeToEdge, spotted, inCover },
    inSmoke,
    ...(position.dugIn ? { dugIn: position.dugIn } : {}),
    shooterNextToPosition: position.shooterNextTo,
  };
}
