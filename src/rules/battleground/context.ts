/**
 * Everything Battleground WWII's functions read besides the sight reports: the table (RulesContext), the
 * options, the tables, and the game state the table does not show.
 */
import type { ModelFacts, RulesContext } from "../context";
import { type SystemContext, type SystemSetup, systemContext } from "../systemContext";
import { type BgOptions, DEFAULT_OPTIONS } from "./options";
import { BG_TABLES, type BgTableData, type TableId } from "./tables";
import type { BgGameState, BgModelState } from "./types";

export type BgContext = SystemContext<BgOptions, BgTableData, TableId, BgGameState>;
export type BgSetup = SystemSetup<BgOptions, BgTableData, BgGameState>;

export const bgContext = (table: RulesContext, setup: BgSetup = {}): BgContext => systemContext(table, { options: DEFAULT_OPTIONS, tables: BG_TABLES }, setup);

export { sampleMark } from "../systemContext";

export const modelState = (ctx: BgContext, id: string): BgModelState => ctx.game.models?.[id] ?? {};

/** A base this close to its enemy (cm) is in contact (close combat, a charge's reach): the charge move put it there. */
export const CONTACT = 0.5;

/** Markers the rules leave on a model (game state markers). */
export const MARKERS = {
  suppressed: "suppressed",
  wounded: "wounded",
  immobilised: "immobilised (to the end of the game)",
  bogged: "bogged down",
  abandoned: "abandoned by its crew",
  jammed: (weapon: string) => `jammed: ${weapon}`,
  weaponDestroyed: (weapon: string) => `weapon destroyed: ${weapon}`,
} as const;

export const hasMarker = (m: ModelFacts, marker: string): boolean => m.markers.includes(marker);
