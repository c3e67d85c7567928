/**
 * Close combat (§11.1, 000 l.517–527): only a Charge starts it (l.521), and it is fought after the firing, by the
 * models still in base contact. Each model in contact with an enemy rolls a d10 with its close combat modifiers
 * (the source names them but prints none: 0 here); the higher hits the other, who takes a roll on the small arms
 * damage table ignoring all cover (l.527). A tie the source does not settle: neither is hit (INFERRED).
 */
import { footprintDistance } from "../../core/footprint";
import type { ModelFacts } from "../context";
import { modelsNamed } from "../context";
import type { Ruling } from "../ruleset";
import { type Ow2Context, sampleMark } from "./context";
import { infantryDamage, infantryEffect } from "./damage";
import { isVehicle } from "./profiles";
import type { Referee } from "./referee";

/** Bases this close (cm) touch: a model set against another, or across a low wall or window between them (l.521). */
export const BASE_CONTACT = 0.6;

/** Each model of `attackers` in base contact with one of `defenders`, paired with the nearest it touches. */
export function contacts(attackers: readonly ModelFacts[], defenders: readonly ModelFacts[]): Array<readonly [ModelFacts, ModelFacts]> {
  const pairs: Array<readonly [ModelFacts, ModelFacts]> = [];
  for (const a of attackers) {
    let best: ModelFacts | undefined;
    let bestGap = BASE_CONTACT;
    for (const d of defenders) {
      const gap = footprintDistance(a.footprint, d.footprint);
      if (gap <= bestGap) [best, bestGap] = [d, gap];
    }
    if (best) pairs.push([a, best]);
  }
  return pairs;
}

/** Why unit `attacker` may not fight `defender` in close combat now; undefined when it may. */
export function closeCombatRefusal(ctx: Ow2Context, attacker: string, defender: string, order: string | undefined): Ruling | undefined {
  if (order !== "charge") return { reason: `only a Charge order starts close combat${order ? `, not ${order}` : ""}`, rule: "000 l.521" };
  const a = modelsNamed(ctx, attacker);
  const d = modelsNamed(ctx, defender);
  if (a.some((m) => isVehicle(ctx, m)) || d.some((m) => isVehicle(ctx, m)))
    return { reason: "close combat is fought between infantry; a vehicle is rammed or close-assaulted", rule: "000 l.517–527" };
  if (!contacts(a, d).length) return { reason: `no model of ${attacker} is in base contact with ${defender}: no close combat`, rule: "000 l.521, l.524" };
  return undefined;
}

/** The close combat of `attacker` against `defender`: a pair of dice for each model in contact, and the hits' damage rolls. */
export function fightCloseCombat(ref: Referee, attacker: string, defender: string): Ruling[] {
  const ctx = ref.ctx;
  const rulings: Ruling[] = [{ reason: "close combat modifiers are not printed in the source: none are added", rule: "000 l.527 (digest §11.1)" }];
  const gone = new Set<string>();
  for (const [a, d] of contacts(modelsNamed(ctx, attacker), modelsNamed(ctx, defender))) {
    if (gone.has(a.id) || gone.has(d.id)) continue;
    const ra = ref.roll(`close combat: ${a.id} against ${d.id}`);
    const ia = ref.lastRoll;
    const rd = ref.roll(`close combat: ${d.id} against ${a.id}`);
    const id = ref.lastRoll;
    const winner = ra > rd ? a : rd > ra ? d : undefined;
    const loser = winner === a ? d : a;
    const meaning = (own: number, other: number) => `close combat ${own} against ${other} → ${own > other ? "hits" : own === other ? "a tie" : "is hit"}`;
    ref.explain(ia, { purpose: "test", model: a.id, meaning: meaning(ra, rd), rule: "000 l.527" });
    ref.explain(id, { purpose: "test", model: d.id, meaning: meaning(rd, ra), rule: "000 l.527" });
    if (!winner) {
      ref.note(`${a.id} ${ra} against ${d.id} ${rd}: a tie, neither is hit (the source does not say)`, "000 l.527", [ia, id]);
      continue;
    }
    const roll = ref.roll(`small arms damage: ${loser.id} hit in close combat by ${winner.id}`);
    const result = infantryDamage(ctx, "small-arms", roll);
    const effect = infantryEffect(result, "open");
    ref.explain(ref.lastRoll, {
      purpose: "damage",
      model: loser.id,
      meaning: `small arms damage ${roll}, cover ignored → ${effect === "no-effect" ? "no effect" : effect}`,
      rule: "000 l.527",
      ...sampleMark(ctx, "damage"),
    });
    ref.note(`${winner.id} ${Math.max(ra, rd)} beats ${loser.id} ${Math.min(ra, rd)}: damage ${roll}, cover ignored → ${effect}`, "000 l.527", [
      ia,
      id,
      ref.lastRoll,
    ]);
    const cause = { by: `close combat with ${winner.id}`, rolls: [ia, id, ref.lastRoll] };
    if (effect === "killed") {
      ref.outcome(loser.id, "casualty", "killed in close combat", cause);
      gone.add(loser.id);
    } else if (effect === "pinned") ref.outcome(loser.id, "pinned", "pinned in close combat", cause);
    else ref.outcome(loser.id, "no-effect", "", cause);
  }
  return rulings;
}
