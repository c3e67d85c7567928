/**
 * Display names: scenario names win; otherwise units, models and features are named from their type and a
 * number, models keep their number when a comrade is gone, and ids in a sentence become names.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MODEL_CATALOG } from "../../src/core/miniatures/shipped";
import { displayNames, typeName } from "../../src/core/names";
import { parseScenario } from "../../src/core/scenario/load";
import type { Scenario, ScenarioInput } from "../../src/core/scenario/schema";

function load(input: Omit<ScenarioInput, "format" | "version">): Scenario {
  const result = parseScenario({ format: "hulldown-scenario", version: 1, ...input }, MODEL_CATALOG);
  if (!result.ok) throw new Error(result.issues.map((i) => `${i.path}: ${i.message}`).join("\n"));
  return result.scenario;
}

const rifle = (id: string, x: number, extra: Record<string, unknown> = {}) => ({ id, model: "ger-rifleman", position: [x, 20] as [number, number], ...extra });

const battlefield = load({
  features: [
    {
      id: "hill-a",
      kind: "hill",
      name: "Hill 112",
      outline: [
        [10, 80],
        [40, 80],
        [25, 110],
      ],
      height: 3,
      slope: 4,
    },
    {
      id: "house-1",
      kind: "building",
      footprint: [
        [100, 90],
        [110, 90],
        [110, 100],
        [100, 100],
      ],
      floors: 1,
    },
    {
      id: "house-2",
      kind: "building",
      footprint: [
        [120, 90],
        [130, 90],
        [130, 100],
        [120, 100],
      ],
      floors: 1,
    },
  ],
  forces: [
    {
      id: "ger",
      side: "Axis",
      units: [
        {
          id: "g1",
          name: "Grenadiers 2",
          models: [rifle("g1-a", 10, { model: "ger-nco" }), rifle("g1-b", 13), rifle("g1-c", 16), rifle("g1-d", 19, { name: "Gefreiter Kunz" })],
        },
        { id: "g2", models: [rifle("g2-a", 40), rifle("g2-b", 43)] },
        { id: "g3", models: [rifle("g3-a", 50)] },
        { id: "tank-1", models: [{ id: "panther-1", model: "ger-panther", position: [80, 40] }] },
      ],
    },
  ],
});

describe("display names", () => {
  const names = displayNames([battlefield], MODEL_CATALOG);

  it("uses the scenario's names for units, models and features", () => {
    expect(names.of("g1")).toBe("Grenadiers 2");
    expect(names.of("g1-d")).toBe("Gefreiter Kunz");
    expect(names.of("hill-a")).toBe("Hill 112");
  });

  it("numbers a unit's models by type, and leaves a unit's only model of a type unnumbered", () => {
    expect(names.of("g1-a")).toBe("Grenadiers 2 · Panzergrenadier NCO");
    expect(names.of("g1-b")).toBe("Grenadiers 2 · Panzergrenadier 1");
    expect(names.of("g1-c")).toBe("Grenadiers 2 · Panzergrenadier 2");
  });

  it("names unnamed units from their commonest model type and a number; a one-model unit's model is the unit", () => {
    expect(names.of("g2")).toBe("Panzergrenadier squad 1");
    expect(names.of("g3")).toBe("Panzergrenadier squad 2");
    expect(names.of("g2-b")).toBe("Panzergrenadier squad 1 · Panzergrenadier 2");
    expect(names.of("g3-a")).toBe("Panzergrenadier squad 2");
    expect(names.of("tank-1")).toBe("Panther Ausf. G 1");
    expect(names.of("panther-1")).toBe("Panther Ausf. G 1");
  });

  it("names unnamed features by kind and number, and returns unknown ids as they are", () => {
    expect(names.of("house-1")).toBe("Building 1");
    expect(names.of("house-2")).toBe("Building 2");
    expect(names.of("nobody")).toBe("nobody");
  });

  it("keeps a model's number after a comrade is gone: the starting scenario is asked first", () => {
    const later: Scenario = {
      ...battlefield,
      forces: battlefield.forces.map((f) => ({ ...f, units: f.units.map((u) => ({ ...u, models: u.models.filter((m) => m.id !== "g1-b") })) })),
    };
    expect(displayNames([later], MODEL_CATALOG).of("g1-c")).toBe("Grenadiers 2 · Panzergrenadier 1");
    expect(displayNames([battlefield, later], MODEL_CATALOG).of("g1-c")).toBe("Grenadiers 2 · Panzergrenadier 2");
  });

  it("replaces whole-word ids in a sentence, longest first; an id that is a plain word only where it is not the word", () => {
    const withWord = load({
      features: [
        {
          id: "ruin",
          kind: "woods",
          name: "Bois",
          outline: [
            [0, 0],
            [10, 0],
            [5, 10],
          ],
          height: 5,
        },
      ],
      forces: battlefield.forces,
    });
    const text = displayNames([withWord], MODEL_CATALOG).inText("g1 (g1-c, g1-cx) at tank-1 behind the ruin ruin; panther-1 by ruin, a ruin.");
    expect(text).toBe("Grenadiers 2 (Grenadiers 2 · Panzergrenadier 2, g1-cx) at Panther Ausf. G 1 behind the ruin Bois; Panther Ausf. G 1 by Bois, a ruin.");
  });

  it("reads a model under its unit's heading without the unit's name; a model's own name stays whole", () => {
    expect(names.withinUnit("g1-b", "g1")).toBe("Panzergrenadier 1");
    expect(names.withinUnit("g1-d", "g1")).toBe("Gefreiter Kunz");
    expect(names.withinUnit("g3-a", "g3")).toBe("Panzergrenadier squad 2");
    expect(names.withinUnit("g2-b", "g1")).toBe("Panzergrenadier squad 1 · Panzergrenadier 2");
  });

  it("strips the equipment note from a model type", () => {
    expect(typeName("US rifleman (M1 Garand)")).toBe("US rifleman");
    expect(typeName("M4 Sherman")).toBe("M4 Sherman");
  });

  it("every unit and model of the shipped battlefields has a name that is not its id, and no two models of a side share one", () => {
    for (const file of ["default", "normandy-bocage", "ruined-town"]) {
      const scenario = parseScenario(JSON.parse(readFileSync(`src/scenarios/${file}.json`, "utf8")), MODEL_CATALOG);
      if (!scenario.ok) throw new Error(file);
      const shipped = displayNames([scenario.scenario], MODEL_CATALOG);
      for (const force of scenario.scenario.forces) {
        const modelNames = force.units.flatMap((u) => u.models.map((m) => shipped.of(m.id)));
        expect(new Set(modelNames).size, `${file} ${force.id}`).toBe(modelNames.length);
        for (const u of force.units) expect(shipped.of(u.id), `${file} ${u.id}`).not.toBe(u.id);
      }
      for (const f of scenario.scenario.features) expect(f.name, `${file} ${f.id}`).toBeTruthy();
    }
  });
});
