/**
 * Rolling direct fire at one part of the target (§5.10, §5.12, §5.14, §5.15, §6.1–§6.9): every allocated
 * firer's to-hit dice, the accuracy test when friends stand in the line, then the damage — allocated worst
 * first among infantry, or hit by hit on a vehicle, a gun or an exposed crew.
 */
import type { ModelFacts } from "../context";
import type { Modifier } from "../ruleset";
import { isV1, sampleMark } from "./context";
import { allocate, infantryDamage, infantryEffect, vehicleDamage } from "./damage";
import type { Firer, GroupShot, Ow2FireVerdict, TargetGroup, TargetLine } from "./fire";
import { damageModel, MARKER } from "./hits";
import { hasShield, isGun, targetTypeOf, toHitCell, trainingOf, trainingSample } from "./profiles";
import type { Referee } from "./referee";
import type { DamageSection } from "./tables";
import { hits, parseToHit } from "./toHit";
import { hitLocation, strikesHidingVehicle, vehicleDamageModifiers } from "./vehicles";

export const groupOf = (verdict: Ow2FireVerdict, id: string): TargetGroup => verdict.groups.find((g) => g.id === id)!;
export const shotOf = (f: Firer): GroupShot => f.shots.find((s) => s.group === f.group)!;
export const weaponLabel = (f: Firer): string => `the ${f.weapon!.profile.name} of ${f.model}`;
const sum = (mods: readonly Modifier[]) => mods.reduce((s, m) => s + m.value, 0);

/** Damage modifiers every hit on this part gets: Covering Fire −3, smoke −2 (§6.4). */
export function commonDamageModifiers(ref: Referee, verdict: Ow2FireVerdict, g: TargetGroup): Modifier[] {
  const table = ref.ctx.tables["damage-modifiers"];
  const mods: Modifier[] = [];
  const spotted = g.models.some((m) => verdict.spotted.includes(m));
  if (verdict.order === "covering-fire" && (isV1(ref.ctx) || !spotted)) {
    mods.push({
      value: table.coveringFire,
      roll: "damage",
      reason: isV1(ref.ctx) ? "Covering Fire" : "Covering Fire at a target it does not spot",
      rule: "§3.2, §6.6",
    });
  }
  if (g.inSmoke) mods.push({ value: table.smoke, roll: "damage", reason: "target inside smoke", rule: "§6.4, §14.3" });
  return mods;
}

export interface Hit {
  readonly firer: Firer;
  /** The line the hit travelled: to the target, or to the vehicle a precision test sent it to. */
  readonly line: TargetLine;
  readonly natural: number;
  /** The to-hit die that hit (RolledDie.index). */
  readonly die: number;
  /** The vehicle hit, when the part is a vehicle. */
  readonly vehicle?: ModelFacts;
}

/** v2.0: a vehicle covering at least half of the target takes the shot on a failed precision test (§5.15). */
function precisionTest(
  ref: Referee,
  f: Firer,
  shot: GroupShot,
  target: ModelFacts,
): { vehicle: ModelFacts; line: TargetLine; need: number } | "no-effect" | undefined {
  const line = shot.lines[0]!;
  const covering = line.coveredBy;
  const otherLine = covering && f.others[covering.id];
  if (!covering || !otherLine) return undefined;
  const firer = ref.ctx.models.get(f.model)!;
  const training = trainingOf(ref.ctx, firer);
  const roll = ref.roll(`precision test: ${f.model} at ${target.id} (training ${training}+)`);
  ref.explain(ref.lastRoll, {
    purpose: "test",
    model: f.model,
    need: training,
    meaning: `precision ${training}+ → ${roll >= training ? `the shot goes at ${target.id}` : `failed, the shot goes at ${covering.id}`}`,
    rule: "§5.15",
    ...trainingSample(ref.ctx, firer),
  });
  if (roll >= training) {
    ref.note(`precision test ${roll} against ${training}+: the shot goes at ${target.id}`, "§5.15", [ref.lastRoll]);
    return undefined;
  }
  const vehicle = ref.ctx.models.get(covering.id)!;
  ref.note(
    `precision test ${roll} against ${training}+: failed, the shot goes at ${covering.id}, which covers ${Math.round(covering.share * 100)} % of ${target.id}`,
    "§5.15",
    [ref.lastRoll],
  );
  const cell = parseToHit(toHitCell(ref.ctx, f.weapon!.profile, targetTypeOf(ref.ctx, vehicle)));
  if (cell === "NE") {
    ref.note(`${weaponLabel(f)} has no effect on ${covering.id}`, "§6.1");
    return "no-effect";
  }
  return { vehicle, line: otherLine, need: cell.hit - sum(shot.modifiers) };
}

