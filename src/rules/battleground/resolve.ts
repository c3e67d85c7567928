/**
 * resolveFire for direct fire (§3–§6): every firer's dice from the game's seeded stream, each with its
 * reason and meaning. A to-hit d20 at or under the TN hits (1 critical, 20 misfire); small arms against
 * infantry roll straight on the effects table; HE and smoke that miss scatter by the die that missed and
 * land on the surface below; every model under an HE template takes an effect roll at its ring's strength.
 */
import type { Dice } from "../../core/dice";
import { footprintCenter } from "../../core/footprint";
import type { Vec2 } from "../../core/geometry2d";
import { cmToInches, inchesToCm } from "../../core/units";
import type { ModelFacts } from "../context";
import { DiceReferee } from "../referee";
import { diceSamples, type FireResult, type Modifier, type TemplateGeometry, uniqueSampleTables } from "../ruleset";
import { armourTowards } from "./armour";
import { resolveCloseCombat } from "./closeCombat";
import { type BgContext, MARKERS, modelState } from "./context";
import { CRITICAL_BONUS, misfireResult, ringOffset, scoresCriticals, type TableHalf } from "./effects";
import { type BgFirer, type BgFireVerdict, type BgShot, formatTn } from "./fire";
import { type BgRef, effectRoll } from "./outcomes";
import { isUnarmoured, isVehicle, profileOf } from "./profiles";
import { minimalScatterCentre, moved, ringRadii, scatterInches } from "./scatter";

const signed = (v: number): string => (v >= 0 ? `+ ${v}` : `− ${-v}`);
const sum = (mods: readonly Modifier[]): number => mods.reduce((s, m) => s + m.value, 0);

function halfOf(ctx: BgContext, m: ModelFacts): TableHalf {
  return isVehicle(ctx, m) ? "vehicles" : "infantry";
}

/** Small arms at infantry: one effect roll per die (§5, §6.3). */
function smallArms(b: BgRef, f: BgFirer, shot: BgShot): number {
  const w = f.firing!.weapon;
  const impact = w.fp! + sum(shot.effectModifiers);
  const build = `FP ${w.fp}${shot.effectModifiers.map((m) => ` ${signed(m.value)}`).join("")}`;
  for (let i = 0; i < f.dice; i++) effectRoll(b, shot.target, "infantry", impact, build, `${w.name} of ${f.model}`);
  return f.dice;
}

/** A to-hit d20: hit, critical, miss or misfire (§3.5–§3.7). */
type ToHit = { kind: "hit"; critical?: number; rolls: number[] } | { kind: "miss"; value: number; rolls: number[] } | { kind: "misfire"; stops: boolean };

function rollToHit(b: BgRef, f: BgFirer, shot: BgShot, n: number): ToHit {
  const w = f.firing!.weapon;
  const tn = shot.need!;
  const value = b.ref.dice.roll(20, `to hit: ${w.name} of ${f.model} at ${shot.target} (die ${n})`);
  const index = b.ref.lastRoll;
  const always = b.ctx.options.naturalRolls === "always";
  const base = { purpose: "to-hit" as const, model: shot.target, need: tn, under: true, rule: "§3.5" };
  if (value === 20 && (always || tn < 20)) {
    b.ref.explain(index, { ...base, meaning: `to-hit 20: misfire`, rule: "§3.7" });
    return misfire(b, f, index);
  }
  const critical = value === 1 && (always || tn >= 1);
  if (!(value <= tn || critical)) {
    b.ref.explain(index, { ...base, meaning: `to-hit ${value} over TN ${formatTn(tn)} → miss` });
    return { kind: "miss", value, rolls: [index] };
  }
  if (!critical || !scoresCriticals(w)) {
    b.ref.explain(index, {
      ...base,
      meaning: `to-hit ${value} at or under TN ${formatTn(tn)} → hit${critical ? " (no critical for rifles and machine weapons)" : ""}`,
    });
    return { kind: "hit", rolls: [index] };
  }
  b.ref.explain(index, { ...base, meaning: `to-hit 1 → critical hit: roll again to hit`, rule: "§3.6" });
  const again = b.ref.dice.roll(20, `critical hit: ${w.name} of ${f.model} rolls to hit again`);
  const major = again <= tn;
  const bonus = major ? CRITICAL_BONUS.major : CRITICAL_BONUS.minor;
  b.ref.explain(b.ref.lastRoll, {
    ...base,
    meaning: `critical re-roll ${again} ${major ? `hits: Major Critical Hit +${bonus}` : `misses: Minor Critical Hit +${bonus}`}`,
    rule: "§3.6",
  });
  return { kind: "hit", critical: bonus, rolls: [index, b.ref.lastRoll] };
}

