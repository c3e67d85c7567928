/**
 * The verdict on a declared shot for the whole firing unit (§5.1, §5.6, §5.10–§5.12, §6.7): which sight
 * reports it needs, whether the target is spotted, which parts it falls into, and for every firer whether
 * it may fire, at which part, with how many dice and which number to hit, each with its reason and rule.
 */
import { footprintDistance } from "../../core/footprint";
import type { SightReport } from "../../sight/sightReport";
import { type ModelFacts, modelsNamed, type UnitFacts, unitNamed } from "../context";
import { type FireVerdict, type Ruling, type SampleTable, type SightRequest, sightKey, uniqueSampleTables } from "../ruleset";
import { isV1, type Ow2Context, sampleMark, sampleOf } from "./context";
import { crewService } from "./crew";
import { lineOf, type Sighting, type TargetLine, vehiclesInLine } from "./lines";
import { fireRefusal, orderNow } from "./orderGate";
import { formGroups, type TargetGroup } from "./parts";
import { type FiringWeapon, firingWeapon, isGun, isVehicle, usualWeapon } from "./profiles";
import { type GroupShot, shotAt } from "./shots";
import { spottingGroup } from "./spotting";
import { RULESET_ID } from "./tables";
import type { Order, Ow2FireDeclaration } from "./types";
import { losVerdict, type Ow2Verdict } from "./verdict";

export type { TargetLine } from "./lines";
export type { TargetGroup } from "./parts";
export type { GroupShot } from "./shots";

/** Infantry units of one owner closer than this are one target for direct fire (§5.11). */
const MIXED_UNITS = 5;

export interface Firer {
  readonly model: string;
  readonly weapon?: FiringWeapon;
  /** Dice it rolls: the rate of fire after the crew rules (§6.2, §6.7). */
  readonly dice: number;
  /** The table its rate of fire comes from, when it is sample data. */
  readonly sample?: SampleTable;
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
    rulings.push({
      reason: `${unit.id} has a model (${near.id}) less than 5 cm from ${targetUnit.id}: the two count as one target, their owner allocates the damage`,
      rule: "§5.11",
    });
  }
  return { models, rulings };
}

function plan(decl: Ow2FireDeclaration, ctx: Ow2Context): Plan {
  const firingUnit = unitNamed(ctx, decl.shooter);
  // In the orders step the unit fires under the card it was given, whatever is declared: an order given is not changed (000 l.97).
  const order = orderNow(ctx, firingUnit.id) ?? decl.order ?? "fire";
  const targetUnit = unitNamed(ctx, decl.target);
  const own = modelsNamed(ctx, targetUnit.id);
  const mixed = decl.indirect ? { models: [], rulings: [] } : mixedUnits(ctx, targetUnit, own);
  const targets = [...own, ...mixed.models];
  const againstVehicle = !decl.exposedCrew && targets.every((t) => isVehicle(ctx, t));
  const firers = modelsNamed(ctx, decl.shooter).map((m) => {
    const id = decl.weapon ?? usualWeapon(ctx, m);
    const weapon =
      id === undefined
        ? { error: `${m.id} has no weapon` }
        : firingWeapon(ctx, m, id, { ...(decl.ammunition ? { ammunition: decl.ammunition } : {}), againstVehicle });
    return { m, weapon };
  });
  return { order, firingUnit, targetUnit, firers, spotters: modelsNamed(ctx, firingUnit.id), targets, rulings: mixed.rulings };
}

const weaponRequest = (m: ModelFacts, t: ModelFacts, w: FiringWeapon): SightRequest => ({
  shooter: m.id,
  target: t.id,
  ...(w.mounted ? { weapon: w.id } : {}),
});

