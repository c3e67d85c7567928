/**
 * A platoon's shot (§1.5): each firing model's weapon, its sight to every model of the target platoon
 * (from several points of its base for infantry and guns, from the weapon's mount for vehicles), the
 * score against each, and its easiest target, which sets its score and dice.
 */

import { baseSightOffsets } from "../../sight/baseOrigins";
import type { SightReport } from "../../sight/sightReport";
import { type ModelFacts, modelsNamed, requireModel, unitNamed } from "../context";
import {
  type FirerVerdict,
  type FireVerdict,
  type Ruling,
  type SampleTable,
  type ShotVerdict,
  type SightRequest,
  sightKey,
  uniqueSampleTables,
} from "../ruleset";
import { type FowContext, isVehicle, modelState, type ResolvedWeapon, teamOf, weaponProfile } from "./context";
import { SOURCE_CM, sourcePair } from "./distances";
import { type FowSight, judgeSight } from "./sight";
import { diceCount, type ToHit, toHit } from "./toHit";
import { carrierOf } from "./transport";
import { type FowFireDeclaration, RULESET_ID } from "./types";

/** One firing model against one target model: the best of its origins. */
export interface FowLine {
  readonly target: string;
  readonly valid: boolean;
  readonly sight: FowSight;
  readonly toHit: ToHit;
}

export interface FowFirerVerdict extends FirerVerdict {
  readonly profile?: ResolvedWeapon;
  readonly lines: readonly FowLine[];
  /** The rule that lets it re-roll failed to-hit rolls (Volley Fire, Semi-Indirect Fire, Every Shot Counts!). */
  readonly reroll?: Ruling;
  readonly need?: number;
}

export interface FowFireVerdict extends FireVerdict {
  readonly firers: readonly FowFirerVerdict[];
  readonly targetUnit: string;
}

/**
 * The weapons a firer fires: the declared one, else its stat line's primary (or first); with `allWeapons`
 * every weapon it has, the primary first (003 l.507: each weapon its own dice and score; l.524: all of a
 * team's weapons at one platoon). `silent`: the weapons it has but may not fire with the others.
 */
function chosenWeapons(
  ctx: FowContext,
  firer: ModelFacts,
  declaration: FowFireDeclaration,
): { weapons: ResolvedWeapon[]; silent: { weapon: ResolvedWeapon; ruling: Ruling }[]; ruling?: Ruling } {
  const team = teamOf(ctx, firer);
  const mounts = Object.keys(team.weapons);
  const first = declaration.weapon ?? team.primary ?? mounts[0];
  if (first === undefined) return { weapons: [], silent: [], ruling: { reason: `${firer.id} has no weapon in its stat line`, rule: "§1.1" } };
  const chosen = declaration.allWeapons ? [first, ...mounts.filter((m) => m !== first)] : [first];
  const all = chosen.flatMap((mount) => weaponProfile(ctx, firer, mount) ?? []);
  if (!all.length)
    return { weapons: [], silent: [], ruling: { reason: `${firer.id} has no weapon "${first}"; its weapons: ${mounts.join(", ") || "none"}`, rule: "§1.1" } };
  const silent = all.flatMap((weapon) => {
    const ruling = hullGunSilences(ctx, firer, all[0]!, weapon);
    return ruling ? [{ weapon, ruling }] : [];
  });
  return { weapons: all.filter((w) => !silent.some((s) => s.weapon === w)), silent };
}

/**
 * A vehicle whose main gun is hull-mounted does not fire its other hull weapons with it: the source implies so
 * where it lets Begleit Escorts' assault guns do it (003 l.385).
 */
function hullGunSilences(ctx: FowContext, firer: ModelFacts, main: ResolvedWeapon, weapon: ResolvedWeapon): Ruling | undefined {
  const mountOf = (w: ResolvedWeapon) => firer.def.weapons.find((d) => d.id === w.mount)?.mount;
  if (weapon === main || !isVehicle(teamOf(ctx, firer)) || mountOf(main) !== "hull" || mountOf(weapon) !== "hull") return undefined;
  if (ctx.options.begleitEscorts) return undefined;
  return {
    reason: `${firer.id}'s ${mountName(firer, weapon)} cannot fire: its main gun is hull-mounted, and only Begleit Escorts fire the hull MG with it`,
    rule: "§6.4 (003 l.385)",
  };
}

/** A weapon as its model names it ("Hull MG", "Coaxial MG"): two MGs of one tank share the table's "MG". */
const mountName = (firer: ModelFacts, weapon: ResolvedWeapon): string => firer.def.weapons.find((w) => w.id === weapon.mount)?.name ?? weapon.name;

