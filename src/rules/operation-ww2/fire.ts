/**
 * The verdict on a declared shot for the whole firing unit (§5.1, §5.10–§5.12, §6.1–§6.3, §6.7): which
 * sight reports it needs, which target models form which parts (differentiated targets), whether the
 * target is spotted, and for every firer whether it may fire, at which part, with how many dice and which
 * number to hit, each decision with its reason and rule.
 */
import { footprintDistance } from "../../core/footprint";
import type { Vec2 } from "../../core/geometry2d";
import type { SightReport } from "../../sight/sightReport";
import { modelsNamed, unitNamed, type ModelFacts, type UnitFacts } from "../context";
import { sightKey, type FireVerdict, type Modifier, type Ruling, type SightRequest } from "../ruleset";
import { isV1, modelState, unitState, type Ow2Context } from "./context";
import { standingCover } from "./cover";
import { crewService } from "./crew";
import { firingWeapon, hasProperty, isVehicle, targetTypeOf, toHitCell, usualWeapon, type FiringWeapon } from "./profiles";
import { spottingGroup } from "./spotting";
import { RULESET_ID } from "./tables";
import { LAST_CHANCE_BASE, needed, parseToHit, rangeBand, toHitModifiers, type RangeBand } from "./toHit";
import { coverRank, TANK_TYPES, type CoverClass, type Facing, type Order, type Ow2FireDeclaration, type TargetType } from "./types";
import { losVerdict, type Ow2Verdict } from "./verdict";
import { coveringVehicle, facingOf, firedFromHeight, protectionTable, vehicleCrewCover, vehicleHidingLocation } from "./vehicles";

/** Indirect fire into the open part of an open-topped vehicle or emplacement hits on 9 (§6.3, §9.5). */
const OPEN_PART_BASE = 9;
/** Infantry units of one owner closer than this are one target for direct fire (§5.11). */
const MIXED_UNITS = 5;
/** Cover that HEAT may be fired at infantry behind: hard surfaces (§6.8). */
const HARD_SURFACES: readonly string[] = ["building", "ruins", "wall"];
/** The firer stands next to the target's trench, sandbags or vehicle within this distance (cm). */
const NEXT_TO = 1;

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

/** One part of the target: models with the same cover and the same modifiers (§5.10). */
export interface TargetGroup {
  readonly id: string;
  readonly models: readonly string[];
  /** The column of the weapon and damage tables. */
  readonly type: TargetType;
  readonly cover: CoverClass;
  /** A vehicle (or its exposed crew) is a part of its own. */
  readonly vehicle?: string;
  readonly exposed?: "exposed crew" | "carried infantry";
  readonly inSmoke: boolean;
  readonly dugIn?: "trench" | "sandbags";
  /** Infantry in a building or ruin or behind a wall: HEAT may be fired at them (§6.8). */
  readonly hardCover: boolean;
  readonly rulings: readonly Ruling[];
}

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
}

export interface Firer {
  readonly model: string;
  readonly weapon?: FiringWeapon;
  /** Dice it rolls: the rate of fire after the crew rules (§6.2, §6.7). */
  readonly dice: number;
  readonly canFire: boolean;
  readonly rulings: readonly Ruling[];
  readonly shots: readonly GroupShot[];
  /** The part it fires at. */
  readonly group?: string;
  /** Lines to vehicles that may take the shot instead of the target (§5.15). */
  readonly others: Readonly<Record<string, TargetLine>>;
}

export interface Ow2FireVerdict extends FireVerdict {
  readonly declaration: Ow2FireDeclaration;
  readonly order: Order;
  readonly firingUnit: string;
  readonly targetUnit: string;
  /** The model named as the aiming point, if the declaration named a model. */
  readonly aim?: string;
  /** Every target model, mixed units included (§5.11). */
  readonly targets: readonly string[];
  readonly spotted: readonly string[];
  /** Whether any model of the firing unit sees a target model (indirect scatter, §9.2). */
  readonly unitSeesTarget: boolean;
  readonly groups: readonly TargetGroup[];
  readonly firers: readonly Firer[];
  /** The verdict on every line looked at. */
  readonly pairs: readonly Ow2Verdict[];
}