/** A spotter's eye line; a firer whose weapon sights from its eye reuses its weapon line. */
function eyeRequest(s: ModelFacts, t: ModelFacts, weapon: FiringWeapon | undefined): SightRequest {
  const fromEye = weapon && (!weapon.mounted || s.def.weapons.find((w) => w.id === weapon.id)?.origin === "eye");
  return fromEye ? weaponRequest(s, t, weapon) : { shooter: s.id, target: t.id };
}

const unique = (requests: readonly SightRequest[]): SightRequest[] => [...new Map(requests.map((r) => [sightKey(r), r])).values()];
const firerWeapons = (p: Plan) => new Map(p.firers.flatMap((f) => ("error" in f.weapon ? [] : [[f.m.id, f.weapon] as const])));

/** First the firers' own lines (their weapons and eyes); other models of the unit are asked only to spot what they miss. */
function firstRequests(p: Plan): SightRequest[] {
  const weapons = firerWeapons(p);
  return unique(
    p.firers.flatMap((f) => {
      const w = weapons.get(f.m.id);
      return w ? p.targets.flatMap((t) => [weaponRequest(f.m, t, w), eyeRequest(f.m, t, w)]) : [];
    }),
  );
}

/** The sight reports a shot needs first (fireVerdict asks for more in `needs`: other spotters, vehicles in the way). */
export function sightRequests(decl: Ow2FireDeclaration, ctx: Ow2Context): SightRequest[] {
  return firstRequests(plan(decl, ctx));
}

/** What every verdict on this declaration says, finished or not. */
function heading(decl: Ow2FireDeclaration, p: Plan, ctx: Ow2Context) {
  return {
    ruleset: RULESET_ID,
    declaration: decl,
    order: p.order,
    firingUnit: p.firingUnit.id,
    targetUnit: p.targetUnit.id,
    ...(ctx.models.has(decl.target) ? { aim: decl.target } : {}),
    targets: p.targets.map((t) => t.id),
  };
}

function incomplete(decl: Ow2FireDeclaration, p: Plan, ctx: Ow2Context, needs: SightRequest[]): Ow2FireVerdict {
  return {
    ...heading(decl, p, ctx),
    valid: false,
    rulings: [{ reason: `${needs.length} more sight line(s) to measure before a verdict`, rule: "§5.1" }],
    needs,
    sampleTables: [],
    spotted: [],
    unitSeesTarget: false,
    groups: [],
    firers: [],
    pairs: [],
  };
}

/** Reasons a unit may not fire at all with this declaration (§2.7, §3, §5.1), or in the orders step with its order (000 l.116–127). */
function declarationRulings(decl: Ow2FireDeclaration, p: Plan, ctx: Ow2Context): Ruling[] {
  const problems: Ruling[] = [];
  const unordered = fireRefusal(ctx, p.firingUnit.id);
  if (unordered) problems.push(unordered);
  else if (p.order === "move") problems.push({ reason: "a unit with a Move order does not fire", rule: "§3.2, §5.1" });
  if (p.firingUnit.side === p.targetUnit.side) problems.push({ reason: `${p.targetUnit.id} is on the firing unit's own side`, rule: "§5.1" });
  if (decl.interruptingMove && !["fire", "ambush", "covering-fire"].includes(p.order))
    problems.push({ reason: `a ${p.order} order cannot delay its fire to interrupt a move: only Fire and Ambush can`, rule: "§2.7" });
  if (decl.interruptingMove && p.order === "covering-fire")
    problems.push({ reason: "Covering Fire cannot delay its fire to interrupt a move", rule: "§2.7, §3.2" });
  if (decl.indirect && decl.interruptingMove)
    problems.push({ reason: "indirect fire cannot interrupt a move here: declare it against the unit where it stands", rule: "§2.7, §9" });
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
      const margin = (x: Ow2Verdict) => x.spotting.distance - x.spotting.at;
      if (v.canSee && (!previous || margin(v) > margin(previous))) best.set(g, v);
    }
  }
  const rulings: Ruling[] = [];
  for (const g of new Set(p.targets.map((t) => spottingGroup(ctx, t)))) {
    const v = best.get(g);
    const [unit, kind] = g.split(":");
    if (!v) rulings.push({ reason: `no model of ${p.firingUnit.id} sees the ${kind} of ${unit}: not spotted`, rule: "§5.6" });
    else if (spottedGroups.has(g))
      rulings.push({
        reason: `${v.shooter} spots ${v.target} at ${v.spotting.at.toFixed(1)} cm (up to ${v.spotting.distance} cm): the ${kind} of ${unit} are spotted`,
        rule: "§5.6",
        ...sampleMark(ctx, "spotting"),
      });
    else
      rulings.push({
        reason: `the ${kind} of ${unit} are not spotted: the nearest in sight, ${v.target}, is ${v.spotting.at.toFixed(1)} cm from ${v.shooter}, beyond its ${v.spotting.distance} cm`,
        rule: "§5.6",
        ...sampleMark(ctx, "spotting"),
      });
  }
  const spotted = new Set(p.targets.filter((t) => spottedGroups.has(spottingGroup(ctx, t))).map((t) => t.id));
  return { spotted, rulings };
}

