/**
 * Everything Operation WW2's functions read besides the sight reports: the table (RulesContext), the
 * options, the tables, and the game state the table does not show (orders, exposed crews…).
 */
import type { RulesContext } from "../context";
import { DEFAULT_OPTIONS, type Ow2Options } from "./options";
import { OW2_TABLES, type Ow2TableData, type Ow2Tables } from "./tables";
import type { Ow2GameState, Ow2ModelState, Ow2UnitState } from "./types";

export interface Ow2Context extends RulesContext {
  readonly options: Ow2Options;
  readonly tables: Ow2TableData;
  readonly game: Ow2GameState;
}

export interface Ow2Setup {
  readonly options?: Partial<Ow2Options>;
  /** Tables from loadOw2Tables (the shipped ones by default). */
  readonly tables?: Ow2Tables;
  readonly game?: Ow2GameState;
}

export function ow2Context(table: RulesContext, setup: Ow2Setup = {}): Ow2Context {
  return { ...table, options: { ...DEFAULT_OPTIONS, ...setup.options }, tables: (setup.tables ?? OW2_TABLES).data, game: setup.game ?? {} };
}

export const unitState = (ctx: Ow2Context, unitId: string): Ow2UnitState => ctx.game.units?.[unitId] ?? {};
export const modelState = (ctx: Ow2Context, modelId: string): Ow2ModelState => ctx.game.models?.[modelId] ?? {};
export const isV1 = (ctx: Ow2Context): boolean => ctx.options.version === "v1";