/** v2.0: only a gun firing again at the same target re-rolls its missed to-hit dice ("ágyúval", 004 l.165–167, §9.9). */
export const rerolls = (ref: Referee, verdict: Ow2FireVerdict, f: Firer): boolean =>
  (verdict.declaration.repeatedFire ?? false) && !isV1(ref.ctx) && isGun(f.weapon!.profile);

/** One firer's dice at its part, with v2.0 re-rolls of repeated fire (§6.1, §9.9). */
function rollToHit(ref: Referee, verdict: Ow2FireVerdict, f: Firer, g: TargetGroup): Hit[] {
  const shot = shotOf(f);
  const target = g.vehicle && !g.exposed ? ref.ctx.models.get(g.vehicle) : undefined;
  const found: Hit[] = [];
  const rolled: number[] = [];
  const shown: string[] = [];
  for (let i = 0; i < f.dice; i++) {
    const redirected = target ? precisionTest(ref, f, shot, target) : undefined;
    if (redirected === "no-effect") continue;
    const need = redirected ? redirected.need : shot.need!;
    const at = redirected?.vehicle.id ?? target?.id ?? `the part "${g.id}"`;
    const model = redirected?.vehicle.id ?? target?.id;
    const toHit = (natural: number, reroll: boolean) =>
      ref.explain(ref.lastRoll, {
        purpose: "to-hit",
        ...(model ? { model } : {}),
        need,
        meaning: `${reroll ? "re-rolled " : ""}to-hit ${need}+${shot.lastChance ? " (last chance)" : ""} → ${hits(natural, need) ? "hit" : natural === 1 ? "miss (a 1 always misses)" : "miss"}`,
        rule: reroll ? "§9.9" : shot.lastChance ? "§6.9" : "§6.1",
        ...sampleMark(ref.ctx, "weapons"),
      });
    let natural = ref.roll(`to hit: ${weaponLabel(f)} at ${at} (${need}+)`);
    toHit(natural, false);
    rolled.push(ref.lastRoll);
    let text = `${natural}`;
    if (!hits(natural, need) && rerolls(ref, verdict, f)) {
      natural = ref.roll(`to hit, re-rolled (repeated fire): ${weaponLabel(f)} at ${at}`);
      toHit(natural, true);
      rolled.push(ref.lastRoll);
      text += `→${natural}`;
    }
    const hit = hits(natural, need);
    shown.push(hit ? `${text}✓` : text);
    if (hit)
      found.push({
        firer: f,
        line: redirected?.line ?? shot.lines[0]!,
        natural,
        die: ref.lastRoll,
        ...(redirected ? { vehicle: redirected.vehicle } : target ? { vehicle: target } : {}),
      });
  }
  const lastChance = shot.lastChance ? " (last-chance roll)" : "";
  ref.note(
    `${weaponLabel(f)}: ${f.dice} ${f.dice === 1 ? "die" : "dice"} needing ${shot.need}+${lastChance} [${shown.join(", ")}] → ${found.length} hit${found.length === 1 ? "" : "s"}${rerolls(ref, verdict, f) ? " (misses re-rolled: repeated fire)" : ""}; a 1 always misses`,
    "§6.1",
    rolled,
  );
  return found;
}

