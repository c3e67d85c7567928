/**
 * One firer's shot at one part of the target (§5.1, §6.1–§6.3, §6.8, §6.9, §7, §9): may it fire there at
 * all (weapon kind, sight, spotting, arc, range), with which base number and modifiers, needing what.
 */
import { footprintDistance } from "../../core/footprint";
import type { ModelFacts } from "../context";
import type { Modifier, Ruling, SampleTable } from "../ruleset";
import { isV1, type Ow2Context, sampleMark, unitState } from "./context";
import { lineOf, type Sighting, type TargetLine } from "./lines";
import type { TargetGroup } from "./parts";
import { type FiringWeapon, hasProperty, toHitCell } from "./profiles";
import { LAST_CHANCE_BASE, needed, parseToHit, type RangeBand, rangeBand, toHitModifiers } from "./toHit";
import { type Order, type Ow2FireDeclaration, TANK_TYPES } from "./types";

/** Indirect fire into the open part of an open-topped vehicle or emplacement hits on 9 (§6.3, §9.5). */
const OPEN_PART_BASE = 9;
/** v2.0: an anti-aircraft weapon's arc once its vehicle has moved (degrees). */
const AA_ARC_AFTER_MOVING = 180;
/** The firer stands next to the target's vehicle within this distance (cm). */
const NEXT_TO = 1;

/** One firer's shot at one part of the target. */
export interface GroupShot {
  readonly group: string;
  readonly canFire: boolean;
  readonly rulings: readonly Ruling[];
  /** The models of the part this firer can shoot, nearest first. */
  readonly lines: readonly TargetLine[];
  readonly band?: RangeBand;
  /** The weapon table's number, or 11 for a last-chance roll (§6.9). */
  readonly base?: number;
  /** The second number of a "7/x" entry: the penetration roll (§9.5). */
  readonly penetration?: number;
  readonly lastChance?: boolean;
  readonly modifiers: readonly Modifier[];
  /** The number the d10 must reach (above 10: it cannot hit). */
  readonly need?: number;
  /** The table `base` (and so `need`) comes from, when it is sample data. */
  readonly sample?: SampleTable;
}

/** What a shot depends on besides the firer, its weapon and the part. */
export interface ShotSituation {
  readonly decl: Ow2FireDeclaration;
  readonly order: Order;
  readonly targetUnit: string;
  readonly sightings: readonly Sighting[];
  readonly spotted: ReadonlySet<string>;
  /** Some model of the target unit is within this firer's close range (§6.2). */
  readonly unitInClose: boolean;
}

/** Whether the weapon may fire at this kind of part at all, before range and numbers (§5.17, §6.8, §9). */
function weaponFitsGroup(ctx: Ow2Context, w: FiringWeapon, g: TargetGroup, decl: Ow2FireDeclaration): Ruling | undefined {
  const p = w.profile;
  // v2.0 gives indirect fire at vehicle passengers its own −3 (004 l.24): it may be fired at them.
  const indirectAtPassengers = (decl.indirect ?? false) && g.exposed === "carried infantry" && !isV1(ctx);
  if (g.exposed && !indirectAtPassengers && (p.damage !== "small-arms" || p.template))
    return { reason: `only small arms may fire at the ${g.exposed}; ${p.name} may not`, rule: "§5.17" };
  if (p.heat && g.type === "infantry" && !g.hardCover)
    return {
      reason: `${p.name} (HEAT) may not be fired at infantry in the open, in woods or behind hedges: only in a building, a ruin or behind a wall`,
      rule: "§6.8",
    };
  if (decl.indirect && !p.indirect) return { reason: `${p.name} cannot fire indirectly`, rule: "§9.1" };
  if (!decl.indirect && p.indirect === "only") return { reason: `${p.name} fires only indirectly: declare indirect fire`, rule: "§9.1" };
  if (decl.indirect && g.exposed && !indirectAtPassengers)
    return { reason: `indirect fire is never fired at the ${g.exposed}${g.exposed === "carried infantry" ? " under v1" : ""}`, rule: "§5.17, §9.5" };
  return undefined;
}

