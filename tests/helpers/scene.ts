/**
 * Builders for test battlefields whose right answers are known analytically. Besides the real catalog,
 * tests get three instruments: a "board" target (a 4 × 4 cm plate, 0.4 cm thick, no base) whose silhouette
 * fractions follow from similar triangles, a paper-thin "card" for oblique views, and a point-like "eye".
 */

import { scenarioCatalog } from "../../src/core/miniatures/catalog";
import { MODEL_DEFINITIONS } from "../../src/core/miniatures/shipped";
import { createCatalog, type ModelCatalog, type ModelDefinitionInput } from "../../src/core/modelDefinition";
import { formatIssues, parseScenario } from "../../src/core/scenario/load";
import type { Miniature, Scenario, ScenarioInput } from "../../src/core/scenario/schema";
import { createSightWorld, type SightWorld } from "../../src/sight/sightWorld";

export const BOARD = { width: 4, height: 4, thickness: 0.4 };
/** A card is a board so thin that its edge never shows: silhouette = its face, even seen obliquely. */
export const CARD = { width: 4, height: 4, thickness: 0.02 };

/** A flat target plate standing on the ground, its face towards local +z. */
function plate(id: string, name: string, size: { width: number; height: number; thickness: number }): ModelDefinitionInput {
  return {
    id,
    name,
    category: "infantry",
    figureHeight: size.height,
    eyeHeight: size.height,
    parts: [{ name: "figure", shapes: [{ type: "box", size: [size.width, size.height, size.thickness], at: [0, size.height / 2, 0] }] }],
    points: { eye: { at: [0, size.height, 0] } },
  };
}

export const TEST_CATALOG = createCatalog([
  ...MODEL_DEFINITIONS,
  plate("test-board", "Target board", BOARD),
  plate("test-card", "Target card", CARD),
  {
    id: "test-eye",
    name: "Observer's eye",
    category: "infantry",
    figureHeight: 0.1,
    eyeHeight: 0.05,
    parts: [{ name: "figure", shapes: [{ type: "sphere", radius: 0.05, at: [0, 0.05, 0] }] }],
    points: { eye: { at: [0, 0.05, 0] } },
  },
]);

type ModelInput = NonNullable<ScenarioInput["forces"]>[number]["units"][number]["models"][number];
type FeatureInput = NonNullable<ScenarioInput["features"]>[number];

/** A model input; `unit` defaults to the model's own unit. */
export interface Placed extends ModelInput {
  side?: "A" | "B";
  unit?: string;
}

/** An observer whose eye is at [x, height, z]. */
export const eyeAt = (id: string, x: number, z: number, height: number, side: "A" | "B" = "A"): Placed => ({
  id,
  model: "test-eye",
  position: [x, z],
  elevation: height - 0.05,
  side,
});

/** A board facing the observer along x (its face is perpendicular to x). */
export const boardAt = (id: string, x: number, z: number, extra: Partial<Placed> = {}): Placed => ({
  id,
  model: "test-board",
  position: [x, z],
  heading: 90,
  side: "B",
  ...extra,
});

/** A card facing the observer along x. */
export const cardAt = (id: string, x: number, z: number, extra: Partial<Placed> = {}): Placed => ({
  id,
  model: "test-card",
  position: [x, z],
  heading: 90,
  side: "B",
  ...extra,
});

/** An MG team: American on side A, German on side B, in the side's unit "us" or "ger". */
export const mgTeam = (id: string, x: number, z: number, side: "A" | "B"): Placed => ({
  id,
  model: side === "A" ? "us-30cal-team" : "ger-mg42-team",
  position: [x, z],
  side,
  unit: side === "A" ? "us" : "ger",
});

type BuildingInput = Extract<FeatureInput, { kind: "building" }>;

/**
 * The test house: a 20 × 20 cm two-storey building whose west wall (wall 3, from (100, 70) to (100, 50)) faces
 * an observer on the x axis; offset 10 on that wall is z = 60. Openings, roof and ruin are the test's.
 */
export function testHouse(extra: Partial<BuildingInput> = {}): BuildingInput {
  return {
    id: "house",
    kind: "building",
    footprint: [
      [100, 50],
      [120, 50],
      [120, 70],
      [100, 70],
    ],
    floors: 2,
    floorHeight: 5.5,
    wallThickness: 0.6,
    ...extra,
  };
}

export function scenario(features: FeatureInput[], models: Placed[], table = { width: 180, depth: 120 }, miniatures?: Miniature[]): Scenario {
  const forces = (["A", "B"] as const).map((side) => {
    const mine = models.filter((m) => (m.side ?? "A") === side);
    const units = [...new Set(mine.map((m) => m.unit ?? m.id))].map((unit) => ({
      id: `unit-${unit}`,
      models: mine.filter((m) => (m.unit ?? m.id) === unit).map(({ side: _s, unit: _u, ...m }) => m),
    }));
    return { id: `force-${side}`, side, units };
  });
  const result = parseScenario(
    { format: "hulldown-scenario", version: 1, table, features, forces: forces.filter((f) => f.units.length), ...(miniatures && { miniatures }) },
    testCatalog,
  );
  if (!result.ok) throw new Error(`test scenario is invalid:\n${formatIssues(result.issues)}`);
  return result.scenario;
}

export function world(features: FeatureInput[], models: Placed[]): Promise<SightWorld> {
  return createSightWorld(scenario(features, models), TEST_CATALOG);
}

/** The test instruments with a scenario's own imported miniatures. */
export const testCatalog = (s: Scenario): ModelCatalog => new Map([...TEST_CATALOG, ...scenarioCatalog(s)]);

/** A world whose models may be imported miniatures (embedded in the scenario, as a saved battlefield has them). */
export function worldWithMiniatures(features: FeatureInput[], models: Placed[], miniatures: Miniature[]): Promise<SightWorld> {
  const s = scenario(features, models, undefined, miniatures);
  return createSightWorld(s, testCatalog(s));
}