function misfire(b: BgRef, f: BgFirer, toHitIndex: number): ToHit {
  const w = f.firing!;
  const value = b.ref.dice.roll(20, `misfire: ${w.weapon.name} of ${f.model}`);
  const index = b.ref.lastRoll;
  const result = misfireResult(b.ctx, value);
  const words = {
    dud: "a dud: the weapon fires again next turn",
    jammed: "jammed: the jam must be cleared",
    explosion: "explosion: one hit, the weapon is destroyed",
  }[result];
  b.ref.explain(index, { purpose: "test", model: f.model, meaning: `misfire ${value}: ${words}`, rule: "§3.7" });
  const cause = { by: `a misfire of ${w.weapon.name}`, rolls: [toHitIndex, index] };
  if (result === "jammed") b.ref.outcome(f.model, "damaged", MARKERS.jammed(w.id), cause);
  if (result === "explosion") {
    b.ref.outcome(f.model, "damaged", MARKERS.weaponDestroyed(w.id), cause);
    const firer = b.ctx.models.get(f.model)!;
    // The "1 hit" strikes the firing model with the weapon's own strength (inference, §3.7).
    const strength = w.weapon.ov ?? w.weapon.fp ?? w.weapon.he?.fp ?? 0;
    const vehicle = profileOf(b.ctx, firer).vehicle;
    const impact = vehicle ? strength - vehicle.dv.top : strength;
    effectRoll(
      b,
      f.model,
      halfOf(b.ctx, firer),
      impact,
      vehicle ? `OV ${strength} − top DV ${vehicle.dv.top}` : `strength ${strength}`,
      `the explosion of ${w.weapon.name}`,
      cause.rolls,
    );
  }
  b.ref.note(`${f.model}: the ${w.weapon.name} misfires (${result}); its remaining dice are lost`, "§3.7", cause.rolls);
  return { kind: "misfire", stops: true };
}

/** An AP (or small-arms) hit on a vehicle: OV − DV, AP range, unarmoured, critical (§6.1). */
function hitVehicle(b: BgRef, f: BgFirer, shot: BgShot, hit: Extract<ToHit, { kind: "hit" }>): void {
  const w = f.firing!.weapon;
  const armour = shot.armour!;
  const mods = [...shot.effectModifiers, ...(hit.critical ? [{ value: hit.critical, reason: "critical hit", rule: "§3.6", roll: "damage" as const }] : [])];
  const impact = w.ov! - armour.dv + sum(mods);
  const build = `OV ${w.ov} − DV ${armour.dv} (${armour.part}${armour.face ? ` ${armour.face}` : ""})${mods.map((m) => ` ${signed(m.value)}`).join("")}`;
  effectRoll(b, shot.target, "vehicles", impact, build, `${w.name} of ${f.model}`, hit.rolls);
}

