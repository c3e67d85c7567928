/**
 * Everything Operation WW2's functions read besides the sight reports: the table (RulesContext), the
 * options, the tables, and the game state the table does not show (orders, exposed crews…).
 */
import { sampleTablesOf } from "../tableFiles";
import type { RulesContext } from "../context";
import type { SampleTable } from "../ruleset";
import { DEFAULT_OPTIONS, type Ow2Options } from "./options";
import { OW2_TABLES, type Ow2TableData, type Ow2Tables, type TableId } from "./tables";
import type { Ow2GameState, Ow2ModelState, Ow2UnitState } from "./types";

export interface Ow2Context extends RulesContext {
  readonly options: Ow2Options;
  readonly tables: Ow2TableData;
  /** The tables in use that are sample data (shipped stand-ins, or loaded files marked sample). */
  readonly sampleTables: Readonly<Partial<Record<TableId, SampleTable>>>;
  readonly game: Ow2GameState;
}

export interface Ow2Setup {
  readonly options?: Partial<Ow2Options>;
  /** Tables from loadOw2Tables (the shipped ones by default). */
  readonly tables?: Ow2Tables;
  readonly game?: Ow2GameState;
}

export function ow2Context(table: RulesContext, setup: Ow2Setup = {}): Ow2Context {
  const tables = setup.tables ?? OW2_TABLES;
  const sampleTables = sampleTablesOf(tables.specs);
  return { ...table, options: { ...DEFAULT_OPTIONS, ...setup.options }, tables: tables.data, sampleTables, game: setup.game ?? {} };
}

/** The sample table `id`, when the game uses sample data for it: the mark every value read from it carries. */
export const sampleOf = (ctx: Ow2Context, id: TableId): SampleTable | undefined => ctx.sampleTables[id];

/** `{ sample }` when table `id` is sample data, else nothing: for spreading into a Ruling or a RolledDie. */
export const sampleMark = (ctx: Ow2Context, id: TableId): { sample?: SampleTable } => {
  const sample = sampleOf(ctx, id);
  return sample ? { sample } : {};
};

export const unitState = (ctx: Ow2Context, unitId: string): Ow2UnitState => ctx.game.units?.[unitId] ?? {};
export const modelState = (ctx: Ow2Context, modelId: string): Ow2ModelState => ctx.game.models?.[modelId] ?? {};
export const isV1 = (ctx: Ow2Context): boolean => ctx.options.version === "v1";
