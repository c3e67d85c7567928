/**
 * Bolt Action as a Ruleset: the Greek rules summary (digest ../shared/rules/bolt-action.md) turned into data
 * (tables/) and pure functions. See docs/rules-coverage.md for what is source, common practice and sample.
 */
import { type RulesContext, requireModel } from "../context";
import { parseOptionValues } from "../optionValues";
import type { Ruleset } from "../ruleset";
import { type BaContext, baContext } from "./context";
import { fireVerdict, sightRequests } from "./fire";
import { BA_MISSION_SETUP } from "./missionSetup";
import { dueMoraleChecks, MORALE_CHECK, takeMoraleCheck } from "./morale";
import { moveVerdict } from "./movement";
import { DEFAULT_OPTIONS, OPTION_SPECS } from "./options";
import { giveOrder, orderSpecs } from "./orders";
import { weaponIds } from "./profiles";
import { RECCE_ESCAPE, takeRecceEscape } from "./recceEscape";
import { resolveFire } from "./resolve";
import { scriptedOrders } from "./scriptedOrders";
import { lineRuling } from "./sight";
import { DECLARATION, gameState, situation } from "./state";
import { BA_TABLES, type BaTables, loadBaTables } from "./tables";
import { BA_TURN } from "./turn";
import { type BaFireDeclaration, type BaGameState, RULESET_ID, VERSIONS } from "./types";
import { BA_UNIT_FIELDS } from "./unitFields";
import { BA_UNIT_PRESETS } from "./unitPresets";
import type { BaFireVerdict } from "./verdict";

function createContext(table: RulesContext, setup: { options?: Readonly<Record<string, unknown>>; tables?: BaTables; game?: BaGameState } = {}): BaContext {
  const options = parseOptionValues(OPTION_SPECS, DEFAULT_OPTIONS, setup.options);
  if (!options.ok) throw new Error(`Bolt Action options: ${options.errors.join("; ")}`);
  return baContext(table, {
    options: options.options,
    ...(setup.tables ? { tables: setup.tables } : {}),
    ...(setup.game ? { game: setup.game } : {}),
  });
}

export const boltAction: Ruleset<BaFireDeclaration, BaContext, BaFireVerdict, BaTables, BaGameState> = {
  id: RULESET_ID,
  name: "Bolt Action",
  versions: VERSIONS,
  lengthUnit: "in",
  die: 6,
  options: OPTION_SPECS,
  tables: BA_TABLES.specs,
  unitPresets: BA_UNIT_PRESETS,
  missionSetup: BA_MISSION_SETUP,
  declaration: DECLARATION,
  marks: [],
  unitFields: BA_UNIT_FIELDS,
  loadTables: loadBaTables,
  gameState,
  createContext,
  situation,
  losVerdict(report, context, declaration) {
    const line = lineRuling(context, report);
    return {
      ruleset: RULESET_ID,
      shooter: report.shooter,
      target: report.target,
      ...(declaration?.weapon ? { weapon: declaration.weapon } : {}),
      canSee: line.canSee,
      cover: { class: line.cover, sources: line.coverSources },
      modifiers: [],
      rulings: [...line.rulings, ...line.coverSources],
    };
  },
  weaponsOf: (model, context) => weaponIds(context, requireModel(context, model)),
  sightRequests,
  fireVerdict,
  resolveFire: (_declaration, verdict, dice, context, geometry) => resolveFire(verdict, dice, context, geometry),
  turn: BA_TURN,
  moveVerdict,
  orders: {
    orders: orderSpecs({ tables: BA_TABLES.data }),
    giveOrder,
    scripted: scriptedOrders,
  },
  actions: {
    actions: [MORALE_CHECK, RECCE_ESCAPE],
    takeAction: (request, dice, context) =>
      request.action === RECCE_ESCAPE.id ? takeRecceEscape(request, dice, context) : takeMoraleCheck(request, dice, context),
    due: dueMoraleChecks,
  },
};

export { type BaContext, baContext } from "./context";
export type { BaOptions } from "./options";
export type { BaTables } from "./tables";
export type * from "./types";
export type { BaFirer, BaFireVerdict } from "./verdict";
