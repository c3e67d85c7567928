/**
 * resolveFire: the dice for a verdict (§4.1 steps 4–6). Every firer rolls its shots to hit; HE hits turn
 * into the HE dice's hits (or a template); each hit rolls for damage against the target's damage value;
 * casualties are removed closest first; the target unit takes its pins; vehicles roll on the damage results.
 */
import type { Dice } from "../../core/dice";
import { inchesToCm } from "../../core/units";
import { type ModelFacts, requireModel } from "../context";
import { diceSamples, type FireResult, type TemplateGeometry, uniqueSampleTables } from "../ruleset";
import { resolveCloseQuarters } from "./closeQuarters";
import type { BaContext } from "./context";
import { rollDice } from "./dice";
import { damageValue, heRow, isVehicle, qualityOf } from "./profiles";
import { BaReferee } from "./referee";
import { armourFace, damageVehicle, penetrationModifiers } from "./vehicles";
import type { BaFirer, BaFireVerdict } from "./verdict";

/** One hit to resolve: who fired it, on which model (undefined: the target unit's closest) and its penetration. */
interface Hit {
  readonly firer: BaFirer;
  readonly model?: string;
  readonly pen: number;
  readonly rolls: readonly number[];
}

/** A to-hit die (and the second die of the 6-rule when the score needed is above 6). */
function rollToHit(ref: BaReferee, f: BaFirer, targetUnit: string): { hit: boolean; rolls: number[] } {
  const need = f.need!;
  const what = `to hit: ${f.model}'s ${f.weapon!.row.name} at ${targetUnit}`;
  const value = ref.roll(what);
  const first = ref.lastRoll;
  const sixThen = ref.ctx.options.hitsAboveSix === "six-then-roll";
  if (need <= 6) {
    const hit = value >= need;
    ref.explain(first, { purpose: "to-hit", model: f.model, need, meaning: `to hit ${Math.max(need, 2)}+ → ${hit ? "hit" : "miss"}`, rule: "§4.2" });
    return { hit, rolls: [first] };
  }
  if (!sixThen || value < 6) {
    const hit = !sixThen && value === 6;
    ref.explain(first, {
      purpose: "to-hit",
      model: f.model,
      need,
      meaning: `to hit ${need}+: ${sixThen ? "needs a 6 and a second die" : "only a 6 hits"} → ${hit ? "hit" : "miss"}`,
      rule: "§4.2 (option hitsAboveSix)",
    });
    return { hit, rolls: [first] };
  }
  const second = need - 3;
  ref.explain(first, {
    purpose: "to-hit",
    model: f.model,
    need,
    meaning: `to hit ${need}+: a 6, roll again for ${second}+`,
    rule: "§4.2 (option hitsAboveSix)",
  });
  if (second > 6) return { hit: false, rolls: [first] };
  const again = ref.roll(`${what}: the second die for ${need}+`);
  const hit = again >= second;
  ref.explain(ref.lastRoll, {
    purpose: "to-hit",
    model: f.model,
    need: second,
    meaning: `second die ${second}+ → ${hit ? "hit" : "miss"}`,
    rule: "§4.2 (option hitsAboveSix)",
  });
  return { hit, rolls: [first, ref.lastRoll] };
}

/** The target models a hit may fall on: those some firer sees and reaches, closest to the firers first (common practice). */
function casualtyOrder(verdict: BaFireVerdict): string[] {
  const best = new Map<string, number>();
  for (const f of verdict.firers) for (const l of f.lines) if (l.canSee && l.inRange) best.set(l.model, Math.min(best.get(l.model) ?? Infinity, l.distance));
  return [...best].sort((a, b) => a[1] - b[1]).map(([m]) => m);
}

