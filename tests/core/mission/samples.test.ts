/**
 * The sample missions: valid on every shipped battlefield under every rule system, marked sample, their zones
 * along the edges that part the two sides' forces, and Operation WW2's zones and length as its rules give them.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { scenarioCatalog } from "../../../src/core/miniatures/catalog";
import { missionTitle, sampleMissions } from "../../../src/core/mission/samples";
import { inDeploymentZone } from "../../../src/core/mission/zones";
import { formatIssues, parseScenario } from "../../../src/core/scenario/load";
import type { Scenario } from "../../../src/core/scenario/schema";
import { RULESETS, rulesetById } from "../../../src/rules/registry";

const BATTLEFIELDS = ["default", "normandy-bocage", "ruined-town", "bolt-action-farm", "empty"];

function battlefield(name: string): Scenario {
  const result = parseScenario(JSON.parse(readFileSync(`src/scenarios/${name}.json`, "utf8")), scenarioCatalog);
  if (!result.ok) throw new Error(formatIssues(result.issues));
  return result.scenario;
}

const withForces = (table: { width: number; depth: number }, at: Record<string, [number, number]>): Scenario =>
  ({
    table,
    forces: Object.entries(at).map(([side, position], i) => ({
      id: `f${i}`,
      side,
      name: "",
      units: [{ id: `u${i}`, name: "", models: [{ id: `m${i}`, model: "us-rifleman", position }] }],
    })),
  }) as unknown as Scenario;

describe("sampleMissions", () => {
  it("every sample of every rule system loads on every shipped battlefield, and says it is a sample", () => {
    for (const name of BATTLEFIELDS) {
      const scenario = battlefield(name);
      for (const ruleset of RULESETS) {
        const missions = sampleMissions(scenario, ruleset.missionSetup);
        expect(missions.map((m) => m.name)).toEqual(["Hold the crossroads", "Break through", "Meeting engagement"]);
        for (const mission of missions) {
          const result = parseScenario({ ...scenario, mission }, scenarioCatalog);
          expect(result.ok ? "" : formatIssues(result.issues), `${mission.name} on ${name} under ${ruleset.id}`).toBe("");
          expect(mission.sample).toBe(true);
          expect(missionTitle(mission)).toBe(`${mission.name} (sample)`);
        }
      }
    }
  });

  it("Operation WW2: 6 turns, and zones either side of a 50 cm no man's land (seed 000 lines 37, 987-989: 35 cm each on 120 cm)", () => {
    const ow2 = rulesetById("operation-ww2")!.missionSetup;
    const [mission] = sampleMissions(withForces({ width: 120, depth: 120 }, { USA: [60, 10], Germany: [60, 110] }), ow2);
    expect(mission!.turns).toBe(6);
    expect(mission!.zones).toEqual([
      { kind: "rectangle", side: "USA", from: [0, 0], to: [120, 35] },
      { kind: "rectangle", side: "Germany", from: [0, 85], to: [120, 120] },
    ]);
    expect(mission!.source).toContain("Operation WW2 §2.1");
  });

  it("zones follow the edges that part the forces: here the second side named stands at x 0", () => {
    const ba = rulesetById("bolt-action")!.missionSetup;
    const [hold] = sampleMissions(withForces({ width: 180, depth: 120 }, { USA: [170, 50], Germany: [10, 70] }), ba);
    expect(inDeploymentZone(hold!, "Germany", [10, 60])).toBe(true);
    expect(inDeploymentZone(hold!, "USA", [170, 60])).toBe(true);
    expect(inDeploymentZone(hold!, "USA", [10, 60])).toBe(false);
    // 12" from its edge, and the crossroads in the middle of the table.
    expect(inDeploymentZone(hold!, "Germany", [30.48, 5])).toBe(true);
    expect(inDeploymentZone(hold!, "Germany", [30.5, 5])).toBe(false);
    expect(hold!.objectives[0]).toMatchObject({ name: "Crossroads", at: [90, 60] });
  });

  it("on the hedgerows the sides part across the depth, though their centres lie further apart in x: the Americans (south) at z 0", () => {
    const [, breakThrough] = sampleMissions(battlefield("normandy-bocage"), rulesetById("bolt-action")!.missionSetup);
    expect(breakThrough!.zones).toEqual([
      { kind: "rectangle", side: "USA", from: [0, 0], to: [120, 30.48] },
      { kind: "rectangle", side: "Germany", from: [0, 89.52], to: [120, 120] },
    ]);
    expect(breakThrough!.objectives[0]).toMatchObject({ kind: "exit", edge: "+z", side: "USA" });
  });

  it("a table with no forces gets stand-in sides along its long edges", () => {
    const [hold] = sampleMissions(withForces({ width: 180, depth: 120 }, {}), rulesetById("flames-of-war")!.missionSetup);
    expect(hold!.zones.map((z) => z.side)).toEqual(["Allies", "Axis"]);
    expect(inDeploymentZone(hold!, "Allies", [90, 5])).toBe(true);
  });
});
