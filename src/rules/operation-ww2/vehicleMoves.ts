/**
 * A vehicle's move beyond its rate (§4.5): the driving test through terrain that asks for one (000 l.615,
 * l.623–630; v2.0 004 l.45–57), a bogged vehicle freed or immobilised (v2.0, 004 l.53–57), the commander an
 * armoured vehicle must put out to drive past its charge rate (000 l.640–645), and infantry run over by a
 * charging vehicle, each model's evade test (000 l.697–712; v2.0 only tanks, 004 l.143–147). Which terrain asks
 * for a test is the terrain table's, which the source does not print: the player takes the test where it is due.
 */
import type { ModelFacts } from "../context";
import type { Ruling } from "../ruleset";
import { isV1, type Ow2Context } from "./context";
import { isVehicle, targetTypeOf, trainingOf, trainingSample } from "./profiles";
import type { Referee } from "./referee";
import { ARMOURED_TYPES, TANK_TYPES } from "./types";

/** v2.0's driving test passes on 3 or more (004 l.48); v1's on the vehicle's training (000 l.626). */
const V2_DRIVING_NEED = 3;

/** The need of a driving test and its line. */
export const drivingNeed = (ctx: Ow2Context, vehicle: ModelFacts): { need: number; rule: string } =>
  isV1(ctx) ? { need: trainingOf(ctx, vehicle), rule: "000 l.626–628" } : { need: V2_DRIVING_NEED, rule: "004 l.48–51" };

/** `tests` driving tests of a vehicle (1 or 2 where the terrain says "2 Teszt"): one failure and it is stuck (000 l.630). */
export function drivingTests(ref: Referee, vehicle: ModelFacts, tests: number): { passed: boolean; ruling: Ruling } {
  const { need, rule } = drivingNeed(ref.ctx, vehicle);
  const rolled: number[] = [];
  for (let i = 0; i < tests; i++) {
    const value = ref.roll(`driving test: ${vehicle.id} (${need}+)`);
    rolled.push(value);
    ref.explain(ref.lastRoll, {
      purpose: "test",
      need,
      meaning: `driving test ${need}+ → ${value >= need ? "passed" : "stuck"}`,
      rule,
      ...(isV1(ref.ctx) ? trainingSample(ref.ctx, vehicle) : {}),
    });
  }
  const passed = rolled.every((v) => v >= need);
  return {
    passed,
    ruling: {
      reason: `driving test for ${vehicle.id}: ${rolled.join(", ")} against ${need}+${tests > 1 ? " (one failure is enough)" : ""} → ${passed ? "it drives on" : "stuck: it moves no more this turn"}`,
      rule: tests > 1 ? `${rule}, 000 l.630` : rule,
    },
  };
}

/** v2.0: a stuck vehicle given a Move or Charge order tests on its training: it drives 1d10 cm straight on, or is immobilised (004 l.53–57). */
export function freeingTest(ref: Referee, vehicle: ModelFacts): { freed: boolean; distance?: number; ruling: Ruling } {
  const training = trainingOf(ref.ctx, vehicle);
  const value = ref.roll(`freeing ${vehicle.id} (training ${training}+)`);
  const freed = value >= training;
  ref.explain(ref.lastRoll, {
    purpose: "test",
    need: training,
    meaning: `freeing test ${training}+ → ${freed ? "freed" : "immobilised"}`,
    rule: "004 l.53–57",
    ...trainingSample(ref.ctx, vehicle),
  });
  if (!freed) return { freed, ruling: { reason: `${vehicle.id} rolls ${value} against ${training}+: stuck for good, immobilised`, rule: "004 l.57" } };
  const distance = ref.roll(`${vehicle.id} drives straight on (cm)`);
  ref.explain(ref.lastRoll, { purpose: "count", meaning: `${distance} cm straight ahead`, rule: "004 l.55" });
  return {
    freed,
    distance,
    ruling: {
      reason: `${vehicle.id} rolls ${value} against ${training}+: freed, it drives ${distance} cm straight ahead and moves normally next turn`,
      rule: "004 l.55",
    },
  };
}

/**
 * An armoured vehicle driving further than its charge rate needs its commander out to direct it (000 l.640); the
 * cost counts every bonus (l.643). At night it needs it out for anything faster than its slow rate (l.1021).
 */
export function commanderOutRuling(ctx: Ow2Context, vehicle: ModelFacts, cost: number, rates: { slow: number; charge: number }): Ruling | undefined {
  const [limit, what, rule] = ctx.night ? [rates.slow, "slow rate at night", "000 l.1021"] : [rates.charge, "charge rate", "000 l.640–645"];
  if (!ARMOURED_TYPES.includes(targetTypeOf(ctx, vehicle)) || cost <= limit) return undefined;
  return { reason: `${vehicle.id} drives ${Number(cost.toFixed(1))} cm, past its ${what} ${limit} cm: its commander must be out (exposed) to direct it`, rule };
}

/** Why `vehicle` may not run infantry over, or undefined: a Charge order (000 l.699, 004 l.146); v2.0 tanks only (004 l.144), v1 no motorbike (000 l.712). */
export function runOverRefusal(ctx: Ow2Context, vehicle: ModelFacts, order: string | undefined, victims: readonly ModelFacts[]): Ruling | undefined {
  const type = targetTypeOf(ctx, vehicle);
  if (!isVehicle(ctx, vehicle)) return { reason: `${vehicle.id} is not a vehicle`, rule: "000 l.697" };
  if (isV1(ctx) ? type === "motorbike" : !TANK_TYPES.includes(type))
    return isV1(ctx)
      ? { reason: `${vehicle.id} is a motorbike: a motorbike runs nobody over`, rule: "000 l.712" }
      : { reason: `${vehicle.id} is a ${type}: only tanks run infantry over on purpose`, rule: "004 l.144" };
  if (order !== "charge") return { reason: `${vehicle.id} runs infantry over only under a Charge order`, rule: isV1(ctx) ? "000 l.699" : "004 l.146" };
  const notInfantry = victims.find((m) => targetTypeOf(ctx, m) !== "infantry");
  if (notInfantry) return { reason: `${notInfantry.id} is not infantry: a vehicle is rammed, not run over`, rule: "000 l.697" };
  return undefined;
}

/**
 * Each model run over tests to evade on its unit's training (000 l.702–708): above it, it gets away; equal, it goes
 * to ground (pinned: "megijed", as a panicked unit lies down frightened, l.81); below, it is killed.
 */
export function evadeTests(ref: Referee, victims: readonly ModelFacts[], vehicle: string): Ruling[] {
  return victims.map((m) => {
    const training = trainingOf(ref.ctx, m);
    const value = ref.roll(`evade test: ${m.id} (above ${training})`);
    const result = value > training ? "evades" : value === training ? "pinned" : "killed";
    ref.explain(ref.lastRoll, {
      purpose: "test",
      model: m.id,
      meaning: `evade test against ${training} → ${result}`,
      rule: "000 l.702–708",
      ...trainingSample(ref.ctx, m),
    });
    if (result !== "evades")
      ref.outcome(m.id, result === "killed" ? "casualty" : "pinned", result === "killed" ? `run over by ${vehicle}` : `goes to ground before ${vehicle}`, {
        by: `${vehicle} running over`,
        rolls: [ref.lastRoll],
      });
    return { reason: `${m.id} rolls ${value} against ${training}: ${result}`, rule: "000 l.704–708" };
  });
}
