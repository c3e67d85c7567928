/**
 * Line of sight in Operation WW2's terms (§5.2–§5.5, §5.18). The sight engine says what a laser pointer
 * would show; these rules add what the game allows: how far beyond a low wall a model sees, how deep into
 * woods and buildings, through which openings, and what vehicles and Covering Fire may ignore.
 */

import type { AreaCrossing, LinearCrossing, SightReport } from "../../sight/sightReport";
import { requireModel } from "../context";
import type { Ruling } from "../ruleset";
import { isV1, type Ow2Context } from "./context";
import { type FiringWeapon, hasProperty, isVehicle, targetTypeOf } from "./profiles";
import type { Order } from "./types";

/** Walls and hedges up to this height are low (§5.3). */
export const LOW_OBSTACLE_HEIGHT = 2.5;
/** How deep sight reaches into woods, crops, buildings and ruins, and how close to an opening a model must be (§5.3, §5.4). */
const SIGHT_DEPTH = 5;
/** Infantry at a high hedge shoot through it, and throw grenades over a high wall, at targets this close to it (§5.3). */
const HIGH_OBSTACLE_REACH = 5;
/** A model this close to an obstacle stands next to it (cm): the sight engine's touch tolerance. */
const NEXT_TO = 0.5;
/** Slack for sampling and float rounding on the 5 cm limits. */
const EPSILON = 1e-6;

export interface SightRuling {
  readonly canSee: boolean;
  /** Only smoke stands between them: Covering Fire may fire (§3.2, §5.18). */
  readonly throughSmoke: boolean;
  /** A lower-hull weapon whose own line a low hedge blocks: the vehicle may still fire it at −1 (§5.5). */
  readonly hullWeaponBlockedByHedge: boolean;
  readonly rulings: readonly Ruling[];
  /** The rulings that deny sight (a subset of `rulings`): why the shooter cannot see the target. */
  readonly blockers: readonly Ruling[];
}

export interface SightQuestion {
  readonly order?: Order;
  /** The weapon the line is traced for; absent: the model's eye. */
  readonly weapon?: FiringWeapon;
}

const pct = (f: number) => `${Math.round(f * 100)} %`;
const cm = (d: number) => `${d.toFixed(1)} cm`;

function describeBlockers(report: SightReport): string {
  return report.occluders.map((o) => `${o.id} (${o.kind})`).join(", ") || "nothing the engine can name";
}

export const isLow = (c: LinearCrossing): boolean => c.height <= LOW_OBSTACLE_HEIGHT;
/** The shooter's feet are above the obstacle's top: it looks down on it from an upper floor or a height (§5.3). */
const looksDownOn = (report: SightReport, c: LinearCrossing): boolean => report.distance.shooterElevation >= c.top - EPSILON;

/** How far beyond a low wall or hedge a ground-level model sees: v1 10 cm, v2.0 5 cm (§5.3). */
export const lowObstacleReach = (ctx: Ow2Context): number => (isV1(ctx) ? 10 : 5);

interface ObstacleRulings {
  readonly blockers: Ruling[];
  /** The shooter reaches the target through a high hedge or over a high wall (§5.3), whatever the laser says. */
  readonly reachesPastHighObstacle: boolean;
  readonly rulings: Ruling[];
}

