/**
 * An Artillery Bombardment (003 l.150, 155, 161, 246, 250, 255): the battery ranges in on a point, three
 * attempts (l.155: "two normal attempts remain" after a failed first and its Mike Target re-roll), a Company
 * Commander spotting at +1 (l.242, 246); then every team under the template rolls to be hit, with the
 * template's re-rolls for a small or a large battery, each hit is saved as a shot's would be (from above: a
 * tank's top armour), Time on Target re-rolls passed saves when it ranged in at once (l.255), and a single hit
 * pins the platoon (l.62). The source names ranging in and the template without their numbers: the scores,
 * the template's size, the re-roll thresholds and the battery's AT and Firepower are the sample "tests" table's.
 */
import type { Dice } from "../../core/dice";
import { footprintDistance } from "../../core/footprint";
import type { Vec2 } from "../../core/geometry2d";
import { rectanglePolygon } from "../../core/geometry2d";
import { type ModelFacts, unitNamed } from "../context";
import type { TemplateGeometry } from "../ruleset";
import { type FowContext, isArmoured, isBailedOut, type ResolvedWeapon, sampleMark, teamOf, trainingOf } from "./context";
import { sourcePair } from "./distances";
import { Roller, resolveHit } from "./effects";
import { FowReferee, type FowResolution } from "./ratingTests";
import type { FowSight } from "./sight";

export interface BombardmentRecord {
  readonly kind: "bombardment";
  readonly battery: string;
  /** The attempt (from 1) that ranged in; absent: it never did. */
  readonly rangedIn?: number;
  readonly hits: number;
}

export interface BombardmentCall {
  readonly battery: string;
  readonly point: Vec2;
  /** The Company Commander spots for it: +1 to range in (003 l.242, 246). */
  readonly commanderSpotting?: boolean;
}

/** The template's outline: a square of the table's side, twice as wide for a battery of `wideFrom` guns or more. */
export function templateOutline(ctx: FowContext, at: Vec2, guns: number): Vec2[] {
  const side = ctx.tables.tests.template;
  return rectanglePolygon(at, guns >= ctx.tables.tests.wideFrom ? side * 2 : side, side, 0);
}

/** A shell from above: nothing between, the battery's AT and Firepower, a tank's top armour on every face. */
function fromAbove(ctx: FowContext, target: ModelFacts): { ctx: FowContext; sight: FowSight } {
  const team = teamOf(ctx, target);
  const top = ctx.tables.tests.topArmour;
  const teams = isArmoured(team) ? { ...ctx.tables.teams, [target.def.id]: { ...team, armour: { front: top, side: top } } } : ctx.tables.teams;
  const sight: FowSight = {
    canSee: true,
    terrainConcealed: false,
    stateConcealed: false,
    hullDown: false,
    bulletproof: false,
    range: 0,
    longRange: false,
    inRange: true,
    inArc: true,
    hullFront: true,
    turretFront: true,
    origin: [target.position[0], 100, target.position[1]],
    rulings: [],
  };
  return { ctx: { ...ctx, tables: { ...ctx.tables, teams } }, sight };
}