/** Where a missed HE or smoke round lands: scattered by the die that missed, or minimal scatter (§4.1, §4.2). */
function scatterLanding(
  b: BgRef,
  f: BgFirer,
  shot: BgShot,
  miss: Extract<ToHit, { kind: "miss" }>,
  geometry: TemplateGeometry,
): { at: Vec2; minimal: boolean; rolls: number[] } {
  const target = b.ctx.models.get(shot.target)!;
  const centre = footprintCenter(target.footprint);
  const bearing = b.ref.dice.roll(360, `scatter bearing of ${f.firing!.weapon.name} of ${f.model}`) % 360;
  const bearingIndex = b.ref.lastRoll;
  const dm = profileOf(b.ctx, target).dm;
  const by = miss.value - shot.need!;
  if (dm < 0 && by <= -dm) {
    const at = minimalScatterCentre(target.footprint, centre, bearing, ringRadii(b.ctx));
    b.ref.explain(bearingIndex, {
      purpose: "scatter",
      model: shot.target,
      meaning: `bearing ${bearing}°: minimal scatter (missed by ${formatTn(by)}, DM −${-dm}): the template's second ring touches ${shot.target}, its first does not`,
      rule: "§4.2",
    });
    return { at, minimal: true, rolls: [...miss.rolls, bearingIndex] };
  }
  const s = scatterInches(b.ctx, miss.value, shot.range);
  const at = moved(centre, bearing, inchesToCm(s.inches), geometry.table);
  b.ref.explain(bearingIndex, {
    purpose: "scatter",
    model: shot.target,
    meaning: `bearing ${bearing}°, ${s.inches}": ${s.reason}; lands at (${at[0].toFixed(1)}, ${at[1].toFixed(1)}) cm`,
    rule: "§4.1",
  });
  return { at, minimal: false, rolls: [...miss.rolls, bearingIndex] };
}

/** How the round came down: near-missed a target (minimal scatter), at a target's floor, with a critical on its target. */
interface BurstHit {
  readonly minimalOn?: string;
  readonly level?: number;
  readonly critical?: { readonly model: string; readonly bonus: number };
}

/** Every model under an HE template laid at `at`: its ring's strength, the impact → target line, its effect roll (§4.3, §6.2). */
function burst(b: BgRef, f: BgFirer, at: Vec2, hit: BurstHit, rolls: readonly number[], geometry: TemplateGeometry): number {
  const { minimalOn, level, critical } = hit;
  const w = f.firing!.weapon;
  const he = w.he!;
  const radii = ringRadii(b.ctx);
  // On the ground the shell bursts among everyone standing there (roofs shield those under them); on a
  // roof or floor it hits only the models standing on that surface.
  const dropped = geometry.surfaceBelow?.(at);
  const surface = level ?? (dropped && dropped.kind !== "ground" ? dropped.y : undefined);
  const shape = { kind: "blast" as const, at, radii };
  const placement = surface === undefined ? { shape, from: "above" as const } : { shape, from: "level" as const, level: surface };
  const under = geometry.modelsUnder(placement);
  const t = b.ctx.tables["effect-modifiers"].he;
  const hitModels = under.models.filter((u) => b.ctx.models.has(u.id));
  b.ref.note(
    `HE of ${w.name} bursts at (${at[0].toFixed(1)}, ${at[1].toFixed(1)}) cm${surface === undefined ? " on the ground" : ` on the surface at ${surface.toFixed(1)} cm${dropped && dropped.kind !== "ground" ? ` (${dropped.kind} of ${dropped.by})` : ""}`}: ${hitModels.length ? hitModels.map((u) => `${u.id} ring ${u.ring! + 1}`).join(", ") : "nobody under the template"}${under.shielded.length ? `; shielded: ${under.shielded.map((s) => `${s.id} (${s.by})`).join(", ")}` : ""}`,
    "§4.3",
    rolls,
  );
  for (const u of hitModels) {
    const m = b.ctx.models.get(u.id)!;
    const offset = ringOffset(b.ctx, u.ring!);
    if (offset === undefined) continue;
    const mods: Modifier[] = critical?.model === u.id ? [{ value: critical.bonus, reason: "critical hit", rule: "§3.6", roll: "damage" }] : [];
    const ringWord = `ring ${u.ring! + 1}${offset ? ` ${signed(offset)}` : ""}`;
    if (isVehicle(b.ctx, m)) {
      if (u.ring! > 0 && b.ctx.options.outerRingsVsVehicles === "innermost-only") {
        b.ref.note(`${u.id} is under ring ${u.ring! + 1} only: outer rings do not affect vehicles (option)`, "§4.3", rolls);
        continue;
      }
      const armour = armourTowards(b.ctx, m, at);
      if (isUnarmoured(b.ctx, m)) mods.push({ value: t.unarmoured, reason: `${u.id} is unarmoured`, rule: "§6.2", roll: "damage" });
      const impact = he.ov + offset - armour.dv + sum(mods);
      effectRoll(
        b,
        u.id,
        "vehicles",
        impact,
        `HE OV ${he.ov} ${ringWord} − DV ${armour.dv} (hull ${armour.face})${mods.map((x) => ` ${signed(x.value)}`).join("")}`,
        `HE of ${w.name} (${f.model})`,
        rolls,
      );
      continue;
    }
    const lines = geometry.linearObstaclesFrom?.(at, u.id).filter((l) => b.ctx.tables.terrain.linear.includes(l.kind)) ?? [];
    if (lines.length)
      mods.push({
        value: t.linearFromImpact,
        reason: `${lines.map((l) => `${l.kind} ${l.id}`).join(", ")} between the point of impact and ${u.id}`,
        rule: "§6.2",
        roll: "damage",
      });
    const heavy = m.standsIn.some((a) => b.ctx.tables.terrain.areas[a.kind as keyof BgContext["tables"]["terrain"]["areas"]] === "heavy");
    const partial = (b.ctx.options.partialHit === "minimal-scatter" && minimalOn === u.id) || (b.ctx.options.partialHit === "partly-under" && u.overlap < 1);
    if (heavy || partial)
      mods.push({ value: t.partialOrHeavyCover, reason: heavy ? `${u.id} is in heavy cover` : `a partial hit on ${u.id}`, rule: "§6.2", roll: "damage" });
    const movement = modelState(b.ctx, u.id).movement;
    if (movement === "running") mods.push({ value: t.running, reason: `${u.id} is running`, rule: "§6.2", roll: "damage" });
    else if (movement === "moving" || movement === "evading") mods.push({ value: t.moving, reason: `${u.id} is moving`, rule: "§6.2", roll: "damage" });
    const impact = he.fp + offset + sum(mods);
    effectRoll(
      b,
      u.id,
      "infantry",
      impact,
      `HE FP ${he.fp} ${ringWord}${mods.map((x) => ` ${signed(x.value)} (${x.reason})`).join("")}`,
      `HE of ${w.name} (${f.model})`,
      rolls,
    );
  }
  return hitModels.length;
}

