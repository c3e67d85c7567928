/** Which models a newer scenario changed: the diff the sight worker's sync applies to its world. */
import { describe, expect, it } from "vitest";
import { createBattlefield } from "../../src/core/battlefield";
import { modelChanges, sameData } from "../../src/sight/worldSync";
import { type Placed, scenario, TEST_CATALOG } from "../helpers/scene";

const rifleman: Placed = { id: "r", model: "ger-rifleman", position: [100, 60], side: "B" };
const tank: Placed = { id: "t", model: "us-sherman-m4", position: [60, 60], side: "A" };
const battlefield = (models: Placed[]) => createBattlefield(scenario([], models), TEST_CATALOG);

describe("model changes between two table states", () => {
  it("sees a move, a turret traverse, a removal and an arrival", () => {
    const before = battlefield([rifleman, tank]);
    const after = battlefield([
      { ...tank, turretHeading: 30 },
      { id: "new", model: "us-rifleman", position: [10, 10], side: "A" },
    ]);
    const changes = modelChanges(before, after);
    expect(changes.removed).toEqual(["r"]);
    expect(changes.updated.map((m) => m.id)).toEqual(["t"]);
    expect(changes.added.map((e) => e.model.id)).toEqual(["new"]);
  });

  it("a model that changed side, unit or miniature is removed and added again, not moved", () => {
    const before = battlefield([rifleman, tank]);
    const after = battlefield([
      { ...rifleman, side: "A" },
      { ...tank, model: "ger-panzer-iv" },
    ]);
    const changes = modelChanges(before, after);
    expect([...changes.removed].sort()).toEqual(["r", "t"]);
    expect(changes.added.map((e) => e.model.id).sort()).toEqual(["r", "t"]);
    expect(changes.updated).toEqual([]);
  });

  it("compares data, not object identity or key order (the game log rebuilds models)", () => {
    expect(sameData({ position: [1, 2], heading: 0 }, { heading: 0, position: [1, 2] })).toBe(true);
    expect(sameData({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameData({ position: [1, 2] }, { position: [1, 2.5] })).toBe(false);
    expect(sameData([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(modelChanges(battlefield([rifleman, tank]), battlefield([tank, rifleman]))).toEqual({ added: [], removed: [], updated: [] });
  });
});