/** A weapon's arc: its mount's, but a v2.0 anti-aircraft weapon turns all round only while its vehicle stands still (004 l.61). */
function weaponArc(ctx: Ow2Context, firer: ModelFacts, w: FiringWeapon): { degrees: number; ruling?: Ruling } {
  const moved = unitState(ctx, firer.unitId).movedThisTurn ?? false;
  if (isV1(ctx) || !w.mount.antiAircraft || !moved || w.mount.arc <= AA_ARC_AFTER_MOVING) return { degrees: w.mount.arc };
  return {
    degrees: AA_ARC_AFTER_MOVING,
    ruling: {
      reason: `${w.profile.name} is an anti-aircraft weapon and ${firer.id} moved this turn: its arc is ${AA_ARC_AFTER_MOVING}°, not ${w.mount.arc}°`,
      rule: "§7",
    },
  };
}

export function shotAt(ctx: Ow2Context, situation: ShotSituation, firer: ModelFacts, w: FiringWeapon, g: TargetGroup): GroupShot {
  const { decl, sightings, spotted, unitInClose } = situation;
  const rulings: Ruling[] = [];
  const weaponTable = sampleMark(ctx, "weapons");
  const fail = (reason: string, rule: string, extra: Partial<GroupShot> = {}, sample: { sample?: SampleTable } = {}): GroupShot => ({
    group: g.id,
    canFire: false,
    rulings: [...rulings, { reason, rule, ...sample }],
    lines: [],
    modifiers: [],
    ...extra,
  });
  const misfit = weaponFitsGroup(ctx, w, g, decl);
  if (misfit) return fail(misfit.reason, misfit.rule);
  const mine = sightings.filter((s) => s.firer.id === firer.id && g.models.includes(s.verdict.target) && (s.shootable || decl.indirect));
  if (!mine.length) return fail(`${firer.id} has no line of sight to this part`, "§5.1");
  if (!decl.indirect && situation.order !== "covering-fire" && !mine.some((s) => spotted.has(s.verdict.target)))
    return fail("the target is not spotted (only Covering Fire may fire at a target in sight but not spotted)", "§3.2, §5.1");
  const arc = weaponArc(ctx, firer, w);
  if (arc.ruling) rulings.push(arc.ruling);
  const arcOk = (s: Sighting) => {
    const bearing = s.report.arc?.bearing;
    return !w.mounted || arc.degrees >= 360 || bearing === undefined || Math.abs(bearing) <= arc.degrees / 2 + 1e-9;
  };
  const inArc = mine.filter(arcOk);
  if (!inArc.length) {
    const b = mine[0]!.report.arc?.bearing ?? 0;
    return fail(`outside the ${arc.degrees}° arc of the ${w.mount.mount} ${w.profile.name} (${Math.abs(b).toFixed(0)}° off its axis)`, "§7");
  }
  // Standing next to the trench, sandbags or vehicle cancels their minus: a v2.0 exception (004 l.16, l.19, l.24).
  const lines = inArc.map((s) => lineOf(s.report, ctx, s.verdict, !isV1(ctx) && s.verdict.shooterNextToPosition)).sort((a, b) => a.range - b.range);
  const nearest = lines[0]!;
  const band = rangeBand(w.profile, nearest.range);
  if (band === "beyond")
    return fail(
      `${nearest.range.toFixed(1)} cm is beyond the extreme range of ${w.profile.name} (${w.profile.range.extreme} cm)`,
      "§6.2",
      { band, lines },
      weaponTable,
    );
  if (band === "too-close") return fail(`${w.profile.name} cannot be used closer than ${w.profile.minimumRange} cm`, "§6.2", { band, lines }, weaponTable);
  rulings.push({
    reason: `${nearest.range.toFixed(1)} cm to the nearest model of this part: ${band} range of ${w.profile.name}`,
    rule: "§6.2",
    ...weaponTable,
  });
  const cell = parseToHit(toHitCell(ctx, w.profile, g.type));
  let base: number;
  let lastChance = false;
  const openPart = decl.indirect && cell === "NE" && g.vehicle !== undefined && (ctx.models.get(g.vehicle)!.def.vehicle?.openTopped ?? false);
  if (openPart) {
    base = OPEN_PART_BASE;
    rulings.push({ reason: `${w.profile.name} shows NE against a ${g.type}, but indirect fire may drop into the open top: base 9`, rule: "§9.5" });
  } else if (cell === "NE") {
    const tank = TANK_TYPES.includes(g.type);
    if (!tank || decl.indirect || w.profile.damage !== "heavy-weapons")
      return fail(`${w.profile.name} has no effect (NE) on a ${g.type}`, "§6.1", {}, weaponTable);
    base = LAST_CHANCE_BASE;
    lastChance = true;
    rulings.push({ reason: `${w.profile.name} shows NE against a ${g.type}: a last-chance roll, base 11`, rule: "§6.9", ...weaponTable });
  } else {
    base = cell.hit;
    rulings.push({
      reason: `weapon table: ${w.profile.name} against ${g.type} hits on ${cell.hit}+${cell.penetration ? `, penetrates on ${cell.penetration}+` : ""}`,
      rule: "§6.1",
      ...weaponTable,
    });
  }
  // The special guns table is the source's (§6.17); the 9 into an open top is the rule's own number.
  const special = w.profile.specialGun !== undefined && !isV1(ctx) && ctx.tables["special-guns"][w.profile.specialGun] !== undefined;
  const baseSample = openPart || special ? {} : weaponTable;
  const hedge = mine.some((s) => s.hedgeMinusOne && s.verdict.target === nearest.model);
  const landed = unitState(ctx, situation.targetUnit).landedThisTurn ?? false;
  const modifiers = toHitModifiers(ctx, {
    order: situation.order,
    weapon: w,
    band,
    unitInCloseRange: unitInClose,
    distance: nearest.range,
    spotted: mine.some((s) => spotted.has(s.verdict.target)),
    targetIsVehicle: g.vehicle !== undefined && !g.exposed,
    ...(g.dugIn && !nearest.nextToPosition ? { targetDugIn: g.dugIn } : {}),
    ...(g.exposed && !(!isV1(ctx) && g.vehicle && footprintDistance(firer.footprint, ctx.models.get(g.vehicle)!.footprint) <= NEXT_TO)
      ? { exposedTarget: g.exposed }
      : {}),
    exposesToSpot: decl.exposesToSpot ?? false,
    hullWeaponBlockedByHedge: hedge,
    indirect: decl.indirect ?? false,
    seenAtOrder: decl.targetSeenAtOrder ?? mine.some((s) => spotted.has(s.verdict.target)),
    targetInSmoke: g.inSmoke,
    antiAircraftFirstTurn: ctx.turn === 1 && landed && hasProperty(ctx, firer, "anti-aircraft"),
  });
  const need = needed(base, modifiers);
  if (need > 10)
    return fail(
      `needs ${need}+ on a d10 after modifiers: ${decl.indirect ? "indirect fire may not be attempted" : lastChance ? "the last-chance roll is not possible" : "it cannot hit"}`,
      decl.indirect ? "§9.2" : lastChance ? "§6.9" : "§6.1",
      { band, lines, base, modifiers, need, lastChance, ...baseSample },
      baseSample,
    );
  return {
    group: g.id,
    canFire: true,
    rulings,
    lines,
    band,
    base,
    ...(cell !== "NE" && cell.penetration ? { penetration: cell.penetration } : {}),
    lastChance,
    modifiers,
    need,
    ...baseSample,
  };
}
