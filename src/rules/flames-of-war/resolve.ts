/**
 * Resolving a platoon's shot: each firer's to-hit dice (with its re-rolls), Gun Tank rolls, the owner's
 * allocation by rules 1–8, each hit's save and Firepower Test, passengers, and pinning (§1.5, §3, §4).
 */
import type { Dice } from "../../core/dice";
import type { Outcome } from "../../core/game/events";
import { type ModelFacts, requireModel } from "../context";
import { type FireResult, type FireStep, type HitAllocation, uniqueSampleTables } from "../ruleset";
import { type AllocationHit, type AllocationTarget, allocateHits } from "./allocation";
import { type FowContext, isArmoured, isBailedOut, isVehicle, modelState, type ResolvedWeapon, teamOf } from "./context";
import { SOURCE_CM, sourcePair } from "./distances";
import { facingFrom, Roller, resolveHit } from "./effects";
import type { FowFirerVerdict, FowFireVerdict, FowLine } from "./fire";
import { pinHitsOf } from "./qualityOfQuantity";
import type { FowFireDeclaration, PriorityType } from "./types";

interface Hit {
  readonly firer: FowFirerVerdict;
  readonly weapon: ResolvedWeapon;
  readonly die: number;
}

function priorityType(ctx: FowContext, model: ModelFacts): PriorityType {
  const type = teamOf(ctx, model).type;
  return type === "man-packed-gun" ? "gun" : type === "armoured-transport" || type === "unarmoured-vehicle" ? "transport" : type;
}

function allocationTarget(ctx: FowContext, model: ModelFacts): AllocationTarget {
  const team = teamOf(ctx, model);
  return {
    id: model.id,
    kind: model.def.id,
    type: priorityType(ctx, model),
    manPacked: team.type === "man-packed-gun",
    vehicle: isVehicle(team),
    armoured: isArmoured(team),
    inoperative: isBailedOut(model) || modelState(ctx, model.id).boggedDown === true,
  };
}

function candidate(ctx: FowContext, line: FowLine) {
  const team = teamOf(ctx, requireModel(ctx, line.target));
  const facing = facingFrom(line.sight, false);
  const armour = team.armour ? (facing ? team.armour[facing] : Math.min(team.armour.front, team.armour.side)) : undefined;
  return { id: line.target, goneToGround: line.toHit.goneToGround, far: line.sight.range > SOURCE_CM.longRange, ...(armour !== undefined ? { armour } : {}) };
}

