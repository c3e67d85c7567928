/**
 * Everything Operation WW2's functions read besides the sight reports: the table (RulesContext), the
 * options, the tables, and the game state the table does not show (orders, exposed crews…).
 */
import type { RulesContext } from "../context";
import type { SampleTable } from "../ruleset";
import { type SystemContext, type SystemSetup, sampleMark, systemContext } from "../systemContext";
import { DEFAULT_OPTIONS, type Ow2Options } from "./options";
import { OW2_TABLES, type Ow2TableData, type TableId } from "./tables";
import type { Ow2GameState, Ow2ModelState, Ow2UnitState } from "./types";

export type Ow2Context = SystemContext<Ow2Options, Ow2TableData, TableId, Ow2GameState>;
export type Ow2Setup = SystemSetup<Ow2Options, Ow2TableData, Ow2GameState>;

export const ow2Context = (table: RulesContext, setup: Ow2Setup = {}): Ow2Context =>
  systemContext(table, { options: DEFAULT_OPTIONS, tables: OW2_TABLES }, setup);

/** The sample table `id`, when the game uses sample data for it: the mark every value read from it carries. */
export const sampleOf = (ctx: Ow2Context, id: TableId): SampleTable | undefined => ctx.sampleTables[id];

export { sampleMark };

export const unitState = (ctx: Ow2Context, unitId: string): Ow2UnitState => ctx.game.units?.[unitId] ?? {};
export const modelState = (ctx: Ow2Context, modelId: string): Ow2ModelState => ctx.game.models?.[modelId] ?? {};
export const isV1 = (ctx: Ow2Context): boolean => ctx.options.version === "v1";