/**
 * A smoke round's cloud where it landed, sized and timed by the sample templates table: terrain from now on,
 * so later lines through it meet smoke (−8 once, §3.2 fn. 4). Named after its to-hit die, unique in the game.
 */
function layCloud(b: BgRef, f: BgFirer, landing: { at: Vec2; rolls: readonly number[] }): void {
  const smoke = b.ctx.tables.templates.smoke;
  const id = `smoke-${landing.rolls[0]}`;
  b.clouds.push({
    smoke: {
      id,
      name: `Smoke (${f.firing!.weapon.name})`,
      kind: "smoke",
      at: [landing.at[0], landing.at[1]],
      radius: inchesToCm(smoke.radius),
      height: inchesToCm(smoke.height),
    },
    turns: smoke.turns,
  });
  b.ref.note(
    `smoke of ${f.firing!.weapon.name} lands at (${landing.at[0].toFixed(1)}, ${landing.at[1].toFixed(1)}) cm: cloud ${id}, ${smoke.radius}" in radius, ${smoke.height}" high, until the end of ${smoke.turns === 1 ? "this turn" : `${smoke.turns} turns`} (sample templates table)`,
    "§4, §13",
    landing.rolls,
  );
}

/** One firer's to-hit dice, each resolved in turn; a misfire ends them. */
function toHitDice(b: BgRef, f: BgFirer, shot: BgShot, geometry: TemplateGeometry | undefined): number {
  let hits = 0;
  const target = b.ctx.models.get(shot.target)!;
  for (let n = 1; n <= f.dice; n++) {
    const r = rollToHit(b, f, shot, n);
    if (r.kind === "misfire") break;
    if (shot.ammunition === "standard") {
      if (r.kind === "hit") {
        hits++;
        hitVehicle(b, f, shot, r);
      }
      continue;
    }
    if (!geometry) throw new Error("HE and smoke need the table's geometry to lay the template");
    const landing = r.kind === "hit" ? { at: footprintCenter(target.footprint), minimal: false, rolls: r.rolls } : scatterLanding(b, f, shot, r, geometry);
    if (r.kind === "hit") hits++;
    if (shot.ammunition === "smoke") {
      layCloud(b, f, landing);
      continue;
    }
    const hit: BurstHit = {
      ...(landing.minimal ? { minimalOn: shot.target } : {}),
      ...(r.kind === "hit" && target.floor ? { level: target.feetY } : {}),
      ...(r.kind === "hit" && r.critical ? { critical: { model: shot.target, bonus: r.critical } } : {}),
    };
    burst(b, f, landing.at, hit, landing.rolls, geometry);
  }
  return hits;
}