export function bombard(ctx: FowContext, dice: Dice, call: BombardmentCall, geometry: TemplateGeometry): FowResolution<BombardmentRecord> {
  const battery = unitNamed(ctx, call.battery);
  const guns = battery.models.map((id) => ctx.models.get(id)!).filter((m) => !isBailedOut(m));
  if (!guns.length) throw new Error(`${battery.id} has no gun that can fire: every team is Bailed Out`);
  const tests = ctx.tables.tests;
  const sample = sampleMark(ctx, "tests");
  const ref = new FowReferee(dice, ctx);
  const outline = templateOutline(ctx, call.point, guns.length);
  const template = { kind: "polygon" as const, points: outline };
  // The sight engine's blast circle round the square finds the models under it and the roofs over them; the square picks its own.
  const radius = Math.max(...outline.map((p) => Math.hypot(p[0] - call.point[0], p[1] - call.point[1])));
  const under = geometry.modelsUnder({ shape: { kind: "blast", at: call.point, radii: [radius] }, from: "above" });
  const targets = under.models
    .map((u) => ctx.models.get(u.id))
    .filter((m): m is ModelFacts => m !== undefined && footprintDistance(m.footprint, template) === 0);
  for (const s of under.shielded) ref.note(`${s.id} is under ${s.by}'s ${s.kind}: the shells do not reach it`, "§5.4");

  // Ranging in: the score to hit the easiest team under the aiming point, more on each later attempt.
  const aimedAt = targets
    .filter((m) => m.side !== battery.side)
    .sort((a, b) => ctx.tables["to-hit"][trainingOf(ctx, a)].base - ctx.tables["to-hit"][trainingOf(ctx, b)].base)[0];
  const base = aimedAt ? ctx.tables["to-hit"][trainingOf(ctx, aimedAt)].base : ctx.tables["to-hit"].trained.base;
  const spotting = call.commanderSpotting ? tests.commanderSpotting : 0;
  let rangedIn: number | undefined;
  for (const [k, extra] of tests.rangingIn.entries()) {
    const need = base + extra + spotting;
    const attempt = `ranging in, attempt ${k + 1}${extra ? ` (+${extra})` : ""}${spotting ? ` (+${spotting}: the Company Commander spots)` : ""}`;
    let { passed, index } = ref.check(
      `${attempt}: ${battery.id}`,
      need,
      (p) => (p ? "ranged in" : "missed"),
      "§5.4 (003 l.155, 246)",
      undefined,
      sample.sample,
    );
    ref.note(`${attempt}: ${passed ? "ranged in" : "missed"}`, "§5.4 (003 l.155)", [index]);
    if (!passed && k === 0 && ctx.options.mikeTarget) {
      ({ passed, index } = ref.check(
        `Mike Target re-roll: ${battery.id}`,
        need,
        (p) => (p ? "ranged in" : "missed"),
        "§6.2 (003 l.155)",
        undefined,
        sample.sample,
      ));
      ref.note(`Mike Target: the first failed attempt re-rolled: ${passed ? "ranged in" : "missed"}`, "§6.2 (003 l.155)", [index]);
    }
    if (passed) {
      rangedIn = k + 1;
      break;
    }
  }
  if (rangedIn === undefined) return ref.finish(`${battery.id} fails to range in: no bombardment`, { kind: "bombardment", battery: battery.id, hits: 0 });

  const side = tests.template;
  ref.rule({
    reason: `${guns.length} ${guns.length === 1 ? "gun" : "guns"}: the template is ${guns.length >= tests.wideFrom ? `${sourcePair(side * 2)} by ${sourcePair(side)}` : `${sourcePair(side)} square`}; ${targets.length} ${targets.length === 1 ? "team" : "teams"} under it`,
    rule: "§5.4",
    ...sample,
  });
  const weapon: ResolvedWeapon = {
    name: `${battery.id}'s bombardment`,
    rof: 1,
    range: 0,
    at: tests.bombardAt,
    fp: tests.bombardFp,
    fullRofMoving: false,
    mount: "bombardment",
    id: "bombardment",
    table: "weapons",
  };
  const pinned = new Set<string>();
  let hits = 0;
  for (const target of targets) {
    const need = ctx.tables["to-hit"][trainingOf(ctx, target)].base;
    let { passed, index } = ref.check(`bombardment: ${target.id}`, need, (p) => (p ? "hit" : "miss"), "§5.4", target.id, sample.sample);
    const reroll = guns.length <= tests.fewGuns ? passed : guns.length >= tests.manyGuns ? !passed : false;
    if (reroll) {
      const why = passed ? `${guns.length} guns: the hit re-rolled` : `${guns.length} guns: the miss re-rolled`;
      ({ passed, index } = ref.check(`bombardment re-roll: ${target.id}`, need, (p) => (p ? "hit" : "miss"), "§5.4", target.id, sample.sample));
      ref.note(`${why}: ${passed ? "hit" : "miss"}`, "§5.4", [index]);
    }
    if (!passed) continue;
    hits++;
    const above = fromAbove(ctx, target);
    const roller = new Roller(ref.dice);
    let effect = resolveHit(above.ctx, roller, guns[0]!, weapon, target, above.sight);
    // Time on Target: a battery that ranged in at its first attempt makes a passed save be rolled again (003 l.255).
    if (ctx.options.timeOnTarget && rangedIn === 1 && effect.effect === "no-effect") {
      roller.note(`Time on Target: ${target.id}'s passed save is re-rolled`);
      effect = resolveHit(above.ctx, roller, guns[0]!, weapon, target, above.sight);
    }
    ref.adopt(roller);
    for (const n of roller.notes) ref.note(n, "§6.3 (003 l.255)");
    ref.outcome(target.id, effect.effect, effect.result, { by: `the bombardment of ${battery.id}`, rolls: effect.rolls });
    pinned.add(target.unitId);
  }
  // A single hit of a bombardment pins the platoon (003 l.62).
  for (const unit of pinned) {
    ref.note(`${unit} is hit by a bombardment: Pinned Down`, "§5.3 (003 l.62)");
    for (const id of unitNamed(ctx, unit).models)
      if (!isArmoured(teamOf(ctx, ctx.models.get(id)!)))
        ref.outcome(id, "pinned", "Pinned Down: hit by a bombardment", { by: `the bombardment of ${battery.id}`, rolls: [] });
  }
  return ref.finish(`${battery.id} ranges in at attempt ${rangedIn}: ${hits} ${hits === 1 ? "hit" : "hits"}`, {
    kind: "bombardment",
    battery: battery.id,
    rangedIn,
    hits,
  });
}
