/**
 * Area weapons (§8): blast templates T3–T10 laid on the aimed model — in woods on the model, at a
 * building's outer wall point nearest it, through an opening on the model for grenades — grenades that
 * scatter when they miss, flamethrower teardrops, and area weapons interrupting a move. Which models lie
 * under a template is the sight engine's answer (TemplateGeometry); the damage is rolled here.
 */
import { footprintContains } from "../../core/footprint";
import { nearestPointOnPolygonBoundary, sub2, type Vec2 } from "../../core/geometry2d";
import type { Building } from "../../core/scenario/schema";
import { headingOf } from "../../sight/facing";
import { rollScatter, scatterPoint, type TemplatePlacement, type TemplateResult } from "../../sight/templates";
import type { ModelFacts } from "../context";
import type { Modifier, Ruling, TemplateGeometry } from "../ruleset";
import { demolishes, demolitionRoll } from "./buildings";
import { isV1, modelState, type Ow2Context, sampleMark } from "./context";
import { standingCover } from "./cover";
import { commonDamageModifiers, groupOf, rerolls, resolveDirect, shotOf, weaponLabel } from "./direct";
import type { Firer, GroupShot, Ow2FireVerdict, TargetGroup } from "./fire";
import { applyVehicleEffects, damageModel } from "./hits";
import { hasShield, isVehicle, openTopped, targetTypeOf, toHitCell } from "./profiles";
import type { Referee } from "./referee";
import type { DamageSection, TemplateId } from "./tables";
import { hits, parseToHit } from "./toHit";
import { ARMOURED_TYPES, type CoverClass } from "./types";
import { vehicleCrewCover } from "./vehicles";

export function requireGeometry(geometry: TemplateGeometry | undefined, what: string): TemplateGeometry {
  if (!geometry) throw new Error(`${what} lays a template: resolveFire needs the sight engine's template geometry`);
  return geometry;
}

/** The model a template is laid on: the declared model if this firer can shoot it, else the nearest of the part. */
export function aimOf(ref: Referee, verdict: Ow2FireVerdict, shot: GroupShot): ModelFacts {
  const declared = verdict.aim && shot.lines.find((l) => l.model === verdict.aim);
  return ref.ctx.models.get(declared ? declared.model : shot.lines[0]!.model)!;
}

export function blastRadius(ctx: Ow2Context, template: TemplateId): number {
  if (template === "TL" || template === "L12" || template === "L24") throw new Error(`${template} is a flamethrower template, not a blast`);
  return ctx.tables.templates.radius[template];
}

const blast = (at: Vec2, radius: number, from: TemplatePlacement["from"], level?: number): TemplatePlacement => ({
  shape: { kind: "blast", at, radii: [radius] },
  from,
  ...(level !== undefined ? { level } : {}),
});

function buildingOf(ctx: Ow2Context, m: ModelFacts): Building | undefined {
  const id = m.floor?.building ?? m.standsIn.find((a) => a.kind === "building")?.id;
  const f = id === undefined ? undefined : ctx.terrain.get(id);
  return f?.kind === "building" ? f : undefined;
}

/** Where a direct-fire template goes when it hits (§8.1, §8.3, §8.4). */
function directPlacement(ctx: Ow2Context, aim: ModelFacts, radius: number, thrownThroughOpening: boolean): { placement: TemplatePlacement; ruling: Ruling } {
  const building = buildingOf(ctx, aim);
  if (building && !building.ruined && !thrownThroughOpening) {
    const at = nearestPointOnPolygonBoundary(aim.position, building.footprint);
    return {
      placement: blast(at, radius, "level", aim.feetY),
      ruling: { reason: `sight reaches only 5 cm into ${building.id}: the template goes on its outer wall at the point nearest ${aim.id}`, rule: "§8.3" },
    };
  }
  if (building)
    return {
      placement: blast(aim.position, radius, "level", aim.feetY),
      ruling: { reason: `thrown through an opening: the template goes on ${aim.id} inside ${building.id}`, rule: "§8.3" },
    };
  const woods = aim.standsIn.find((a) => a.kind === "woods");
  return {
    placement: blast(aim.position, radius, "above"),
    ruling: woods
      ? { reason: `a hit in woods splinters the trees: the template is centred on ${aim.id}`, rule: "§8.4" }
      : { reason: `the template is centred on ${aim.id}`, rule: "§8.1" },
  };
}