function heHits(ref: BaReferee, verdict: BaFireVerdict, f: BaFirer, rolls: readonly number[], geometry: TemplateGeometry | undefined): Hit[] {
  const row = f.weapon!.row;
  const he = heRow(ref.ctx, row.he!);
  if (ref.ctx.options.he === "template") {
    if (!geometry) throw new Error("an HE template needs the table's geometry");
    const aim = requireModel(ref.ctx, casualtyOrder(verdict)[0]!);
    const radius = inchesToCm(ref.ctx.tables.practice.heTemplates[row.he!]);
    const under = geometry.modelsUnder({ shape: { kind: "blast", at: aim.position, radii: [radius] }, from: "above" });
    ref.note(
      `HE ${row.he} template (${ref.ctx.tables.practice.heTemplates[row.he!]}" radius, sample) on ${aim.id}: ${under.models.map((m) => m.id).join(", ") || "nobody"} under it`,
      "§4.5, §7.4",
      rolls,
    );
    return under.models.map((m) => ({ firer: f, model: m.id, pen: he.pen, rolls }));
  }
  const count = rollDice(
    ref,
    row.he!,
    `HE hits of ${f.model}'s ${row.name}`,
    (n) => `HE ${row.he}: ${n} hit${n === 1 ? "" : "s"} on ${verdict.targetUnit}`,
    "§4.5",
    f.model,
  );
  ref.note(`${f.model}'s HE (${row.he}) scores ${count.total} hit${count.total === 1 ? "" : "s"}`, "§4.5", [...rolls, ...count.rolls]);
  return Array.from({ length: count.total }, () => ({ firer: f, pen: he.pen, rolls: [...rolls, ...count.rolls] }));
}

function damageInfantry(ref: BaReferee, m: ModelFacts, hit: Hit): void {
  const need = damageValue(ref.ctx, m);
  const value = ref.roll(`damage on ${m.id}`);
  const total = value + hit.pen;
  const killed = total >= need;
  const quality = qualityOf(ref.ctx, m.unitId);
  ref.explain(ref.lastRoll, {
    purpose: "damage",
    model: m.id,
    need,
    total,
    meaning: `damage ${hit.pen ? `D6 + Pen ${hit.pen} = ${total}` : `${total}`} against ${quality.quality} ${need}+ → ${killed ? "casualty" : "no damage"}`,
    rule: "§4.3",
    ...quality.sample,
  });
  ref.outcome(m.id, killed ? "casualty" : "no-effect", killed ? "killed" : "no damage", {
    by: `${hit.firer.model}'s ${hit.firer.weapon!.row.name}`,
    rolls: [...hit.rolls, ref.lastRoll],
  });
}

function applyHit(ref: BaReferee, hit: Hit, order: readonly string[]): void {
  const id = hit.model ?? order.find((m) => !ref.gone.has(m));
  if (!id) {
    ref.note(`a hit of ${hit.firer.model} finds no model left it can reach`, "§4.1", hit.rolls);
    return;
  }
  const m = requireModel(ref.ctx, id);
  if (!isVehicle(ref.ctx, m)) return damageInfantry(ref, m, hit);
  const line = hit.firer.lines.find((l) => l.model === m.id);
  const heavy = hit.firer.weapon!.row.section === "heavy-weapons";
  const indirect = hit.firer.weapon!.row.rules.includes("indirect-fire");
  const face = armourFace(line?.report.facing.hull, indirect);
  const mods = heavy ? penetrationModifiers(ref, face, (hit.firer.longRange ?? false) && !hit.model) : [];
  damageVehicle(ref, m, hit.pen, mods, { by: `${hit.firer.model}'s ${hit.firer.weapon!.row.name}`, rolls: hit.rolls }, { indirect });
}

function summarise(verdict: BaFireVerdict, ref: BaReferee, shots: number, hits: number): string {
  const outcomes = ref.finalOutcomes();
  const count = (effect: string) => outcomes.filter((o) => o.effect === effect).length;
  const pins = ref.unitChanges().find((c) => c.unit === verdict.targetUnit)?.pins ?? 0;
  const parts = [
    `${shots} shot${shots === 1 ? "" : "s"}, ${hits} hit${hits === 1 ? "" : "s"}`,
    ...(count("casualty") ? [`${count("casualty")} casualt${count("casualty") === 1 ? "y" : "ies"}`] : []),
    ...outcomes.filter((o) => o.effect === "damaged" || o.effect === "destroyed").map((o) => `${o.model}: ${o.detail}`),
    ...(pins ? [`+${pins} pin${pins === 1 ? "" : "s"} on ${verdict.targetUnit}`] : []),
  ];
  const weapons = [...new Set(verdict.firers.filter((f) => f.canFire).map((f) => f.weapon!.row.name))].join(", ");
  return `${verdict.firingUnit} (${weapons}) at ${verdict.targetUnit}: ${parts.join("; ")}`;
}

