/**
 * A table to judge Battleground WWII actions on: a real sight world (Rapier) built from a scenario, the
 * rules' context over it, and the sight, template, surface and impact-line questions answered by the
 * engine, as the sight worker answers them.
 */

import type { Dice } from "../../../src/core/dice";
import type { ModelStatus } from "../../../src/core/game/state";
import type { Scenario } from "../../../src/core/scenario/schema";
import { type BgContext, type BgFireDeclaration, type BgFireVerdict, battleground } from "../../../src/rules/battleground";
import type { BgOptions } from "../../../src/rules/battleground/options";
import type { BgGameState } from "../../../src/rules/battleground/types";
import { tableContext } from "../../../src/rules/context";
import { judgeFire } from "../../../src/rules/judge";
import type { ActionRequest, ActionResult, FireResult, SightRequest, TemplateGeometry } from "../../../src/rules/ruleset";
import { sightReport } from "../../../src/sight/lineOfSight";
import { createSightWorld, type SightWorld } from "../../../src/sight/sightWorld";
import { linearObstaclesFrom, surfaceBelow } from "../../../src/sight/surface";
import { modelsUnderTemplate } from "../../../src/sight/templates";
import { type Placed, scenario, TEST_CATALOG } from "../../helpers/scene";

export interface BgTable {
  readonly world: SightWorld;
  readonly ctx: BgContext;
  readonly sight: (r: SightRequest) => ReturnType<typeof sightReport>;
  readonly geometry: TemplateGeometry;
  judge(declaration: BgFireDeclaration): BgFireVerdict;
  resolve(declaration: BgFireDeclaration, dice: Dice): FireResult;
  /** One of the system's own actions (Ruleset.actions), carried out on this table. */
  act(request: ActionRequest, dice: Dice): ActionResult;
}

export interface BgTableSetup {
  readonly options?: Partial<BgOptions>;
  readonly status?: Readonly<Record<string, ModelStatus>>;
  readonly game?: BgGameState;
}

export async function bgTableFor(s: Scenario, setup: BgTableSetup = {}): Promise<BgTable> {
  const world = await createSightWorld(s, TEST_CATALOG);
  const ctx = battleground.createContext(tableContext(world.battlefield, setup.status ? { status: setup.status } : {}), {
    options: setup.options ?? {},
    ...(setup.game ? { game: setup.game } : {}),
  });
  const sight = (r: SightRequest) => sightReport(world, r.shooter, r.target, r.weapon ? { weapon: r.weapon } : {});
  const geometry: TemplateGeometry = {
    modelsUnder: (p) => modelsUnderTemplate(world, p),
    table: s.table,
    surfaceBelow: (at) => surfaceBelow(world, at),
    linearObstaclesFrom: (at, model) => linearObstaclesFrom(world, at, model),
  };
  const judge = (d: BgFireDeclaration) => judgeFire(battleground, d, ctx, sight);
  return {
    world,
    ctx,
    sight,
    geometry,
    judge,
    resolve: (d, dice) => battleground.resolveFire(d, judge(d), dice, ctx, geometry),
    act: (request, dice) => battleground.actions!.takeAction(request, dice, ctx, { ...geometry, sight }),
  };
}

type Features = Parameters<typeof scenario>[0];
export const bgTable = (features: Features, models: Placed[], setup: BgTableSetup = {}) => bgTableFor(scenario(features, models), setup);

/** Base radius of a rifleman (cm): edge-to-edge range is the centres' distance less two of these. */
export const BASE_R = 1.25;
export const us = (id: string, x: number, z = 60, extra: Partial<Placed> = {}): Placed => ({
  id,
  model: "us-rifleman",
  position: [x, z],
  side: "A",
  unit: "us",
  ...extra,
});
export const ger = (id: string, x: number, z = 60, extra: Partial<Placed> = {}): Placed => ({
  id,
  model: "ger-rifleman",
  position: [x, z],
  side: "B",
  unit: "ger",
  ...extra,
});
export const text = (rulings: ReadonlyArray<{ reason: string }>) => rulings.map((r) => r.reason).join("\n");