/** Distance multiplier for a scatter by the firer-to-target distance, one band up without line of sight (§9.2). */
export function scatterMultiplier(ctx: Ow2Context, range: number, seesTarget: boolean): { multiplier: number; ruling: Ruling } {
  const { bands } = ctx.tables.scatter;
  const index = bands.findIndex((b) => b.upTo === null || range <= b.upTo);
  const last = bands.length - 1;
  const up = seesTarget ? index : index + 1;
  const multiplier =
    up <= last ? bands[up]!.multiplier : ctx.options.scatterBeyondLastBand === "add-one-multiplier" ? bands[last]!.multiplier + 1 : bands[last]!.multiplier;
  const reason = `${range.toFixed(1)} cm from the firer: ×${bands[index]!.multiplier}${seesTarget ? "" : `, one band up without line of sight: ×${multiplier}`}`;
  return { multiplier, ruling: { reason, rule: seesTarget ? "§9.2" : "§9.2, §19.22" } };
}

/** Rolls a scatter from `at`: the die's point gives the bearing, its value × the band the distance; 1–2 no effect (§9.2). */
export function scatter(ref: Referee, at: Vec2, range: number, seesTarget: boolean, what: string): Vec2 | undefined {
  const { multiplier, ruling } = scatterMultiplier(ref.ctx, range, seesTarget);
  const s = rollScatter(ref.dice, { distanceSides: ref.ctx.tables.scatter.die, multiplier, reason: `scatter: ${what}` });
  const rolls = [ref.lastRoll - 1, ref.lastRoll];
  const harmless = ref.ctx.tables.scatter.noEffect.includes(s.distanceRoll);
  ref.explain(rolls[0]!, { purpose: "scatter", meaning: `scatter bearing ${s.bearing}°`, rule: "§9.2" });
  ref.explain(rolls[1]!, {
    purpose: "scatter",
    meaning: harmless ? `scatter distance ${s.distanceRoll}: no effect` : `scatter distance ${s.distanceRoll} × ${multiplier} = ${s.distance} cm`,
    rule: ruling.rule,
  });
  if (harmless) {
    ref.note(`${what} scatters: ${s.distanceRoll} on the scatter die, the shot has no effect (${ruling.reason})`, ruling.rule, rolls);
    return undefined;
  }
  const point = scatterPoint(at, s.bearing, s.distance, ref.ctx.table);
  ref.note(
    `${what} scatters ${s.distance} cm towards ${s.bearing}° (${s.distanceRoll} × ${multiplier}; ${ruling.reason}) and lands at [${point[0].toFixed(1)}, ${point[1].toFixed(1)}]`,
    ruling.rule,
    rolls,
  );
  return point;
}

/** How a vehicle under a blast is rolled: indirect 7/x penetration, centre on it, or the small arms table (§9.5). */
function vehicleUnderBlast(
  ref: Referee,
  m: ModelFacts,
  f: Firer,
  centreOn: boolean,
  fullyCovered: boolean,
  indirect: boolean,
  rolls: number[],
): DamageSection | undefined {
  const w = f.weapon!.profile;
  const type = targetTypeOf(ref.ctx, m);
  if (!centreOn) {
    if (!ARMOURED_TYPES.includes(type) && fullyCovered) return w.damage;
    ref.note(`the template's centre is not on ${m.id}: the small arms table`, "§9.5");
    return "small-arms";
  }
  const cell = parseToHit(toHitCell(ref.ctx, w, type));
  if (!indirect || !ARMOURED_TYPES.includes(type)) return w.damage;
  if (cell === "NE") {
    if (openTopped(m)) return w.damage;
    ref.note(`${w.name} cannot harm ${m.id} (${type}): NE`, "§9.5");
    return undefined;
  }
  if (!cell.penetration) return w.damage;
  const bonus = !isV1(ref.ctx) && openTopped(m) ? 1 : 0;
  const roll = ref.roll(`penetration: ${weaponLabel(f)} on ${m.id} (${cell.penetration}+)`);
  const section: DamageSection = roll + bonus >= cell.penetration ? "heavy-weapons" : "small-arms";
  ref.explain(ref.lastRoll, {
    purpose: "penetration",
    model: m.id,
    need: cell.penetration,
    ...(bonus ? { total: roll + bonus } : {}),
    meaning: `penetration ${cell.penetration}+${bonus ? " (+1 open-topped)" : ""} → the ${section} table`,
    rule: "§9.5",
    ...sampleMark(ref.ctx, "weapons"),
  });
  rolls.push(ref.lastRoll);
  ref.note(`penetration roll on ${m.id}: ${roll}${bonus ? " +1 (open-topped, v2.0)" : ""} against ${cell.penetration}+ → the ${section} table`, "§9.5", [
    ref.lastRoll,
  ]);
  return section;
}

