/**
 * Close quarters (§5), resolved when declared: infantry against infantry fight rounds of damage rolls until
 * one side loses; infantry assaulting a vehicle roll to hit it (4+, 6 if it advanced) and the hits plus a D6
 * against its damage value. Attacks per model are sample data (the source gives none).
 */
import { footprintDistance } from "../../core/footprint";
import { inchesToCm } from "../../core/units";
import { type ModelFacts, modelsNamed, unitNamed } from "../context";
import { diceSamples, type FireResult, type Ruling, uniqueSampleTables } from "../ruleset";
import { type BaContext, sampleMark, unitState } from "./context";
import { rollTest } from "./dice";
import { moraleTarget } from "./morale";
import { damageValue, hasAntiTank, isOpenTopped, isVehicle, qualityOf, vehicleClass } from "./profiles";
import type { BaReferee } from "./referee";
import { inches, TOLERANCE } from "./sight";
import type { BaFireDeclaration } from "./types";
import { isArmoured } from "./types";
import { damageResult } from "./vehicles";
import type { AssaultPlan, BaFirer, BaFireVerdict } from "./verdict";

/** A round limit for draws, so a game never loops (the source: further rounds until one side loses). */
const MAX_ROUNDS = 20;
/** The source's to-hit scores against a vehicle in close quarters (§5.2). */
const VEHICLE_HIT = { advanced: 6, otherwise: 4 };

/** The gap (cm) between the nearest models of two units, base to base. */
export const closest = (a: readonly ModelFacts[], b: readonly ModelFacts[]) =>
  Math.min(...a.flatMap((x) => b.map((y) => footprintDistance(x.footprint, y.footprint))));

export function closeQuartersVerdict(d: BaFireDeclaration, ctx: BaContext): Pick<BaFireVerdict, "valid" | "rulings" | "firers"> & { assault?: AssaultPlan } {
  const attacker = unitNamed(ctx, d.shooter);
  const defender = unitNamed(ctx, d.target);
  const attackers = modelsNamed(ctx, attacker.id);
  const defenders = modelsNamed(ctx, defender.id);
  const rulings: Ruling[] = [];
  const refuse = (reason: string, rule: string) => ({ valid: false, rulings: [...rulings, { reason, rule }], firers: [] });
  if (attackers.some((m) => isVehicle(ctx, m))) return refuse("the source gives close quarters for infantry assaulting only", "§5");
  const run = ctx.tables.movement.rates.infantry.run;
  const distance = closest(attackers, defenders);
  rulings.push({ reason: `${attacker.id} assaults ${defender.id} with a Run order: ${inches(distance)} to contact`, rule: "§1.2, §5.1" });
  if (distance > inchesToCm(run) + TOLERANCE) return refuse(`${defender.id} is ${inches(distance)} away, beyond the ${run}" Run move`, "§3.1, §5.1");
  const attacks = ctx.tables.practice.closeQuarters.attacksPerModel;
  const practice = sampleMark(ctx, "practice");
  const vehicle = defenders.find((m) => isVehicle(ctx, m));
  if (!vehicle) {
    const firers: BaFirer[] = attackers.map((m) => ({
      model: m.id,
      lines: [],
      dice: attacks,
      canFire: true,
      rulings: [],
      shots: [{ group: defender.id, canFire: true, rulings: [], modifiers: [], need: damageValue(ctx, defenders[0]!), ...practice }],
      group: defender.id,
      ...practice,
    }));
    rulings.push({
      reason: `close quarters: each model makes ${attacks} attack${attacks === 1 ? "" : "s"} (sample), damage against the defenders' ${qualityOf(ctx, defender.id).quality} ${damageValue(ctx, defenders[0]!)}+; no to-hit roll`,
      rule: "§5.1",
      ...practice,
    });
    return { valid: true, rulings, firers, assault: { kind: "infantry", attacker: attacker.id, defender: defender.id, distance } };
  }
  const vOrder = unitState(ctx, defender.id).order;
  const stopped = vehicle.markers.includes("immobilised") || vOrder === "down";
  if (vOrder === "run" && !stopped) return refuse(`${vehicle.id} is on a Run order: infantry cannot assault it`, "§5.2");
  const cls = vehicleClass(ctx, vehicle)!;
  const enclosed = isArmoured(cls) && !isOpenTopped(ctx, vehicle);
  const antiTank = hasAntiTank(ctx, attacker.id);
  const orderTest = enclosed && !antiTank ? ctx.tables.orders.assaultEnclosedWithoutAntiTank : undefined;
  if (orderTest !== undefined)
    rulings.push({
      reason: `${attacker.id} has no anti-tank weapons: it must pass an order test at ${orderTest} to assault an enclosed armoured vehicle`,
      rule: "§5.2",
    });
  const need = vOrder === "advance" ? VEHICLE_HIT.advanced : VEHICLE_HIT.otherwise;
  rulings.push({
    reason: `hits on ${vehicle.id} on ${need}+ (${vOrder === "advance" ? "it advanced" : "it did not advance"}); damage = hits + D6 against ${cls} ${damageValue(ctx, vehicle)}+`,
    rule: "§5.2",
  });
  if (distance > inchesToCm(6) + TOLERANCE)
    rulings.push({
      reason: `the assault starts ${inches(distance)} away, more than 6": ${vehicle.id} may first fire at the attackers in its weapons' arcs as usual`,
      rule: "§5.2",
    });
  const firers: BaFirer[] = attackers.map((m) => ({
    model: m.id,
    lines: [],
    dice: attacks,
    canFire: true,
    rulings: [],
    shots: [{ group: vehicle.id, canFire: true, rulings: [], modifiers: [], need }],
    group: vehicle.id,
    ...practice,
  }));
  return {
    valid: true,
    rulings,
    firers,
    assault: {
      kind: "vehicle",
      attacker: attacker.id,
      defender: defender.id,
      distance,
      ...(orderTest !== undefined ? { orderTest } : {}),
      vehicleHit: need,
      superficialOnly: !antiTank,
    },
  };
}

