/**
 * Sight in Flames of War's terms (§1.4, §2): one sight report (one origin) judged for line of sight,
 * concealment (terrain and state kept apart, G13), hull down, Bulletproof Cover, range and facing.
 */

import type { ModelDefinition } from "../../core/modelDefinition";
import type { SightReport } from "../../sight/sightReport";
import type { ModelFacts } from "../context";
import type { Ruling } from "../ruleset";
import { type FowContext, isVehicle, modelState, sampleMark, teamOf } from "./context";
import { isLongRange, SOURCE_CM, sourcePair } from "./distances";

/** Terrain that conceals a target when it hides at least half of it (§2.1). Models and smoke are not terrain here. */
const CONCEALING_KINDS = new Set(["hill", "wall", "hedge", "bocage", "sandbags", "tank-trap", "building-wall", "building-floor", "roof", "wreck"]);
/** Terrain whose concealment is Bulletproof Cover (§4.8 a): buildings, stone walls, bocage, wrecks. */
const BULLETPROOF_KINDS = new Set(["wall", "bocage", "building-wall", "building-floor", "roof", "wreck"]);
/** Area terrain the source names: woods, grain fields, cornfields (§2.4). */
const AREA_KINDS = new Set(["woods", "crops"]);
const INSIDE_KINDS = new Set(["building", "ruins", "trench", "foxhole"]);
const HALF = 0.5;

export interface FowSight {
  readonly canSee: boolean;
  /** Concealed by terrain from this origin (G13: kept apart from state concealment). */
  readonly terrainConcealed: boolean;
  /** Concealed by the target's state: Dug In, or stationary infantry in the open (§2.5). */
  readonly stateConcealed: boolean;
  readonly hullDown: boolean;
  readonly bulletproof: boolean;
  /** Base or hull to base or hull, cm (G1). */
  readonly range: number;
  readonly longRange: boolean;
  readonly inRange: boolean;
  readonly inArc: boolean;
  /** The origin is in front of the target's hull-front line, and of its turret-front line (G16). */
  readonly hullFront: boolean;
  readonly turretFront?: boolean;
  readonly origin: SightReport["origin"];
  readonly rulings: readonly Ruling[];
}

/** Top of a model above its feet, cm: the figures or the hull and turret. */
export function modelHeight(def: ModelDefinition): number {
  let top = def.figureHeight ?? 0;
  for (const part of def.parts) {
    if (part.name === "gun") continue;
    for (const s of part.shapes) {
      // An imported miniature's part: its highest vertex (model frame).
      if (s.type === "mesh") {
        for (let i = 1; i < s.vertices.length; i += 3) top = Math.max(top, s.vertices[i]!);
        continue;
      }
      const half = s.type === "box" ? s.size[1] / 2 : s.type === "sphere" ? s.radius * s.squash : s.axis === "y" ? s.length / 2 : s.radius;
      top = Math.max(top, s.at[1] + half);
    }
  }
  return top;
}

const touches = (distance: number, ctx: FowContext): boolean => distance <= ctx.tables.parameters.touchTolerance;
const shareIn = (ctx: FowContext, model: string, area: string): number => ctx.memberships.get(model)?.find((m) => m.id === area)?.share ?? 0;

/** The share of the target the report's samples cover, barrels (and bases) left out (§1.4). */
function countedSamples(report: SightReport, target: ModelFacts): { samples: number; visible: number } {
  const counted = report.parts.filter((p) => p.part !== "base" && !(target.def.vehicle && p.part === "gun"));
  return { samples: counted.reduce((s, p) => s + p.samples, 0), visible: counted.reduce((s, p) => s + p.visible, 0) };
}