/** The first question per pair: from the weapon's mount (vehicles) or the base's usual eye point. */
function firstRequest(firer: ModelFacts, target: ModelFacts, mount: string): SightRequest {
  return { shooter: firer.id, target: target.id, weapon: mount };
}

/** The other points of the base for infantry and guns (§1.4): the arc's edge for guns with a limited arc. */
function baseRequests(firer: ModelFacts, target: ModelFacts, mount: string): SightRequest[] {
  const weapon = firer.def.weapons.find((w) => w.id === mount);
  const frontEdgeOnly = firer.def.category === "gun" && weapon !== undefined && weapon.arc < 360;
  return baseSightOffsets(firer.def, frontEdgeOnly).map((originOffset) => ({ shooter: firer.id, target: target.id, weapon: mount, originOffset }));
}

const better = (a: FowLine, b: FowLine): boolean =>
  a.valid !== b.valid ? a.valid : a.toHit.need !== b.toHit.need ? a.toHit.need < b.toHit.need : a.sight.range < b.sight.range;

export function sightRequests(declaration: FowFireDeclaration, ctx: FowContext): SightRequest[] {
  return fireVerdict(declaration, [], ctx).needs.slice();
}

export function fireVerdict(declaration: FowFireDeclaration, reports: readonly SightReport[], ctx: FowContext): FowFireVerdict {
  const byKey = new Map(
    reports.map((r) => [
      sightKey({
        shooter: r.shooter,
        target: r.target,
        ...(r.weapon ? { weapon: r.weapon } : {}),
        ...(r.originOffset ? { originOffset: r.originOffset } : {}),
        ...(r.seeThrough ? { seeThrough: r.seeThrough } : {}),
      }),
      r,
    ]),
  );
  const targetUnit = unitNamed(ctx, declaration.target);
  const firingUnit = unitNamed(ctx, declaration.shooter);
  const rulings: Ruling[] = [];
  const needs: SightRequest[] = [];
  if (targetUnit.side === firingUnit.side) rulings.push({ reason: `${targetUnit.name || targetUnit.id} is on the firing side`, rule: "§1.5" });
  // Passengers are hit only through their vehicle (003 l.435–442): not targets of their own.
  const riding = modelsNamed(ctx, targetUnit.id).filter((m) => carrierOf(ctx, m.id) !== undefined);
  const targets = modelsNamed(ctx, targetUnit.id).filter((m) => !riding.includes(m));
  if (riding.length)
    rulings.push({
      reason: `${riding.map((m) => `${m.id} (in ${carrierOf(ctx, m.id)})`).join(", ")}: Passengers, hit only through their vehicle`,
      rule: "§4.9 (003 l.435–442)",
    });
  const targetName = targetUnit.name || targetUnit.id;
  const firers: FowFirerVerdict[] = modelsNamed(ctx, declaration.shooter).flatMap((firer) => {
    const refuse = (reason: Ruling): FowFirerVerdict[] => [{ model: firer.id, dice: 0, canFire: false, rulings: [reason], shots: [], lines: [] }];
    if (targetUnit.side === firingUnit.side) return refuse({ reason: "cannot fire at its own side", rule: "§1.5" });
    const { weapons, silent, ruling } = chosenWeapons(ctx, firer, declaration);
    if (!weapons.length) return refuse(ruling!);
    if (carrierOf(ctx, firer.id) !== undefined) return refuse({ reason: `${firer.id} is a passenger: passengers do not shoot`, rule: "§1.3" });
    if (isVehicle(teamOf(ctx, firer)) && firer.markers.includes("bailed out"))
      return refuse({ reason: `${firer.id} is Bailed Out (common practice: a bailed-out crew does not fire; the source does not say)`, rule: "§4.11" });
    const several = weapons.length + silent.length > 1;
    const who = (w: ResolvedWeapon) => (several ? `${firer.id}'s ${mountName(firer, w)}` : firer.id);
    const held = silent.map(
      ({ weapon, ruling: why }): FowFirerVerdict => ({
        model: firer.id,
        weapon: { id: weapon.mount },
        dice: 0,
        canFire: false,
        rulings: [why],
        shots: [],
        lines: [],
        profile: weapon,
      }),
    );
    return [...weapons.map((weapon) => firerWith(ctx, { firer, weapon, who: who(weapon) }, targets, targetName, byKey, needs)), ...held];
  });
  const samples: SampleTable[] = firers.flatMap((f) =>
    [...f.rulings, ...f.shots.flatMap((s) => [...s.rulings, ...s.modifiers])].flatMap((r) => (r.sample ? [r.sample] : [])),
  );
  const valid = firers.some((f) => f.canFire) && !needs.length;
  if (!needs.length) rulings.push(...silentFirers(ctx, firers));
  if (!needs.length && !firers.some((f) => f.canFire)) rulings.push({ reason: "no model of the platoon can fire at the target platoon", rule: "§1.4, §1.5" });
  return { ruleset: RULESET_ID, declaration, valid, rulings, firers, needs, sampleTables: uniqueSampleTables(samples), targetUnit: targetUnit.id };
}

