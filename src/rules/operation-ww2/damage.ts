/**
 * The damage roll (§6.4–§6.5, §6.13, §6.15): a d10 per hit on the damage table's small arms or heavy
 * weapons section, in the target's column, and for infantry the owner's allocation of the results.
 */
import type { ModelFacts } from "../context";
import { isV1, type Ow2Context } from "./context";
import type { DamageSection, InfantryResult, VehicleEffect } from "./tables";
import { type CoverClass, coverRank, type TargetType } from "./types";

/** Modified rolls off the table read its first or last row (INFERRED: the source prints only 1–10). */
const clampRoll = (roll: number): number => Math.min(10, Math.max(1, roll));

function rowAt<R>(rows: ReadonlyArray<{ rolls: readonly [number, number]; result: R }>, roll: number): R {
  const row = rows.find((r) => roll >= r.rolls[0] && roll <= r.rolls[1]);
  if (!row) throw new Error(`no table row for a roll of ${roll}`);
  return row.result;
}

export function infantryDamage(ctx: Ow2Context, section: DamageSection, roll: number): InfantryResult {
  return rowAt(ctx.tables.damage[section].infantry, clampRoll(roll));
}

/** A vehicle or gun column's result; in v2.0 the heavy weapons section reads the v2.0 rows first (§6.15). */
export function vehicleDamage(ctx: Ow2Context, section: DamageSection, column: Exclude<TargetType, "infantry">, roll: number): readonly VehicleEffect[] {
  const r = clampRoll(roll);
  if (section === "heavy-weapons" && !isV1(ctx)) {
    const row = ctx.tables["heavy-weapons-v2"].rows.find((x) => x.roll === r && x.columns.includes(column));
    if (row) return row.result;
  }
  return rowAt(ctx.tables.damage[section][column], r);
}

/** What an infantry result does to a model in the given cover (§6.5). */
export function infantryEffect(result: InfantryResult, cover: CoverClass): "killed" | "pinned" | "no-effect" {
  switch (result) {
    case "no-effect":
    case "pinned":
    case "killed":
      return result;
    case "pinned-if-cover":
      return coverRank(cover) >= coverRank("light") ? "pinned" : "killed";
    case "pinned-if-medium-cover":
      return coverRank(cover) >= coverRank("medium") ? "pinned" : "killed";
    case "pinned-if-heavy-cover":
      return cover === "heavy" ? "pinned" : "killed";
  }
}

export interface Allocation {
  readonly model: string;
  readonly effect: "killed" | "pinned";
}

/**
 * The owner allocates results worst first, standing models first; each model takes one result, pinned
 * results fall only on standing models, and what finds no model is lost (§6.5). `models` is in the owner's
 * order of preference.
 */
export function allocate(
  effects: ReadonlyArray<"killed" | "pinned" | "no-effect">,
  models: readonly ModelFacts[],
): { allocations: Allocation[]; lost: number } {
  const standing = models.filter((m) => !m.pinned);
  const down = models.filter((m) => m.pinned);
  const killed = effects.filter((e) => e === "killed").length;
  const pinned = effects.filter((e) => e === "pinned").length;
  const victims = [...standing, ...down].slice(0, killed);
  const stillStanding = standing.filter((m) => !victims.includes(m)).slice(0, pinned);
  return {
    allocations: [
      ...victims.map((m) => ({ model: m.id, effect: "killed" as const })),
      ...stillStanding.map((m) => ({ model: m.id, effect: "pinned" as const })),
    ],
    lost: killed - victims.length + pinned - stillStanding.length,
  };
}
