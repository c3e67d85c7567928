/**
 * Missions in the battlefield file: a file written before missions existed saves exactly as before (no
 * "mission" key appears), and a file with a mission saves and loads back byte for byte.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MODEL_CATALOG } from "../../../src/core/miniatures/shipped";
import { inDeploymentZone } from "../../../src/core/mission/zones";
import { formatIssues, parseScenarioJson } from "../../../src/core/scenario/load";
import type { Scenario } from "../../../src/core/scenario/schema";
import { scenarioFile } from "../../../src/state/library";

function load(text: string): Scenario {
  const result = parseScenarioJson(text, MODEL_CATALOG);
  if (!result.ok) throw new Error(formatIssues(result.issues));
  return result.scenario;
}

describe("missions in the battlefield file", () => {
  it("a battlefield without a mission saves without one, and saving it again changes no byte", () => {
    for (const name of ["normandy-bocage", "ruined-town", "empty"]) {
      const saved = scenarioFile(load(readFileSync(`src/scenarios/${name}.json`, "utf8")));
      expect(saved).not.toContain('"mission"');
      expect(scenarioFile(load(saved))).toBe(saved);
    }
  });

  it("a battlefield with a mission saves and loads back byte for byte, its defaults filled in once", () => {
    const text = JSON.stringify({
      format: "hulldown-scenario",
      version: 1,
      mission: {
        name: "Meeting engagement",
        sample: true,
        turns: 6,
        zones: [{ kind: "rectangle", side: "USA", from: [0, 0], to: [180, 30] }],
        objectives: [{ id: "x", kind: "point", name: "Crossroads", at: [90, 60] }],
      },
    });
    const once = scenarioFile(load(text));
    const mission = load(once).mission!;
    expect(mission.objectives[0]).toMatchObject({ radius: 7.5, points: 1 });
    expect(mission.victory).toEqual([{ kind: "most-points" }]);
    expect(scenarioFile(load(once))).toBe(once);
  });

  it("the default battlefield carries its own (sample) mission, every model set up in its side's zone", () => {
    const scenario = load(readFileSync("src/scenarios/default.json", "utf8"));
    const mission = scenario.mission!;
    expect(mission).toMatchObject({ name: "Take the crossroads", sample: true, turns: 6 });
    const outside = scenario.forces.flatMap((f) =>
      f.units.flatMap((u) => u.models.filter((m) => !inDeploymentZone(mission, f.side, m.position)).map((m) => `${f.side} ${m.id} at ${m.position}`)),
    );
    expect(outside).toEqual([]);
  });
});