/** One weapon of one firer against the target platoon: its lines, its easiest target, its dice and score (§1.5). */
function firerWith(
  ctx: FowContext,
  shooting: { readonly firer: ModelFacts; readonly weapon: ResolvedWeapon; readonly who: string },
  targets: readonly ModelFacts[],
  targetName: string,
  byKey: ReadonlyMap<string, SightReport>,
  needs: SightRequest[],
): FowFirerVerdict {
  const { firer, weapon, who } = shooting;
  const fr: Ruling[] = [];
  const lines: FowLine[] = [];
  for (const target of targets) {
    const first = firstRequest(firer, target, weapon.mount);
    const candidates = [first, ...(firer.def.vehicle ? [] : baseRequests(firer, target, weapon.mount))];
    let best: FowLine | undefined;
    for (const [i, request] of candidates.entries()) {
      const report = byKey.get(sightKey(request));
      if (!report) {
        // The base's other points are asked only when they could help: the target is in range (base to base,
        // the same from every point) and the first point does not see it, or sees it Concealed by terrain.
        if (i === 0 || (best?.sight.inRange && (!best.sight.canSee || best.sight.terrainConcealed))) needs.push(request);
        if (i === 0) break;
        continue;
      }
      const sight = judgeSight(report, firer, target, ctx, weapon.range);
      const hit = toHit(ctx, firer, weapon, 1, target, sight);
      const line: FowLine = { target: target.id, valid: sight.canSee && sight.inRange && sight.inArc && hit.need <= 6, sight, toHit: hit };
      if (!best || better(line, best)) best = line;
    }
    if (best) lines.push(best);
  }
  const valid = lines.filter((l) => l.valid);
  const easiestLine = valid.reduce<FowLine | undefined>((b, l) => (!b || better(l, b) ? l : b), undefined);
  const easiestTarget = easiestLine && targets.find((t) => t.id === easiestLine.target);
  const count = diceCount(ctx, firer, weapon, easiestTarget && easiestLine ? { target: easiestTarget, range: easiestLine.sight.range } : undefined);
  fr.push(...count.rulings);
  // The ROF-1 +1 depends on the dice rule, so each line's score is taken again with the firer's effective ROF.
  const scored = lines.map((l) => {
    const target = targets.find((t) => t.id === l.target)!;
    const hit = toHit(ctx, firer, weapon, count.effectiveRof, target, l.sight);
    return { ...l, toHit: hit, valid: l.sight.canSee && l.sight.inRange && l.sight.inArc && hit.need <= 6 };
  });
  const easiest = scored.filter((l) => l.valid).reduce<FowLine | undefined>((b, l) => (!b || better(l, b) ? l : b), undefined);
  const shots: ShotVerdict[] = scored.map((l) => ({
    group: l.target,
    canFire: l.valid,
    rulings: [...l.sight.rulings, ...l.toHit.rulings, ...whyNot(l)],
    modifiers: l.toHit.modifiers,
    need: l.toHit.need,
  }));
  if (easiest) fr.push({ reason: `easiest target for ${who}: ${easiest.target}, ${easiest.toHit.need}+`, rule: "§1.5" });
  else if (scored.length === targets.length) fr.push(noValidTarget(who, weapon, scored, targetName));
  const noDice = easiest && !count.canFire ? count.rulings.at(-1) : undefined;
  if (noDice) fr.push({ ...noDice, reason: `${who} cannot fire: ${noDice.reason}` });
  const reroll = easiest && rerollRule(ctx, firer, weapon, easiest, scored);
  return {
    model: firer.id,
    weapon: { id: weapon.mount },
    dice: count.dice,
    canFire: count.canFire && easiest !== undefined,
    rulings: [...fr, ...(reroll ? [reroll] : [])],
    shots,
    ...(easiest ? { group: easiest.target, need: easiest.toHit.need } : {}),
    profile: weapon,
    lines: scored,
    ...(reroll ? { reroll } : {}),
  };
}

/** Why a target model is not valid, said last: every condition it fails (sight, range, arc, an impossible score). */
function whyNot(l: FowLine): Ruling[] {
  if (l.valid) return [];
  const reasons = [
    ...(l.sight.blocked ? [`no line of sight (${l.sight.blocked.reason})`] : []),
    ...(l.sight.inRange ? [] : [`out of range (${l.sight.range.toFixed(1)} cm)`]),
    ...(l.sight.inArc ? [] : ["outside the weapon's arc"]),
  ];
  if (!reasons.length) reasons.push(`needs ${l.toHit.need}: cannot be hit`);
  return [{ reason: `not a valid target: ${reasons.join("; ")}`, rule: "§1.4, §2.7" }];
}

