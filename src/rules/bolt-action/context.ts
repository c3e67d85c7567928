/**
 * Everything Bolt Action's functions read besides the sight reports: the table (RulesContext), the options,
 * the tables, and the game state the table does not show (order dice, pins).
 */
import { footprintDistance } from "../../core/footprint";
import { modelsNamed, type RulesContext } from "../context";
import { type SystemContext, type SystemSetup, systemContext } from "../systemContext";
import { type BaOptions, DEFAULT_OPTIONS } from "./options";
import { BA_TABLES, type BaTableData, type TableId } from "./tables";
import type { BaGameState, BaUnitState } from "./types";

export type BaContext = SystemContext<BaOptions, BaTableData, TableId, BaGameState>;
export type BaSetup = SystemSetup<BaOptions, BaTableData, BaGameState>;

export const baContext = (table: RulesContext, setup: BaSetup = {}): BaContext => systemContext(table, { options: DEFAULT_OPTIONS, tables: BA_TABLES }, setup);

export { sampleMark } from "../systemContext";

export const unitState = (ctx: BaContext, unitId: string): BaUnitState => ctx.game.units?.[unitId] ?? {};
export const pinsOn = (ctx: BaContext, unitId: string): number => unitState(ctx, unitId).pins ?? 0;

/** The gap (cm) between the nearest models of two units. */
export function unitGap(ctx: BaContext, a: string, b: string): number {
  return Math.min(...modelsNamed(ctx, a).flatMap((x) => modelsNamed(ctx, b).map((y) => footprintDistance(x.footprint, y.footprint))));
}
