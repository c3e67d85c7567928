/**
 * Seeded scenery: a wood's trees stand wholly inside its outline (canopy included) and no taller than its
 * sight volume, the same at every load; smoke puffs stay inside the cloud's cylinder. Checked on the
 * default battlefield's wood, a concave wood with a hill rising inside it, and an off-centre smoke cloud.
 */

import { Box3 } from "three";
import { describe, expect, it } from "vitest";
import { createBattlefield } from "../../src/core/battlefield";
import { distanceToPolygonBoundary, pointInPolygon } from "../../src/core/geometry2d";
import type { AreaFeature, FeatureOf } from "../../src/core/scenario/schema";
import defaultScenario from "../../src/scenarios/default.json";
import { CANOPY_RATIO, scatterTrees, smokePuffs, TREE_SHAPES, woodsTop } from "../../src/scene/scatter";
import { treeGeometry } from "../../src/scene/Woods";
import { scenario, TEST_CATALOG } from "../helpers/scene";

const battlefieldOf = (features: Parameters<typeof scenario>[0]) => createBattlefield(scenario(features, []), TEST_CATALOG);

/** An L-shaped wood whose notch is open table, with a 6 cm hill rising inside its long arm. */
const L_WOOD: [number, number][] = [
  [10, 10],
  [70, 10],
  [70, 30],
  [30, 30],
  [30, 60],
  [10, 60],
];
const HILL = {
  id: "knoll",
  kind: "hill" as const,
  outline: [
    [40, 12],
    [66, 12],
    [66, 28],
    [40, 28],
  ] as [number, number][],
  height: 6,
  slope: 4,
};

function expectTreesInside(wood: AreaFeature, battlefield: ReturnType<typeof battlefieldOf>) {
  const trees = scatterTrees(wood, battlefield.ground);
  const top = woodsTop(wood, battlefield.ground);
  for (const t of trees) {
    expect(pointInPolygon(t.at, wood.outline)).toBe(true);
    expect(distanceToPolygonBoundary(t.at, wood.outline)).toBeGreaterThanOrEqual(CANOPY_RATIO[t.shape] * t.height - 1e-9);
    expect(t.base).toBe(battlefield.ground.heightAt(t.at));
    expect(t.height).toBeGreaterThan(0);
    expect(t.height).toBeLessThanOrEqual(wood.height + 1e-9);
    expect(t.base + t.height).toBeLessThanOrEqual(top + 1e-9);
  }
  return trees;
}

describe("a wood's trees", () => {
  it("fill the default battlefield's wood, every canopy inside its outline and no top above its sight height", () => {
    const battlefield = createBattlefield(scenario(defaultScenario.features as never, []), TEST_CATALOG);
    const wood = battlefield.scenario.features.find((f): f is AreaFeature => f.id === "wood-bois-guillaume")!;
    const trees = expectTreesInside(wood, battlefield);
    expect(trees.length).toBeGreaterThan(25);
    expect(new Set(trees.map((t) => t.shape))).toEqual(new Set(TREE_SHAPES));
  });

  it("stay out of a concave wood's notch, and trees on a hill inside it are cut to the wood's sight volume", () => {
    const battlefield = battlefieldOf([HILL, { id: "l-wood", kind: "woods", outline: L_WOOD, height: 8 }]);
    const wood = battlefield.scenario.features.find((f): f is AreaFeature => f.kind === "woods")!;
    const trees = expectTreesInside(wood, battlefield);
    expect(trees.some((t) => t.at[0] > 30 && t.at[1] > 30)).toBe(false);
    const onHill = trees.filter((t) => t.base > 0);
    expect(onHill.length).toBeGreaterThan(0);
    // The wood's volume tops out 8 cm over its outline's ground (0): a tree on the 6 cm knoll is at most 2 cm.
    for (const t of onHill) expect(t.base + t.height).toBeLessThanOrEqual(8 + 1e-9);
    expect(onHill.some((t) => t.height < 0.65 * 8)).toBe(true);
  });

  it("are the same at every load and differ from wood to wood", () => {
    const battlefield = battlefieldOf([]);
    const wood = (id: string): AreaFeature => ({ id, kind: "woods", outline: L_WOOD, height: 8 });
    expect(scatterTrees(wood("a"), battlefield.ground)).toEqual(scatterTrees(wood("a"), battlefield.ground));
    expect(scatterTrees(wood("b"), battlefield.ground)).not.toEqual(scatterTrees(wood("a"), battlefield.ground));
  });

  it("are drawn one unit tall and no wider than their canopy ratio, the size the scatter keeps inside", () => {
    for (const shape of TREE_SHAPES) {
      const box = new Box3().setFromBufferAttribute(treeGeometry(shape).getAttribute("position") as never);
      expect(box.min.y).toBeCloseTo(0, 6);
      expect(box.max.y).toBeCloseTo(1, 6);
      const positions = treeGeometry(shape).getAttribute("position");
      let widest = 0;
      for (let i = 0; i < positions.count; i++) widest = Math.max(widest, Math.hypot(positions.getX(i), positions.getZ(i)));
      expect(widest).toBeLessThanOrEqual(CANOPY_RATIO[shape] + 1e-6);
      expect(widest).toBeGreaterThan(CANOPY_RATIO[shape] * 0.9);
    }
  });
});

describe("a smoke cloud's puffs", () => {
  it("stay inside the cloud's cylinder, the same at every load", () => {
    const cloud: FeatureOf<"smoke"> = { id: "smoke-1", kind: "smoke", at: [47, 81], radius: 7, height: 12 };
    const puffs = smokePuffs(cloud, 2);
    expect(puffs.length).toBeGreaterThanOrEqual(8);
    for (const p of puffs) {
      expect(Math.hypot(p.at[0] - 47, p.at[2] - 81) + p.radius).toBeLessThanOrEqual(7 + 1e-9);
      expect(p.at[1] - p.radius).toBeGreaterThanOrEqual(2 - 1e-9);
      expect(p.at[1] + p.radius).toBeLessThanOrEqual(2 + 12 + 1e-9);
    }
    expect(smokePuffs(cloud, 2)).toEqual(puffs);
  });
});