interface Plan {
  readonly order: Order;
  readonly firingUnit: UnitFacts;
  readonly targetUnit: UnitFacts;
  readonly firers: ReadonlyArray<{ readonly m: ModelFacts; readonly weapon: FiringWeapon | { readonly error: string } }>;
  readonly spotters: readonly ModelFacts[];
  readonly targets: readonly ModelFacts[];
  readonly rulings: readonly Ruling[];
}

/** Other infantry units of the target's owner within 5 cm of it join it as one target (§5.11). */
function mixedUnits(ctx: Ow2Context, targetUnit: UnitFacts, targets: readonly ModelFacts[]): { models: ModelFacts[]; rulings: Ruling[] } {
  const infantry = targets.filter((m) => !isVehicle(ctx, m));
  const models: ModelFacts[] = [];
  const rulings: Ruling[] = [];
  for (const unit of ctx.units.values()) {
    if (unit.id === targetUnit.id || unit.side !== targetUnit.side) continue;
    const theirs = modelsNamed(ctx, unit.id).filter((m) => !isVehicle(ctx, m));
    const near = theirs.find((b) => infantry.some((a) => Math.hypot(footprintDistance(a.footprint, b.footprint), a.feetY - b.feetY) < MIXED_UNITS));
    if (!near) continue;
    models.push(...theirs);
    rulings.push({ reason: `${unit.id} has a model (${near.id}) less than 5 cm from ${targetUnit.id}: the two count as one target, their owner allocates the damage`, rule: "§5.11" });
  }
  return { models, rulings };
}

function plan(decl: Ow2FireDeclaration, ctx: Ow2Context): Plan {
  const order = decl.order ?? "fire";
  const firingUnit = unitNamed(ctx, decl.shooter);
  const targetUnit = unitNamed(ctx, decl.target);
  const own = modelsNamed(ctx, targetUnit.id);
  const mixed = decl.indirect ? { models: [], rulings: [] } : mixedUnits(ctx, targetUnit, own);
  const targets = [...own, ...mixed.models];
  const againstVehicle = !decl.exposedCrew && targets.every((t) => isVehicle(ctx, t));
  const firers = modelsNamed(ctx, decl.shooter).map((m) => {
    const id = decl.weapon ?? usualWeapon(ctx, m);
    const weapon = id === undefined ? { error: `${m.id} has no weapon` } : firingWeapon(ctx, m, id, { ...(decl.ammunition ? { ammunition: decl.ammunition } : {}), againstVehicle });
    return { m, weapon };
  });
  return { order, firingUnit, targetUnit, firers, spotters: modelsNamed(ctx, firingUnit.id), targets, rulings: mixed.rulings };
}

const weaponRequest = (m: ModelFacts, t: ModelFacts, w: FiringWeapon): SightRequest => ({ shooter: m.id, target: t.id, ...(w.mounted ? { weapon: w.id } : {}) });

/** A spotter's eye line; a firer whose weapon sights from its eye reuses its weapon line. */
function eyeRequest(s: ModelFacts, t: ModelFacts, weapon: FiringWeapon | undefined): SightRequest {
  const fromEye = weapon && (!weapon.mounted || s.def.weapons.find((w) => w.id === weapon.id)?.origin === "eye");
  return fromEye ? weaponRequest(s, t, weapon) : { shooter: s.id, target: t.id };
}

function firstRequests(p: Plan): SightRequest[] {
  const weapons = new Map(p.firers.flatMap((f) => ("error" in f.weapon ? [] : [[f.m.id, f.weapon] as const])));
  const requests = [
    ...p.firers.flatMap((f) => ("error" in f.weapon ? [] : p.targets.map((t) => weaponRequest(f.m, t, f.weapon as FiringWeapon)))),
    ...p.spotters.flatMap((s) => p.targets.map((t) => eyeRequest(s, t, weapons.get(s.id)))),
  ];
  return [...new Map(requests.map((r) => [sightKey(r), r])).values()];
}

/** The sight reports a shot needs first (fireVerdict asks for more in `needs` when vehicles stand in the way). */
export function sightRequests(decl: Ow2FireDeclaration, ctx: Ow2Context): SightRequest[] {
  return firstRequests(plan(decl, ctx));
}

/** v1: friendly models closer than this to the line of fire (in plan) risk being hit (§5.12). */
const FRIENDS_NEAR_LINE_V1 = 5;