/** One side's damage rolls in a round: casualties among the other side's models still standing. */
function strike(ref: BaReferee, from: readonly ModelFacts[], at: readonly ModelFacts[], round: number): number {
  const attacks = ref.ctx.tables.practice.closeQuarters.attacksPerModel;
  const standing = () => at.filter((m) => !ref.gone.has(m.id));
  let killed = 0;
  for (const m of from) {
    for (let i = 0; i < attacks; i++) {
      const victim = standing()[0];
      if (!victim) return killed;
      const need = damageValue(ref.ctx, victim);
      const value = ref.roll(`close quarters round ${round}: ${m.id} strikes ${victim.id}`);
      const hit = value >= need;
      ref.explain(ref.lastRoll, {
        purpose: "damage",
        model: victim.id,
        need,
        meaning: `close quarters damage ${need}+ → ${hit ? "casualty" : "no damage"}`,
        rule: "§5.1",
        ...qualityOf(ref.ctx, victim.unitId).sample,
      });
      if (hit) {
        ref.outcome(victim.id, "casualty", `killed in close quarters (round ${round})`, { by: m.id, rolls: [ref.lastRoll] });
        killed++;
      }
    }
  }
  return killed;
}

function infantryMelee(ref: BaReferee, plan: AssaultPlan): void {
  const attackers = modelsNamed(ref.ctx, plan.attacker);
  const defenders = modelsNamed(ref.ctx, plan.defender);
  const alive = (side: readonly ModelFacts[]) => side.filter((m) => !ref.gone.has(m.id));
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const byAttacker = strike(ref, alive(attackers), defenders, round);
    ref.note(`round ${round}: ${plan.attacker} causes ${byAttacker} casualt${byAttacker === 1 ? "y" : "ies"}; casualties removed`, "§5.1 4a–b", []);
    const byDefender = strike(ref, alive(defenders), attackers, round);
    ref.note(`round ${round}: ${plan.defender} strikes back, ${byDefender} casualt${byDefender === 1 ? "y" : "ies"}; casualties removed`, "§5.1 4c–d", []);
    const loser = !alive(defenders).length
      ? plan.defender
      : !alive(attackers).length
        ? plan.attacker
        : byAttacker > byDefender
          ? plan.defender
          : byDefender > byAttacker
            ? plan.attacker
            : undefined;
    if (loser) {
      const losing = loser === plan.attacker ? attackers : defenders;
      for (const m of alive(losing)) ref.outcome(m.id, "casualty", "surrendered and destroyed", { by: "close quarters", rolls: [] });
      ref.note(`${loser} loses, surrenders and is destroyed; ${loser === plan.attacker ? plan.defender : plan.attacker} regroups`, "§5.1 4e, 6", []);
      return;
    }
    ref.note(`round ${round} is a draw: another round`, "§5.1 5", []);
  }
  ref.note(`still a draw after ${MAX_ROUNDS} rounds: both sides stay in contact`, "§5.1 5", []);
}

