/**
 * Reading the sheet's tables: the Hit Effects Table by impact and d20 (§10), the AP range modifier (§6.1),
 * the misfire (§3.7) and survival (§7) rows, and the strength of an HE ring (§4.3).
 */
import { cmToInches } from "../../core/units";
import type { BgContext } from "./context";
import type { HitEffect, Weapon } from "./tables";
import { INCH_EPSILON } from "./toHit";

export type TableHalf = "vehicles" | "infantry";

export interface EffectLookup {
  /** The impact row read (clamped onto the table). */
  readonly row: number;
  /** Column 1–5 of the sheet, left to right. */
  readonly column: number;
  readonly effect: HitEffect;
  /** The impact was above the table and the option makes that destroy outright. */
  readonly beyondTable: boolean;
}

/** The row of the table an impact reads: clamped onto it, or beyond it when the option makes that destroy outright. */
function effectRow(ctx: BgContext, half: TableHalf, impact: number) {
  const rows = ctx.tables["hit-effects"][half];
  const first = rows[0]!.impact;
  const last = rows[rows.length - 1]!.impact;
  const beyondTable = impact > last && ctx.options.impactAbove20 === "destroys";
  const row = beyondTable ? last : Math.min(Math.max(Math.floor(impact), first), last);
  return { row, cells: rows[row - first]!.columns, beyondTable };
}

export function hitEffect(ctx: BgContext, half: TableHalf, impact: number, d20: number): EffectLookup {
  const columns = ctx.tables["effect-columns"][half];
  const { row, cells, beyondTable } = effectRow(ctx, half, impact);
  if (beyondTable) return { row, column: 1, effect: columns[0]!, beyondTable: true };
  const column = cells.findIndex((c) => c !== null && d20 >= c[0] && d20 <= c[1]);
  if (column < 0) throw new Error(`the hit effects table has no column for impact ${row}, d20 ${d20}`);
  return { row, column: column + 1, effect: columns[column]!, beyondTable: false };
}

/** Whether every d20 at `impact` reads no effect: the row's only result is the table's no-effect column (§10). */
export function onlyNoEffect(ctx: BgContext, half: TableHalf, impact: number): boolean {
  const { cells, beyondTable } = effectRow(ctx, half, impact);
  const columns = ctx.tables["effect-columns"][half];
  return !beyondTable && cells.every((c, i) => c === null || columns[i] === "no-effect");
}

/** Critical hits (§3.6): a Major +10 or a Minor +5 on the impact; rifles and machine weapons score none. */
export const CRITICAL_BONUS = { major: 10, minor: 5 } as const;
export const scoresCriticals = (weapon: Weapon): boolean => !["rifle", "smg", "machine-gun"].includes(weapon.kind);

/** The AP modifier at a range (cm) for an AP class; null is the sheet's NO; undefined: beyond the table. */
export function apRangeModifier(ctx: BgContext, ap: number, range: number): { value: number | null; band?: number; label: string } | undefined {
  const t = ctx.tables["ap-range"];
  const column = t.classes.findIndex((c) => c.upTo === null || ap <= c.upTo);
  const inches = cmToInches(range);
  const row = t.rows.find((r) => inches <= r.upTo + INCH_EPSILON);
  if (!row) return undefined;
  return { value: row.modifiers[column] ?? null, band: row.upTo, label: t.classes[column]!.label };
}

export const misfireResult = (ctx: BgContext, d20: number) => ctx.tables.misfire.find((r) => d20 >= r.rolls[0] && d20 <= r.rolls[1])!.result;
export const survivalResult = (ctx: BgContext, d20: number) => ctx.tables.survival.find((r) => d20 >= r.rolls[0] && d20 <= r.rolls[1])!.result;

/** The strength offset of ring `ring` (0 innermost); beyond the printed rings a ring has no strength. */
export const ringOffset = (ctx: BgContext, ring: number): number | undefined => ctx.tables["he-rings"].offsets[ring];