/**
 * Why a firer has no valid target in the platoon, in the order a player checks (§1.4, §2.7): nothing in
 * sight (and what blocks it), all it sees outside its arc, all beyond its range (the nearest), or every
 * model it could fire at needing more than 6.
 */
function noValidTarget(who: string, weapon: ResolvedWeapon, lines: readonly FowLine[], platoon: string): Ruling {
  const seen = lines.filter((l) => l.sight.canSee);
  const inArc = seen.filter((l) => l.sight.inArc);
  const inRange = inArc.filter((l) => l.sight.inRange);
  const cannot = (why: string, rule: string): Ruling => ({ reason: `${who} cannot fire: ${why}`, rule });
  if (!seen.length) {
    const blockers = [...new Set(lines.flatMap((l) => (l.sight.blocked ? [l.sight.blocked.by] : [])))];
    return cannot(`no model of ${platoon} in sight: ${blockers.join("; ")}`, "§1.4, §2");
  }
  if (!inArc.length) return cannot(`every model of ${platoon} it sees is outside the arc of its ${weapon.name}`, "§1.4");
  if (!inRange.length) {
    const nearest = inArc.reduce((a, b) => (a.sight.range <= b.sight.range ? a : b));
    return cannot(
      `out of range: the nearest model of ${platoon} it sees, ${nearest.target}, is ${nearest.sight.range.toFixed(1)} cm away, beyond its ${weapon.name}'s ${sourcePair(weapon.range)}`,
      "§1.4",
    );
  }
  const easiest = inRange.reduce((a, b) => (a.toHit.need <= b.toHit.need ? a : b));
  return cannot(`every model of ${platoon} it sees in range needs ${easiest.toHit.need} or more to hit: ${easiest.toHit.rulings[0]!.reason}`, "§2.7");
}

/**
 * The verdict's own list of the models (or, for a team firing several, the weapons) that will not fire, each
 * with its reason (firers giving the same reason named together), so that whoever reads only the verdict's
 * rulings knows why each stays silent.
 */
function silentFirers(ctx: FowContext, firers: readonly FowFirerVerdict[]): Ruling[] {
  const byReason = new Map<string, { models: string[]; rule: string }>();
  const several = (model: string) => firers.filter((f) => f.model === model).length > 1;
  for (const f of firers) {
    if (f.canFire) continue;
    const who = several(f.model) && f.profile ? `${f.model}'s ${mountName(requireModel(ctx, f.model), f.profile)}` : f.model;
    const said = `${who} cannot fire: `;
    const last = f.rulings.findLast((r) => r.reason.startsWith(said)) ?? f.rulings.at(-1);
    if (!last) continue;
    const why = last.reason.startsWith(said) ? last.reason.slice(said.length) : last.reason;
    const group = byReason.get(why) ?? { models: [], rule: last.rule };
    group.models.push(who);
    byReason.set(why, group);
  }
  return [...byReason].map(([why, { models, rule }]) => ({ reason: `${models.join(", ")} cannot fire: ${why}`, rule }));
}

function rerollRule(ctx: FowContext, firer: ModelFacts, weapon: ResolvedWeapon, easiest: FowLine, lines: readonly FowLine[]): Ruling | undefined {
  const team = teamOf(ctx, firer);
  const stationary = !modelState(ctx, firer.id).moved;
  const mainArmament = weapon.table === "weapons" && (team.primary === undefined || team.primary === weapon.mount);
  const turretless = isVehicle(team) && !firer.def.parts.some((p) => p.turret);
  if (
    ctx.options.volleyFire &&
    stationary &&
    mainArmament &&
    (team.type === "gun" || (team.type === "tank" && turretless)) &&
    easiest.sight.range <= SOURCE_CM.longRange
  ) {
    return {
      reason: `Volley Fire: stationary, and the easiest target is within ${sourcePair(SOURCE_CM.longRange)}: re-roll failed to-hit rolls`,
      rule: "§6.1",
    };
  }
  if (ctx.options.semiIndirectFire && stationary && mainArmament && lines.length > 0 && lines.every((l) => l.sight.range > SOURCE_CM.longRange)) {
    return {
      reason: `Semi-Indirect Fire: stationary, every model of the platoon beyond ${sourcePair(SOURCE_CM.longRange)}: re-roll failed to-hit rolls`,
      rule: "§6.2",
    };
  }
  if (ctx.options.everyShotCounts && team.type === "tank") return { reason: "Every Shot Counts!: re-roll every failed to-hit roll", rule: "§6.4" };
  return undefined;
}