function summarise(verdict: BgFireVerdict, ref: DiceReferee, dice: number, hits: number): string {
  const outcomes = ref.finalOutcomes().filter((o) => o.effect !== "no-effect");
  const said = outcomes.map((o) => `${o.model} ${o.detail || o.effect}`);
  return `${verdict.firingUnit} ${verdict.action === "fire" ? "fires at" : verdict.action === "close-combat" ? "charges" : "acts:"} ${verdict.targetUnit}: ${dice} ${dice === 1 ? "die" : "dice"}${verdict.action === "fire" ? `, ${hits} hit${hits === 1 ? "" : "s"}` : ""}; ${said.length ? said.join(", ") : "no effect"}`;
}

export function resolveFire(verdict: BgFireVerdict, dice: Dice, ctx: BgContext, geometry?: TemplateGeometry): FireResult {
  if (!verdict.valid) throw new Error(`this action cannot be resolved: ${verdict.rulings.map((r) => `${r.reason} (${r.rule})`).join("; ")}`);
  const b: BgRef = { ref: new DiceReferee(dice), ctx, pinnedNow: new Set(), marked: new Set(), clouds: [] };
  const firing = verdict.firers.filter((f) => f.canFire);
  let hits = 0;
  let rolled = 0;
  if (verdict.action === "close-combat") rolled = resolveCloseCombat(b, verdict);
  else {
    for (const f of firing) {
      const shot = f.shot!;
      rolled += f.dice;
      b.ref.note(
        `${f.model} fires ${f.firing!.weapon.name}${shot.ammunition === "standard" ? "" : ` (${shot.ammunition})`} at ${shot.target}, ${cmToInches(shot.range).toFixed(1)}" away: ${f.dice} ${f.dice === 1 ? "die" : "dice"}, ${shot.resolution === "effect" ? "each straight on the effects table" : `TN ${formatTn(shot.need!)}`}`,
        shot.resolution === "effect" ? "§5" : "§3",
      );
      if (shot.resolution === "effect") hits += smallArms(b, f, shot);
      else hits += toHitDice(b, f, shot, geometry);
    }
  }
  const { reports: _reports, ...ruling } = verdict;
  const diceRolled = b.ref.rolledDice();
  return {
    weapons: [...new Set(firing.flatMap((f) => (f.firing ? [f.firing.id] : [])))],
    rolls: b.ref.rolls(),
    outcomes: b.ref.finalOutcomes(),
    summary: summarise(verdict, b.ref, rolled, hits),
    details: {
      verdict: ruling,
      dice: diceRolled,
      allocation: b.ref.allocation,
      steps: b.ref.steps,
      sampleTables: uniqueSampleTables([
        ...verdict.sampleTables,
        ...diceSamples(diceRolled),
        ...(b.clouds.length && b.ctx.sampleTables.templates ? [b.ctx.sampleTables.templates] : []),
      ]),
    },
    ...(b.clouds.length ? { clouds: b.clouds } : {}),
  };
}
