/**
 * Hit allocation, the source's rules 1–8 (§3), as the target's owner would apply them. Rules 6, 7 and 8
 * narrow the models a hit may go to; rules 1–5 then order the rest: fewest hits first (1), operational
 * before Bogged Down or Bailed Out (3, which puts Gone-to-Ground models with the operational ones), not Gone
 * to Ground (2), within 16"/40 cm (4), fewest hits of that weapon (5), unarmoured vehicles then the weakest
 * armour (7). Rule 4 measures from the hit's own firer (§8.11).
 */
import type { Ruling } from "../ruleset";
import type { PriorityType } from "./types";

/** A model of the target platoon as allocation sees it. */
export interface AllocationTarget {
  readonly id: string;
  /** Its model definition: the "vehicle type" of rule 8. */
  readonly kind: string;
  readonly type: PriorityType;
  /** Man-packed guns count as infantry or guns at the owner's choice against FP 5–6 (rule 6). */
  readonly manPacked: boolean;
  readonly vehicle: boolean;
  readonly armoured: boolean;
  /** Bogged Down or Bailed Out (rule 3). */
  readonly inoperative: boolean;
}

/** A model a hit may go to, seen from that hit's firer. */
export interface HitCandidate {
  readonly id: string;
  readonly goneToGround: boolean;
  /** Beyond 16"/40 cm from the hit's firer. */
  readonly far: boolean;
  /** The armour the hit would strike; the weaker one when it could strike either (rule 7). */
  readonly armour?: number;
}

export interface AllocationHit {
  readonly firer: string;
  /** The weapon type: hits of one type are spread evenly (rule 5). */
  readonly weapon: string;
  readonly at: number | null;
  readonly fp: number | null;
  readonly candidates: readonly HitCandidate[];
  readonly priority?: PriorityType;
  /** A Gun Tank roll of 5 or 6 sends the hit to this model kind (rule 8). */
  readonly gunTank?: string;
}

export interface Allocated {
  readonly hit: number;
  readonly model: string;
  readonly ruling: Ruling;
}

const KEY_RULES = [
  "rule 1: as many models as possible receive a hit",
  "rule 3: operational models (Gone to Ground ones too) before Bogged Down or Bailed Out ones",
  "rule 2: models not Gone to Ground first",
  'rule 4: models within 16"/40 cm first',
  "rule 5: each weapon type's hits spread evenly",
  "rule 7: unarmoured vehicles first, then the weakest armour",
] as const;

const atOf = (hit: AllocationHit): number => hit.at ?? -1;

/** The hits in the order they are placed: weakest AT first, weapon types taking turns (rule 5). */
function placingOrder(hits: readonly AllocationHit[]): number[] {
  const byWeapon = new Map<string, number[]>();
  hits.forEach((h, i) => byWeapon.set(h.weapon, [...(byWeapon.get(h.weapon) ?? []), i]));
  const groups = [...byWeapon.values()].sort((a, b) => atOf(hits[a[0]!]!) - atOf(hits[b[0]!]!));
  const order: number[] = [];
  for (let round = 0; order.length < hits.length; round++) for (const g of groups) if (g[round] !== undefined) order.push(g[round]!);
  // Gun Tank hits are placed first so they find their vehicles (rule 8).
  return [...order.filter((i) => hits[i]!.gunTank !== undefined), ...order.filter((i) => hits[i]!.gunTank === undefined)];
}

/** Keeps the candidates that pass `keep`, when any do. */
function narrow<T>(list: readonly T[], keep: (t: T) => boolean): { list: readonly T[]; narrowed: boolean } {
  const kept = list.filter(keep);
  return kept.length && kept.length < list.length ? { list: kept, narrowed: true } : { list, narrowed: false };
}

export function allocateHits(hits: readonly AllocationHit[], targets: readonly AllocationTarget[]): Allocated[] {
  const byId = new Map(targets.map((t) => [t.id, t]));
  const total = new Map<string, number>();
  const perWeapon = new Map<string, number>();
  const ats = new Set(hits.map(atOf));
  const topAt = Math.max(...ats);
  const result: Allocated[] = [];
  for (const i of placingOrder(hits)) {
    const hit = hits[i]!;
    let list = hit.candidates.filter((c) => byId.has(c.id));
    if (!list.length) continue;
    const narrowedBy: string[] = [];
    const apply = (keep: (c: HitCandidate, t: AllocationTarget) => boolean, rule: string) => {
      const n = narrow(list, (c) => keep(c, byId.get(c.id)!));
      list = [...n.list];
      if (n.narrowed) narrowedBy.push(rule);
    };
    if (hit.gunTank !== undefined) apply((_, t) => t.kind === hit.gunTank, `rule 8: a Gun Tank roll of 5–6 sends it to a ${hit.gunTank}`);
    if (hit.priority !== undefined) {
      const asPriority = (t: AllocationTarget) =>
        t.type === hit.priority || (t.manPacked && hit.fp !== null && hit.fp >= 5 && (hit.priority === "infantry" || hit.priority === "gun"));
      apply((_, t) => asPriority(t), `rule 6: the firer's priority target is ${hit.priority}`);
    }
    const mixed = list.some((c) => byId.get(c.id)!.armoured) && list.some((c) => !byId.get(c.id)!.armoured);
    if (mixed && ats.size > 1) {
      const toArmour = atOf(hit) === topAt;
      apply(
        (_, t) => t.armoured === toArmour,
        toArmour ? "rule 7: hits of the higher-AT weapon go to the armoured vehicles" : "rule 7: hits of lower-AT weapons go to the other models",
      );
    }
    const key = (c: HitCandidate): number[] => {
      const t = byId.get(c.id)!;
      return [
        total.get(c.id) ?? 0,
        t.inoperative ? 1 : 0,
        c.goneToGround ? 1 : 0,
        c.far ? 1 : 0,
        perWeapon.get(`${hit.weapon}>${c.id}`) ?? 0,
        t.vehicle ? (t.armoured ? 1 + (c.armour ?? 0) : 0) : 0,
      ];
    };
    const ranked = [...list].sort((a, b) => compare(key(a), key(b)));
    const chosen = ranked[0]!;
    const runnerUp = ranked[1];
    const decidedAt = runnerUp ? key(chosen).findIndex((v, k) => v !== key(runnerUp)[k]) : -1;
    const decidedBy = decidedAt >= 0 ? KEY_RULES[decidedAt] : undefined;
    const reasons = [...narrowedBy, ...(decidedBy ? [decidedBy] : []), ...(ranked.length === 1 && !narrowedBy.length ? ["the only valid target"] : [])];
    total.set(chosen.id, (total.get(chosen.id) ?? 0) + 1);
    perWeapon.set(`${hit.weapon}>${chosen.id}`, (perWeapon.get(`${hit.weapon}>${chosen.id}`) ?? 0) + 1);
    result.push({ hit: i, model: chosen.id, ruling: { reason: reasons.join("; ") || "equal by every rule: the owner's choice", rule: "§3" } });
  }
  return result;
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k]! - b[k]!;
  return 0;
}
