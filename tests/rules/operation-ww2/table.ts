/**
 * A table to judge shots on: a real sight world (Rapier) built from a scenario, the rules' context over
 * it, and the sight and template questions answered by the engine, as a fire panel would.
 */
import { readFileSync } from "node:fs";
import type { ModelStatus } from "../../../src/core/game/state";
import { MODEL_CATALOG } from "../../../src/core/miniatures/shipped";
import type { ModelCatalog } from "../../../src/core/modelDefinition";
import { formatIssues, parseScenarioJson } from "../../../src/core/scenario/load";
import type { Scenario } from "../../../src/core/scenario/schema";
import { tableContext } from "../../../src/rules/context";
import { judgeFire } from "../../../src/rules/judge";
import { type Ow2Context, type Ow2FireDeclaration, type Ow2FireVerdict, operationWw2 } from "../../../src/rules/operation-ww2";
import type { Ow2Options } from "../../../src/rules/operation-ww2/options";
import type { Ow2GameState } from "../../../src/rules/operation-ww2/types";
import type { SightRequest, TemplateGeometry } from "../../../src/rules/ruleset";
import { sightReport } from "../../../src/sight/lineOfSight";
import { createSightWorld, type SightWorld } from "../../../src/sight/sightWorld";
import { modelsUnderTemplate } from "../../../src/sight/templates";
import { TEST_CATALOG } from "../../helpers/scene";

export interface Table {
  readonly world: SightWorld;
  readonly ctx: Ow2Context;
  readonly sight: (r: SightRequest) => ReturnType<typeof sightReport>;
  readonly geometry: TemplateGeometry;
  judge(declaration: Ow2FireDeclaration): Ow2FireVerdict;
}

export interface TableSetup {
  readonly options?: Partial<Ow2Options>;
  /** Model status as the game state has it (pinned, markers). */
  readonly status?: Readonly<Record<string, ModelStatus>>;
  readonly game?: Ow2GameState;
  readonly night?: boolean;
  readonly turn?: number;
}

export async function tableFor(scenario: Scenario, setup: TableSetup = {}, catalog: ModelCatalog = TEST_CATALOG): Promise<Table> {
  const world = await createSightWorld(scenario, catalog);
  const ctx = operationWw2.createContext(
    tableContext(world.battlefield, { night: setup.night ?? false, turn: setup.turn ?? 2, ...(setup.status ? { status: setup.status } : {}) }),
    {
      options: setup.options ?? {},
      ...(setup.game ? { game: setup.game } : {}),
    },
  );
  const sight = (r: SightRequest) => sightReport(world, r.shooter, r.target, r.weapon ? { weapon: r.weapon } : {});
  const geometry: TemplateGeometry = { modelsUnder: (p) => modelsUnderTemplate(world, p), table: scenario.table };
  return { world, ctx, sight, geometry, judge: (d) => judgeFire(operationWw2, d, ctx, sight) };
}

export function loadScenario(name: string): Scenario {
  const result = parseScenarioJson(readFileSync(`src/scenarios/${name}.json`, "utf8"), MODEL_CATALOG);
  if (!result.ok) throw new Error(`src/scenarios/${name}.json is invalid:\n${formatIssues(result.issues)}`);
  return result.scenario;
}
