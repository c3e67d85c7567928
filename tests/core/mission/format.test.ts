/**
 * Missions in the battlefield file: a file written before missions existed saves exactly as before (no
 * "mission" key appears), and a file with a mission saves and loads back byte for byte.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { toEvent } from "../../../src/core/game/commands";
import { parseGame, serializeGame } from "../../../src/core/game/gameFile";
import { currentState, type GameLog, newGame, record } from "../../../src/core/game/gameLog";
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

describe("the mission in a game file", () => {
  const game = () =>
    newGame(load(readFileSync("src/scenarios/normandy-bocage.json", "utf8")), { seed: 1, ruleset: { id: "operation-ww2", version: "2.0", options: {} } });
  const setMission = (log: GameLog, mission: unknown): GameLog => {
    const result = toEvent(currentState(log), MODEL_CATALOG, { type: "set-mission", mission }, 0);
    if (!result.ok) throw new Error(result.error);
    return record(log, result.event);
  };
  const zone = { kind: "rectangle", side: "USA", from: [0, 0], to: [120, 30] };
  const parse = (text: string) => parseGame(text, MODEL_CATALOG, { rulesets: [{ id: "operation-ww2", versions: ["2.0"] }] });

  it("a mission set in the editor saves and loads with the game, byte for byte, and a replaced one too", () => {
    const log = setMission(setMission(game(), { name: "Hold", zones: [zone] }), { name: "Hold", turns: 4, zones: [zone] });
    const text = serializeGame(log);
    const loadedGame = parse(text);
    if (!loadedGame.ok) throw new Error(loadedGame.error);
    expect(currentState(loadedGame.game.log).scenario.mission).toMatchObject({ name: "Hold", turns: 4, zones: [zone] });
    expect(serializeGame(loadedGame.game.log)).toBe(text);
  });

  it("a command names the mission's path in its refusal; an event that does not start from the mission on the table stops the game there", () => {
    const refused = toEvent(currentState(game()), MODEL_CATALOG, { type: "set-mission", mission: { name: "Hold", turns: 0 } }, 0);
    expect(refused).toEqual({ ok: false, error: "the mission cannot be so: mission.turns: 0 turns: a game lasts at least 1 turn" });
    const file = JSON.parse(serializeGame(setMission(game(), { name: "Hold", zones: [zone] })));
    file.events[0].from = { name: "Other", zones: [], objectives: [], victory: [] };
    const damaged = parse(JSON.stringify(file));
    expect(damaged.ok ? damaged.game.warning : damaged.error).toMatch(/the mission is not what the change starts from/);
  });
});