function stateConcealment(ctx: FowContext, target: ModelFacts): Ruling | undefined {
  const team = teamOf(ctx, target);
  const state = modelState(ctx, target.id);
  const footTeam = team.type === "infantry" || team.type === "man-packed-gun";
  const diggable = footTeam || (team.type === "gun" && (team.gunClass === "light" || team.gunClass === "medium"));
  if (state.dugIn && diggable) return { reason: `${target.id} is Dug In: Concealed`, rule: "§2.5" };
  if (footTeam && !state.moved && !state.assaulted)
    return {
      reason: `${target.id} is ${team.type === "infantry" ? "infantry" : "a man-packed gun"} that did not move or assault: Concealed even in the open`,
      rule: "§2.5",
    };
  return undefined;
}

/**
 * The arc the source gives (§1.4): all round for turrets, free mounts and infantry; ±90° from the mount's
 * edge for hull weapons and guns, whatever narrower arc the model definition draws.
 */
function inSourceArc(firer: ModelFacts, report: SightReport): boolean {
  const weapon = firer.def.weapons.find((w) => w.id === report.weapon);
  if (weapon?.mount !== "hull" || !report.arc) return true;
  return Math.abs(report.arc.bearing) <= 90 + 1e-9;
}

/** One origin's report judged in the source's terms. */
export function judgeSight(report: SightReport, firer: ModelFacts, target: ModelFacts, ctx: FowContext, weaponRange: number): FowSight {
  const rulings: Ruling[] = [];
  let terrainConcealed = false;
  let bulletproof = false;
  let blocked: string | undefined;
  const conceal = (ruling: Ruling, proof = false) => {
    terrainConcealed = true;
    rulings.push(ruling);
    if (proof) bulletproof = true;
  };
  const tolerance = sampleMark(ctx, "parameters");

  // Linear obstacles (§2.2): between them both are Concealed; a model touching one sees clearly over it and is Concealed.
  const seeThrough = new Set<string>();
  for (const c of report.linearObstacles) {
    const name = `${c.id} (${c.kind})`;
    const firerTouches = touches(c.distanceFromShooter, ctx);
    const targetTouches = touches(c.distanceFromTarget, ctx);
    if (firerTouches || targetTouches) seeThrough.add(c.id);
    const proof = BULLETPROOF_KINDS.has(c.kind);
    if (targetTouches)
      conceal(
        {
          reason: `${target.id} touches ${name}: it is Concealed${proof ? " and behind Bulletproof Cover (in contact, the line of fire passes through it)" : ""}`,
          rule: proof ? "§2.2, §4.8" : "§2.2",
          ...tolerance,
        },
        proof,
      );
    else if (firerTouches) rulings.push({ reason: `${firer.id} touches ${name}: it sees clearly over it`, rule: "§2.2", ...tolerance });
    else
      conceal(
        {
          reason: `${name} lies between them: both are Concealed${proof ? "; a stone wall or bocage gives Bulletproof Cover" : ""}`,
          rule: proof ? "§2.2, §4.8" : "§2.2",
        },
        proof,
      );
  }

  // Line of sight: barrels and antennas ignored; an obstacle a model touches is seen through (the tree-line rule).
  const { samples, visible } = countedSamples(report, target);
  const throughTouched = report.occluders.filter((o) => seeThrough.has(o.id)).reduce((s, o) => s + o.samples, 0);
  const seen = Math.min(samples, visible + throughTouched);
  if (seen <= 0) blocked = report.occluders[0] ? `${report.occluders[0].id} (${report.occluders[0].kind}) blocks the line` : "nothing of the target shows";

  // Area terrain (§2.4): at least half a footprint inside makes a model in it (G10).
  for (const a of report.areas) {
    if (AREA_KINDS.has(a.kind)) {
      const firerIn = shareIn(ctx, firer.id, a.id) >= HALF;
      const targetIn = shareIn(ctx, target.id, a.id) >= HALF;
      const name = `${a.id} (${a.kind}, ${a.height.toFixed(1)} cm)`;
      const taller = a.height > modelHeight(firer.def) && a.height > modelHeight(target.def);
      if (taller && !firerIn && !targetIn && a.lengthInside > 0) blocked ??= `${name} is taller than both models and lies between them`;
      else if (taller && (firerIn || targetIn)) {
        const measured = ctx.options.areaSightLimit === "inside" ? a.lengthInside : report.distance.edgeToEdge;
        const what = ctx.options.areaSightLimit === "inside" ? "the line inside it" : "the distance";
        if (measured > SOURCE_CM.areaSight)
          blocked ??= `inside ${name}, taller than both: ${what} is ${measured.toFixed(1)} cm, beyond ${sourcePair(SOURCE_CM.areaSight)}`;
        else
          rulings.push({
            reason: `inside ${name}, taller than both: ${what} is ${measured.toFixed(1)} cm, within ${sourcePair(SOURCE_CM.areaSight)}`,
            rule: "§2.4",
          });
      }
      if (targetIn) conceal({ reason: `${target.id} has at least half its footprint in ${name}: Concealed`, rule: "§2.4" });
      else if (firerIn) rulings.push({ reason: `${firer.id} is at the edge of ${name} (at least half in): it sees clearly to targets outside`, rule: "§2.4" });
      else if (!taller && a.lengthInside > 0) conceal({ reason: `the line crosses ${name}, lower than a model: Concealed`, rule: "§2.4" });
    } else if (INSIDE_KINDS.has(a.kind) && a.targetInside) {
      conceal({ reason: `${target.id} is in ${a.id} (${a.kind}): Concealed, Bulletproof Cover`, rule: "§4.8" }, true);
    }
  }

  // Hull down (§2.3): only the turret over a crest. Otherwise terrain hiding at least half of the target conceals it (§2.1).
  if (report.hullDown) conceal({ reason: `${target.id} is hull down: only its turret shows over the crest`, rule: "§2.3" });
  else if (samples > 0 && !terrainConcealed) {
    const hidden = report.occluders.filter((o) => CONCEALING_KINDS.has(o.kind) && !seeThrough.has(o.id));
    const share = hidden.reduce((s, o) => s + o.samples, 0) / samples;
    if (share >= HALF && hidden[0]) {
      const proof = hidden.some((o) => BULLETPROOF_KINDS.has(o.kind));
      conceal(
        {
          reason: `${Math.round(share * 100)} % of ${target.id} is hidden by ${hidden.map((o) => `${o.id} (${o.kind})`).join(", ")}: Concealed${proof ? ", Bulletproof Cover" : ""}`,
          rule: proof ? "§2.1, §4.8" : "§2.1",
        },
        proof,
      );
    }
  }

  const state = stateConcealment(ctx, target);
  if (state) rulings.push(state);
  if (modelState(ctx, target.id).dugIn && !isVehicle(teamOf(ctx, target))) bulletproof = true;

  const range = report.distance.edgeToEdge;
  const inRange = range <= weaponRange;
  const inArc = inSourceArc(firer, report);
  if (blocked) rulings.unshift({ reason: `no line of sight: ${blocked}`, rule: "§1.4, §2" });
  if (!inArc) rulings.push({ reason: `${target.id} is outside the weapon's arc`, rule: "§1.4" });
  rulings.push({
    reason: inRange
      ? `range ${range.toFixed(1)} cm, within the weapon's ${sourcePair(weaponRange)}`
      : `out of range: ${range.toFixed(1)} cm, beyond the weapon's ${sourcePair(weaponRange)}`,
    rule: "§1.4",
  });
  return {
    canSee: !blocked,
    terrainConcealed,
    stateConcealed: state !== undefined,
    hullDown: report.hullDown,
    bulletproof,
    range,
    longRange: isLongRange(range),
    inRange,
    inArc,
    hullFront: report.facing.hull.inFrontHalf,
    ...(report.facing.turret ? { turretFront: report.facing.turret.inFrontHalf } : {}),
    origin: report.origin,
    rulings,
  };
}
