/**
 * The verdict on a declared shot (§4): each model of the firing unit with its weapon, the target models it
 * sees and reaches, the target unit's cover against it (a threshold of its models), its range (point blank,
 * long range) and the score it needs to hit with every modifier of the source.
 */

import { inchesToCm } from "../../core/units";
import type { SightReport } from "../../sight/sightReport";
import { type ModelFacts, modelsNamed, requireModel, unitNamed } from "../context";
import { type Modifier, type Ruling, type SampleTable, type ShotVerdict, type SightRequest, uniqueSampleTables } from "../ruleset";
import { closeQuartersVerdict } from "./closeQuarters";
import { type BaContext, pinsOn, sampleMark, unitState } from "./context";
import { type BaWeapon, isVehicle, profileOf, qualityOf, usualWeapon, weaponOf } from "./profiles";
import { inches, lineReport, lineRuling, TOLERANCE } from "./sight";
import type { BaFireDeclaration, CoverClass, Order } from "./types";
import type { BaFirer, BaFireVerdict, TargetLine } from "./verdict";

const FIRING_ORDERS: readonly Order[] = ["fire", "advance", "ambush"];

/** The order the firing unit fires under: its order die this turn, else Fire (the die it is given now). */
export const firingOrder = (ctx: BaContext, unitId: string): Order => unitState(ctx, unitId).order ?? "fire";

function firerWeapon(ctx: BaContext, m: ModelFacts, declared: string | undefined): BaWeapon | { error: string } | undefined {
  const id = declared ?? usualWeapon(ctx, m);
  if (!id) return undefined;
  return weaponOf(ctx, m, id);
}

/** A weapon that may fire at what its crew sees when it does not (Indirect Fire, Howitzer: 001 l.177–182). */
const firesIndirectly = (w: BaWeapon): boolean => w.row.rules.includes("indirect-fire") || w.row.rules.includes("howitzer");

/**
 * The minimum range (cm) of a weapon firing directly or indirectly: a howitzer's bracket "(0/24")" read as the
 * minimum firing directly, then firing indirectly (the project's reading: the source does not explain it, §8.4).
 */
