/**
 * The line-of-sight labels' arithmetic, on the default battlefield measured by the real sight engine: a squad
 * in a building is summed up as one unit (its display name, "n of 10 seen, best p %"), its label above the figures;
 * vehicles and lone models keep their own labels.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { modelPose } from "../../src/core/battlefield";
import { MODEL_CATALOG } from "../../src/core/miniatures/shipped";
import { displayNames } from "../../src/core/names";
import { parseScenario } from "../../src/core/scenario/load";
import defaultBattlefield from "../../src/scenarios/default.json";
import { type MatrixEntry, visibilityEntry } from "../../src/sight/matrix";
import { createSightWorld, type SightWorld } from "../../src/sight/sightWorld";
import { labelHeight, unitSights, unitSummary } from "../../src/state/unitSight";

const SHOOTER = "us-sherman-1";
let world: SightWorld;
let targets: MatrixEntry[];

beforeAll(async () => {
  const parsed = parseScenario(defaultBattlefield, MODEL_CATALOG);
  if (!parsed.ok) throw new Error("the default battlefield is invalid");
  world = await createSightWorld(parsed.scenario, MODEL_CATALOG);
  const ids = [...world.battlefield.models.values()].filter((e) => ["ger-sq1", "ger-armour", "ger-mg-house"].includes(e.unitId)).map((e) => e.model.id);
  targets = ids.map((id) => visibilityEntry(world, SHOOTER, id));
});

describe("unit sights", () => {
  it("sum up a squad in a house: how many figures are seen and the best share", () => {
    const squad = unitSights(world.battlefield, targets).find((u) => u.unit === "ger-sq1")!;
    const members = targets.filter((t) => t.target.startsWith("ger-sq1-"));
    const seen = members.filter((t) => t.visibleFraction > 0);
    expect(squad.aggregated).toBe(true);
    expect(squad.entries).toHaveLength(10);
    expect(squad.seen).toBe(seen.length);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan(10);
    expect(squad.best).toBe(Math.max(...members.map((t) => t.visibleFraction)));
    expect(squad.entries.map((t) => t.visibleFraction)).toEqual([...members.map((t) => t.visibleFraction)].sort((a, b) => b - a));
    const names = displayNames([world.battlefield.scenario], MODEL_CATALOG);
    expect(names.of("ger-sq1")).not.toBe("ger-sq1");
    expect(unitSummary(squad, names)).toBe(`${names.of("ger-sq1")}: ${seen.length} of 10 seen, best ${Math.round(squad.best * 100)} %`);
  });

  it("put the unit's label over the middle of the squad, above every figure's own label", () => {
    const squad = unitSights(world.battlefield, targets).find((u) => u.unit === "ger-sq1")!;
    const poses = squad.entries.map((t) => world.battlefield.models.get(t.target)!.model.position);
    expect(squad.labelAt[0]).toBeCloseTo(poses.reduce((s, p) => s + p[0], 0) / poses.length, 6);
    expect(squad.labelAt[2]).toBeCloseTo(poses.reduce((s, p) => s + p[1], 0) / poses.length, 6);
    for (const t of squad.entries) {
      const entry = world.battlefield.models.get(t.target)!;
      expect(squad.labelAt[1]).toBeGreaterThan(modelPose(world.battlefield, entry.model, entry.def).y + labelHeight(world.battlefield, t.target));
    }
  });

  it("leave vehicles and lone models to their own labels", () => {
    const units = unitSights(world.battlefield, targets);
    expect(units.find((u) => u.unit === "ger-armour")!.aggregated).toBe(false);
    expect(units.find((u) => u.unit === "ger-mg-house")!.aggregated).toBe(false);
  });
});
