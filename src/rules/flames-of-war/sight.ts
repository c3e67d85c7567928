/**
 * Sight in Flames of War's terms (§1.4, §2): one sight report (one origin) judged for line of sight,
 * concealment (terrain and state kept apart, G13), hull down, Bulletproof Cover, range and facing.
 * Source lines cited below are of the Polish text (seed 003).
 */

import { footprintDistance } from "../../core/footprint";
import type { ModelDefinition } from "../../core/modelDefinition";
import type { Occluder, SightReport } from "../../sight/sightReport";
import type { ModelFacts } from "../context";
import type { Ruling } from "../ruleset";
import { type FowContext, isVehicle, modelState, sampleMark, teamOf } from "./context";
import { isLongRange, SOURCE_CM, sourcePair } from "./distances";

/** Terrain that conceals a target when it hides at least half of it (§2.1). Models and smoke are not terrain here. */
const CONCEALING_KINDS = new Set(["hill", "wall", "hedge", "bocage", "sandbags", "tank-trap", "building-wall", "building-floor", "roof", "wreck"]);
/** Concealment by buildings and bocage is Bulletproof Cover for infantry and guns (line 431: "przesłonięte przez budynki, … żywopłoty Bocage"). */
const BULLETPROOF_WHEN_CONCEALING = new Set(["bocage", "building-wall", "building-floor", "roof"]);
/** Walls, stone fences and wrecks give it only to a model directly behind them that touches them (line 414). */
const BULLETPROOF_IN_CONTACT = new Set(["wall", "wreck"]);
/** Area terrain the source names: woods, grain fields, cornfields (§2.4). */
const AREA_KINDS = new Set(["woods", "crops"]);
/** Being in these is Concealed and Bulletproof Cover (line 431: "w budynkach, … transzejach"; a foxhole is dug in). */
const INSIDE_KINDS = new Set(["building", "ruins", "trench", "foxhole"]);
const HALF = 0.5;

/** What stops the line of sight, said twice: the same words for every line it stops, and with this line's measures. */
export interface Blocked {
  /** "farm (building-wall) blocks the line", "inside wood-1 (woods, 10.0 cm), sight reaches 6"/15 cm". */
  readonly by: string;
  readonly reason: string;
}