/**
 * Why the firers cannot engage what they do not see, from their own lines' terrain rulings (§5.2–§5.5):
 * for the declared model, or for every target model when none of the unit is in sight. A judge says this
 * before anything about spotting.
 */
function unseenRulings(ctx: Ow2Context, decl: Ow2FireDeclaration, p: Plan, sightings: ReadonlyMap<string, readonly Sighting[]>): Ruling[] {
  if (decl.indirect) return [];
  const shootable = (t: ModelFacts) => (sightings.get(t.id) ?? []).some((s) => s.shootable);
  const asked = ctx.models.has(decl.target) ? p.targets.filter((t) => t.id === decl.target) : p.targets.some(shootable) ? [] : p.targets;
  // Models hidden for the same reason are named together: "cannot see us-sq1-m1, us-sq1-m2 and 10 more".
  const byReason = new Map<string, { firer: string; targets: string[]; ruling: Ruling }>();
  for (const t of asked) {
    const [line] = sightings.get(t.id) ?? [];
    if (!line || shootable(t)) continue;
    for (const b of line.verdict.sight.blockers) {
      const key = `${line.firer.id}|${b.reason}|${b.rule}`;
      const entry = byReason.get(key) ?? { firer: line.firer.id, targets: [], ruling: b };
      entry.targets.push(t.id);
      byReason.set(key, entry);
    }
  }
  return [...byReason.values()].map(({ firer, targets, ruling }) => ({ ...ruling, reason: `${firer} cannot see ${namedList(targets)}: ${ruling.reason}` }));
}

/** Up to three ids, then how many more. */
function namedList(ids: readonly string[]): string {
  const SHOWN = 3;
  if (ids.length <= SHOWN) return ids.join(", ");
  return `${ids.slice(0, SHOWN).join(", ")} and ${ids.length - SHOWN} more`;
}

