/**
 * An assault in the Assault Step (003 l.63–64, 105, 109, 315–331): the platoon's teams that charged into
 * contact are the assaulting teams; the defending teams within 8"/20 cm of them shoot Defensive Fire, and five
 * hits (l.64, 323) pin the assaulting platoon and throw it back; else the assaulting teams roll to hit, the
 * defender takes a Motivation Test to Counterattack (l.105; Tank Terror first against tanks, l.13) or Breaks
 * Off, and so on in turn until one side breaks off or has no team left; the winner Consolidates (l.109). The
 * source names these steps and their distances; the scores of the assault's rolls and what an assault hit does
 * are not in it and are sample (the "tests" table, and the to-hit table's scores).
 */
import type { Dice } from "../../core/dice";
import { footprintDistance } from "../../core/footprint";
import { headingVector } from "../../core/geometry2d";
import { type ModelFacts, unitNamed } from "../context";
import { type FowContext, isArmoured, isBailedOut, mainWeapon, sampleMark, teamOf, trainingOf } from "./context";
import { sourcePair } from "./distances";
import { Roller, resolveHit } from "./effects";
import { chargeOf, pinHitsOf } from "./qualityOfQuantity";
import { FowReferee, type FowResolution } from "./ratingTests";
import type { FowSight } from "./sight";

/** What an assault leaves for the game state: who fought, who won, and how many rounds. */
export interface AssaultRecord {
  readonly kind: "assault";
  readonly attacker: string;
  readonly defender: string;
  /** The platoon left holding the ground; it may Consolidate. */
  readonly winner: string;
  readonly rounds: number;
}

/** Rounds of counterattack an assault may last before the referee stops it (each round costs a team or a test). */
const MAX_ROUNDS = 20;

/** In contact: base to base, within the sample touching tolerance. */
const inContact = (ctx: FowContext, a: ModelFacts, b: ModelFacts): boolean =>
  footprintDistance(a.footprint, b.footprint) <= ctx.tables.parameters.touchTolerance;

/**
 * The sight of a team at close quarters in the open: no terrain between, within 16"/40 cm, the front or side
 * by the side of the target's hull line the shooter stands on.
 */
function closeSight(firer: ModelFacts, target: ModelFacts): FowSight {
  const ahead = headingVector(target.heading);
  const front = (firer.position[0] - target.position[0]) * ahead[0] + (firer.position[1] - target.position[1]) * ahead[1] >= 0;
  return {
    canSee: true,
    terrainConcealed: false,
    stateConcealed: false,
    hullDown: false,
    bulletproof: false,
    range: footprintDistance(firer.footprint, target.footprint),
    longRange: false,
    inRange: true,
    inArc: true,
    hullFront: front,
    turretFront: front,
    origin: [firer.position[0], 0, firer.position[1]],
    rulings: [],
  };
}

/** The teams of a platoon still fighting: on the table, not Bailed Out. */
const fighting = (ctx: FowContext, unitId: string, gone: ReadonlySet<string>): ModelFacts[] =>
  unitNamed(ctx, unitId)
    .models.map((id) => ctx.models.get(id)!)
    .filter((m) => !gone.has(m.id) && !isBailedOut(m));

/** The score to hit a team in an assault: the to-hit table's score for its training in the open (sample). */
const assaultScore = (ctx: FowContext, target: ModelFacts): number => ctx.tables["to-hit"][trainingOf(ctx, target)].base;