function linearObstacleRulings(report: SightReport, ctx: Ow2Context, q: SightQuestion): ObstacleRulings {
  const shooter = requireModel(ctx, report.shooter);
  const target = requireModel(ctx, report.target);
  const rulings: Ruling[] = [];
  const blockers: Ruling[] = [];
  const block = (ruling: Ruling) => {
    rulings.push(ruling);
    blockers.push(ruling);
  };
  let reachesPastHighObstacle = false;
  const lowerHull = q.weapon?.mount.mount === "lower-hull";
  for (const c of report.linearObstacles) {
    // An obstacle off the line of fire only hides part of the target: the visible share already says how much.
    if (c.kind === "wire" || !c.onCentreLine) continue;
    const name = `${c.id} (${c.kind}, ${cm(c.height)})`;
    if (looksDownOn(report, c)) {
      rulings.push({
        reason: `the shooter stands above ${name}: ${isV1(ctx) ? "models on upper levels ignore low walls and hedges; higher ones by true line of sight" : "models on upper floors and heights use true line of sight"}`,
        rule: "§5.3",
      });
      continue;
    }
    if (!isLow(c)) {
      if (isVehicle(ctx, shooter) && !lowerHull) {
        // The 2.5 cm limit is the infantry's (000 l.191); a vehicle fires where a straight line from the weapon reaches (000 l.739).
        rulings.push({ reason: `${name} is high, but a vehicle fires wherever a straight line from its weapon reaches the target`, rule: "§5.5" });
        continue;
      }
      const reach = c.distanceFromTarget <= HIGH_OBSTACLE_REACH + EPSILON && c.distanceFromShooter <= NEXT_TO && !isVehicle(ctx, shooter);
      if (reach && c.kind === "hedge") {
        reachesPastHighObstacle = true;
        rulings.push({
          reason: `infantry next to the high hedge ${name} may shoot through it at a target ${cm(c.distanceFromTarget)} from it (within 5 cm)`,
          rule: "§5.3",
        });
      } else if (reach && q.weapon?.profile.thrown) {
        reachesPastHighObstacle = true;
        rulings.push({
          reason: `infantry next to ${name} may throw ${q.weapon.profile.name.toLowerCase()} over it at a target ${cm(c.distanceFromTarget)} from it (within 5 cm)`,
          rule: "§5.3",
        });
      } else {
        block({ reason: `${name} is high (over ${LOW_OBSTACLE_HEIGHT} cm): ground-level models cannot see through or over it`, rule: "§5.3" });
      }
      continue;
    }
    const shooterIgnores = isV1(ctx) ? c.shooterTouches : c.distanceFromShooter <= 5 + EPSILON;
    if (shooterIgnores) {
      rulings.push({
        reason: `the shooter is ${isV1(ctx) ? "next to" : `within 5 cm of (${cm(c.distanceFromShooter)})`} the low ${c.kind} ${c.id} and ignores it`,
        rule: "§5.3",
      });
      continue;
    }
    let reach: number | undefined = lowObstacleReach(ctx);
    let who = "ground-level models see";
    if (isVehicle(ctx, shooter)) {
      const lowTarget = ["infantry", "artillery"].includes(targetTypeOf(ctx, target)) || hasProperty(ctx, target, "low-profile");
      if (!lowerHull || !lowTarget) {
        rulings.push({
          reason: `vehicles see over the low ${c.kind} ${c.id} without limit${lowerHull ? " (the target is neither infantry nor low-profile)" : ""}`,
          rule: "§5.5",
        });
        continue;
      }
      reach = isV1(ctx) || ctx.options.hullWeaponLowWall === "v1-distance" ? 10 : lowObstacleReach(ctx);
      who = "lower-hull weapons see";
    }
    if (c.distanceFromTarget > reach + EPSILON) {
      block({
        reason: `the target is ${cm(c.distanceFromTarget)} beyond the low ${c.kind} ${c.id}; ${who} at most ${reach} cm beyond it (${ctx.options.version})`,
        rule: lowerHull ? "§5.5" : "§5.3",
      });
    } else {
      rulings.push({
        reason: `the target is ${cm(c.distanceFromTarget)} beyond the low ${c.kind} ${c.id}, within the ${reach} cm ${who.replace(" see", "")} see beyond it`,
        rule: lowerHull ? "§5.5" : "§5.3",
      });
    }
  }
  return { blockers, reachesPastHighObstacle, rulings };
}

/** How far into a building the line reaches a model: from the opening it passes, else from the wall line (ruins). */
function depthFromOpening(report: SightReport, area: AreaCrossing, end: "target" | "shooter"): { depth: number; through: string } {
  const passages = report.openings.filter((o) => o.building === area.id);
  if (passages.length) {
    const best = passages.reduce((a, b) =>
      (end === "target" ? a.distanceToTarget : a.distanceToShooter) <= (end === "target" ? b.distanceToTarget : b.distanceToShooter) ? a : b,
    );
    return { depth: end === "target" ? best.distanceToTarget : best.distanceToShooter, through: `the ${best.type} ${best.id}` };
  }
  const [first] = area.intervals;
  const depth = end === "target" ? (area.depthToTarget ?? area.lengthInside) : first ? first[1] - first[0] : 0;
  return { depth, through: "its outer wall line" };
}