export function resolveFire(declaration: FowFireDeclaration, verdict: FowFireVerdict, stream: Dice, ctx: FowContext): FireResult {
  if (!verdict.valid) throw new Error(`the shot is not allowed: ${verdict.rulings.map((r) => r.reason).join("; ") || "no model can fire"}`);
  const roller = new Roller(stream);
  const steps: FireStep[] = [];
  const step = (text: string, rule: string, rolls: readonly number[] = []) => steps.push({ text, rule, rolls });
  const hits: Hit[] = [];

  for (const firer of verdict.firers) {
    if (!firer.canFire || !firer.profile || firer.need === undefined) continue;
    const need = firer.need;
    const first = roller.dice.length;
    const dice = Array.from({ length: firer.dice }, (_, k) =>
      roller.roll(
        "to-hit",
        firer.group,
        `to hit: ${firer.model} ${k + 1}/${firer.dice}`,
        (v) => `to hit ${need}+ → ${v >= need ? "hit" : "miss"}`,
        "§2.7",
        need,
      ),
    );
    let scored = dice.filter((d) => d.value >= need);
    const misses = dice.length - scored.length;
    if (firer.reroll && misses > 0) {
      const again = Array.from({ length: misses }, (_, k) =>
        roller.roll(
          "to-hit",
          firer.group,
          `re-roll: ${firer.model} ${k + 1}/${misses}`,
          (v) => `re-roll ${need}+ → ${v >= need ? "hit" : "miss"}`,
          firer.reroll!.rule,
          need,
        ),
      );
      scored = [...scored, ...again.filter((d) => d.value >= need)];
    }
    for (const d of scored) hits.push({ firer, weapon: firer.profile, die: d.index });
    step(
      `${firer.model} (${firer.profile.name}) rolls ${firer.dice} ${firer.dice === 1 ? "die" : "dice"} needing ${need}+ against ${firer.group}: ${scored.length} ${scored.length === 1 ? "hit" : "hits"}`,
      "§1.5, §2.7",
      roller.dice.slice(first).map((d) => d.index),
    );
  }

  const targetModels = [...(ctx.units.get(verdict.targetUnit)?.models ?? [])].map((id) => requireModel(ctx, id));
  const gunTank = declaration.gunTank;
  const kinds = new Set(targetModels.filter((m) => isVehicle(teamOf(ctx, m))).map((m) => m.def.id));
  const allocationHits: AllocationHit[] = hits.map((h) => {
    let forced: string | undefined;
    if (gunTank !== undefined && kinds.size > 1 && kinds.has(gunTank)) {
      const need = ctx.tables.saves.gunTank;
      const die = roller.roll(
        "allocation",
        undefined,
        `Gun Tank: hit from ${h.firer.model}`,
        (v) => `Gun Tank ${need}+ → ${v >= need ? `goes to a ${gunTank}` : "allocated as usual"}`,
        "§3 rule 8",
        need,
      );
      if (die.value >= need) forced = gunTank;
    }
    const priority = declaration.priority?.[h.firer.model];
    return {
      firer: h.firer.model,
      weapon: h.weapon.id,
      at: h.weapon.at,
      fp: h.weapon.fp,
      candidates: h.firer.lines.filter((l) => l.valid).map((l) => candidate(ctx, l)),
      ...(priority ? { priority } : {}),
      ...(forced ? { gunTank: forced } : {}),
    };
  });
  const allocated = allocateHits(
    allocationHits,
    targetModels.map((m) => allocationTarget(ctx, m)),
  );

  const outcomes: Outcome[] = [];
  const allocation: HitAllocation[] = [];
  for (const a of allocated) {
    const hit = hits[a.hit]!;
    const target = requireModel(ctx, a.model);
    const line = hit.firer.lines.find((l) => l.target === a.model)!;
    if (outcomes.some((o) => o.model === a.model && (o.effect === "destroyed" || o.effect === "casualty"))) {
      allocation.push({
        model: a.model,
        by: `the ${hit.weapon.name} of ${hit.firer.model}`,
        rolls: [hit.die],
        effect: "no-effect",
        result: "already destroyed by an earlier hit",
        allocatedBy: a.ruling,
      });
      continue;
    }
    const effect = resolveHit(ctx, roller, requireModel(ctx, hit.firer.model), hit.weapon, target, line.sight);
    allocation.push({
      model: a.model,
      by: `the ${hit.weapon.name} of ${hit.firer.model}`,
      rolls: [hit.die, ...effect.rolls],
      effect: effect.effect,
      result: effect.result,
      allocatedBy: a.ruling,
    });
    step(`hit from ${hit.firer.model} to ${a.model} (${a.ruling.reason}): ${effect.result}`, `§3, ${teamRule(ctx, target)}`, effect.rolls);
    if (effect.effect !== "no-effect") outcomes.push({ model: a.model, effect: effect.effect, detail: effect.result });
  }
  for (const text of roller.notes) step(text, "§6.2");
  passengers(ctx, roller, allocated, outcomes, step);

  // A platoon that takes the source's 5 hits (10 under Quality of Quantity) in one Shooting Step is Pinned Down (§5.3); vehicles are not pinned here.
  const targetUnit = targetModels[0]?.unitId;
  const pinHits = targetUnit === undefined ? ctx.tables.saves.pinHits : pinHitsOf(ctx, targetUnit);
  if (hits.length >= pinHits) {
    const gone = new Set(outcomes.filter((o) => o.effect === "casualty" || o.effect === "destroyed").map((o) => o.model));
    for (const m of targetModels)
      if (!gone.has(m.id) && !isVehicle(teamOf(ctx, m))) outcomes.push({ model: m.id, effect: "pinned", detail: `Pinned Down: ${hits.length} hits` });
    step(
      `${hits.length} hits in one Shooting Step (${pinHits} or more): the platoon is Pinned Down`,
      pinHits === ctx.tables.saves.pinHits ? "§5.3" : "§6.1 (003 l.62)",
    );
  }
  const count = (e: Outcome["effect"]) => outcomes.filter((o) => o.effect === e).length;
  const summary = `${hits.length} ${hits.length === 1 ? "hit" : "hits"}: ${count("casualty") + count("destroyed")} destroyed, ${outcomes.filter((o) => o.detail === "bailed out").length} bailed out${count("pinned") ? ", platoon pinned" : ""}`;
  return {
    weapons: [...new Set(verdict.firers.filter((f) => f.canFire).map((f) => f.weapon!.id))],
    rolls: stream.rolls.slice(stream.rolls.length - roller.dice.length),
    outcomes,
    summary,
    details: {
      verdict,
      dice: roller.dice,
      allocation,
      steps,
      sampleTables: uniqueSampleTables([...verdict.sampleTables, ...roller.dice.flatMap((d) => (d.sample ? [d.sample] : []))]),
    },
  };
}