/** Damage to every model under a blast template (friend or foe), one roll each (§8.1, §19.21); `rolls` laid the template. */
export function blastDamage(
  ref: Referee,
  verdict: Ow2FireVerdict,
  f: Firer,
  g: TargetGroup,
  placement: TemplatePlacement,
  under: TemplateResult,
  indirect: boolean,
  rolls: readonly number[],
): void {
  const w = f.weapon!.profile;
  const centre = placement.shape.kind === "blast" ? placement.shape.at : placement.shape.from;
  const shielded = under.shielded.filter((s) => s.kind !== "other-level");
  ref.note(
    `under the template: ${under.models.map((m) => m.id).join(", ") || "nobody"}${shielded.length ? `; shielded by a roof or floor: ${shielded.map((s) => s.id).join(", ")}` : ""}`,
    indirect ? "§9.3" : "§8.1",
  );
  const common = commonDamageModifiers(ref, verdict, g);
  const cause = weaponLabel(f);
  // A gun shield stops crew hits only when the shot comes from the gun's front (000 l.357).
  const shieldFaces = (m: ModelFacts) => !indirect && hasShield(m) && shotOf(f).lines.find((l) => l.model === m.id)?.facing === "front";
  for (const u of under.models) {
    const m = ref.ctx.models.get(u.id);
    if (!m || ref.gone.has(m.id)) continue;
    const cover: CoverClass = !indirect && g.models.includes(m.id) ? g.cover : standingCover(ref.ctx, m).class;
    const type = targetTypeOf(ref.ctx, m);
    const centreOn = footprintContains(m.footprint, centre);
    if (type === "infantry") {
      damageModel(ref, m, { section: w.damage, cover, cause, modifiers: common, rolls });
    } else if (type === "artillery") {
      // Centred on the gun: the artillery column; either way its crew under the template is hit (000 l.357).
      if (centreOn) damageModel(ref, m, { section: w.damage, cover, cause, modifiers: common, shield: shieldFaces(m), rolls });
      if (ref.gone.has(m.id)) continue;
      ref.note(
        `${centreOn ? "the template is centred on the gun" : "the template's centre is off the gun"} ${m.id}: its crew under the template is hit${shieldFaces(m) ? ", the shield facing the shot" : ""}`,
        "§6.12",
      );
      applyVehicleEffects(ref, m, ["crew:1"], { section: w.damage, weaponName: cause, rolls, crewCover: cover, shield: shieldFaces(m) });
    } else {
      const penetration = [...rolls];
      const section = vehicleUnderBlast(ref, m, f, centreOn, u.overlap >= 1, indirect, penetration);
      if (section) damageModel(ref, m, { section, cover, cause, modifiers: common, rolls: penetration });
      if (modelState(ref.ctx, m.id).commanderExposed && !ref.gone.has(m.id)) {
        ref.note(`the exposed crewman of ${m.id} is under the template too: rolled as infantry in the vehicle's cover`, "§5.17");
        applyVehicleEffects(ref, m, ["crew:1"], { section: w.damage, weaponName: cause, rolls, crewCover: vehicleCrewCover(ref.ctx, m), shield: false });
      }
      if (g.exposed === "carried infantry" && g.vehicle === m.id && !ref.gone.has(m.id)) {
        // Riders are not models yet: one of them is hit, marked on the vehicle like a crewman (004 l.24).
        ref.note(`the infantry ${m.id} carries are under the template: one rider is hit, rolled as infantry in the vehicle's cover`, "§6.3, §9.5");
        applyVehicleEffects(ref, m, ["crew:1"], { section: w.damage, weaponName: cause, rolls, crewCover: vehicleCrewCover(ref.ctx, m), shield: false });
      }
    }
  }
}

/** The interrupting-move row of the weapon's template under the game's version, if it has one (§8.5). */
function interruptRow(ctx: Ow2Context, template: TemplateId) {
  const row = template === "TL" ? undefined : ctx.tables.templates.interrupt[template];
  return row && !(row.version === "v2.0" && isV1(ctx)) ? row : undefined;
}

/**
 * An area weapon interrupting a move hits 1d10 models, modified by the template's size (§8.5); a
 * flamethrower's models take its damage without cover, as under its teardrop (§6.16).
 */
