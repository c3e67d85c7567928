/**
 * Close combat, resolved when declared (§9). Against infantry each side adds a d20 to its Close Combat
 * values and modifiers; the higher total wins and the loser removes one base; a tie leaves everyone in
 * the fight. Against a vehicle each attacker within 2" strikes its top armour with OV 2.
 */
import { cmToInches } from "../../core/units";
import type { SightReport } from "../../sight/sightReport";
import { type ModelFacts, modelsNamed } from "../context";
import type { Modifier } from "../ruleset";
import { topArmour } from "./armour";
import { type BgContext, CONTACT, hasMarker, MARKERS, modelState, sampleMark } from "./context";
import { protectionOf } from "./cover";
import { hitEffect } from "./effects";
import type { BgFireVerdict } from "./fire";
import { type BgRef, effectRoll } from "./outcomes";
import { firingWeapon, isVehicle, profileOf, profileSample } from "./profiles";
import { INCH_EPSILON } from "./toHit";

/** In contact: touching, or touching across the walls and hedges between them. */
function inContact(report: SightReport | undefined): boolean {
  if (!report) return false;
  const across = report.linearObstacles.reduce((s, l) => s + l.thickness, 0);
  return report.distance.edgeToEdge <= CONTACT + across;
}

const reportOf = (v: BgFireVerdict, shooter: string, target: string): SightReport | undefined =>
  v.reports.find((r) => r.shooter === shooter && r.target === target);

/** The state modifiers of one model in the fight (−5 Pinned or Disorganised, −10 Suppressed or Broken; they add up). */
function stateModifiers(ctx: BgContext, m: ModelFacts): Modifier[] {
  const t = ctx.tables["close-combat"].infantry;
  const s = modelState(ctx, m.id);
  const mods: Modifier[] = [];
  const mod = (value: number, reason: string): Modifier => ({ value, reason, rule: "§9.2", roll: "test" });
  if (m.pinned) mods.push(mod(t.pinned, `${m.id} is Pinned`));
  if (s.morale === "disorganised") mods.push(mod(t.disorganised, `${m.id} is Disorganised`));
  if (hasMarker(m, MARKERS.suppressed)) mods.push(mod(t.suppressed, `${m.id} is Suppressed`));
  if (s.morale === "broken") mods.push(mod(t.broken, `${m.id} is Broken`));
  return mods;
}

/** The defender's terrain: half its to-hit cover modifier, as a bonus (rounded towards zero). */
function terrainBonus(ctx: BgContext, report: SightReport | undefined): Modifier[] {
  if (!report) return [];
  const p = protectionOf(ctx, report);
  const t = ctx.tables["to-hit"].target;
  const cover = { open: 0, light: t.lightCover, linear: t.linearCover, heavy: t.heavyCover }[p.cover];
  if (!cover) return [];
  const value = Math.trunc(Math.abs(cover) / ctx.tables["close-combat"].infantry.terrainDivisor);
  return [{ value, reason: `defender's terrain: ${p.sources[0]!.reason}, −${Math.abs(cover)} / 2`, rule: "§9.2", roll: "test", ...sampleMark(ctx, "terrain") }];
}

const total = (mods: readonly Modifier[]) => mods.reduce((s, m) => s + m.value, 0);
const listed = (mods: readonly Modifier[]) => mods.map((m) => `${m.value >= 0 ? "+" : "−"}${Math.abs(m.value)} ${m.reason}`).join(", ");

function fightInfantry(b: BgRef, v: BgFireVerdict, attackers: ModelFacts[], defenders: ModelFacts[]): number {
  const ctx = b.ctx;
  const cc = (m: ModelFacts): Modifier => ({
    value: profileOf(ctx, m).cc,
    reason: `${m.id}'s Close Combat`,
    rule: "§9.2",
    roll: "test",
    ...profileSample(ctx),
  });
  const attack: Modifier[] = [
    { value: ctx.tables["close-combat"].infantry.charging, reason: "charging", rule: "§9.2", roll: "test" },
    ...attackers.flatMap((m) => [cc(m), ...stateModifiers(ctx, m)]),
  ];
  const defence: Modifier[] = [
    ...defenders.flatMap((m) => [cc(m), ...stateModifiers(ctx, m)]),
    ...terrainBonus(ctx, reportOf(v, attackers[0]!.id, defenders[0]!.id)),
  ];
  const a = b.ref.dice.roll(20, `close combat: ${v.firingUnit} attacks`);
  const ai = b.ref.lastRoll;
  const d = b.ref.dice.roll(20, `close combat: ${v.targetUnit} defends`);
  const di = b.ref.lastRoll;
  const [at, dt] = [a + total(attack), d + total(defence)];
  b.ref.explain(ai, {
    purpose: "test",
    meaning: `attack d20 ${a} + ${total(attack)} (${listed(attack)}) = ${at}`,
    total: at,
    rule: "§9.2",
    ...profileSample(ctx),
  });
  b.ref.explain(di, {
    purpose: "test",
    meaning: `defence d20 ${d} + ${total(defence)} (${listed(defence)}) = ${dt}`,
    total: dt,
    rule: "§9.2",
    ...profileSample(ctx),
  });
  const cause = { by: `close combat of ${v.firingUnit} and ${v.targetUnit}`, rolls: [ai, di] };
  if (at === dt) {
    b.ref.note(`a tie, ${at} to ${dt}: every base stays in the fight until the next activation`, "§9.2", [ai, di]);
    return 2;
  }
  const loser = at > dt ? (defenders.find((m) => m.id === v.declaration.target) ?? defenders[0]!) : attackers[0]!;
  b.ref.note(`${at > dt ? "the attack" : "the defence"} wins, ${Math.max(at, dt)} to ${Math.min(at, dt)}: ${loser.id} is removed`, "§9.2", [ai, di]);
  b.ref.outcome(loser.id, "casualty", "lost the close combat", cause);
  return 2;
}