export function fightAssault(ctx: FowContext, dice: Dice, attackerId: string, defenderId: string): FowResolution<AssaultRecord> {
  const attacker = unitNamed(ctx, attackerId);
  const defender = unitNamed(ctx, defenderId);
  const ref = new FowReferee(dice, ctx);
  const tests = sampleMark(ctx, "tests");
  const gone = new Set<string>();
  const bailed = new Set<string>();
  const defenders = fighting(ctx, defender.id, gone);
  const assaulting = fighting(ctx, attacker.id, gone).filter((a) => defenders.some((d) => inContact(ctx, a, d)));
  if (!assaulting.length)
    throw new Error(
      `no team of ${attacker.id} is in contact with ${defender.id}: charge into contact first (${sourcePair(chargeOf(ctx, attacker.id))}, 003 l.63)`,
    );
  ref.note(`${assaulting.map((m) => m.id).join(", ")} charged into contact with ${defender.id}`, "§5.2 (003 l.63)");

  /** A hit at close quarters resolved as a shot's (effects.ts): its save, armour and Firepower Test. */
  const hit = (firer: ModelFacts, target: ModelFacts, what: string): void => {
    const weapon = mainWeapon(ctx, firer);
    const roller = new Roller(ref.dice);
    const effect = weapon
      ? resolveHit(ctx, roller, firer, weapon, target, closeSight(firer, target))
      : { effect: "no-effect" as const, result: `${firer.id} has no weapon`, rolls: [] };
    ref.adopt(roller);
    for (const n of roller.notes) ref.note(n, "§4");
    if (effect.effect === "damaged") bailed.add(target.id);
    if (effect.effect === "casualty" || effect.effect === "destroyed") gone.add(target.id);
    ref.outcome(target.id, effect.effect, effect.result, { by: `${what} of ${firer.id}`, rolls: effect.rolls });
  };

  /** Each of `firers` rolls `perFirer` dice at the score of the nearest of `targets`; hits go to the targets in turn, nearest first. */
  const volley = (firers: readonly ModelFacts[], targets: () => ModelFacts[], perFirer: (m: ModelFacts) => number, what: string, rule: string): number => {
    let hits = 0;
    for (const firer of firers) {
      for (let k = 0; k < perFirer(firer); k++) {
        const left = targets()
          .filter((t) => !gone.has(t.id))
          .sort((a, b) => footprintDistance(firer.footprint, a.footprint) - footprintDistance(firer.footprint, b.footprint));
        const target = left[hits % Math.max(1, left.length)];
        if (!target) return hits;
        const need = assaultScore(ctx, target);
        const { passed, index } = ref.check(`${what}: ${firer.id}`, need, (p) => (p ? "hit" : "miss"), rule, firer.id, tests.sample);
        if (!passed) continue;
        hits++;
        ref.note(`${firer.id} hits ${target.id}`, rule, [index]);
        hit(firer, target, what);
      }
    }
    return hits;
  };

  // Defensive Fire: every defending team within 8"/20 cm of an assaulting team, at its full ROF (halved when Pinned Down).
  // A team assaults and counterattacks from its platoon's charge distance (12"/30 cm under Quality of Quantity).
  const near = (m: ModelFacts, of: readonly ModelFacts[]) => of.some((o) => footprintDistance(m.footprint, o.footprint) <= chargeOf(ctx, m.unitId));
  const shooters = defenders.filter((d) => near(d, assaulting));
  const rofOf = (m: ModelFacts): number => {
    const rof = mainWeapon(ctx, m)?.rof ?? 0;
    return m.pinned && ctx.options.pinnedRof === "halved" ? Math.max(1, Math.floor(rof / 2)) : rof;
  };
  const defensiveHits = volley(shooters, () => assaulting, rofOf, "Defensive Fire", "§5.2 (003 l.64)");
  const pinHits = pinHitsOf(ctx, attacker.id);
  if (defensiveHits >= pinHits) {
    ref.note(`${defensiveHits} hits of Defensive Fire (${pinHits} or more): ${attacker.id} is Pinned Down and falls back`, "§5.2 (003 l.64, 323)");
    for (const m of fighting(ctx, attacker.id, gone))
      if (!isArmoured(teamOf(ctx, m))) ref.outcome(m.id, "pinned", "Pinned Down: thrown back by Defensive Fire", { by: "Defensive Fire", rolls: [] });
    return ref.finish(`${attacker.id}'s assault on ${defender.id} is beaten off by Defensive Fire (${defensiveHits} hits)`, {
      kind: "assault",
      attacker: attacker.id,
      defender: defender.id,
      winner: defender.id,
      rounds: 0,
    });
  }
  ref.note(`${defensiveHits} ${defensiveHits === 1 ? "hit" : "hits"} of Defensive Fire, fewer than ${pinHits}: the assault goes in`, "§5.2 (003 l.64)");
  if (!assaulting.some((m) => !gone.has(m.id) && !bailed.has(m.id))) {
    ref.note(`no assaulting team of ${attacker.id} is left in contact: the assault is over`, "§5.2 (003 l.63)");
    return ref.finish(`${attacker.id}'s assaulting teams fall to Defensive Fire: ${defender.id} holds`, {
      kind: "assault",
      attacker: attacker.id,
      defender: defender.id,
      winner: defender.id,
      rounds: 0,
    });
  }

  // The assault: the side in turn rolls one die a team in contact or within 8"/20 cm, then the other tests to counterattack.
  let [striking, struck] = [attacker.id, defender.id];
  let winner: string | undefined;
  let rounds = 0;
  for (; rounds < MAX_ROUNDS && winner === undefined; rounds++) {
    const mine = fighting(ctx, striking, gone).filter((m) => !bailed.has(m.id));
    const theirs = () => fighting(ctx, struck, gone).filter((m) => near(m, mine));
    volley(
      mine.filter((m) => near(m, theirs())),
      theirs,
      () => 1,
      rounds === 0 ? "assault" : "counterattack",
      "§5.2 (003 l.63, 105)",
    );
    const left = fighting(ctx, struck, gone).filter((m) => !bailed.has(m.id) && near(m, fighting(ctx, striking, gone)));
    if (!left.length) {
      ref.note(`${struck} has no team left within ${sourcePair(chargeOf(ctx, struck))}: the assault is ${striking}'s`, "§5.2 (003 l.63)");
      winner = striking;
      break;
    }
    const tanks = mine.some((m) => isArmoured(teamOf(ctx, m))) && !left.some((m) => isArmoured(teamOf(ctx, m)));
    const counterattacks = () =>
      ref.test(struck, "motivation", "to Counterattack", "§5.2 (003 l.105)") ||
      (ctx.options.britishBulldog && ref.test(struck, "motivation", "British Bulldog: to Counterattack, re-rolled", "§6.2 (003 l.105)"));
    const holds = (!tanks || ref.test(struck, "motivation", "Tank Terror", "§5.3 (003 l.13)")) && counterattacks();
    if (!holds) {
      ref.note(`${struck} Breaks Off: it moves ${sourcePair(ctx.tables.tests.breakOff)} away from ${striking}`, "§5.2 (003 l.329)");
      for (const m of fighting(ctx, struck, gone))
        if (!isArmoured(teamOf(ctx, m)))
          ref.outcome(m.id, "pinned", "Pinned Down: broke off from the assault", { by: `the assault of ${striking}`, rolls: [] });
      winner = striking;
      break;
    }
    [striking, struck] = [struck, striking];
  }
  winner ??= defender.id;
  ref.note(`${winner} may Consolidate ${sourcePair(ctx.tables.tests.consolidate)}`, "§5.2 (003 l.109)");
  const lost = winner === attacker.id ? defender.id : attacker.id;
  return ref.finish(
    `${attacker.id} assaults ${defender.id}: ${winner} holds the ground, ${lost} ${gone.size && !fighting(ctx, lost, gone).length ? "is destroyed" : "breaks off"}`,
    {
      kind: "assault",
      attacker: attacker.id,
      defender: defender.id,
      winner,
      rounds,
    },
  );
}