/** Friends in the line: an unmodified accuracy test per hit; a failure hits the nearest friend instead (§5.12). */
function strayShot(ref: Referee, hit: Hit): ModelFacts | undefined {
  const [friend] = hit.line.friendsInLine;
  if (!friend) return undefined;
  const firer = ref.ctx.models.get(hit.firer.model)!;
  const training = trainingOf(ref.ctx, firer);
  const roll = ref.roll(`accuracy test: ${hit.firer.model}, friends in the line of fire (training ${training}+)`);
  const hitsFriend = roll < training;
  ref.explain(ref.lastRoll, {
    purpose: "test",
    model: hit.firer.model,
    need: training,
    meaning: `accuracy ${training}+ → ${hitsFriend ? `failed, ${friend} is hit` : "the enemy is hit"}`,
    rule: "§5.12",
    ...trainingSample(ref.ctx, firer),
  });
  ref.note(
    `accuracy test ${roll} against ${training}+ (friendly ${hit.line.friendsInLine.join(", ")} in the line): ${hitsFriend ? `${friend} is hit instead` : "the enemy is hit"}`,
    "§5.12",
    [ref.lastRoll],
  );
  return hitsFriend ? ref.ctx.models.get(friend) : undefined;
}

const sectionOf = (hit: Hit, shot: GroupShot): DamageSection => (shot.lastChance ? "small-arms" : hit.firer.weapon!.profile.damage);

/** A hit on a vehicle: protection roll, penetration, the v1 intervening vehicle, then the damage result. */
function vehicleHit(ref: Referee, g: TargetGroup, hit: Hit, common: readonly Modifier[]): void {
  const f = hit.firer;
  const w = f.weapon!;
  const shot = shotOf(f);
  const target = hit.vehicle!;
  const line = hit.line;
  const cause = weaponLabel(f);
  if (line.protection) {
    const rows = ref.ctx.tables.protection[line.protection.table];
    const roll = ref.roll(`protection roll: ${target.id} (${line.protection.table})`);
    const row = rows.find((r) => roll >= r.rolls[0] && roll <= r.rolls[1])!;
    const through = rows.find((r) => r.result === "hit")?.rolls[0];
    const meaning = row.result === "hit" ? "the shot gets through" : "the cover absorbs the shot";
    ref.explain(ref.lastRoll, {
      purpose: "protection",
      model: target.id,
      ...(through ? { need: through } : {}),
      meaning: `protection (${line.protection.table}) → ${meaning}`,
      rule: line.protection.ruling.rule,
    });
    ref.note(`${line.protection.ruling.reason}: ${roll} → ${meaning}`, line.protection.ruling.rule, [ref.lastRoll]);
    if (row.result === "no-effect") return ref.outcome(target.id, "no-effect", "", { by: cause, rolls: [hit.die, ref.lastRoll] });
  }
  const rolls = [hit.die, ...(line.protection ? [ref.lastRoll] : [])];
  let section = sectionOf(hit, shot);
  if (shot.penetration) {
    const pen = ref.roll(`penetration: ${cause} against ${target.id} (${shot.penetration}+)`);
    section = pen >= shot.penetration ? "heavy-weapons" : "small-arms";
    ref.explain(ref.lastRoll, {
      purpose: "penetration",
      model: target.id,
      need: shot.penetration,
      meaning: `penetration ${shot.penetration}+ → the ${section} table`,
      rule: "§9.5",
      ...sampleMark(ref.ctx, "weapons"),
    });
    ref.note(`penetration ${pen} against ${shot.penetration}+: ${section} table`, "§9.5", [ref.lastRoll]);
    rolls.push(ref.lastRoll);
  }
  if (line.fromHeight) ref.note(`fired from height (range no more than the firer's height): medium armour and up are ignored`, "§5.16");
  const modifiersOn = (v: ModelFacts, on: TargetLine) => [
    ...common,
    ...vehicleDamageModifiers(ref.ctx, {
      weapon: w.profile,
      target: v,
      facing: on.facing,
      mode: "direct",
      fromHeight: on.fromHeight,
      ...(w.ammunition ? { ammunition: w.ammunition } : {}),
    }),
  ];
  const natural = ref.roll(`damage: ${target.id} hit by ${cause} (${section})`);
  const die = ref.lastRoll;
  // v1: the die as rolled names the part struck (the source reads the location off the natural roll).
  const hiddenBy = isV1(ref.ctx) && line.hiddenBy ? hitLocationHider(ref, target, section, natural, line) : undefined;
  const hiderLine = hiddenBy && hit.firer.others[hiddenBy.id];
  if (hiddenBy && hiderLine) {
    const strike = strikesHidingVehicle(ref.ctx, w.profile, hit.natural, hiddenBy);
    ref.note(
      `damage ${natural}: the part of ${target.id} it strikes is completely hidden by ${hiddenBy.id}, which becomes the target; ${strike.reason}${strike.strikes ? "" : ": the shot bounces off"}`,
      "§5.15",
      [die],
    );
    if (!strike.strikes) {
      ref.explain(die, {
        purpose: "damage",
        model: target.id,
        meaning: `damage ${natural} strikes a part ${hiddenBy.id} hides; the shot bounces off ${hiddenBy.id}`,
        rule: "§5.15",
        ...sampleMark(ref.ctx, "damage"),
      });
      return ref.outcome(hiddenBy.id, "no-effect", "", { by: cause, rolls: [...rolls, die] });
    }
    // The die already rolled, read on the hiding vehicle's own column with its own modifiers (INFERRED: its armour counts as on any damage roll).
    return damageModel(ref, hiddenBy, { section, cover: g.cover, cause, modifiers: modifiersOn(hiddenBy, hiderLine), natural, rolls, naturalDie: die });
  }
  damageModel(ref, target, { section, cover: g.cover, cause, modifiers: modifiersOn(target, line), natural, rolls, naturalDie: die });
}