export interface FowSight {
  readonly canSee: boolean;
  /** Why there is no line of sight (absent when there is one). */
  readonly blocked?: Blocked;
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
 * The arc the source gives (003 l.492): all round for turrets, free mounts and infantry; ±90° from the normal
 * of the edge the weapon is mounted on for hull weapons and guns (the front, or the side of an SdKfz 251),
 * whatever narrower arc the model definition draws; a deck turret's arc is "limited by the shape of the hull
 * or the vehicle's other turrets" with no number given, so it is the model definition's own arc.
 */
export function inSourceArc(def: ModelDefinition, report: SightReport): boolean {
  const weapon = def.weapons.find((w) => w.id === report.weapon);
  if (!weapon || !report.arc) return true;
  if (weapon.mount === "deck") return report.arc.inArc;
  if (weapon.mount !== "hull") return true;
  return Math.abs(report.arc.bearing) <= 90 + 1e-9;
}

/** Why a target is outside the arc, in the source's terms for the mount. */
function outsideArc(def: ModelDefinition, report: SightReport, target: string): Ruling {
  const weapon = def.weapons.find((w) => w.id === report.weapon);
  const off = report.arc ? ` (${Math.abs(report.arc.bearing).toFixed(0)}° off its axis)` : "";
  if (weapon?.mount === "deck")
    return {
      reason: `${target} is outside the ${weapon.arc}° arc of the deck turret's ${weapon.name}${off}: the hull and the other turrets limit it (003 l.492; the arc is the model's)`,
      rule: "§1.4",
    };
  return { reason: `${target} is outside the weapon's arc${off}`, rule: "§1.4" };
}

/**
 * How a feature gives Bulletproof Cover to the infantry or gun it conceals (§4.8): always, only in contact
 * (walls and wrecks, line 414), or not at all. A wooden wall is a fence, not a wall or a stone fence.
 */
function bulletproofBy(ctx: FowContext, id: string, kind: string): "concealing" | "in-contact" | undefined {
  if (BULLETPROOF_WHEN_CONCEALING.has(kind)) return "concealing";
  if (!BULLETPROOF_IN_CONTACT.has(kind)) return undefined;
  const feature = ctx.terrain.get(id);
  return feature?.kind === "wall" && feature.material === "wood" ? undefined : "in-contact";
}

/** Whether the target's base or hull touches a wreck (the contact of line 431). */
function touchesWreck(ctx: FowContext, target: ModelFacts, wreck: string): boolean {
  const hull = ctx.wrecks.get(wreck);
  return hull !== undefined && touches(footprintDistance(target.footprint, hull), ctx);
}

/** The terrain that hides most of a vehicle's hull, when the sight engine finds only its turret showing. */
function hullHiddenBy(report: SightReport): Occluder | undefined {
  const first = report.parts.find((p) => p.part === "hull")?.blockedBy[0];
  return report.occluders.find((o) => o.id === first);
}

/** One origin's report judged in the source's terms. */
export function judgeSight(report: SightReport, firer: ModelFacts, target: ModelFacts, ctx: FowContext, weaponRange: number): FowSight {
  const rulings: Ruling[] = [];
  let terrainConcealed = false;
  let bulletproof = false;
  // Set inside `block` below: declared wide so the closure's assignment is seen.
  let blocked = undefined as Blocked | undefined;
  const block = (by: string, reason = by) => {
    blocked ??= { by, reason };
  };
  const conceal = (ruling: Ruling, proof = false) => {
    terrainConcealed = true;
    rulings.push(ruling);
    if (proof) bulletproof = true;
  };
  const tolerance = sampleMark(ctx, "parameters");
  // Bulletproof Cover protects infantry and guns (lines 414, 431); a vehicle has its armour or its save.
  const protectable = !isVehicle(teamOf(ctx, target));

  // Linear obstacles (§2.2): between them both are Concealed; a model touching one sees clearly over it and is Concealed.
  const seeThrough = new Set<string>();
  for (const c of report.linearObstacles) {
    const name = `${c.id} (${c.kind})`;
    const firerTouches = touches(c.distanceFromShooter, ctx);
    const targetTouches = touches(c.distanceFromTarget, ctx);
    if (firerTouches || targetTouches) seeThrough.add(c.id);
    const proof = protectable ? bulletproofBy(ctx, c.id, c.kind) : undefined;
    if (targetTouches)
      conceal(
        {
          reason: `${target.id} touches ${name}: it is Concealed${proof ? " and behind Bulletproof Cover (directly behind it, in contact)" : ""}`,
          rule: proof ? "§2.2, §4.8" : "§2.2",
          ...tolerance,
        },
        proof !== undefined,
      );
    else if (firerTouches) rulings.push({ reason: `${firer.id} touches ${name}: it sees clearly over it`, rule: "§2.2", ...tolerance });
    else if (proof === "in-contact")
      conceal({
        reason: `${name} lies between them: both are Concealed; no Bulletproof Cover, which a wall gives only to a model directly behind it and touching it`,
        rule: "§2.2, §4.8",
        ...tolerance,
      });
    else
      conceal(
        { reason: `${name} lies between them: both are Concealed${proof ? "; bocage gives Bulletproof Cover" : ""}`, rule: proof ? "§2.2, §4.8" : "§2.2" },
        proof !== undefined,
      );
  }

  // Line of sight: barrels and antennas ignored; an obstacle a model touches is seen through (the tree-line rule).
  const { samples, visible } = countedSamples(report, target);
  const throughTouched = report.occluders.filter((o) => seeThrough.has(o.id)).reduce((s, o) => s + o.samples, 0);
  const seen = Math.min(samples, visible + throughTouched);
  if (seen <= 0) {
    const first = report.occluders[0];
    block(first ? `${first.id} (${first.kind}) blocks the line` : `nothing of ${target.id} shows`);
  }

  // Area terrain (§2.4): at least half a footprint inside makes a model in it (G10).
  for (const a of report.areas) {
    if (AREA_KINDS.has(a.kind)) {
      const firerIn = shareIn(ctx, firer.id, a.id) >= HALF;
      const targetIn = shareIn(ctx, target.id, a.id) >= HALF;
      const name = `${a.id} (${a.kind}, ${a.height.toFixed(1)} cm)`;
      const taller = a.height > modelHeight(firer.def) && a.height > modelHeight(target.def);
      let blocksHere = false;
      if (taller && !firerIn && !targetIn && a.lengthInside > 0) {
        blocksHere = true;
        block(`${name} is taller than both models and lies between them`);
      } else if (taller && (firerIn || targetIn)) {
        const measured = ctx.options.areaSightLimit === "inside" ? a.lengthInside : report.distance.edgeToEdge;
        const what = ctx.options.areaSightLimit === "inside" ? "the line inside it" : "the distance";
        const limit = `${what} is ${measured.toFixed(1)} cm`;
        blocksHere = measured > SOURCE_CM.areaSight;
        const reaches = `inside ${name}, taller than both, sight reaches ${sourcePair(SOURCE_CM.areaSight)}`;
        if (blocksHere) block(reaches, `${reaches}: ${limit}, beyond ${sourcePair(SOURCE_CM.areaSight)}`);
        else rulings.push({ reason: `inside ${name}, taller than both: ${limit}, within ${sourcePair(SOURCE_CM.areaSight)}`, rule: "§2.4" });
      }
      if (targetIn) conceal({ reason: `${target.id} has at least half its footprint in ${name}: Concealed`, rule: "§2.4" });
      else if (firerIn && !blocksHere)
        rulings.push({ reason: `${firer.id} is at the edge of ${name} (at least half in): it sees clearly to targets outside`, rule: "§2.4" });
      else if (!taller && a.lengthInside > 0) conceal({ reason: `the line crosses ${name}, lower than a model: Concealed`, rule: "§2.4" });
    } else if (INSIDE_KINDS.has(a.kind) && a.targetInside) {
      conceal({ reason: `${target.id} is in ${a.id} (${a.kind}): Concealed${protectable ? ", Bulletproof Cover" : ""}`, rule: "§4.8" }, protectable);
    } else if (a.kind === "crater" && a.targetInside && protectable) {
      bulletproof = true;
      rulings.push({
        reason: `${target.id} is in ${a.id} (a shell crater): Bulletproof Cover; the source names craters for that alone, not concealment`,
        rule: "§4.8",
      });
    }
  }

  // Hull down (§2.3) is a hill's slope: only the turret over the crest. A turret over anything else is §2.1's
  // concealment (or §2.2's, already judged): at least half of the target hidden by terrain.
  const hullCover = report.hullDown ? hullHiddenBy(report) : undefined;
  if (hullCover?.kind === "hill")
    conceal({ reason: `on the slope of ${hullCover.id} (hill), ${target.id} is hull down: only its turret shows over the crest`, rule: "§2.3" });
  else if (samples > 0 && !terrainConcealed) {
    const hidden = report.occluders.filter((o) => CONCEALING_KINDS.has(o.kind) && !seeThrough.has(o.id));
    const share = hidden.reduce((s, o) => s + o.samples, 0) / samples;
    if (share >= HALF && hidden[0]) {
      const proof = protectable
        ? hidden.filter((o) => {
            const by = bulletproofBy(ctx, o.id, o.kind);
            return by === "concealing" || (by === "in-contact" && o.kind === "wreck" && touchesWreck(ctx, target, o.id));
          })
        : [];
      const hiddenBy = `${Math.round(share * 100)} % of ${target.id} is hidden by ${hidden.map((o) => `${o.id} (${o.kind})`).join(", ")}: Concealed${proof.length ? ", Bulletproof Cover" : ""}`;
      const notHullDown =
        hullCover && `only the turret of ${target.id} shows over ${hullCover.id} (${hullCover.kind}), not over a hill's crest: not hull down; `;
      conceal({ reason: `${notHullDown ?? ""}${hiddenBy}`, rule: proof.length ? "§2.1, §4.8" : "§2.1" }, proof.length > 0);
    }
  }
  // A wreck the target touches, with the line of fire through it, is Bulletproof Cover even when it hides less than half (line 431).
  if (protectable && !bulletproof) {
    const wreck = report.occluders.find((o) => o.kind === "wreck" && touchesWreck(ctx, target, o.id));
    if (wreck) {
      bulletproof = true;
      rulings.push({
        reason: `${target.id} touches ${wreck.id} (wreck) and the line of fire passes through it: Bulletproof Cover`,
        rule: "§4.8",
        ...tolerance,
      });
    }
  }

  const state = stateConcealment(ctx, target);
  if (state) rulings.push(state);
  if (modelState(ctx, target.id).dugIn && protectable) bulletproof = true;

  const range = report.distance.edgeToEdge;
  const inRange = range <= weaponRange;
  const inArc = inSourceArc(firer.def, report);
  const noSight = blocked;
  if (noSight) rulings.unshift({ reason: `no line of sight: ${noSight.reason}`, rule: "§1.4, §2" });
  if (!inArc) rulings.push(outsideArc(firer.def, report, target.id));
  rulings.push({
    reason: inRange
      ? `range ${range.toFixed(1)} cm, within the weapon's ${sourcePair(weaponRange)}`
      : `out of range: ${range.toFixed(1)} cm, beyond the weapon's ${sourcePair(weaponRange)}`,
    rule: "§1.4",
  });
  return {
    canSee: !noSight,
    ...(noSight ? { blocked: noSight } : {}),
    terrainConcealed,
    stateConcealed: state !== undefined,
    hullDown: hullCover?.kind === "hill",
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