/** v1: friends within 5 cm of the line; v2.0: friends the line passes through, i.e. that stop some of its rays. */
function friendsInLine(report: SightReport, ctx: Ow2Context): string[] {
  const shooter = ctx.models.get(report.shooter)!;
  const crossed = (n: SightReport["modelsNearLine"][number]) => (isV1(ctx) ? n.distance < FRIENDS_NEAR_LINE_V1 : n.blockedSamples > 0);
  return report.modelsNearLine.filter((n) => n.side === shooter.side && n.unitId !== shooter.unitId && crossed(n)).map((n) => n.id);
}

function lineOf(report: SightReport, ctx: Ow2Context, v: Ow2Verdict, nextToPosition: boolean): TargetLine {
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
    fromHeight: firedFromHeight(report),
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
function vehiclesInLine(ctx: Ow2Context, report: SightReport): string[] {
  return report.occluders.filter((o) => o.kind === "model" && o.id !== report.target && ctx.models.get(o.id) && isVehicle(ctx, ctx.models.get(o.id)!)).map((o) => o.id);
}

function groupLabel(cover: CoverClass, inSmoke: boolean, dugIn: "trench" | "sandbags" | undefined, pointBlank: boolean): string {
  return [cover === "open" ? "in the open" : `${cover} cover`, ...(inSmoke ? ["in smoke"] : []), ...(dugIn ? [dugIn === "trench" ? "in a trench" : "behind sandbags"] : []), ...(pointBlank ? ["within 5 cm"] : [])].join(", ");
}

/** The cover most firers that see the model give it; a tie goes to the better cover (the defender's benefit). */
function majorityCover(classes: readonly CoverClass[]): CoverClass {
  const counts = new Map<CoverClass, number>();
  for (const c of classes) counts.set(c, (counts.get(c) ?? 0) + 1);
  let best: CoverClass = "open";
  let bestCount = -1;
  for (const [c, n] of counts) if (n > bestCount || (n === bestCount && coverRank(c) > coverRank(best))) [best, bestCount] = [c, n];
  return best;
}

interface Sighting {
  readonly firer: ModelFacts;
  readonly verdict: Ow2Verdict;
  readonly report: SightReport;
  /** The firer may shoot this model (in sight, or through a low hedge with −1, or indirectly). */
  readonly shootable: boolean;
  readonly hedgeMinusOne: boolean;
}

function formGroups(ctx: Ow2Context, decl: Ow2FireDeclaration, targets: readonly ModelFacts[], sightings: ReadonlyMap<string, Sighting[]>): TargetGroup[] {
  const groups = new Map<string, { group: Omit<TargetGroup, "models">; models: string[] }>();
  for (const t of targets) {
    const seen = (sightings.get(t.id) ?? []).filter((s) => s.shootable);
    if (!seen.length) continue;
    const vehicle = isVehicle(ctx, t);
    const verdicts = seen.map((s) => s.verdict);
    const inSmoke = verdicts.some((v) => v.inSmoke);
    const dugIn = verdicts.find((v) => v.dugIn)?.dugIn;
    if (vehicle) {
      if (decl.exposedCrew) {
        const state = modelState(ctx, t.id);
        const exposed = state.commanderExposed && !t.pinned ? "exposed crew" : state.carriesInfantry ? "carried infantry" : undefined;
        if (!exposed) continue;
        const fromHeight = !isV1(ctx) && (t.def.vehicle?.openTopped ?? false) && seen.some((s) => firedFromHeight(s.report));
        const cover: CoverClass = fromHeight ? "open" : vehicleCrewCover(ctx, t);
        groups.set(`crew of ${t.id}`, {
          models: [t.id],
          group: {
            id: `crew of ${t.id}`,
            type: "infantry",
            cover,
            vehicle: t.id,
            ...(fromHeight ? {} : { exposed }),
            inSmoke,
            hardCover: false,
            rulings: [{ reason: fromHeight ? `passengers of the open-topped ${t.id}, shot from above: infantry without cover, no −2 (v2.0)` : `the ${exposed} of ${t.id}: infantry column, in the vehicle's ${cover} cover`, rule: fromHeight ? "§5.16" : "§5.17" }],
          },
        });
        continue;
      }
      groups.set(t.id, { models: [t.id], group: { id: t.id, type: targetTypeOf(ctx, t), cover: majorityCover(verdicts.map((v) => v.cover.class)), vehicle: t.id, inSmoke, hardCover: false, rulings: [{ reason: `${t.id} is a vehicle: a part of its own`, rule: "§5.10" }] } });
      continue;
    }
    const cover = decl.indirect ? standingCover(ctx, t).class : majorityCover(verdicts.map((v) => v.cover.class));
    const pointBlank = !decl.indirect && seen.some((s) => s.verdict.range <= 5);
    const id = groupLabel(cover, inSmoke, dugIn, pointBlank);
    const hard = verdicts.some((v) => v.cover.kinds.some((k) => HARD_SURFACES.includes(k)));
    const entry = groups.get(id) ?? {
      models: [],
      group: {
        id,
        type: targetTypeOf(ctx, t),
        cover,
        inSmoke,
        ...(dugIn ? { dugIn } : {}),
        hardCover: hard,
        rulings: [{ reason: `models ${id}: one part of the target; each weapon fires at one part`, rule: "§5.10" }],
      },
    };
    entry.models.push(t.id);
    groups.set(id, entry);
  }
  return [...groups.values()].map(({ group, models }) => ({ ...group, models }));
}

function incomplete(decl: Ow2FireDeclaration, p: Plan, needs: SightRequest[]): Ow2FireVerdict {
  return {
    ruleset: RULESET_ID,
    declaration: decl,
    order: p.order,
    firingUnit: p.firingUnit.id,
    targetUnit: p.targetUnit.id,
    targets: p.targets.map((t) => t.id),
    valid: false,
    rulings: [{ reason: `${needs.length} more sight line(s) to measure before a verdict`, rule: "§5.1" }],
    needs,
    spotted: [],
    unitSeesTarget: false,
    groups: [],
    firers: [],
    pairs: [],
  };
}

/** Reasons a unit may not fire at all with this declaration (§2.7, §3, §5.1). */
function declarationRulings(decl: Ow2FireDeclaration, p: Plan): Ruling[] {
  const problems: Ruling[] = [];
  if (p.order === "move") problems.push({ reason: "a unit with a Move order does not fire", rule: "§3.2, §5.1" });
  if (p.firingUnit.side === p.targetUnit.side) problems.push({ reason: `${p.targetUnit.id} is on the firing unit's own side`, rule: "§5.1" });
  if (decl.interruptingMove && !["fire", "ambush", "covering-fire"].includes(p.order)) problems.push({ reason: `a ${p.order} order cannot delay its fire to interrupt a move: only Fire and Ambush can`, rule: "§2.7" });
  if (decl.interruptingMove && p.order === "covering-fire") problems.push({ reason: "Covering Fire cannot delay its fire to interrupt a move", rule: "§2.7, §3.2" });
  if (decl.indirect && decl.interruptingMove) problems.push({ reason: "indirect fire cannot interrupt a move here: declare it against the unit where it stands", rule: "§2.7, §9" });
  return problems;
}

function spottingRulings(ctx: Ow2Context, p: Plan, eye: ReadonlyMap<string, Ow2Verdict[]>): { spotted: Set<string>; rulings: Ruling[] } {
  const spottedGroups = new Set<string>();
  const best = new Map<string, Ow2Verdict>();
  for (const t of p.targets) {
    for (const v of eye.get(t.id) ?? []) {
      const g = spottingGroup(ctx, t);
      if (v.spotting.spotted) spottedGroups.add(g);
      const previous = best.get(g);
      const margin = (x: Ow2Verdict) => x.spotting.distance - x.range;
      if (v.canSee && (!previous || margin(v) > margin(previous))) best.set(g, v);
    }
  }
  const rulings: Ruling[] = [];
  for (const g of new Set(p.targets.map((t) => spottingGroup(ctx, t)))) {
    const v = best.get(g);
    const [unit, kind] = g.split(":");
    if (!v) rulings.push({ reason: `no model of ${p.firingUnit.id} sees the ${kind} of ${unit}: not spotted`, rule: "§5.6" });
    else if (spottedGroups.has(g)) rulings.push({ reason: `${v.shooter} spots ${v.target} at ${v.range.toFixed(1)} cm (up to ${v.spotting.distance} cm): the ${kind} of ${unit} are spotted`, rule: "§5.6" });
    else rulings.push({ reason: `the ${kind} of ${unit} are not spotted: the nearest in sight, ${v.target}, is ${v.range.toFixed(1)} cm from ${v.shooter}, beyond its ${v.spotting.distance} cm`, rule: "§5.6" });
  }
  const spotted = new Set(p.targets.filter((t) => spottedGroups.has(spottingGroup(ctx, t))).map((t) => t.id));
  return { spotted, rulings };
}

/** Whether the weapon may fire at this kind of part at all, before range and numbers (§5.17, §6.8, §9). */
function weaponFitsGroup(w: FiringWeapon, g: TargetGroup, decl: Ow2FireDeclaration): Ruling | undefined {
  const p = w.profile;
  if (g.exposed && (p.damage !== "small-arms" || p.template)) return { reason: `only small arms may fire at the ${g.exposed}; ${p.name} may not`, rule: "§5.17" };
  if (p.heat && g.type === "infantry" && !g.hardCover) return { reason: `${p.name} (HEAT) may not be fired at infantry in the open, in woods or behind hedges: only in a building, a ruin or behind a wall`, rule: "§6.8" };
  if (decl.indirect && !p.indirect) return { reason: `${p.name} cannot fire indirectly`, rule: "§9.1" };
  if (!decl.indirect && p.indirect === "only") return { reason: `${p.name} fires only indirectly: declare indirect fire`, rule: "§9.1" };
  if (decl.indirect && g.exposed) return { reason: "indirect fire is never fired at exposed crew", rule: "§5.17, §9.5" };
  return undefined;
}

function shotAt(ctx: Ow2Context, decl: Ow2FireDeclaration, p: Plan, firer: ModelFacts, w: FiringWeapon, g: TargetGroup, sightings: readonly Sighting[], spotted: ReadonlySet<string>, unitInClose: boolean): GroupShot {
  const rulings: Ruling[] = [];
  const fail = (reason: string, rule: string, extra: Partial<GroupShot> = {}): GroupShot => ({ group: g.id, canFire: false, rulings: [...rulings, { reason, rule }], lines: [], modifiers: [], ...extra });
  const misfit = weaponFitsGroup(w, g, decl);
  if (misfit) return fail(misfit.reason, misfit.rule);
  const mine = sightings.filter((s) => s.firer.id === firer.id && g.models.includes(s.verdict.target) && (s.shootable || decl.indirect));
  if (!mine.length) return fail(`${firer.id} has no line of sight to this part`, "§5.1");
  if (!decl.indirect && p.order !== "covering-fire" && !mine.some((s) => spotted.has(s.verdict.target))) return fail("the target is not spotted (only Covering Fire may fire at a target in sight but not spotted)", "§3.2, §5.1");
  const arcOk = (s: Sighting) => {
    const arc = s.report.arc;
    return !w.mounted || w.mount.arc >= 360 || !arc || Math.abs(arc.bearing) <= w.mount.arc / 2 + 1e-9;
  };
  const inArc = mine.filter(arcOk);
  if (!inArc.length) {
    const b = mine[0]!.report.arc?.bearing ?? 0;
    return fail(`outside the ${w.mount.arc}° arc of the ${w.mount.mount} ${w.profile.name} (${Math.abs(b).toFixed(0)}° off its axis)`, "§7");
  }
  const lines = inArc.map((s) => lineOf(s.report, ctx, s.verdict, s.verdict.shooterNextToPosition)).sort((a, b) => a.range - b.range);
  const nearest = lines[0]!;
  const band = rangeBand(w.profile, nearest.range);
  if (band === "beyond") return fail(`${nearest.range.toFixed(1)} cm is beyond the extreme range of ${w.profile.name} (${w.profile.range.extreme} cm)`, "§6.2", { band, lines });
  if (band === "too-close") return fail(`${w.profile.name} cannot be used closer than ${w.profile.minimumRange} cm`, "§6.2", { band, lines });
  rulings.push({ reason: `${nearest.range.toFixed(1)} cm to the nearest model of this part: ${band} range of ${w.profile.name}`, rule: "§6.2" });
  const cell = parseToHit(toHitCell(ctx, w.profile, g.type));
  let base: number;
  let lastChance = false;
  const openPart = decl.indirect && cell === "NE" && g.vehicle !== undefined && (ctx.models.get(g.vehicle)!.def.vehicle?.openTopped ?? false);
  if (openPart) {
    base = OPEN_PART_BASE;
    rulings.push({ reason: `${w.profile.name} shows NE against a ${g.type}, but indirect fire may drop into the open top: base 9`, rule: "§9.5" });
  } else if (cell === "NE") {
    const tank = TANK_TYPES.includes(g.type);
    if (!tank || decl.indirect || w.profile.damage !== "heavy-weapons") return fail(`${w.profile.name} has no effect (NE) on a ${g.type}`, "§6.1");
    base = LAST_CHANCE_BASE;
    lastChance = true;
    rulings.push({ reason: `${w.profile.name} shows NE against a ${g.type}: a last-chance roll, base 11`, rule: "§6.9" });
  } else {
    base = cell.hit;
    rulings.push({ reason: `weapon table: ${w.profile.name} against ${g.type} hits on ${cell.hit}+${cell.penetration ? `, penetrates on ${cell.penetration}+` : ""}`, rule: "§6.1" });
  }
  const hedge = mine.some((s) => s.hedgeMinusOne && s.verdict.target === nearest.model);
  const landed = unitState(ctx, p.targetUnit.id).landedThisTurn ?? false;
  const modifiers = toHitModifiers(ctx, {
    order: p.order,
    weapon: w,
    band,
    unitInCloseRange: unitInClose,
    distance: nearest.range,
    spotted: mine.some((s) => spotted.has(s.verdict.target)),
    targetIsVehicle: g.vehicle !== undefined && !g.exposed,
    ...(g.dugIn && !nearest.nextToPosition ? { targetDugIn: g.dugIn } : {}),
    ...(g.exposed && !(g.vehicle && footprintDistance(firer.footprint, ctx.models.get(g.vehicle)!.footprint) <= NEXT_TO) ? { exposedTarget: g.exposed } : {}),
    exposesToSpot: decl.exposesToSpot ?? false,
    hullWeaponBlockedByHedge: hedge,
    indirect: decl.indirect ?? false,
    seenAtOrder: decl.targetSeenAtOrder ?? mine.some((s) => spotted.has(s.verdict.target)),
    targetInSmoke: g.inSmoke,
    antiAircraftFirstTurn: ctx.turn === 1 && landed && hasProperty(ctx, firer, "anti-aircraft"),
  });
  const need = needed(base, modifiers);
  if (need > 10) return fail(`needs ${need}+ on a d10 after modifiers: ${decl.indirect ? "indirect fire may not be attempted" : lastChance ? "the last-chance roll is not possible" : "it cannot hit"}`, decl.indirect ? "§9.2" : lastChance ? "§6.9" : "§6.1", { band, lines, base, modifiers, need, lastChance });
  return { group: g.id, canFire: true, rulings, lines, band, base, ...(cell !== "NE" && cell.penetration ? { penetration: cell.penetration } : {}), lastChance, modifiers, need };
}

/** The verdict on a declared shot; `needs` lists sight reports to add when it cannot finish yet. */
export function fireVerdict(decl: Ow2FireDeclaration, given: readonly SightReport[], ctx: Ow2Context): Ow2FireVerdict {
  const p = plan(decl, ctx);
  const byKey = new Map(given.map((r) => [sightKey({ shooter: r.shooter, target: r.target, ...(r.weapon ? { weapon: r.weapon } : {}) }), r]));
  const missing = firstRequests(p).filter((r) => !byKey.has(sightKey(r)));
  if (missing.length) return incomplete(decl, p, missing);
  const report = (r: SightRequest) => byKey.get(sightKey(r))!;
  const verdictOf = (r: SightRequest, w?: FiringWeapon) => losVerdict(report(r), ctx, decl, w);
  const weapons = new Map(p.firers.flatMap((f) => ("error" in f.weapon ? [] : [[f.m.id, f.weapon] as const])));

  const eye = new Map<string, Ow2Verdict[]>();
  const pairs: Ow2Verdict[] = [];
  for (const s of p.spotters) {
    for (const t of p.targets) {
      const v = verdictOf(eyeRequest(s, t, weapons.get(s.id)), weapons.get(s.id));
      eye.set(t.id, [...(eye.get(t.id) ?? []), v]);
      pairs.push(v);
    }
  }
  const sightings = new Map<string, Sighting[]>();
  const second: SightRequest[] = [];
  for (const f of p.firers) {
    const w = weapons.get(f.m.id);
    if (!w) continue;
    for (const t of p.targets) {
      const req = weaponRequest(f.m, t, w);
      const v = verdictOf(req, w);
      if (!pairs.some((x) => x.shooter === v.shooter && x.target === v.target && x.weapon === v.weapon)) pairs.push(v);
      const eyeView = (eye.get(t.id) ?? []).find((e) => e.shooter === f.m.id);
      const hedgeMinusOne = v.sight.hullWeaponBlockedByHedge && (eyeView?.canSee ?? false);
      sightings.set(t.id, [...(sightings.get(t.id) ?? []), { firer: f.m, verdict: v, report: report(req), shootable: v.canSee || hedgeMinusOne, hedgeMinusOne }]);
      if (isVehicle(ctx, t)) for (const id of vehiclesInLine(ctx, report(req))) second.push(weaponRequest(f.m, ctx.models.get(id)!, w));
    }
  }
  const missingSecond = second.filter((r) => !byKey.has(sightKey(r)));
  if (missingSecond.length) return incomplete(decl, p, [...new Map(missingSecond.map((r) => [sightKey(r), r])).values()]);

  const problems = declarationRulings(decl, p);
  const spotting = spottingRulings(ctx, p, eye);
  const groups = formGroups(ctx, decl, p.targets, sightings);
  const unitSeesTarget = [...eye.values()].flat().some((v) => v.canSee);
  const firers: Firer[] = p.firers.map((f) => {
    const w = weapons.get(f.m.id);
    const none = (rulings: readonly Ruling[]): Firer => ({ model: f.m.id, ...(w ? { weapon: w } : {}), dice: 0, canFire: false, rulings, shots: [], others: {} });
    if ("error" in f.weapon) return none([{ reason: f.weapon.error, rule: "§6.1" }]);
    if (!w) return none([]);
    if (f.m.pinned) return none([{ reason: `${f.m.id} is pinned: it can only stand up`, rule: "§3.2" }]);
    const crew = crewService(ctx, { firer: f.m, weapon: w, order: p.order, unit: p.spotters, firing: p.firers.map((x) => x.m.id) });
    if (!crew.canFire) return none(crew.rulings);
    const sights = [...sightings.values()].flat();
    const unitInClose = w.profile.range.close !== null && sights.some((s) => s.firer.id === f.m.id && s.shootable && s.verdict.range <= w.profile.range.close!);
    const shots = groups.map((g) => shotAt(ctx, decl, p, f.m, w, g, sights, spotting.spotted, unitInClose));
    const possible = shots.filter((s) => s.canFire);
    const asked = decl.allocation?.[f.m.id];
    const rulings = [...crew.rulings];
    let group: string | undefined;
    if (asked !== undefined) {
      if (possible.some((s) => s.group === asked)) group = asked;
      else rulings.push({ reason: `${f.m.id} cannot fire at the part "${asked}" it was allocated to`, rule: "§5.10" });
    } else if (possible.length) {
      group = possible.reduce((a, b) => (b.need! < a.need! || (b.need === a.need && b.lines.length > a.lines.length) ? b : a)).group;
      if (possible.length > 1) rulings.push({ reason: `fires at the part "${group}" (the one it hits most easily); one weapon's fire is never split`, rule: "§5.10" });
    }
    const others: Record<string, TargetLine> = {};
    for (const s of sights) {
      if (s.firer.id !== f.m.id || !isVehicle(ctx, ctx.models.get(s.verdict.target)!)) continue;
      for (const id of vehiclesInLine(ctx, s.report)) {
        const req = weaponRequest(f.m, ctx.models.get(id)!, w);
        others[id] = lineOf(report(req), ctx, verdictOf(req, w), false);
      }
    }
    return { model: f.m.id, weapon: w, dice: crew.dice, canFire: group !== undefined, rulings, shots, ...(group ? { group } : {}), others };
  });
  const valid = problems.length === 0 && firers.some((f) => f.canFire);
  const rulings = [...problems, ...p.rulings, ...spotting.rulings, ...(valid ? [] : firers.every((f) => !f.canFire) ? [{ reason: "no model of the unit can fire at the target", rule: "§5.1" }] : [])];
  return {
    ruleset: RULESET_ID,
    declaration: decl,
    order: p.order,
    firingUnit: p.firingUnit.id,
    targetUnit: p.targetUnit.id,
    ...(ctx.models.has(decl.target) ? { aim: decl.target } : {}),
    targets: p.targets.map((t) => t.id),
    valid,
    rulings,
    needs: [],
    spotted: [...spotting.spotted],
    unitSeesTarget,
    groups,
    firers,
    pairs,
  };
}