/** One firer: may it fire (weapon, pinned, crew), at which part, and the lines to vehicles in its way. */
function judgeFirer(
  ctx: Ow2Context,
  decl: Ow2FireDeclaration,
  p: Plan,
  f: Plan["firers"][number],
  groups: readonly TargetGroup[],
  sights: readonly Sighting[],
  spotted: ReadonlySet<string>,
  lineTo: (request: SightRequest, weapon: FiringWeapon) => TargetLine,
): Firer {
  if ("error" in f.weapon) return { model: f.m.id, dice: 0, canFire: false, rulings: [{ reason: f.weapon.error, rule: "§6.1" }], shots: [], others: {} };
  const w = f.weapon;
  const none = (rulings: readonly Ruling[]): Firer => ({ model: f.m.id, weapon: w, dice: 0, canFire: false, rulings, shots: [], others: {} });
  if (f.m.pinned) return none([{ reason: `${f.m.id} is pinned: it can only stand up`, rule: "§3.2" }]);
  const crew = crewService(ctx, { firer: f.m, weapon: w, order: p.order, unit: p.spotters, firing: p.firers.map((x) => x.m.id) });
  if (!crew.canFire) return none(crew.rulings);
  const mine = sights.filter((s) => s.firer.id === f.m.id);
  const close = w.profile.range.close;
  const unitInClose = close !== null && mine.some((s) => s.shootable && s.verdict.range <= close);
  const situation = { decl, order: p.order, targetUnit: p.targetUnit.id, sightings: sights, spotted, unitInClose };
  const shots = groups.map((g) => shotAt(ctx, situation, f.m, w, g));
  const possible = shots.filter((s) => s.canFire);
  const asked = decl.allocation?.[f.m.id];
  const rulings = [...crew.rulings];
  if (decl.repeatedFire && !isV1(ctx)) {
    rulings.push(
      isGun(w.profile)
        ? { reason: `firing again at the same target: ${w.profile.name} re-rolls its missed to-hit dice`, rule: "§9.9" }
        : { reason: `only a gun firing again re-rolls its misses; ${w.profile.name} does not`, rule: "§9.9" },
    );
  }
  let group: string | undefined;
  if (asked !== undefined) {
    if (possible.some((s) => s.group === asked)) group = asked;
    else rulings.push({ reason: `${f.m.id} cannot fire at the part "${asked}" it was allocated to`, rule: "§5.10" });
  } else if (possible.length) {
    const aimed = possible.find((s) => s.lines.some((l) => l.model === decl.target));
    group = aimed?.group ?? possible.reduce((a, b) => (b.need! < a.need! || (b.need === a.need && b.lines.length > a.lines.length) ? b : a)).group;
    if (possible.length > 1)
      rulings.push({
        reason: `fires at the part "${group}" (${aimed ? `where ${decl.target} stands` : "the one it hits most easily"}); one weapon's fire is never split`,
        rule: "§5.10",
      });
  }
  const others: Record<string, TargetLine> = {};
  for (const s of mine) {
    if (!isVehicle(ctx, ctx.models.get(s.verdict.target)!)) continue;
    for (const id of vehiclesInLine(ctx, s.report)) others[id] = lineTo(weaponRequest(f.m, ctx.models.get(id)!, w), w);
  }
  return {
    model: f.m.id,
    weapon: w,
    dice: crew.dice,
    ...sampleMark(ctx, "weapons"),
    canFire: group !== undefined,
    rulings,
    shots,
    ...(group ? { group } : {}),
    others,
  };
}

/** Every sample table the verdict's numbers come from: the profiles it read, and each ruling's own mark. */
function verdictSampleTables(
  ctx: Ow2Context,
  rulings: readonly Ruling[],
  pairs: readonly Ow2Verdict[],
  firers: readonly Firer[],
  groups: readonly TargetGroup[],
): SampleTable[] {
  const marked = (rs: readonly Ruling[]) => rs.flatMap((r) => (r.sample ? [r.sample] : []));
  const profiles = sampleOf(ctx, "profiles");
  return uniqueSampleTables([
    ...(profiles ? [profiles] : []),
    ...marked(rulings),
    ...pairs.flatMap((p) => [...marked(p.rulings), ...marked(p.modifiers)]),
    ...groups.flatMap((g) => marked(g.rulings)),
    ...firers.flatMap((f) => [
      ...(f.sample ? [f.sample] : []),
      ...marked(f.rulings),
      ...f.shots.flatMap((s) => [...(s.sample ? [s.sample] : []), ...marked(s.rulings), ...marked(s.modifiers)]),
    ]),
  ]);
}

