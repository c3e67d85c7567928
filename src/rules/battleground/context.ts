/**
 * Everything Battleground WWII's functions read besides the sight reports: the table (RulesContext), the
 * options, the tables, and the game state the table does not show.
 */
import { sampleTablesOf } from "../tableFiles";
import type { ModelFacts, RulesContext } from "../context";
import type { SampleTable } from "../ruleset";
import { DEFAULT_OPTIONS, type BgOptions } from "./options";
import { BG_TABLES, type BgTableData, type BgTables, type TableId } from "./tables";
import type { BgGameState, BgModelState } from "./types";

export interface BgContext extends RulesContext {
  readonly options: BgOptions;
  readonly tables: BgTableData;
  /** The tables in use that are sample data (shipped stand-ins, or loaded files marked sample). */
  readonly sampleTables: Readonly<Partial<Record<TableId, SampleTable>>>;
  readonly game: BgGameState;
}

export interface BgSetup {
  readonly options?: Partial<BgOptions>;
  readonly tables?: BgTables;
  readonly game?: BgGameState;
}

export function bgContext(table: RulesContext, setup: BgSetup = {}): BgContext {
  const tables = setup.tables ?? BG_TABLES;
  const sampleTables = sampleTablesOf(tables.specs);
  return { ...table, options: { ...DEFAULT_OPTIONS, ...setup.options }, tables: tables.data, sampleTables, game: setup.game ?? {} };
}

/** `{ sample }` when table `id` is sample data, else nothing: for spreading into a Ruling or a RolledDie. */
export const sampleMark = (ctx: BgContext, id: TableId): { sample?: SampleTable } => {
  const sample = ctx.sampleTables[id];
  return sample ? { sample } : {};
};

export const modelState = (ctx: BgContext, id: string): BgModelState => ctx.game.models?.[id] ?? {};

/** Markers the rules leave on a model (game state markers). */
export const MARKERS = {
  suppressed: "suppressed",
  wounded: "wounded",
  immobilised: "immobilised (to the end of the game)",
  bogged: "bogged down",
  jammed: (weapon: string) => `jammed: ${weapon}`,
  weaponDestroyed: (weapon: string) => `weapon destroyed: ${weapon}`,
} as const;

export const hasMarker = (m: ModelFacts, marker: string): boolean => m.markers.includes(marker);
