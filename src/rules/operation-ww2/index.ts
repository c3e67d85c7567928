/**
 * Operation WW2 (v2.0 by default, v1 selectable) as a Ruleset: the digest /shared/rules/operation-ww2.md
 * turned into data (tables/) and pure functions. See docs/rules-coverage.md for what is implemented.
 */
import { type RulesContext, requireModel } from "../context";
import type { FlameTemplate, Ruleset } from "../ruleset";
import { OW2_ACTIONS } from "./actions";
import { type Ow2Context, ow2Context } from "./context";
import { fireVerdict, type Ow2FireVerdict, sightRequests } from "./fire";
import { OW2_MISSION_SETUP } from "./missionSetup";
import { moveVerdict } from "./movement";
import { OPTION_SPECS, parseOptions } from "./options";
import { weaponIds } from "./profiles";
import { resolveFire } from "./resolve";
import { DECLARATION, declaredOrders, gameState, situation } from "./state";
import { loadOw2Tables, OW2_TABLES, type Ow2Tables, RULESET_ID } from "./tables";
import { OWW2_TURN } from "./turn";
import { type Ow2FireDeclaration, type Ow2GameState, VERSIONS } from "./types";
import { OW2_UNIT_PRESETS } from "./unitPresets";
import { losVerdict } from "./verdict";

function createContext(table: RulesContext, setup: { options?: Readonly<Record<string, unknown>>; tables?: Ow2Tables; game?: Ow2GameState } = {}): Ow2Context {
  const options = parseOptions(setup.options);
  if (!options.ok) throw new Error(`Operation WW2 options: ${options.errors.join("; ")}`);
  return ow2Context(table, {
    options: options.options,
    ...(setup.tables ? { tables: setup.tables } : {}),
    ...(setup.game ? { game: setup.game } : {}),
  });
}

/** T(L) in v1, L(12) and L(24) in v2.0 (§8.6). */
function flameTemplates(tables: Ow2Tables, version: string): FlameTemplate[] {
  const table = tables.data["flamethrower-templates"];
  const sample = tables.specs.find((s) => s.id === "flamethrower-templates")?.sample ?? true;
  const ids = version === "v1" ? (["TL"] as const) : (["L12", "L24"] as const);
  return ids.flatMap((id) => (table[id] ? [{ id, ...table[id], sample }] : []));
}

export const operationWw2: Ruleset<Ow2FireDeclaration, Ow2Context, Ow2FireVerdict, Ow2Tables, Ow2GameState> = {
  id: RULESET_ID,
  name: "Operation WW2",
  versions: VERSIONS,
  lengthUnit: "cm",
  die: 10,
  options: OPTION_SPECS,
  tables: OW2_TABLES.specs,
  unitPresets: OW2_UNIT_PRESETS,
  missionSetup: OW2_MISSION_SETUP,
  declaration: DECLARATION,
  marks: [],
  loadTables: loadOw2Tables,
  gameState,
  createContext,
  situation,
  losVerdict: (report, context, declaration) => losVerdict(report, context, declaration),
  weaponsOf: (model, context) => weaponIds(context, requireModel(context, model)),
  // The declared orders (spotting state, exposed commanders) stand over the game state, for the verdict and the roll alike.
  sightRequests: (declaration, context) => sightRequests(declaration, declaredOrders(declaration, context)),
  fireVerdict: (declaration, reports, context) => fireVerdict(declaration, reports, declaredOrders(declaration, context)),
  resolveFire: (declaration, verdict, dice, context, geometry) => resolveFire(verdict, dice, declaredOrders(declaration, context), geometry),
  turn: OWW2_TURN,
  moveVerdict,
  flameTemplates,
  actions: OW2_ACTIONS,
};

export { type Ow2Context, ow2Context } from "./context";
export type { Firer, GroupShot, Ow2FireVerdict, TargetGroup, TargetLine } from "./fire";
export type { Ow2Options } from "./options";
export type { Ow2Tables } from "./tables";
export type * from "./types";
export type { Ow2Verdict } from "./verdict";
