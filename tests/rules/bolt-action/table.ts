/**
 * A Bolt Action table to judge shots on: a real sight world (Rapier), the rules' context over it, sight and
 * template questions answered by the engine, and seeded resolutions, as the sight worker composes them.
 */
import { createDice } from "../../../src/core/dice";
import type { ModelStatus } from "../../../src/core/game/state";
import type { Scenario } from "../../../src/core/scenario/schema";
import { type BaContext, type BaFireDeclaration, type BaFireVerdict, type BaTables, boltAction } from "../../../src/rules/bolt-action";
import type { BaOptions } from "../../../src/rules/bolt-action/options";
import type { BaGameState } from "../../../src/rules/bolt-action/types";
import { tableContext } from "../../../src/rules/context";
import { judgeFire } from "../../../src/rules/judge";
import { type FireResult, type SightRequest, sightOptionsOf, type TemplateGeometry } from "../../../src/rules/ruleset";
import { sightReport } from "../../../src/sight/lineOfSight";
import { createSightWorld, type SightWorld } from "../../../src/sight/sightWorld";
import { modelsUnderTemplate } from "../../../src/sight/templates";
import { TEST_CATALOG } from "../../helpers/scene";

export interface BaTable {
  readonly world: SightWorld;
  readonly ctx: BaContext;
  readonly sight: (r: SightRequest) => ReturnType<typeof sightReport>;
  readonly geometry: TemplateGeometry;
  judge(declaration: BaFireDeclaration): BaFireVerdict;
  /** Judges and resolves with the dice of `seed`. */
  fire(declaration: BaFireDeclaration, seed: number): { verdict: BaFireVerdict; result: FireResult };
}

export interface BaTableSetup {
  readonly options?: Partial<BaOptions>;
  readonly status?: Readonly<Record<string, ModelStatus>>;
  readonly game?: BaGameState;
  readonly tables?: BaTables;
}

export async function baTable(scenario: Scenario, setup: BaTableSetup = {}): Promise<BaTable> {
  const world = await createSightWorld(scenario, TEST_CATALOG);
  const ctx = boltAction.createContext(tableContext(world.battlefield, setup.status ? { status: setup.status } : {}), {
    options: setup.options ?? {},
    ...(setup.game ? { game: setup.game } : {}),
    ...(setup.tables ? { tables: setup.tables } : {}),
  });
  const sight = (r: SightRequest) => sightReport(world, r.shooter, r.target, sightOptionsOf(r));
  const geometry: TemplateGeometry = { modelsUnder: (p) => modelsUnderTemplate(world, p), table: scenario.table };
  const judge = (d: BaFireDeclaration) => judgeFire(boltAction, d, ctx, sight);
  return {
    world,
    ctx,
    sight,
    geometry,
    judge,
    fire(d, seed) {
      const verdict = judge(d);
      return { verdict, result: boltAction.resolveFire(d, verdict, createDice(seed), ctx, geometry) };
    },
  };
}

/** The first seed from 1 whose resolution satisfies `wanted` (the dice decide; the test names what it needs). */
export function firstSeed<T>(attempt: (seed: number) => T, wanted: (t: T) => boolean, limit = 200): { seed: number; value: T } {
  for (let seed = 1; seed <= limit; seed++) {
    const value = attempt(seed);
    if (wanted(value)) return { seed, value };
  }
  throw new Error(`no seed up to ${limit} gives the wanted roll`);
}