function teamRule(ctx: FowContext, target: ModelFacts): string {
  const type = teamOf(ctx, target).type;
  return isArmoured(teamOf(ctx, target)) ? "§4.2" : type === "unarmoured-vehicle" ? "§4.6" : type === "gun" ? "§4.7" : "§4.5";
}

/** Passengers' saves (§4.9): inside a destroyed armoured transport, inside any unarmoured one hit, or riding on a tank hit. */
function passengers(
  ctx: FowContext,
  roller: Roller,
  allocated: ReturnType<typeof allocateHits>,
  outcomes: Outcome[],
  step: (text: string, rule: string, rolls?: readonly number[]) => void,
): void {
  const need = ctx.tables.saves.passenger;
  const byVehicle = new Map<string, number>();
  for (const a of allocated) byVehicle.set(a.model, (byVehicle.get(a.model) ?? 0) + 1);
  for (const [vehicle, hitCount] of byVehicle) {
    const carried = modelState(ctx, vehicle).passengers ?? [];
    if (!carried.length) continue;
    const type = teamOf(ctx, requireModel(ctx, vehicle)).type;
    const destroyed = outcomes.some((o) => o.model === vehicle && (o.effect === "destroyed" || o.effect === "casualty"));
    const saves = type === "armoured-transport" ? (destroyed ? 1 : 0) : hitCount;
    if (!saves) continue;
    const first = roller.dice.length;
    const survivors: string[] = [];
    for (const p of carried) {
      let alive = true;
      for (let k = 0; k < saves && alive; k++) {
        const die = roller.roll("save", p, `passenger save: ${p}`, (v) => `passenger ${need}+ → ${v >= need ? "saved" : "destroyed"}`, "§4.9", need);
        alive = die.value >= need;
      }
      if (alive) survivors.push(p);
      else outcomes.push({ model: p, effect: "casualty", detail: "destroyed as a passenger" });
    }
    const dismount = type === "tank" || destroyed;
    const fate = dismount
      ? `must dismount under fire: up to ${sourcePair(SOURCE_CM.dismount)}, not towards the firers, destroyed if there is no room`
      : "stay aboard";
    step(
      `${vehicle}'s passengers save ${saves}× each on ${need}+; ${survivors.length ? `${survivors.join(", ")} ${fate}` : "none survive"}`,
      "§4.9, §4.10",
      roller.dice.slice(first).map((d) => d.index),
    );
    if (type !== "tank" && destroyed) for (const p of survivors) outcomes.push({ model: p, effect: "pinned", detail: "Pinned Down: dismounted under fire" });
    // Riders of a tank hit step off too, not pinned for it (l.442): the outcome tells the game state they ride no more.
    else if (type === "tank") for (const p of survivors) outcomes.push({ model: p, effect: "no-effect", detail: "dismounted under fire" });
  }
}
