/**
 * The mission's pure functions on layouts whose answers are known by hand: deployment zones (edges included,
 * corners given either way round, an L-shaped polygon), objective control (distances of 3-4-5 triangles,
 * contested and side-limited objectives), exits, scores and the victory conditions read in order.
 */
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { type ExitedUnit, exitCounts, type MissionModel, type MissionState, missionState, objectiveControl } from "../../../src/core/mission/control";
import { earlyVictory, missionResult, missionScores } from "../../../src/core/mission/result";
import { inDeploymentZone } from "../../../src/core/mission/zones";
import { Mission, type Scenario, type TableEdge } from "../../../src/core/scenario/schema";

const mission = (input: Omit<z.input<typeof Mission>, "name">): Mission => Mission.parse({ name: "Test", ...input });
const model = (id: string, side: string, position: [number, number], unit = id): MissionModel => ({ id, unit, side, position });
const table = { width: 120, depth: 80 };
const state = (models: MissionModel[], exited: ExitedUnit[] = []): MissionState => ({ table, models, exited });

describe("inDeploymentZone", () => {
  // USA: a rectangle written from its far corner; Germany: an L along the +x and +z edges (not the notch at [60, 40]).
  const m = mission({
    zones: [
      { kind: "rectangle", side: "USA", from: [120, 20], to: [0, 0] },
      {
        kind: "polygon",
        side: "Germany",
        outline: [
          [80, 80],
          [80, 30],
          [120, 30],
          [120, 80],
        ],
      },
      {
        kind: "polygon",
        side: "Germany",
        outline: [
          [0, 60],
          [80, 60],
          [80, 80],
          [0, 80],
        ],
      },
    ],
  });

  it("a rectangle holds its inside and its edges, whichever corner is given first", () => {
    expect(inDeploymentZone(m, "USA", [60, 10])).toBe(true);
    expect(inDeploymentZone(m, "USA", [60, 20])).toBe(true);
    expect(inDeploymentZone(m, "USA", [0, 0])).toBe(true);
    expect(inDeploymentZone(m, "USA", [60, 20.01])).toBe(false);
  });

  it("a side's zones are all its own, and not the other side's", () => {
    expect(inDeploymentZone(m, "Germany", [100, 40])).toBe(true);
    expect(inDeploymentZone(m, "Germany", [10, 70])).toBe(true);
    expect(inDeploymentZone(m, "Germany", [60, 40])).toBe(false);
    expect(inDeploymentZone(m, "USA", [100, 40])).toBe(false);
    expect(inDeploymentZone(m, "Germany", [60, 10])).toBe(false);
  });

  it("a side the mission gives no zone deploys nowhere", () => {
    expect(inDeploymentZone(m, "Britain", [60, 10])).toBe(false);
  });
});

describe("objectiveControl", () => {
  const m = mission({
    objectives: [
      { id: "well", kind: "point", name: "Well", at: [30, 40], radius: 5 },
      // An L-shaped orchard: the square [50..70] × [10..30] less its top-right quarter.
      {
        id: "orchard",
        kind: "area",
        name: "Orchard",
        outline: [
          [50, 10],
          [70, 10],
          [70, 20],
          [60, 20],
          [60, 30],
          [50, 30],
        ],
      },
      { id: "road", kind: "exit", name: "Road", edge: "+x" },
    ],
  });

  it("a point is held by the one side within its radius: 5 cm on a 3-4-5 triangle is in, a hair more is out", () => {
    const control = objectiveControl(m, state([model("a", "USA", [33, 44]), model("b", "Germany", [33, 44.01])]));
    expect(control[0]).toEqual({ objective: "well", holder: "USA", contested: false, present: ["USA"] });
  });

  it("both sides there: contested, held by nobody; nobody there: held by nobody", () => {
    const control = objectiveControl(m, state([model("a", "USA", [30, 40]), model("b", "Germany", [26, 37]), model("c", "Germany", [65, 15])]));
    expect(control[0]).toEqual({ objective: "well", contested: true, present: ["USA", "Germany"] });
    expect(control[1]).toEqual({ objective: "orchard", holder: "Germany", contested: false, present: ["Germany"] });
    expect(objectiveControl(m, state([]))[0]).toEqual({ objective: "well", contested: false, present: [] });
  });

  it("an area counts the models inside its outline, not in its bounding box", () => {
    const inNotch = objectiveControl(m, state([model("a", "USA", [65, 25])]));
    expect(inNotch[1]!.holder).toBeUndefined();
    const onEdge = objectiveControl(m, state([model("a", "USA", [60, 25])]));
    expect(onEdge[1]!.holder).toBe("USA");
  });

  it("exits are not held: they are counted by exitCounts", () => {
    expect(objectiveControl(m, state([])).map((c) => c.objective)).toEqual(["well", "orchard"]);
  });
});

