/**
 * Collisions between vehicles. v1 ramming (000 l.659–695): under a Charge order, after 10 cm straight, a ramming
 * test (1d10 at or above the rammer's training, else it does not move this turn); then each vehicle rolls damage by
 * category: the smaller on the heavy weapons table and the larger on the small arms table, both on the heavy
 * weapons table where the categories are the same. A motorbike rams nothing and, rammed, is infantry: it tests to
 * evade instead (l.682–693). v2.0 forbids ramming (004 l.110): an accidental collision rolls the same way, with the
 * armour modifiers (l.127–139); the same category stops both at the contact, a larger one pushes the smaller, and a
 * medium or heavy tank crushes a car unharmed: the car explodes (l.124–126).
 */
import type { ModelFacts } from "../context";
import type { Ruling } from "../ruleset";
import { isV1, type Ow2Context } from "./context";
import { applyVehicleEffects, damageModel } from "./hits";
import { armourAt, isVehicle, targetTypeOf, trainingOf, trainingSample } from "./profiles";
import type { Referee } from "./referee";
import type { DamageSection } from "./tables";
import type { Facing, TargetType } from "./types";

/** The four categories of a collision, smallest first (000 l.669–676, 004 l.114–120). */
export const COLLISION_CATEGORIES = ["unarmoured", "light", "medium", "heavy"] as const;
export type CollisionCategory = (typeof COLLISION_CATEGORIES)[number];

const CATEGORY: Partial<Record<TargetType, CollisionCategory>> = {
  car: "unarmoured",
  truck: "unarmoured",
  "half-track": "light",
  "armoured-car": "light",
  "light-tank": "light",
  "medium-tank": "medium",
  "heavy-tank": "heavy",
};
export const collisionCategory = (type: TargetType): CollisionCategory | undefined => CATEGORY[type];
const rank = (c: CollisionCategory): number => COLLISION_CATEGORIES.indexOf(c);

/** Why `rammer` may not ram (v1) or collide with (v2.0) `target`, or undefined. */
export function collisionRefusal(ctx: Ow2Context, rammer: ModelFacts, target: ModelFacts | undefined, order: string | undefined): Ruling | undefined {
  const v1 = isV1(ctx);
  if (!isVehicle(ctx, rammer)) return { reason: `${rammer.id} is not a vehicle`, rule: "000 l.659" };
  if (targetTypeOf(ctx, rammer) === "motorbike")
    return { reason: `${rammer.id} is a motorbike: a motorbike rams nothing`, rule: v1 ? "000 l.682" : "004 l.141" };
  if (!target || !isVehicle(ctx, target)) return { reason: "a collision is with a vehicle: infantry is run over", rule: v1 ? "000 l.659, l.697" : "004 l.112" };
  if (v1 && order !== "charge") return { reason: `${rammer.id} rams only under a Charge order`, rule: "000 l.660" };
  return undefined;
}

/** The armour modifier on a collision's damage roll (004 l.127–139): v2.0's, and v1's where it reads every damage roll (§19.10). */
function armourModifier(ctx: Ow2Context, m: ModelFacts, facing: Facing) {
  const armour = armourAt(ctx, m, facing);
  if (!armour || (isV1(ctx) && ctx.options.armourModifiers !== "all-damage-rolls")) return [];
  return [
    { value: ctx.tables["damage-modifiers"].armour[armour], roll: "damage" as const, reason: `${armour} armour on the ${facing}`, rule: "004 l.127–139" },
  ];
}

/** A rammed motorbike tests to evade on its training (000 l.687–693): above, away; equal, the machine is lost but not its riders; below, both. */
function motorbikeEvades(ref: Referee, rammer: ModelFacts, bike: ModelFacts): Ruling {
  const training = trainingOf(ref.ctx, bike);
  const value = ref.roll(`evade test: ${bike.id} (above ${training})`);
  const result = value > training ? "evades" : value === training ? "the motorbike is destroyed, its riders escape frightened" : "destroyed with its riders";
  ref.explain(ref.lastRoll, {
    purpose: "test",
    model: bike.id,
    meaning: `evade test against ${training} → ${result}`,
    rule: "000 l.689–693",
    ...trainingSample(ref.ctx, bike),
  });
  if (value <= training) ref.outcome(bike.id, "destroyed", `rammed by ${rammer.id}: ${result}`, { by: `${rammer.id} ramming`, rolls: [ref.lastRoll] });
  return {
    reason: `${bike.id}, a motorbike rammed as infantry, rolls ${value} against ${training}: ${result}`,
    rule: isV1(ref.ctx) ? "000 l.682–693" : "004 l.141, 000 l.689–693",
  };
}

