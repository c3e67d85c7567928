/**
 * What every rule system's context holds besides the table (RulesContext): the game's options, the tables in
 * use with their sample marks, and the rule state the table does not show. Each system names its own types.
 */
import type { RulesContext } from "./context";
import type { SampleTable } from "./ruleset";
import { type LoadedTables, sampleTablesOf } from "./tableFiles";

export interface SystemContext<Options, TableData, TableId extends string, Game> extends RulesContext {
  readonly options: Options;
  readonly tables: TableData;
  /** The tables in use that are sample data (shipped stand-ins, or loaded files marked sample). */
  readonly sampleTables: Readonly<Partial<Record<TableId, SampleTable>>>;
  readonly game: Game;
}

export interface SystemSetup<Options, TableData, Game> {
  readonly options?: Partial<Options>;
  /** Tables from the system's loadTables (the shipped ones by default). */
  readonly tables?: LoadedTables<TableData>;
  readonly game?: Game;
}

/** The context of a system whose defaults are `defaults`, with the game's `setup` over them (no game state: `{}`). */
export function systemContext<Options, TableData, TableId extends string, Game extends object>(
  table: RulesContext,
  defaults: { readonly options: Options; readonly tables: LoadedTables<TableData> },
  setup: SystemSetup<Options, TableData, Game> = {},
): SystemContext<Options, TableData, TableId, Game> {
  const tables = setup.tables ?? defaults.tables;
  // The specs are the system's own, so their ids are its table ids.
  const sampleTables = sampleTablesOf(tables.specs) as Partial<Record<TableId, SampleTable>>;
  return { ...table, options: { ...defaults.options, ...setup.options }, tables: tables.data, sampleTables, game: setup.game ?? ({} as Game) };
}

/** `{ sample }` when table `id` is sample data, else nothing: for spreading into a Ruling or a RolledDie. */
export function sampleMark<TableId extends string>(
  ctx: { readonly sampleTables: Readonly<Partial<Record<TableId, SampleTable>>> },
  id: TableId,
): { sample?: SampleTable } {
  const sample = ctx.sampleTables[id];
  return sample ? { sample } : {};
}