function interruptingHits(ref: Referee, f: Firer, g: TargetGroup, common: readonly Modifier[], toHit: number): void {
  const w = f.weapon!.profile;
  const row = interruptRow(ref.ctx, w.template!)!;
  const roll = ref.roll(`models hit: ${weaponLabel(f)} interrupting the move`);
  const count = Math.max(row.minimum ?? 0, roll + row.modifier);
  ref.explain(ref.lastRoll, {
    purpose: "count",
    total: count,
    meaning: `models hit: ${roll}${row.modifier ? ` ${row.modifier > 0 ? "+" : "−"}${Math.abs(row.modifier)}` : ""} (${w.template}) = ${count}`,
    rule: "§8.5",
  });
  const models = g.models.map((id) => ref.ctx.models.get(id)!).sort((a, b) => Number(a.pinned) - Number(b.pinned));
  const hit = models.slice(0, Math.max(0, count));
  ref.note(
    `interrupting the move with ${w.template}: ${roll}${row.modifier ? ` ${row.modifier > 0 ? "+" : "−"}${Math.abs(row.modifier)}` : ""}${row.minimum ? ` (at least ${row.minimum})` : ""} = ${count} models hit${count > models.length ? `; ${count - models.length} lost` : ""}. Place at least one pinned model at the interruption point`,
    "§8.5",
    [ref.lastRoll],
  );
  const flame = w.flamethrower !== undefined;
  if (flame) ref.note("flames ignore cover: the models hit roll damage as in the open", "§6.16");
  const section: DamageSection = flame ? (w.flamethrower === "light" ? "small-arms" : "heavy-weapons") : w.damage;
  const rolls = [toHit, ref.lastRoll];
  for (const m of hit) damageModel(ref, m, { section, cover: flame ? "open" : g.cover, cause: weaponLabel(f), modifiers: common, rolls });
}

/** A flamethrower: its teardrop from the firer, a to-hit roll for every model it touches, cover ignored (§8.6, §6.16). */
function flamethrower(ref: Referee, verdict: Ow2FireVerdict, f: Firer, shot: GroupShot, geometry: TemplateGeometry): void {
  const w = f.weapon!.profile;
  const aim = aimOf(ref, verdict, shot);
  const line = shot.lines.find((l) => l.model === aim.id) ?? shot.lines[0]!;
  const id = isV1(ref.ctx) ? "TL" : w.template === "L24" ? "L24" : "L12";
  const dims = ref.ctx.tables["flamethrower-templates"][id];
  const heading = headingOf(sub2(aim.position, line.origin));
  const placement: TemplatePlacement = { shape: { kind: "teardrop", from: line.origin, heading, ...dims }, from: "level", level: aim.feetY };
  const under = geometry.modelsUnder(placement).models.filter((m) => m.id !== f.model);
  ref.note(`the ${id} flamethrower template is laid from ${f.model} towards ${aim.id}; it touches ${under.map((m) => m.id).join(", ") || "nobody"}`, "§8.6");
  const toHitMods = shot.modifiers.reduce((s, m) => s + m.value, 0);
  for (const u of under) {
    const m = ref.ctx.models.get(u.id);
    if (!m || ref.gone.has(m.id)) continue;
    const cell = parseToHit(toHitCell(ref.ctx, w, targetTypeOf(ref.ctx, m)));
    if (cell === "NE") continue;
    const need = cell.hit - toHitMods;
    const roll = ref.roll(`to hit: ${weaponLabel(f)} on ${m.id} (${need}+)`);
    const toHit = ref.lastRoll;
    const hit = hits(roll, need);
    ref.explain(toHit, {
      purpose: "to-hit",
      model: m.id,
      need,
      meaning: `to-hit ${need}+ → ${hit ? "hit" : "miss"}`,
      rule: "§8.6",
      ...sampleMark(ref.ctx, "weapons"),
    });
    ref.note(`${weaponLabel(f)} on ${m.id}: ${roll} against ${need}+ → ${hit ? "hit" : "miss"}`, "§8.6", [toHit]);
    if (!hit) continue;
    if (!isVehicle(ref.ctx, m) && targetTypeOf(ref.ctx, m) === "infantry") {
      damageModel(ref, m, { section: w.flamethrower === "light" ? "small-arms" : "heavy-weapons", cover: "open", cause: weaponLabel(f), rolls: [toHit] });
    } else if (targetTypeOf(ref.ctx, m) === "artillery") {
      applyVehicleEffects(ref, m, ["crew:1"], { section: w.damage, weaponName: weaponLabel(f), rolls: [toHit], crewCover: "open", shield: false });
    } else {
      const rows = ref.ctx.tables["flamethrower-vs-vehicles"][w.flamethrower!][isV1(ref.ctx) ? "v1" : "v2.0"];
      const roll2 = ref.roll(`flamethrower damage: ${m.id}`);
      const effects = rows.find((r) => roll2 >= r.rolls[0] && roll2 <= r.rolls[1])!.result;
      ref.explain(ref.lastRoll, {
        purpose: "damage",
        model: m.id,
        meaning: `flamethrower damage (${w.flamethrower}, armour ignored) → ${effects.join(" + ")}`,
        rule: "§6.16",
      });
      ref.note(
        `${m.id} in flames: ${roll2} on the ${w.flamethrower} flamethrower table (armour ignored) → ${effects.join(" + ")}${openTopped(m) ? "; open-topped: its riders are hit too, without cover" : ""}`,
        "§6.16",
        [ref.lastRoll],
      );
      applyVehicleEffects(ref, m, effects, {
        section: w.damage,
        weaponName: weaponLabel(f),
        rolls: [toHit, ref.lastRoll],
        crewCover: openTopped(m) ? "open" : vehicleCrewCover(ref.ctx, m),
        shield: false,
      });
    }
  }
}