function minRange(w: BaWeapon, indirect: boolean): number {
  const bracket = w.row.range.bracket && /^\((\d+)[/-](\d+)"\)$/.exec(w.row.range.bracket);
  return bracket ? inchesToCm(Number(bracket[indirect ? 2 : 1])) : w.minRange;
}

/** The first of the firer's crew (the other models of its unit) that sees the target model, with its cover; "waiting" for sight reports. */
function spottedBy(
  ctx: BaContext,
  reports: readonly SightReport[],
  spotters: readonly ModelFacts[],
  target: string,
  needs: SightRequest[],
): { by: string; cover: CoverClass } | "waiting" | undefined {
  let waiting = false;
  for (const s of spotters) {
    const found = lineReport(ctx, reports, { shooter: s.id, target });
    if ("need" in found) {
      needs.push(found.need);
      waiting = true;
      continue;
    }
    const line = lineRuling(ctx, found.report);
    if (line.canSee) return { by: s.id, cover: line.cover };
  }
  return waiting ? "waiting" : undefined;
}

function baseRequests(ctx: BaContext, d: BaFireDeclaration): SightRequest[] {
  const targetUnit = unitNamed(ctx, d.target);
  const targets = modelsNamed(ctx, targetUnit.id);
  return modelsNamed(ctx, d.shooter).flatMap((m) => {
    const w = firerWeapon(ctx, m, d.weapon);
    if (!w || "error" in w) return [];
    // An indirect-fire weapon's crew spot for it: their eyes' lines are asked at once.
    const crew = firesIndirectly(w) ? modelsNamed(ctx, m.unitId).filter((s) => s.id !== m.id) : [];
    return [m, ...crew].flatMap((s) => targets.map((t) => (s === m ? { shooter: m.id, target: t.id, weapon: w.id } : { shooter: s.id, target: t.id })));
  });
}

export function sightRequests(d: BaFireDeclaration, ctx: BaContext): SightRequest[] {
  return d.assault ? [] : baseRequests(ctx, d);
}

/** The unit's cover against one firer: the share of the models it sees in cover against the threshold (§7.3.1). */
function unitCover(ctx: BaContext, lines: readonly TargetLine[]): { cover: CoverClass; ruling: Ruling } {
  const seen = lines.filter((l) => l.canSee);
  const share = (classes: readonly CoverClass[]) => seen.filter((l) => classes.includes(l.cover)).length;
  const enough = (n: number) => {
    switch (ctx.options.coverThreshold) {
      case "any":
        return n > 0;
      case "all":
        return n === seen.length;
      case "majority":
        return n > seen.length / 2;
      case "at-least-half":
        return n >= seen.length / 2;
    }
  };
  const hard = share(["hard"]);
  const any = share(["soft", "hard"]);
  const cover: CoverClass = any === 0 || !enough(any) ? "none" : hard > 0 && enough(hard) ? "hard" : "soft";
  const reason = `${any} of the ${seen.length} target models it sees are in cover (${hard} hard): the unit is ${cover === "none" ? "not in cover" : `in ${cover} cover`} (threshold: ${ctx.options.coverThreshold})`;
  return { cover, ruling: { reason, rule: "§7.3.1" } };
}

function toHitModifiers(
  ctx: BaContext,
  firer: ModelFacts,
  target: ModelFacts,
  order: Order,
  line: { cover: CoverClass; pointBlank: boolean; longRange: boolean; distance: number },
): Modifier[] {
  const t = ctx.tables["to-hit"];
  const practice = sampleMark(ctx, "practice");
  const mods: Modifier[] = [];
  const add = (value: number, reason: string, rule: string, sample: { sample?: SampleTable } = {}) => {
    if (value !== 0) mods.push({ value, roll: "to-hit", reason, rule, ...sample });
  };
  if (line.pointBlank) add(t.pointBlank, `point blank: ${inches(line.distance)}, within ${ctx.tables.practice.pointBlank}"`, "§4.2, §7.2.4", practice);
  const pins = pinsOn(ctx, firer.unitId);
  if (pins) add(t.perPinOnFirer * pins, `${pins} pin marker${pins === 1 ? "" : "s"} on the firing unit`, "§4.2");
  if (line.longRange)
    add(
      t.longRange,
      `long range: ${inches(line.distance)}, beyond ${ctx.tables.practice.longRangeBeyond * 100} % of the weapon's range`,
      "§4.2, §7.2.4",
      practice,
    );
  const quality = qualityOf(ctx, firer.unitId);
  if (quality.quality === "inexperienced") add(t.inexperiencedFirers, "inexperienced firers", "§4.2", quality.sample);
  if (order === "advance") add(t.firingOnTheMove, "firing on the move (Advance order)", "§4.2, §1.2");
  const targetOrder = unitState(ctx, target.unitId).order;
  if (targetOrder === "down" && !isVehicle(ctx, target)) add(t.targetDown, "the target is infantry or artillery gone Down", "§4.2, §1.2");
  const size = ctx.units.get(target.unitId)?.models.length ?? 0;
  if (size <= ctx.tables.practice.smallUnitAtMost) add(t.smallUnit, smallUnitReason(ctx, target, size), "§4.2", practice);
  if (line.cover === "soft") add(t.softCover, "the target is in soft (light) cover", "§4.2", sampleMark(ctx, "cover"));
  if (line.cover === "hard") add(t.hardCover, "the target is in hard (heavy) cover", "§4.2", sampleMark(ctx, "cover"));
  return mods;
}

/**
 * The source lists "the target is a small unit −1" (line 122 of the Greek text) without saying what one is;
 * the size, and counting a lone vehicle, a gun or a two-man team as one, are the sample practice table's.
 */
function smallUnitReason(ctx: BaContext, target: ModelFacts, size: number): string {
  const type = profileOf(ctx, target).type;
  const one = size === 1;
  const what =
    type === "vehicle"
      ? one
        ? "a lone vehicle"
        : `${size} vehicles`
      : type === "artillery"
        ? one
          ? "a gun"
          : `${size} guns`
        : one
          ? "a lone model"
          : `a ${size}-man team`;
  return `the target is a small unit: ${what}; sample choice: the source names the −1 but not what a small unit is, here any unit of at most ${ctx.tables.practice.smallUnitAtMost} models, vehicles and guns included`;
}

/**
 * A score above 6 (`who` needs it): the source's to-hit list (lines 113–124) stops at the modifiers; what
 * happens then is the option's choice.
 */
function aboveSixRuling(ctx: BaContext, need: number, who: readonly string[] = []): Ruling {
  const how = aboveSix(ctx, need) ?? "no hit (a 6 and a second die would need more than 6)";
  const needs = who.length > 1 ? `${who.join(", ")} need` : who.length ? `${who[0]} needs` : "needs";
  return { reason: `${needs} ${need}+: ${how}; not in the source, the project's choice (option hitsAboveSix)`, rule: "§4.2 (option hitsAboveSix)" };
}

/** How a score above 6 still hits under the option, or undefined when it cannot. */
function aboveSix(ctx: BaContext, need: number): string | undefined {
  if (ctx.options.hitsAboveSix === "six-always-hits") return "a 6 always hits";
  return need - 3 > 6 ? undefined : `a 6, then a second die of ${need - 3}+`;
}

/** Fire HE rather than the weapon's Pen: declared, or by default against anything but armour (§4.5; common practice). */
function firesHe(ctx: BaContext, w: BaWeapon, target: ModelFacts, declared: boolean | undefined): boolean {
  if (!w.row.he) return false;
  if (w.row.pen === "HE") return true;
  if (declared !== undefined) return declared;
  const c = profileOf(ctx, target).vehicle?.damage;
  return c === undefined || c === "soft-skinned";
}

function judgeFirer(
  ctx: BaContext,
  d: BaFireDeclaration,
  m: ModelFacts,
  reports: readonly SightReport[],
  targets: readonly ModelFacts[],
  order: Order,
  needs: SightRequest[],
): BaFirer {
  const rulings: Ruling[] = [];
  const refuse = (reason: string, rule: string, weapon?: BaWeapon): BaFirer => ({
    model: m.id,
    ...(weapon ? { weapon: { id: weapon.id, row: weapon.row } } : {}),
    dice: 0,
    canFire: false,
    rulings: [...rulings, { reason, rule }],
    shots: [],
    lines: [],
  });
  const w = firerWeapon(ctx, m, d.weapon);
  if (!w) return refuse(`${m.id} has no weapon to fire`, "§4.4");
  if ("error" in w) return refuse(w.error, "§4.4");
  rulings.push({
    reason: `${m.id} fires its ${w.row.name} (${w.row.range.min ? `${w.row.range.min}"–` : ""}${w.row.range.max}", ${w.row.shots} shot${w.row.shots === 1 ? "" : "s"}, Pen ${w.row.pen ?? "—"}${w.row.he ? `, HE ${w.row.he}` : ""})`,
    rule: "§4.4",
  });
  if (!FIRING_ORDERS.includes(order)) return refuse(`its unit's order is ${order}: no fire under it`, "§1.2", w);
  if (w.row.rules.includes("one-shot") && ctx.game.spent?.[m.id]?.includes(w.id))
    return refuse(`the ${w.row.name} is a one-shot weapon and ${m.id} has fired it`, "001 l.170", w);
  if (order === "advance" && w.row.rules.includes("fixed") && !isVehicle(ctx, m))
    return refuse(`the ${w.row.name} is Fixed: it cannot fire on an Advance order (common practice)`, "§4.4, §9", w);
  const lines: TargetLine[] = [];
  const indirect = firesIndirectly(w);
  const spotters = indirect ? modelsNamed(ctx, m.unitId).filter((s) => s.id !== m.id) : [];
  for (const t of targets) {
    const found = lineReport(ctx, reports, { shooter: m.id, target: t.id, weapon: w.id });
    if ("need" in found) {
      needs.push(found.need);
      continue;
    }
    const report = found.report;
    const sight = lineRuling(ctx, report);
    const arc = !report.arc || report.arc.inArc;
    const spotted = sight.canSee && arc ? undefined : spottedBy(ctx, reports, spotters, t.id, needs);
    if (spotted === "waiting") continue;
    const distance = report.distance.edgeToEdge;
    const min = minRange(w, spotted !== undefined);
    const inRange = distance <= w.maxRange + TOLERANCE && distance >= min - TOLERANCE;
    const canSee = (sight.canSee && arc) || spotted !== undefined;
    const cover = spotted?.cover ?? sight.cover;
    lines.push({ model: t.id, report, canSee, inRange, cover, distance, ...(spotted && { spottedBy: spotted.by }) });
  }
  const spottedLines = lines.filter((l) => l.spottedBy !== undefined);
  if (spottedLines.length)
    rulings.push({
      reason: `indirect fire: ${spottedLines.length} target model${spottedLines.length === 1 ? "" : "s"} seen only by its crew (${[...new Set(spottedLines.map((l) => l.spottedBy))].join(", ")}), who spot for it${w.row.range.bracket ? `; the howitzer's bracket ${w.row.range.bracket} read as ${inches(minRange(w, false))} firing directly, ${inches(minRange(w, true))} firing indirectly (the project's reading, not explained in the source)` : ""}`,
      rule: "001 l.177–182, §9",
    });
  const group = unitNamed(ctx, d.target).id;
  if (lines.length < targets.length) return { ...refuse("waiting for sight reports", "§7.2", w), lines };
  const seen = lines.filter((l) => l.canSee);
  const outOfArc = lines.filter((l) => l.report.arc && !l.report.arc.inArc).length;
  if (!seen.length)
    return {
      ...refuse(
        outOfArc === lines.length ? `every target model is outside the ${w.id}'s arc` : "it sees no model of the target unit",
        outOfArc === lines.length ? "§7.3.5" : "§7.2.2",
        w,
      ),
      lines,
    };
  const eligible = seen.filter((l) => l.inRange);
  const closest = seen.reduce((a, b) => (a.distance <= b.distance ? a : b));
  if (!eligible.length) {
    const min = minRange(w, closest.spottedBy !== undefined);
    const why =
      closest.distance < min
        ? `the closest model it sees is ${inches(closest.distance)} away, inside the ${inches(min)} minimum range${closest.spottedBy ? " firing indirectly" : ""}`
        : `the closest model it sees is ${inches(closest.distance)} away, beyond the ${w.row.range.max}" range`;
    return { ...refuse(why, "§4.4, §7.2.2", w), lines };
  }
  const range = Math.min(...eligible.map((l) => l.distance));
  const pointBlank = range <= inchesToCm(ctx.tables.practice.pointBlank) + TOLERANCE;
  const longRange = range > w.maxRange * ctx.tables.practice.longRangeBeyond + TOLERANCE;
  const cover = unitCover(ctx, lines);
  const aim = requireModel(ctx, eligible.reduce((a, b) => (a.distance <= b.distance ? a : b)).model);
  const modifiers = toHitModifiers(ctx, m, aim, order, { cover: cover.cover, pointBlank, longRange, distance: range });
  const need = ctx.tables["to-hit"].base - modifiers.reduce((s, x) => s + x.value, 0);
  const beyondDie = need > 6 ? aboveSix(ctx, need) : undefined;
  const seenCover = lines.filter((l) => l.canSee && l.cover !== "none");
  const shot: ShotVerdict = {
    group,
    canFire: true,
    rulings: [
      {
        reason: `${eligible.length} of the ${lines.length} target models in sight and in range; the closest ${inches(range)} away${pointBlank ? " (point blank)" : ""}${longRange ? " (long range)" : ""}`,
        rule: "§4.1, §7.2.2",
      },
      cover.ruling,
      ...seenCover.slice(0, 3).flatMap((l) => lineRuling(ctx, l.report).coverSources.slice(0, 1)),
      ...(need > 6 ? [aboveSixRuling(ctx, need)] : []),
    ],
    modifiers,
    need,
    ...(beyondDie ? { beyondDie } : {}),
  };
  const he = firesHe(ctx, w, aim, d.he);
  const shots = w.row.shots;
  return {
    model: m.id,
    weapon: { id: w.id, row: w.row },
    dice: typeof shots === "number" ? shots : 0,
    canFire: true,
    rulings: he ? [...rulings, { reason: `fires HE (${w.row.he})`, rule: "§4.5" }] : rulings,
    shots: [shot],
    group,
    lines,
    need,
    range,
    longRange,
    he,
    ...(typeof shots === "string" ? { shotDice: shots } : {}),
  };
}

/** The firers needing more than 6, named at the top of the verdict with the option's rule that decides their dice. */
function aboveSixFirers(ctx: BaContext, able: readonly BaFirer[]): Ruling[] {
  const byNeed = new Map<number, string[]>();
  for (const f of able) if (f.need !== undefined && f.need > 6) byNeed.set(f.need, [...(byNeed.get(f.need) ?? []), f.model]);
  return [...byNeed].map(([need, models]) => aboveSixRuling(ctx, need, models));
}

/**
 * Why the unit may not fire at this target now, or undefined: a unit fires once on its order die (a vehicle
 * once with each weapon); a unit that failed its order test with a FUBAR Friendly Fire fires only on one of
 * the friendly units it may mistake for the enemy (001 l.37), and no unit fires on its own side otherwise.
 */
function targetRefusal(ctx: BaContext, d: BaFireDeclaration, firing: string, target: string): Ruling | undefined {
  const state = unitState(ctx, firing);
  const first = modelsNamed(ctx, d.shooter)[0];
  const weapon = d.weapon ?? (first && usualWeapon(ctx, first));
  const vehicle = first !== undefined && isVehicle(ctx, first);
  const fired = state.shots?.find((s) => !vehicle || s.weapon === weapon);
  if (fired)
    return {
      reason: `${firing} has fired this turn (${fired.weapon}): a unit fires once on its order die${vehicle ? ", a vehicle once with each weapon" : ""}`,
      rule: "001 l.12, l.24–25",
    };
  const fubar = state.fubar?.result === "friendly-fire" ? state.fubar : undefined;
  const friendly = unitNamed(ctx, firing).side === unitNamed(ctx, target).side;
  if (fubar && !fubar.targets.includes(target))
    return {
      reason: `FUBAR Friendly Fire: ${firing} fires on a friendly unit the opponent picks among ${fubar.targets.join(", ")}, not on ${target}`,
      rule: "001 l.37",
    };
  if (friendly && !fubar) return { reason: `${target} is on the firer's own side`, rule: "§4.1" };
  return undefined;
}

export function fireVerdict(d: BaFireDeclaration, reports: readonly SightReport[], ctx: BaContext): BaFireVerdict {
  const firingUnit = unitNamed(ctx, d.shooter);
  const targetUnit = unitNamed(ctx, d.target);
  const order = firingOrder(ctx, firingUnit.id);
  const common = { ruleset: "bolt-action", declaration: d, firingUnit: firingUnit.id, targetUnit: targetUnit.id, order };
  const refusal = targetRefusal(ctx, d, firingUnit.id, targetUnit.id);
  if (refusal) return { ...common, valid: false, rulings: [refusal], firers: [], needs: [], sampleTables: [] };
  if (d.assault) {
    const cq = closeQuartersVerdict(d, ctx);
    return { ...common, ...cq, needs: [], sampleTables: uniqueSampleTables(cq.rulings.flatMap((r) => (r.sample ? [r.sample] : []))) };
  }
  const needs: SightRequest[] = [];
  const targets = modelsNamed(ctx, targetUnit.id);
  const firers = modelsNamed(ctx, d.shooter).map((m) => judgeFirer(ctx, d, m, reports, targets, order, needs));
  const able = firers.filter((f) => f.canFire);
  const rulings: Ruling[] = [
    {
      reason: `${firingUnit.id} (${order} order${unitState(ctx, firingUnit.id).order ? "" : ": the order die it is given now"}) fires at ${targetUnit.id}`,
      rule: "§1.2, §4.1",
    },
    able.length
      ? { reason: `${able.length} of its ${firers.length} models can fire`, rule: "§7.2.2" }
      : { reason: "none of its models can fire", rule: "§7.2.2" },
    ...aboveSixFirers(ctx, able),
  ];
  const marks = [...rulings, ...firers.flatMap((f) => [...f.rulings, ...f.shots.flatMap((s) => [...s.rulings, ...s.modifiers])])].flatMap((r) =>
    r.sample ? [r.sample] : [],
  );
  return {
    ...common,
    valid: needs.length === 0 && able.length > 0,
    rulings,
    firers,
    needs,
    sampleTables: uniqueSampleTables([...marks, ...(ctx.sampleTables.profiles ? [ctx.sampleTables.profiles] : [])]),
  };
}