function vehicleAssault(ref: BaReferee, plan: AssaultPlan): void {
  const attackers = modelsNamed(ref.ctx, plan.attacker);
  const vehicle = modelsNamed(ref.ctx, plan.defender).find((m) => isVehicle(ref.ctx, m))!;
  if (plan.orderTest !== undefined) {
    const morale = moraleTarget(ref.ctx, plan.attacker, "orderTest");
    const target = morale.target + plan.orderTest;
    const test = rollTest(
      ref,
      ref.ctx.tables.practice.orderTest.dice,
      target,
      `order test of ${plan.attacker} to assault ${vehicle.id} (${morale.what}, ${plan.orderTest})`,
      "§5.2, §9",
      sampleMark(ref.ctx, "practice"),
    );
    if (!test.passed) {
      ref.note(`${plan.attacker} fails its order test: it does not assault`, "§5.2", test.rolls);
      return;
    }
  }
  const attacks = ref.ctx.tables.practice.closeQuarters.attacksPerModel;
  const need = plan.vehicleHit!;
  const hitRolls: number[] = [];
  let hits = 0;
  for (const m of attackers) {
    for (let i = 0; i < attacks; i++) {
      const value = ref.roll(`close quarters: ${m.id} attacks ${vehicle.id}`);
      const hit = value >= need;
      ref.explain(ref.lastRoll, {
        purpose: "to-hit",
        model: vehicle.id,
        need,
        meaning: `assault on a vehicle ${need}+ → ${hit ? "hit" : "miss"}`,
        rule: "§5.2",
      });
      hitRolls.push(ref.lastRoll);
      if (hit) hits++;
    }
  }
  const d6 = ref.roll(`close quarters damage on ${vehicle.id}`);
  const index = ref.lastRoll;
  const value = damageValue(ref.ctx, vehicle);
  const total = hits + d6;
  const damaged = total >= value;
  ref.explain(index, {
    purpose: "damage",
    model: vehicle.id,
    need: value,
    total,
    meaning: `damage = ${hits} hit${hits === 1 ? "" : "s"} + D6 = ${total} against ${value}+ → ${damaged ? "damaged" : "no damage"}`,
    rule: "§5.2",
  });
  const cause = { by: `close quarters of ${plan.attacker}`, rolls: [...hitRolls, index] };
  if (!damaged) {
    ref.outcome(vehicle.id, "no-effect", "no damage", cause);
    ref.note(`${vehicle.id} survives: the assault ends and ${plan.attacker} regroups`, "§5.2", []);
    return;
  }
  const cls = vehicleClass(ref.ctx, vehicle)!;
  if (!isArmoured(cls) || isOpenTopped(ref.ctx, vehicle)) {
    const wreck = isArmoured(cls) && ref.ctx.options.wrecks === "wreck";
    ref.outcome(
      vehicle.id,
      wreck ? "destroyed" : "casualty",
      `destroyed (${isArmoured(cls) ? "open-topped" : "soft-skinned"}, damaged in close quarters)`,
      cause,
    );
    return;
  }
  damageResult(
    ref,
    vehicle,
    plan.superficialOnly ? "superficial" : total === value ? ref.ctx.tables.practice.damageSeverity.equal : ref.ctx.tables.practice.damageSeverity.above,
    cause,
    { indirect: false },
  );
  if (!ref.gone.has(vehicle.id)) ref.note(`${vehicle.id} survives: the assault ends and ${plan.attacker} regroups`, "§5.2", []);
}

export function resolveCloseQuarters(ref: BaReferee, verdict: BaFireVerdict): FireResult {
  const plan = verdict.assault!;
  if (plan.kind === "infantry") infantryMelee(ref, plan);
  else vehicleAssault(ref, plan);
  const outcomes = ref.finalOutcomes();
  const lost = (unit: string) =>
    outcomes.filter((o) => (o.effect === "casualty" || o.effect === "destroyed") && ref.ctx.models.get(o.model)?.unitId === unit).length;
  const rolled = ref.rolledDice();
  const { firers, ...rest } = verdict;
  return {
    weapons: ["close-quarters"],
    rolls: ref.rolls(),
    outcomes,
    summary: `${plan.attacker} assaults ${plan.defender}: ${plan.attacker} loses ${lost(plan.attacker)}, ${plan.defender} loses ${lost(plan.defender)}${outcomes
      .filter((o) => o.effect === "damaged")
      .map((o) => `; ${o.model}: ${o.detail}`)
      .join("")}`,
    details: {
      verdict: { ...rest, firers },
      dice: rolled,
      allocation: ref.allocation,
      steps: ref.steps,
      sampleTables: uniqueSampleTables([...verdict.sampleTables, ...diceSamples(rolled)]),
    },
    units: ref.unitChanges(),
  };
}