/** The verdict on a declared shot; `needs` lists sight reports to add when it cannot finish yet. */
export function fireVerdict(decl: Ow2FireDeclaration, given: readonly SightReport[], ctx: Ow2Context): Ow2FireVerdict {
  const p = plan(decl, ctx);
  const byKey = new Map(given.map((r) => [sightKey({ shooter: r.shooter, target: r.target, ...(r.weapon ? { weapon: r.weapon } : {}) }), r]));
  const missing = firstRequests(p).filter((r) => !byKey.has(sightKey(r)));
  if (missing.length) return incomplete(decl, p, ctx, missing);
  const report = (r: SightRequest) => byKey.get(sightKey(r))!;
  const verdictOf = (r: SightRequest, w?: FiringWeapon) => losVerdict(report(r), ctx, decl, w);
  const weapons = firerWeapons(p);

  // Spotting: the firers' eyes first; the rest of the unit only for targets they do not spot (§5.6).
  const eye = new Map<string, Ow2Verdict[]>();
  const pairs: Ow2Verdict[] = [];
  const look = (s: ModelFacts, t: ModelFacts) => {
    const v = verdictOf(eyeRequest(s, t, weapons.get(s.id)), weapons.get(s.id));
    eye.set(t.id, [...(eye.get(t.id) ?? []), v]);
    pairs.push(v);
  };
  const firing = p.spotters.filter((s) => weapons.has(s.id));
  for (const s of firing) for (const t of p.targets) look(s, t);
  const spottedSoFar = new Set(p.targets.filter((t) => eye.get(t.id)?.some((v) => v.spotting.spotted)).map((t) => spottingGroup(ctx, t)));
  const unspotted = p.targets.filter((t) => !spottedSoFar.has(spottingGroup(ctx, t)));
  const others = p.spotters.filter((s) => !weapons.has(s.id));
  const moreEyes = others.flatMap((s) => unspotted.map((t) => eyeRequest(s, t, undefined)));
  const missingEyes = moreEyes.filter((r) => !byKey.has(sightKey(r)));
  if (missingEyes.length) return incomplete(decl, p, ctx, unique(missingEyes));
  for (const s of others) for (const t of unspotted) look(s, t);

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
      sightings.set(t.id, [
        ...(sightings.get(t.id) ?? []),
        { firer: f.m, verdict: v, report: report(req), shootable: v.canSee || hedgeMinusOne, hedgeMinusOne },
      ]);
      if (isVehicle(ctx, t)) for (const id of vehiclesInLine(ctx, report(req))) second.push(weaponRequest(f.m, ctx.models.get(id)!, w));
    }
  }
  const missingSecond = second.filter((r) => !byKey.has(sightKey(r)));
  if (missingSecond.length) return incomplete(decl, p, ctx, unique(missingSecond));

  const problems = declarationRulings(decl, p, ctx);
  const spotting = spottingRulings(ctx, p, eye);
  const groups = formGroups(ctx, decl, p.targets, sightings);
  const unitSeesTarget = [...eye.values()].flat().some((v) => v.canSee);
  const sights = [...sightings.values()].flat();
  const firers = p.firers.map((f) =>
    judgeFirer(ctx, decl, p, f, groups, sights, spotting.spotted, (req, w) => lineOf(report(req), ctx, verdictOf(req, w), false)),
  );
  const valid = problems.length === 0 && firers.some((f) => f.canFire);
  const rulings = [
    ...problems,
    ...unseenRulings(ctx, decl, p, sightings),
    ...p.rulings,
    ...spotting.rulings,
    ...(valid ? [] : firers.every((f) => !f.canFire) ? [{ reason: "no model of the unit can fire at the target", rule: "§5.1" }] : []),
  ];
  return {
    ...heading(decl, p, ctx),
    valid,
    rulings,
    needs: [],
    sampleTables: verdictSampleTables(ctx, rulings, pairs, firers, groups),
    spotted: [...spotting.spotted],
    unitSeesTarget,
    groups,
    firers,
    pairs,
  };
}
