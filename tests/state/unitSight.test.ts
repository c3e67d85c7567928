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
import farm from "../../src/scenarios/bolt-action-farm.json";
import defaultBattlefield from "../../src/scenarios/default.json";
import { type MatrixEntry, visibilityEntry } from "../../src/sight/matrix";
import { createSightWorld, type SightWorld } from "../../src/sight/sightWorld";
import { labelHeight, labelledAsUnit, labelledModels, modelLabelText, unitSights, unitSummary } from "../../src/state/unitSight";

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

describe("a model's own label, at Ferme Lebrun (issue 19: a label that seemed to name another model)", () => {
  // US rifleman 1 (us-sq1-m3) behind the hedge, looking at the grenadiers behind the farmyard wall and past them.
  const shooter = "us-sq1-m3";
  let farmWorld: SightWorld;
  let seen: MatrixEntry[];

  beforeAll(async () => {
    const parsed = parseScenario(farm, MODEL_CATALOG);
    if (!parsed.ok) throw new Error("Ferme Lebrun is invalid");
    farmWorld = await createSightWorld(parsed.scenario, MODEL_CATALOG);
    const germans = [...farmWorld.battlefield.models.values()].filter((e) => e.side === "Germany").map((e) => e.model.id);
    seen = germans.map((id) => visibilityEntry(farmWorld, shooter, id));
  });

  it("over the half-track: its own share and face, then what it is behind, never a name that reads as the label's own", () => {
    const names = displayNames([farmWorld.battlefield.scenario], MODEL_CATALOG);
    const halftrack = seen.find((t) => t.target === "ger-halftrack-1")!;
    // Two grenadiers of the squad along the wall stand between the rifleman and the half-track.
    expect(halftrack.blockedBy[0]).toMatch(/^ger-sq1-m/);
    const text = modelLabelText(farmWorld.battlefield, halftrack, farmWorld.battlefield.models.get(shooter)!.model.position, names);
    expect(text).toMatch(/^\d+% left · behind Panzergrenadier \d$/);
    expect(text).not.toContain(names.of("ger-sq1"));
  });

  it("gives a hidden model no label of its own unless it is hovered, and then says hidden, behind what", () => {
    const names = displayNames([farmWorld.battlefield.scenario], MODEL_CATALOG);
    const units = unitSights(farmWorld.battlefield, seen);
    const hidden = units.filter((u) => u.seen === 0);
    expect(hidden.length).toBeGreaterThan(0);
    for (const u of units) for (const t of labelledModels(u, true)) expect(t.visibleFraction, t.target).toBeGreaterThan(0);
    for (const u of hidden) {
      expect(labelledAsUnit(u, true) || labelledModels(u, true).length === 0, u.unit).toBe(true);
      const lone = u.entries[0]!;
      expect(labelledModels(u, false, lone.target)).toEqual([lone]);
      const from = farmWorld.battlefield.models.get(shooter)!.model.position;
      expect(modelLabelText(farmWorld.battlefield, lone, from, names)).toMatch(/^hidden · behind \S/);
    }
  });
});
