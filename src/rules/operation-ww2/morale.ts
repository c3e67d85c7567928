/**
 * Morale (§11, 000 l.529–563, l.79–84): the panic threshold (a morale test at every PH-th casualty, l.537), the
 * test (d10 ≥ training, one failure of several is panic, l.540–542), the panic recovery phase (a panicked unit
 * out of cover runs for it, one pinned in cover tests to rally and takes no order that turn, l.81–82, l.546–551),
 * lone models (l.84, l.563) and v2.0's baptism of fire table (004 l.175–183), whose trigger the source does not
 * give: an option. The steady nerves test is rolled where a damage result calls for it (hits.ts).
 */
import type { ModelFacts } from "../context";
import type { RolledDie, Ruling } from "../ruleset";
import type { Ow2Context } from "./context";
import { terrainCoverClass } from "./cover";
import { isSniper, isVehicle, trainingOf, trainingSample } from "./profiles";
import type { Referee } from "./referee";

/** Casualties between morale tests: infantry 3 (000 l.537), a vehicle's crew 1 (the tank of l.955). */
export function panicThreshold(ctx: Ow2Context, models: readonly ModelFacts[]): { readonly threshold: number; readonly ruling: Ruling } {
  const vehicle = models.some((m) => isVehicle(ctx, m));
  return vehicle
    ? { threshold: 1, ruling: { reason: "a vehicle tests at each crew casualty (PH 1)", rule: "000 l.955" } }
    : { threshold: 3, ruling: { reason: "infantry test at every third casualty (PH 3)", rule: "000 l.537" } };
}

/** Morale tests casualties bring: one for each multiple of the threshold they pass, counted across turns (000 l.537). */
export const testsDue = (before: number, now: number, threshold: number): number => Math.max(0, Math.floor(now / threshold) - Math.floor(before / threshold));

export interface TestResult {
  readonly passed: boolean;
  readonly dice: readonly RolledDie[];
  readonly ruling: Ruling;
}

/**
 * `count` morale tests of a unit at once: d10 + `modifier` ≥ its training each; one failure panics it (000 l.540–542).
 * `what` names the test in the log ("morale test", "rally").
 */
export function moraleTests(ref: Referee, unit: string, models: readonly ModelFacts[], count: number, what: string, modifier = 0): TestResult {
  const first = models[0];
  if (!first) throw new Error(`${unit} has no model on the table to test`);
  const training = trainingOf(ref.ctx, first);
  const dice: RolledDie[] = [];
  for (let i = 0; i < count; i++) {
    const value = ref.roll(`${what}: ${unit} (training ${training}+)`);
    const total = value + modifier;
    const passed = total >= training;
    dice.push({
      index: ref.lastRoll,
      sides: 10,
      value,
      purpose: "test",
      model: first.id,
      need: training,
      ...(modifier ? { total } : {}),
      meaning: `${what} ${training}+ → ${passed ? "passed" : "failed"}`,
      rule: "000 l.540",
      ...trainingSample(ref.ctx, first),
    });
    ref.explain(ref.lastRoll, dice.at(-1)!);
  }
  const failed = dice.filter((d) => (d.total ?? d.value) < training).length;
  const passed = failed === 0;
  const rolled = dice.map((d) => d.total ?? d.value).join(", ");
  return {
    passed,
    dice,
    ruling: {
      reason: `${what} for ${unit}: ${rolled} against ${training}+${count > 1 ? ` (${count} tests: one failure is enough)` : ""} → ${passed ? "passed" : "failed"}`,
      rule: count > 1 ? "000 l.537, l.542" : "000 l.540–542",
    },
  };
}

/** A model in cover for the panic rules: standing in terrain that gives cover (woods, buildings, ruins…). */
export const inCover = (ctx: Ow2Context, m: ModelFacts): boolean => m.standsIn.some((a) => terrainCoverClass(ctx, a.kind) !== "open");

/** What the panic recovery phase asks of a panicked unit (000 l.81–82, l.546–551). */
export type Recovery =
  | { readonly kind: "run"; readonly models: readonly string[]; readonly ruling: Ruling }
  | { readonly kind: "test"; readonly ruling: Ruling };

/**
 * From the second turn (000 l.81): a panicked unit with models out of cover runs them at their fastest to the
 * nearest cover not nearer the enemy, and they go to ground there (l.546–547); one all pinned in cover may test to rally (l.551).
 */
export function recovery(ctx: Ow2Context, models: readonly ModelFacts[]): Recovery {
  const out = models.filter((m) => !inCover(ctx, m));
  if (out.length)
    return {
      kind: "run",
      models: out.map((m) => m.id),
      ruling: {
        reason: `${out.map((m) => m.id).join(", ")} out of cover: they run at their fastest to the nearest cover not nearer the enemy, and go to ground there`,
        rule: "000 l.81, l.546–547",
      },
    };
  return { kind: "test", ruling: { reason: "in cover: the unit may test its morale to rally", rule: "000 l.82, l.551" } };
}

/**
 * Whether a unit tests each turn before the cards are drawn (000 l.84, l.563): one reduced by its `losses` to a
 * single man ("lecsökkent egy főre"), not a unit that was one model (a vehicle, a gun, a lone sniper), nor a sniper (l.512).
 */
export function loneModelTest(ctx: Ow2Context, models: readonly ModelFacts[], losses: number): Ruling | undefined {
  if (models.length !== 1 || losses < 1) return undefined;
  if (isSniper(ctx, models[0]!) || isVehicle(ctx, models[0]!)) return undefined;
  return {
    reason: `${models[0]!.unitId} is down to one model: it tests its morale before the cards are drawn, and leaves the table on a failure`,
    rule: "000 l.84, l.563",
  };
}

/** v2.0's baptism of fire table (004 l.175–183): the unit flees, or its training this turn. */
export function baptismOfFire(roll: number): { readonly flees: boolean; readonly training?: number; readonly ruling: Ruling } {
  if (roll <= 2) return { flees: true, ruling: { reason: `baptism of fire ${roll}: the unit flees, off the table`, rule: "004 l.177" } };
  const [training, line] = roll <= 7 ? [6, 179] : roll <= 9 ? [4, 181] : [2, 183];
  return { flees: false, training, ruling: { reason: `baptism of fire ${roll}: training ${training}+ this turn`, rule: `004 l.${line}` } };
}