function areaRulings(report: SightReport, ctx: Ow2Context): { blockers: Ruling[]; rulings: Ruling[] } {
  const rulings: Ruling[] = [];
  const blockers: Ruling[] = [];
  const block = (reason: string, rule: string) => {
    rulings.push({ reason, rule });
    blockers.push({ reason, rule });
  };
  for (const a of report.areas) {
    const feature = ctx.terrain.get(a.id);
    if (a.kind === "woods" || a.kind === "crops") {
      if (a.kind === "crops" && isV1(ctx)) continue;
      if (a.kind === "crops" && feature && "concealing" in feature && !feature.concealing) {
        rulings.push({ reason: `${a.id} is a low crop that hides nobody`, rule: "§5.3" });
        continue;
      }
      const what = a.kind === "woods" ? "woods" : "a crop field (v2.0: as woods)";
      const where = a.targetInside ? "the target stands" : a.shooterInside ? "the shooter stands" : "the line crosses";
      if (a.lengthInside > SIGHT_DEPTH + EPSILON) block(`${where} ${cm(a.lengthInside)} inside ${what} ${a.id}; sight reaches at most 5 cm into it`, "§5.3");
      else if (!a.targetInside && !a.shooterInside && !ctx.options.smallWoodsLetSightThrough)
        block(`the line crosses ${what} ${a.id}, which blocks sight (option: narrow woods block)`, "§5.3, §19.4");
      else if (a.lengthInside > 0)
        rulings.push({ reason: `${where} ${cm(a.lengthInside)} inside ${what} ${a.id}, within the 5 cm sight reaches`, rule: "§5.3" });
    } else if (a.kind === "building" || a.kind === "ruins") {
      if (a.shooterInside && a.targetInside) {
        const limit = !isV1(ctx) && ctx.options.sightInsideBuildings === "5cm";
        if (limit && report.distance.edgeToEdge > SIGHT_DEPTH + EPSILON)
          block(`both stand inside ${a.id}, ${cm(report.distance.edgeToEdge)} apart; inside buildings and ruins sight reaches 5 cm (v2.0)`, "§5.3, §19.5");
        else rulings.push({ reason: `both stand inside ${a.id}${limit ? `, within 5 cm (${cm(report.distance.edgeToEdge)})` : ""}`, rule: "§5.3" });
        continue;
      }
      for (const end of ["target", "shooter"] as const) {
        if (!(end === "target" ? a.targetInside : a.shooterInside)) continue;
        const { depth, through } = depthFromOpening(report, a, end);
        if (depth > SIGHT_DEPTH + EPSILON)
          block(
            `the ${end} is ${cm(depth)} inside ${a.id} from ${through}; only models within 5 cm of an opening can ${end === "target" ? "be targeted" : "fire"}`,
            "§5.4",
          );
        else rulings.push({ reason: `the ${end} is ${cm(depth)} from ${through} of ${a.id} (within 5 cm)`, rule: "§5.4" });
      }
      if (!a.targetInside && !a.shooterInside && a.lengthInside > SIGHT_DEPTH + EPSILON)
        block(`the line crosses ${cm(a.lengthInside)} of the inside of ${a.id}; sight reaches 5 cm into a building`, "§5.3");
    } else if (a.kind === "smoke" && a.targetInside) {
      rulings.push({ reason: `the target stands inside the smoke ${a.id}: it can be seen`, rule: "§5.18" });
    }
  }
  return { blockers, rulings };
}

/** Whether the shooter may see the target along this report's line, and why. */
export function sightRuling(report: SightReport, ctx: Ow2Context, q: SightQuestion = {}): SightRuling {
  const rulings: Ruling[] = [];
  const smokeSamples = report.occluders.filter((o) => o.kind === "smoke").reduce((s, o) => s + o.samples, 0);
  const lowHedgesOnly =
    report.occluders.length > 0 && report.occluders.every((o) => o.kind === "hedge" && report.linearObstacles.some((c) => c.id === o.id && isLow(c)));
  const hullWeaponBlockedByHedge = report.visibleFraction === 0 && q.weapon?.mount.mount === "lower-hull" && lowHedgesOnly;
  let throughSmoke = false;
  const obstacles = linearObstacleRulings(report, ctx, q);
  if (report.visibleFraction > 0) {
    rulings.push({
      reason:
        report.visibleFraction >= 1
          ? "the whole target is in sight"
          : `${pct(report.visibleFraction)} of the target is in sight (hidden by ${describeBlockers(report)})`,
      rule: "§5.2",
    });
  } else if (smokeSamples > 0 && q.order === "covering-fire") {
    throughSmoke = true;
    rulings.push({ reason: "only smoke hides the target: Covering Fire may fire through smoke", rule: "§3.2, §5.18" });
  } else if (obstacles.reachesPastHighObstacle) {
    rulings.push({ reason: `the target is hidden by ${describeBlockers(report)}, but the obstacle rule below lets the shooter reach it`, rule: "§5.3" });
  } else {
    const why = hullWeaponBlockedByHedge
      ? "a low hedge blocks this lower-hull weapon's own line (the vehicle may still fire it at −1 if it sees the target)"
      : `blocked by ${describeBlockers(report)}`;
    const blocker = { reason: `no line of sight: ${why}`, rule: hullWeaponBlockedByHedge ? "§5.5" : "§5.2" };
    rulings.push(blocker);
    return { canSee: false, throughSmoke, hullWeaponBlockedByHedge, rulings, blockers: [blocker] };
  }
  const areas = areaRulings(report, ctx);
  rulings.push(...obstacles.rulings, ...areas.rulings);
  const blockers = [...obstacles.blockers, ...areas.blockers];
  return { canSee: blockers.length === 0, throughSmoke, hullWeaponBlockedByHedge, rulings, blockers };
}