/**
 * The collision of `rammer` into `target` (hit on `facing`; the rammer on its front): v1's ramming test first,
 * then each vehicle's damage roll. Returns the rulings, and whether the rammer failed to ram (it does not move this turn).
 */
export function collide(ref: Referee, rammer: ModelFacts, target: ModelFacts, facing: Facing): { rulings: Ruling[]; failed: boolean } {
  const ctx = ref.ctx;
  const v1 = isV1(ctx);
  if (targetTypeOf(ctx, target) === "motorbike") return { rulings: [motorbikeEvades(ref, rammer, target)], failed: false };
  const rulings: Ruling[] = [];
  if (v1) {
    const training = trainingOf(ctx, rammer);
    const value = ref.roll(`ramming test: ${rammer.id} (${training}+)`);
    const passed = value >= training;
    ref.explain(ref.lastRoll, {
      purpose: "test",
      need: training,
      meaning: `ramming test ${training}+ → ${passed ? "it rams" : "it does not move"}`,
      rule: "000 l.663–667",
      ...trainingSample(ctx, rammer),
    });
    if (!passed)
      return {
        rulings: [{ reason: `${rammer.id} rolls ${value} against ${training}+: it cannot get into gear and does not move this turn`, rule: "000 l.667" }],
        failed: true,
      };
    rulings.push({ reason: `${rammer.id} rolls ${value} against ${training}+: it rams ${target.id}`, rule: "000 l.665" });
  } else rulings.push({ reason: "ramming on purpose is forbidden: this is an accidental collision", rule: "004 l.110–112" });
  const [a, b] = [collisionCategory(targetTypeOf(ctx, rammer))!, collisionCategory(targetTypeOf(ctx, target))!];
  const same = a === b;
  const line = v1 ? "000 l.678–680" : "004 l.122–126";
  const [bigger, smaller] = rank(a) >= rank(b) ? [rammer, target] : [target, rammer];
  if (!v1 && !same && rank(collisionCategory(targetTypeOf(ctx, bigger))!) >= rank("medium") && collisionCategory(targetTypeOf(ctx, smaller)) === "unarmoured") {
    rulings.push({ reason: `${bigger.id} crushes ${smaller.id} unharmed: the car explodes and leaves rough ground (place it)`, rule: "004 l.126" });
    applyVehicleEffects(ref, smaller, ["catastrophic"], {
      section: "heavy-weapons",
      weaponName: `${bigger.id} crushing it`,
      rolls: [],
      crewCover: "open",
      shield: false,
    });
    return { rulings, failed: false };
  }
  const sectionOf = (m: ModelFacts): DamageSection => (same || m === smaller ? "heavy-weapons" : "small-arms");
  rulings.push({
    reason: same
      ? `both ${a}: both roll on the heavy weapons table${v1 ? "" : " and stop where they touch"}`
      : `${smaller.id} (${collisionCategory(targetTypeOf(ctx, smaller))}) rolls on the heavy weapons table, ${bigger.id} (${collisionCategory(targetTypeOf(ctx, bigger))}) on the small arms table${v1 ? "" : `; ${bigger.id} pushes ${smaller.id} (move it)`}`,
    rule: line,
  });
  for (const [m, side] of [
    [rammer, "front"],
    [target, facing],
  ] as const)
    damageModel(ref, m, {
      section: sectionOf(m),
      cover: "open",
      cause: `the collision of ${rammer.id} and ${target.id}`,
      modifiers: armourModifier(ctx, m, side),
    });
  return { rulings, failed: false };
}