/** A directly fired area weapon: one to-hit roll; a hit lays its template, a miss scatters only if thrown (§8.1, §8.2). */
export function resolveAreaWeapon(ref: Referee, verdict: Ow2FireVerdict, f: Firer, geometry: TemplateGeometry | undefined): number {
  const w = f.weapon!.profile;
  const g = groupOf(verdict, f.group!);
  const shot = shotOf(f);
  if (g.vehicle && !g.exposed && !w.flamethrower) {
    ref.note(`${weaponLabel(f)} fires at the vehicle ${g.vehicle}: a hit strikes it directly`, "§8.1");
    return resolveDirect(ref, verdict, g, [f]);
  }
  const interrupting = verdict.declaration.interruptingMove === true;
  if (w.flamethrower && !(interrupting && interruptRow(ref.ctx, w.template!))) {
    if (interrupting) ref.note("v1 gives flamethrowers no row in the interrupting-move table: the teardrop is laid as usual", "§8.5");
    flamethrower(ref, verdict, f, shot, requireGeometry(geometry, weaponLabel(f)));
    return 0;
  }
  const aim = aimOf(ref, verdict, shot);
  const toHit = (reroll: boolean) => {
    const natural = ref.roll(`to hit${reroll ? ", re-rolled (repeated fire)" : ""}: ${weaponLabel(f)} at ${aim.id} (${shot.need}+)`);
    const hit = hits(natural, shot.need!);
    ref.explain(ref.lastRoll, {
      purpose: "to-hit",
      model: aim.id,
      need: shot.need!,
      meaning: `${reroll ? "re-rolled " : ""}to-hit ${shot.need}+ → ${hit ? "hit" : "miss"}`,
      rule: reroll ? "§9.9" : "§8.1",
      ...sampleMark(ref.ctx, "weapons"),
    });
    ref.note(
      `${weaponLabel(f)} at ${aim.id}: ${natural} against ${shot.need}+ → ${hit ? "hit" : "miss"}${reroll ? " (re-rolled: repeated fire)" : ""}`,
      reroll ? "§9.9" : "§8.1",
      [ref.lastRoll],
    );
    return hit;
  };
  const hit = toHit(false) || (rerolls(ref, verdict, f) && toHit(true));
  const toHitDie = ref.lastRoll;
  const common = commonDamageModifiers(ref, verdict, g);
  if (interrupting && interruptRow(ref.ctx, w.template!)) {
    if (hit) interruptingHits(ref, f, g, common, toHitDie);
    else ref.note("a miss while interrupting a move has no effect", "§8.5");
    return hit ? 1 : 0;
  }
  const radius = blastRadius(ref.ctx, w.template!);
  const line = shot.lines.find((l) => l.model === aim.id) ?? shot.lines[0]!;
  let placement: TemplatePlacement;
  const laidBy: number[] = [toHitDie];
  if (hit) {
    const laid = directPlacement(ref.ctx, aim, radius, (w.thrown ?? false) && line.throughOpening);
    ref.note(laid.ruling.reason, laid.ruling.rule);
    placement = laid.placement;
  } else if (w.thrown) {
    const point = scatter(ref, aim.position, line.range, true, weaponLabel(f));
    laidBy.push(ref.lastRoll - 1, ref.lastRoll);
    if (!point) return 0;
    placement = blast(point, radius, "above");
  } else {
    ref.note("a direct-fire area weapon that misses explodes harmlessly nearby: no scatter", "§8.2");
    return 0;
  }
  blastDamage(ref, verdict, f, g, placement, requireGeometry(geometry, weaponLabel(f)).modelsUnder(placement), false, laidBy);
  const building = buildingOf(ref.ctx, aim);
  if (hit && building && demolishes(ref.ctx, w.calibre)) demolitionRoll(ref, building, w.calibre!);
  return hit ? 1 : 0;
}