/** v1: the vehicle that completely hides the location this damage die strikes (§5.15). */
function hitLocationHider(ref: Referee, target: ModelFacts, section: DamageSection, roll: number, line: TargetLine): ModelFacts | undefined {
  const type = targetTypeOf(ref.ctx, target);
  if (type === "infantry") return undefined;
  const location = hitLocation(vehicleDamage(ref.ctx, section, type, roll));
  const id = location && line.hiddenBy?.[location];
  return id === undefined ? undefined : ref.ctx.models.get(id);
}

/** The owner's order for casualties among the models the firers see: the declared order first (§6.5). */
function casualtyOrder(ref: Referee, verdict: Ow2FireVerdict, g: TargetGroup, firers: readonly Firer[]): ModelFacts[] {
  const seen = new Set(firers.flatMap((f) => shotOf(f).lines.map((l) => l.model)));
  const preferred = verdict.declaration.casualtyOrder ?? [];
  const ids = [...preferred.filter((id) => g.models.includes(id)), ...g.models.filter((id) => !preferred.includes(id))];
  return ids.filter((id) => seen.has(id)).map((id) => ref.ctx.models.get(id)!);
}

/** Resolves every direct-fire weapon allocated to one part of the target. */
export function resolveDirect(ref: Referee, verdict: Ow2FireVerdict, g: TargetGroup, firers: readonly Firer[]): number {
  const common = commonDamageModifiers(ref, verdict, g);
  const found = firers.flatMap((f) => rollToHit(ref, verdict, f, g));
  const landed: Hit[] = [];
  for (const hit of found) {
    const friend = strayShot(ref, hit);
    if (friend)
      damageModel(ref, friend, {
        section: sectionOf(hit, shotOf(hit.firer)),
        cover: "open",
        cause: `a stray shot of ${weaponLabel(hit.firer)}`,
        modifiers: common,
        rolls: [hit.die, ref.lastRoll],
      });
    else landed.push(hit);
  }
  if (!landed.length) return found.length;
  if (g.vehicle && !g.exposed) {
    for (const hit of landed) vehicleHit(ref, g, hit, common);
  } else if (g.exposed) {
    for (const hit of landed) {
      const roll = ref.roll(`damage: ${g.exposed} of ${g.vehicle} hit by ${weaponLabel(hit.firer)}`);
      const total = roll + sum(common);
      const effect = infantryEffect(infantryDamage(ref.ctx, sectionOf(hit, shotOf(hit.firer)), total), g.cover);
      ref.explain(ref.lastRoll, {
        purpose: "damage",
        model: g.vehicle!,
        ...(common.length ? { total } : {}),
        meaning: `damage ${roll}${common.length ? ` → ${total}` : ""}, the ${g.exposed} in ${g.cover} cover → ${effect}`,
        rule: "§5.17",
        ...sampleMark(ref.ctx, "damage"),
      });
      ref.note(`the ${g.exposed} of ${g.vehicle}: damage ${roll} on the infantry column in ${g.cover} cover → ${effect}`, "§5.17", [ref.lastRoll]);
      ref.outcome(
        g.vehicle!,
        effect === "no-effect" ? "no-effect" : "damaged",
        effect === "no-effect" ? "" : effect === "killed" ? MARKER.crewKilled : MARKER.crewPinned,
        { by: weaponLabel(hit.firer), rolls: [hit.die, ref.lastRoll] },
      );
    }
  } else if (g.type === "artillery") {
    const guns = casualtyOrder(ref, verdict, g, firers);
    landed.forEach((hit, i) => {
      const gun = guns[i % guns.length]!;
      damageModel(ref, gun, {
        section: sectionOf(hit, shotOf(hit.firer)),
        cover: g.cover,
        cause: weaponLabel(hit.firer),
        modifiers: common,
        shield: hasShield(gun),
        rolls: [hit.die],
      });
    });
  } else {
    resolveInfantryHits(ref, verdict, g, firers, landed, common);
  }
  return found.length;
}

