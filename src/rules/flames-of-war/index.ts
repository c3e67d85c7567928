/**
 * Flames of War (the 2015 Polish digest of the rulebook, shooting and hit effects) as a Ruleset: the digest
 * /shared/rules/flames-of-war.md turned into data (tables/) and pure functions. See docs/rules-coverage.md.
 */
import { type RulesContext, requireModel } from "../context";
import type { Ruleset } from "../ruleset";
import { FOW_ACTION_SYSTEM } from "./actions";
import { type FowContext, fowContext, teamOf } from "./context";
import { sourcePair } from "./distances";
import { type FowFireVerdict, fireVerdict, sightRequests } from "./fire";
import { FOW_MISSION_SETUP } from "./missionSetup";
import { moveVerdict } from "./movement";
import { OPTION_SPECS, parseOptions } from "./options";
import { resolveFire } from "./resolve";
import { DECLARATION, declaredTurn, gameState, MARKS, situation } from "./state";
import { FOW_TABLES, type FowTables, loadFowTables } from "./tables";
import { FOW_TURN } from "./turn";
import { type FowFireDeclaration, type FowGameState, RULESET_ID } from "./types";
import { FOW_UNIT_PRESETS } from "./unitPresets";
import { losVerdict } from "./verdict";

function createContext(table: RulesContext, setup: { options?: Readonly<Record<string, unknown>>; tables?: FowTables; game?: FowGameState } = {}): FowContext {
  const options = parseOptions(setup.options);
  if (!options.ok) throw new Error(`Flames of War options: ${options.errors.join("; ")}`);
  return fowContext(table, {
    options: options.options,
    ...(setup.tables ? { tables: setup.tables } : {}),
    ...(setup.game ? { game: setup.game } : {}),
  });
}

export const flamesOfWar: Ruleset<FowFireDeclaration, FowContext, FowFireVerdict, FowTables, FowGameState> = {
  id: RULESET_ID,
  name: "Flames of War",
  versions: ["2015"],
  lengthUnit: "in",
  die: 6,
  defaultScale: "15mm",
  formatDistance: sourcePair,
  options: OPTION_SPECS,
  tables: FOW_TABLES.specs,
  unitPresets: FOW_UNIT_PRESETS,
  missionSetup: FOW_MISSION_SETUP,
  declaration: DECLARATION,
  marks: MARKS,
  loadTables: loadFowTables,
  gameState,
  createContext,
  situation,
  losVerdict,
  weaponsOf: (model, context) => Object.keys(teamOf(context, requireModel(context, model)).weapons),
  // What the player answered about this turn stands over what the log says, for the verdict and the roll alike.
  sightRequests: (declaration, context) => sightRequests(declaration, declaredTurn(declaration, context)),
  fireVerdict: (declaration, reports, context) => fireVerdict(declaration, reports, declaredTurn(declaration, context)),
  resolveFire: (declaration, verdict, dice, context) => resolveFire(declaration, verdict, dice, declaredTurn(declaration, context)),
  turn: FOW_TURN,
  moveVerdict,
  actions: FOW_ACTION_SYSTEM,
};

export { type FowContext, fowContext } from "./context";
export type { FowFirerVerdict, FowFireVerdict, FowLine } from "./fire";
export type { FowOptions } from "./options";
export type { FowTables } from "./tables";
export type * from "./types";