export function resolveFire(verdict: BaFireVerdict, dice: Dice, ctx: BaContext, geometry?: TemplateGeometry): FireResult {
  if (!verdict.valid) throw new Error(`this shot cannot be resolved: ${verdict.rulings.map((r) => `${r.reason} (${r.rule})`).join("; ")}`);
  const ref = new BaReferee(ctx, dice);
  if (verdict.assault) return resolveCloseQuarters(ref, verdict);
  if (verdict.order === "ambush") {
    // The ambush is sprung: it fires now, out of turn, and its die turns to Fire (back in the bag at the turn's end).
    ref.setOrder(verdict.firingUnit, "fire");
    ref.note(`${verdict.firingUnit} springs its Ambush: its order die turns to Fire`, "001 l.27");
  }
  const firing = verdict.firers.filter((f) => f.canFire);
  const hits: Hit[] = [];
  let shotsFired = 0;
  let heHitPins = 0;
  for (const f of firing) {
    const row = f.weapon!.row;
    const shots = f.shotDice
      ? rollDice(ref, f.shotDice, `shots of ${f.model}'s ${row.name}`, (n) => `${row.name}: ${n} shot${n === 1 ? "" : "s"}`, "§4.4", f.model)
      : { total: f.dice, rolls: [] };
    shotsFired += shots.total;
    for (let i = 0; i < shots.total; i++) {
      const toHit = rollToHit(ref, f, verdict.targetUnit);
      if (!toHit.hit) continue;
      const rolls = [...shots.rolls, ...toHit.rolls];
      if (f.he) {
        const pins = rollDice(
          ref,
          heRow(ctx, row.he!).pins,
          `HE pins of ${f.model}'s ${row.name}`,
          (n) => `HE ${row.he}: ${n} pin${n === 1 ? "" : "s"} on ${verdict.targetUnit}`,
          "§4.5",
          f.model,
        );
        heHitPins += pins.total;
        hits.push(...heHits(ref, verdict, f, [...rolls, ...pins.rolls], geometry));
      } else hits.push({ firer: f, pen: typeof row.pen === "number" ? row.pen : 0, rolls });
    }
  }
  const order = casualtyOrder(verdict);
  ref.note(
    `${hits.length} hit${hits.length === 1 ? "" : "s"} on ${verdict.targetUnit}; casualties fall on the models the firers reach, closest first`,
    "§4.1, §4.3",
    [],
  );
  for (const hit of hits) applyHit(ref, hit, order);
  const ordinaryHits = hits.some((h) => !h.firer.he);
  const pins = (ordinaryHits ? ctx.tables.practice.pinsPerHitUnit : 0) + heHitPins;
  if (pins) {
    ref.addPins(verdict.targetUnit, pins);
    ref.note(
      `${verdict.targetUnit} takes ${pins} pin${pins === 1 ? "" : "s"}${ordinaryHits ? ` (${ctx.tables.practice.pinsPerHitUnit} for being hit, sample)` : ""}${heHitPins ? ` (${heHitPins} from HE)` : ""}`,
      heHitPins ? (ordinaryHits ? "§4.5, §9" : "§4.5") : "§9",
      [],
    );
  }
  const rolled = ref.rolledDice();
  const { firers, ...rest } = verdict;
  return {
    weapons: [...new Set(firing.map((f) => f.weapon!.id))],
    rolls: ref.rolls(),
    outcomes: ref.finalOutcomes(),
    summary: summarise(verdict, ref, shotsFired, hits.length),
    details: {
      verdict: { ...rest, firers: firers.map(({ lines: _lines, ...f }) => f) },
      dice: rolled,
      allocation: ref.allocation,
      steps: ref.steps,
      sampleTables: uniqueSampleTables([
        ...verdict.sampleTables,
        ...(ordinaryHits && ctx.sampleTables.practice ? [ctx.sampleTables.practice] : []),
        ...diceSamples(rolled),
      ]),
    },
    units: ref.unitChanges(),
  };
}