/** Infantry: one damage roll per hit, then the owner allocates the results worst first (§6.5). */
function resolveInfantryHits(
  ref: Referee,
  verdict: Ow2FireVerdict,
  g: TargetGroup,
  firers: readonly Firer[],
  landed: readonly Hit[],
  common: readonly Modifier[],
): void {
  const where = g.cover === "open" ? "in the open" : `in ${g.cover} cover`;
  const rolled = landed.map((hit) => {
    const natural = ref.roll(`damage: ${weaponLabel(hit.firer)} against the part "${g.id}"`);
    const total = natural + sum(common);
    const effect = infantryEffect(infantryDamage(ref.ctx, sectionOf(hit, shotOf(hit.firer)), total), g.cover);
    ref.explain(ref.lastRoll, {
      purpose: "damage",
      ...(common.length ? { total } : {}),
      meaning: `damage ${natural}${common.length ? ` → ${total}` : ""}, infantry ${where} → ${effect}`,
      rule: "§6.5",
      ...sampleMark(ref.ctx, "damage"),
    });
    return { effect, hit, die: ref.lastRoll };
  });
  const effects = rolled.map((r) => r.effect);
  const count = (e: string) => effects.filter((x) => x === e).length;
  const mods = common.length ? ` with ${common.map((m) => `${m.value} (${m.reason})`).join(", ")}` : "";
  ref.note(
    `damage on the infantry column${mods}, ${where}: ${count("killed")} killed, ${count("pinned")} pinned, ${count("no-effect")} no effect`,
    "§6.5",
    rolled.map((r) => r.die),
  );
  const { allocations, lost } = allocate(effects, casualtyOrder(ref, verdict, g, firers));
  // allocate gives the killed results first, then the pinned, each in the order rolled.
  const queue = { killed: rolled.filter((r) => r.effect === "killed"), pinned: rolled.filter((r) => r.effect === "pinned") };
  for (const a of allocations) {
    const from = queue[a.effect].shift()!;
    ref.outcome(a.model, a.effect === "killed" ? "casualty" : "pinned", a.effect, { by: weaponLabel(from.hit.firer), rolls: [from.hit.die, from.die] });
  }
  if (allocations.length)
    ref.note(
      `the owner allocates worst first, standing models first: ${allocations.map((a) => `${a.model} ${a.effect}`).join(", ")}${lost ? `; ${lost} result${lost === 1 ? "" : "s"} lost` : ""}`,
      "§6.5",
    );
}