describe("exitCounts", () => {
  const m = mission({ objectives: [{ id: "east", kind: "exit", name: "Road east", edge: "+x", side: "USA", reach: 2.5 }] });

  it("a unit has left when every model it has stands within the reach of the edge, or it was taken off through it", () => {
    const models = [
      model("a1", "USA", [118, 10], "alpha"),
      model("a2", "USA", [117.5, 70], "alpha"),
      model("b1", "USA", [119, 40], "bravo"),
      model("b2", "USA", [110, 40], "bravo"),
      model("g1", "Germany", [119, 40], "grenadiers"),
    ];
    const exited: ExitedUnit[] = [
      { unit: "charlie", side: "USA", edge: "+x" },
      { unit: "delta", side: "USA", edge: "-x" },
    ];
    expect(exitCounts(m, state(models, exited))).toEqual([{ objective: "east", side: "USA", units: ["alpha", "charlie"] }]);
  });

  it("each edge is measured inwards from its own side of the table", () => {
    const each = (edge: TableEdge, at: [number, number]) =>
      exitCounts(mission({ objectives: [{ id: "e", kind: "exit", name: "Edge", edge, reach: 1 }] }), state([model("m", "USA", at)]))[0]!.units.length;
    expect([each("-x", [1, 40]), each("+x", [119, 40]), each("-z", [60, 1]), each("+z", [60, 79])]).toEqual([1, 1, 1, 1]);
    expect([each("-x", [119, 40]), each("+x", [1, 40]), each("-z", [60, 79]), each("+z", [60, 1])]).toEqual([0, 0, 0, 0]);
  });
});

describe("missionScores and missionResult", () => {
  const crossroads = mission({
    zones: [
      { kind: "rectangle", side: "USA", from: [0, 0], to: [120, 20] },
      { kind: "rectangle", side: "Germany", from: [0, 60], to: [120, 80] },
    ],
    objectives: [
      { id: "crossroads", kind: "point", name: "Crossroads", at: [60, 40], radius: 10, points: 3 },
      { id: "farm", kind: "point", name: "Farm", at: [20, 40], radius: 10 },
      { id: "bunker", kind: "point", name: "Bunker", at: [100, 40], radius: 10, side: "Germany", points: 2 },
    ],
  });

  it("each side scores what it alone holds; a side-limited objective held by the other side scores nothing", () => {
    const s = state([model("a", "USA", [60, 45]), model("b", "USA", [100, 40]), model("c", "Germany", [20, 35])]);
    expect(missionScores(crossroads, s)).toEqual([
      { side: "USA", points: 3 },
      { side: "Germany", points: 1 },
    ]);
    expect(missionResult(crossroads, s)).toMatchObject({ winner: "USA", condition: 0, reason: "most objective points: USA 3, Germany 1" });
  });

  it("equal points are a draw, and every side of the mission is scored even with no model left", () => {
    const s = state([model("a", "USA", [60, 40]), model("c", "Germany", [20, 40]), model("d", "Germany", [100, 45])]);
    const outcome = missionResult(crossroads, s);
    expect(outcome.winner).toBeUndefined();
    expect(outcome.condition).toBeUndefined();
    expect(outcome.reason).toBe("a draw: USA 3, Germany 3");
    expect(missionResult(crossroads, state([]))).toMatchObject({
      scores: [
        { side: "USA", points: 0 },
        { side: "Germany", points: 0 },
      ],
      reason: "a draw: USA 0, Germany 0",
    });
  });

  it("the conditions are read in order: holding the crossroads beats more points", () => {
    const hold = mission({ ...crossroads, victory: [{ kind: "hold", objective: "crossroads", side: "Germany" }, { kind: "most-points" }] });
    const germanyHolds = state([model("c", "Germany", [60, 40]), model("a", "USA", [20, 40]), model("b", "USA", [100, 40])]);
    expect(missionScores(hold, germanyHolds)).toEqual([
      { side: "Germany", points: 3 },
      { side: "USA", points: 1 },
    ]);
    expect(missionResult(hold, germanyHolds)).toMatchObject({ winner: "Germany", condition: 0, reason: "Germany hold Crossroads at the end" });
    const contested = state([model("c", "Germany", [60, 40]), model("a", "USA", [62, 40]), model("b", "USA", [20, 40])]);
    expect(missionResult(hold, contested)).toMatchObject({ winner: "USA", condition: 1 });
  });

  it("breaking through: an exit ends the game as soon as enough units are off, before the turn limit", () => {
    const breakthrough = mission({
      turns: 6,
      objectives: [{ id: "north", kind: "exit", name: "North road", edge: "+z", side: "USA", points: 2 }],
      victory: [{ kind: "exit", side: "USA", units: 2 }, { kind: "most-points" }],
    });
    const oneOff = state([model("a", "USA", [60, 79], "alpha"), model("b", "USA", [60, 40], "bravo")]);
    expect(earlyVictory(breakthrough, oneOff)).toBeUndefined();
    expect(missionResult(breakthrough, oneOff)).toMatchObject({ winner: "USA", condition: 1, scores: [{ side: "USA", points: 2 }] });
    const twoOff = state([model("a", "USA", [60, 79], "alpha")], [{ unit: "bravo", side: "USA", edge: "+z" }]);
    expect(earlyVictory(breakthrough, twoOff)).toMatchObject({ winner: "USA", condition: 0, reason: "USA got 2 of the 2 units needed off the table" });
  });
});

describe("missionState", () => {
  it("takes every model of the forces with its unit and side, less those the caller leaves out", () => {
    const scenario = {
      table: { width: 120, depth: 80 },
      forces: [
        {
          id: "us",
          side: "USA",
          name: "",
          units: [
            {
              id: "squad",
              name: "",
              models: [
                { id: "r1", position: [10, 5] },
                { id: "r2", position: [12, 5] },
              ],
            },
          ],
        },
        { id: "ger", side: "Germany", name: "", units: [{ id: "gren", name: "", models: [{ id: "g1", position: [60, 70] }] }] },
      ],
    } as unknown as Scenario;
    expect(missionState(scenario, { counts: (m) => m.id !== "r2" })).toEqual({
      table: { width: 120, depth: 80 },
      models: [model("r1", "USA", [10, 5], "squad"), model("g1", "Germany", [60, 70], "gren")],
      exited: [],
    });
  });
});
