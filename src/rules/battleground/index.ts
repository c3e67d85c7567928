/**
 * Battleground WWII (the Polish quick-reference sheet) as a Ruleset: the digest /shared/rules/battleground-ww2.md
 * turned into data (tables/) and pure functions. A d20 roll-under system: ShotVerdict.need and RolledDie.need
 * are the highest passing roll (`under`). See docs/rules-coverage.md for what is implemented.
 */
import { type RulesContext, requireModel } from "../context";
import type { Ruleset } from "../ruleset";
import { BG_ACTIONS, due, takeAction } from "./actions";
import { type BgContext, bgContext } from "./context";
import { type BgFireVerdict, fireVerdict, sightRequests } from "./fire";
import { gameState, situation } from "./gameState";
import { BG_MISSION_SETUP } from "./missionSetup";
import { moveVerdict } from "./moveVerdict";
import { OPTION_SPECS, parseOptions } from "./options";
import { weaponIds } from "./profiles";
import { DECLARATION, MARKS } from "./questions";
import { resolveFire } from "./resolve";
import { BG_TABLES, type BgTables, loadBgTables, RULESET_ID } from "./tables";
import { BG_TURN } from "./turn";
import { type BgFireDeclaration, type BgGameState, VERSIONS } from "./types";
import { BG_UNIT_PRESETS } from "./unitPresets";
import { losVerdict } from "./verdict";

function createContext(table: RulesContext, setup: { options?: Readonly<Record<string, unknown>>; tables?: BgTables; game?: BgGameState } = {}): BgContext {
  const options = parseOptions(setup.options);
  if (!options.ok) throw new Error(`Battleground WWII options: ${options.errors.join("; ")}`);
  return bgContext(table, {
    options: options.options,
    ...(setup.tables ? { tables: setup.tables } : {}),
    ...(setup.game ? { game: setup.game } : {}),
  });
}

export const battleground: Ruleset<BgFireDeclaration, BgContext, BgFireVerdict, BgTables, BgGameState> = {
  id: RULESET_ID,
  name: "Battleground WWII",
  versions: VERSIONS,
  lengthUnit: "in",
  die: 20,
  options: OPTION_SPECS,
  tables: BG_TABLES.specs,
  unitPresets: BG_UNIT_PRESETS,
  missionSetup: BG_MISSION_SETUP,
  declaration: DECLARATION,
  marks: MARKS,
  loadTables: loadBgTables,
  gameState,
  createContext,
  situation,
  losVerdict: (report, context) => losVerdict(report, context),
  weaponsOf: (model, context) => weaponIds(context, requireModel(context, model)),
  sightRequests,
  fireVerdict,
  resolveFire: (_declaration, verdict, dice, context, geometry) => resolveFire(verdict, dice, context, geometry),
  turn: BG_TURN,
  moveVerdict,
  actions: { actions: BG_ACTIONS, takeAction, due },
};

export { type BgContext, bgContext } from "./context";
export type { BgFirer, BgFireVerdict, BgShot } from "./fire";
export type { BgOptions } from "./options";
export type { BgTables } from "./tables";
export type * from "./types";