function chargeVehicle(b: BgRef, v: BgFireVerdict, attacker: ModelFacts, vehicle: ModelFacts): number {
  const ctx = b.ctx;
  const t = ctx.tables["close-combat"].vehicle;
  const report = reportOf(v, attacker.id, vehicle.id);
  const reach = report ? cmToInches(report.distance.edgeToEdge) : Infinity;
  if (reach > t.reach + INCH_EPSILON) {
    b.ref.note(
      `${attacker.id} is ${reach.toFixed(1)}" from ${vehicle.id}, more than ${t.reach}": it charges as against infantry, and must first be moved into contact`,
      "§9.3",
    );
    return 0;
  }
  const armour = topArmour(ctx, vehicle);
  const open = profileOf(ctx, vehicle).vehicle?.open ?? false;
  const toImmobilise = v.declaration.toImmobilise ?? false;
  const s = modelState(ctx, vehicle.id);
  const mods: Modifier[] = [];
  const mod = (value: number, reason: string): Modifier => ({ value, reason, rule: "§9.3", roll: "damage" });
  if ((s.movement === "moving" || s.movement === "running" || s.movement === "evading") && !hasMarker(vehicle, MARKERS.suppressed))
    mods.push(mod(t.movingNotSuppressed, `${vehicle.id} moved and is not Suppressed`));
  if (toImmobilise) mods.push(mod(t.toImmobilise, "an attack to immobilise"));
  else if (open) mods.push(mod(t.open, `${vehicle.id} is open`));
  for (const id of attacker.def.weapons.map((w) => w.id)) {
    const w = firingWeapon(ctx, attacker, id);
    if (!("error" in w) && w.weapon.charge !== undefined)
      mods.push({ ...mod(w.weapon.charge, `a charge from ${w.weapon.name} of strength ${w.weapon.charge}`), ...sampleMark(ctx, "weapons") });
  }
  const impact = t.ov - armour.dv + total(mods);
  const build = `OV ${t.ov} − top DV ${armour.dv}${mods.map((m) => ` ${m.value >= 0 ? "+" : "−"} ${Math.abs(m.value)}`).join("")}`;
  if (!toImmobilise) {
    effectRoll(b, vehicle.id, "vehicles", impact, build, `the charge of ${attacker.id}`);
  } else {
    const value = b.ref.dice.roll(20, `effect roll on ${vehicle.id} (attack to immobilise)`);
    const index = b.ref.lastRoll;
    const cause = { by: `the charge of ${attacker.id}`, rolls: [index] };
    const found = hitEffect(ctx, "vehicles", impact, value);
    const immobilised = found.effect !== "no-effect";
    b.ref.explain(index, {
      purpose: "damage",
      model: vehicle.id,
      total: impact,
      meaning: `impact ${impact} (${build}), d20 ${value}: vehicles row ${found.row}, column ${found.column} → ${immobilised ? "counts only as immobilisation" : "no effect"}`,
      rule: "§9.3",
      ...sampleMark(ctx, "effect-columns"),
    });
    if (immobilised) {
      b.ref.outcome(vehicle.id, "damaged", MARKERS.immobilised, cause);
      if (ctx.options.immobiliseAttack === "immobilised-suppressed") b.ref.outcome(vehicle.id, "damaged", MARKERS.suppressed, cause);
    } else b.ref.outcome(vehicle.id, "no-effect", "no effect", cause);
  }
  b.ref.note(`${attacker.id} falls back ${t.fallBack}" from ${vehicle.id}, towards the side it attacked from`, "§9.3");
  return 1;
}

export function resolveCloseCombat(b: BgRef, v: BgFireVerdict): number {
  const attackers = modelsNamed(b.ctx, v.declaration.shooter).filter((m) => !isVehicle(b.ctx, m));
  const targets = modelsNamed(b.ctx, v.declaration.target);
  const tested = attackers.filter((m) => modelState(b.ctx, m.id).charge?.morale === "passed").length;
  if (tested) b.ref.note(`${tested} charging base(s) passed their Morale test before the charge (the Charge action)`, "002 l.247–248");
  if (targets.every((t) => isVehicle(b.ctx, t))) {
    const vehicle = targets.find((t) => t.id === v.declaration.target) ?? targets[0]!;
    return attackers.reduce((n, a) => n + chargeVehicle(b, v, a, vehicle), 0);
  }
  const engaged = attackers.filter((a) => targets.some((t) => inContact(reportOf(v, a.id, t.id))));
  if (!engaged.length) {
    b.ref.note(`no attacker is in base contact with ${v.targetUnit}: the charge fell short, the attackers lose their Standard Action`, "§9.2");
    return 0;
  }
  const defenders = targets.filter((t) => engaged.some((a) => inContact(reportOf(v, a.id, t.id))));
  return fightInfantry(b, v, engaged, defenders);
}
