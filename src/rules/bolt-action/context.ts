/**
 * Everything Bolt Action's functions read besides the sight reports: the table (RulesContext), the options,
 * the tables, and the game state the table does not show (order dice, pins).
 */
import { sampleTablesOf } from "../tableFiles";
import type { RulesContext } from "../context";
import type { SampleTable } from "../ruleset";
import { DEFAULT_OPTIONS, type BaOptions } from "./options";
import { BA_TABLES, type BaTableData, type BaTables, type TableId } from "./tables";
import type { BaGameState, BaUnitState } from "./types";

export interface BaContext extends RulesContext {
  readonly options: BaOptions;
  readonly tables: BaTableData;
  /** The tables in use that are sample data (shipped stand-ins, or loaded files marked sample). */
  readonly sampleTables: Readonly<Partial<Record<TableId, SampleTable>>>;
  readonly game: BaGameState;
}

export interface BaSetup {
  readonly options?: Partial<BaOptions>;
  readonly tables?: BaTables;
  readonly game?: BaGameState;
}

export function baContext(table: RulesContext, setup: BaSetup = {}): BaContext {
  const tables = setup.tables ?? BA_TABLES;
  const sampleTables = sampleTablesOf(tables.specs);
  return { ...table, options: { ...DEFAULT_OPTIONS, ...setup.options }, tables: tables.data, sampleTables, game: setup.game ?? {} };
}

/** `{ sample }` when table `id` is sample data, else nothing: for spreading into a Ruling or a RolledDie. */
export const sampleMark = (ctx: BaContext, id: TableId): { sample?: SampleTable } => {
  const sample = ctx.sampleTables[id];
  return sample ? { sample } : {};
};

export const unitState = (ctx: BaContext, unitId: string): BaUnitState => ctx.game.units?.[unitId] ?? {};
export const pinsOn = (ctx: BaContext, unitId: string): number => unitState(ctx, unitId).pins ?? 0;
