/**
 * Scenery marked decorative stops no sight line: a high wall between an eye and a board hides it entirely,
 * the same wall marked decorative hides nothing and is not reported; a decorative wood or house is not
 * crossed. The same features without the flag are measured as usual, so each assertion can fail.
 */
import { describe, expect, it } from "vitest";
import { createBattlefield } from "../../src/core/battlefield";
import { parseScenario } from "../../src/core/scenario/load";
import { decorativeSolids, terrainSolids } from "../../src/core/solids/battlefieldSolids";
import { sightReport } from "../../src/sight/lineOfSight";
import { boardAt, eyeAt, scenario, TEST_CATALOG, testHouse, world } from "../helpers/scene";

const EYE = 2.9;
const highWall = (decorative?: boolean) => ({
  id: "wall-1",
  kind: "wall" as const,
  path: [
    [80, 20],
    [80, 100],
  ] as [number, number][],
  height: 6,
  thickness: 1,
  ...(decorative !== undefined && { decorative }),
});
const wood = (decorative?: boolean) => ({
  id: "wood-1",
  kind: "woods" as const,
  outline: [
    [60, 40],
    [90, 40],
    [90, 80],
    [60, 80],
  ] as [number, number][],
  height: 8,
  ...(decorative !== undefined && { decorative }),
});

describe("decorative features", () => {
  it("a decorative high wall hides nothing and is not reported; the same wall without the flag hides the board", async () => {
    const models = [eyeAt("eye", 40, 60, EYE), boardAt("board", 120, 60)];
    const blocking = sightReport(await world([highWall(false)], models), "eye", "board");
    expect(blocking.visibleFraction).toBe(0);
    expect(blocking.linearObstacles.map((c) => c.id)).toEqual(["wall-1"]);
    const scenery = sightReport(await world([highWall(true)], models), "eye", "board");
    expect(scenery.visibleFraction).toBe(1);
    expect(scenery.occluders).toEqual([]);
    expect(scenery.linearObstacles).toEqual([]);
  });

  it("a decorative wood is not crossed; a wood without the flag is", async () => {
    const models = [eyeAt("eye", 40, 60, EYE), boardAt("board", 120, 60)];
    expect(sightReport(await world([wood()], models), "eye", "board").areas.map((a) => a.id)).toEqual(["wood-1"]);
    expect(sightReport(await world([wood(true)], models), "eye", "board").areas).toEqual([]);
  });

  it("a decorative house stands in the drawn solids, not in the sight world's", () => {
    const house = { ...testHouse(), decorative: true };
    const battlefield = createBattlefield(scenario([house, highWall()], []), TEST_CATALOG);
    expect(new Set(terrainSolids(battlefield).map((s) => s.owner))).toEqual(new Set(["table", "wall-1"]));
    expect(new Set(decorativeSolids(battlefield).map((s) => s.owner))).toEqual(new Set(["house"]));
  });

  it("a hill cannot be decorative: the file is refused, naming the field", () => {
    const result = parseScenario(
      {
        format: "hulldown-scenario",
        version: 1,
        features: [
          {
            id: "h",
            kind: "hill",
            outline: [
              [0, 0],
              [10, 0],
              [10, 10],
            ],
            height: 2,
            slope: 2,
            decorative: true,
          },
        ],
      },
      TEST_CATALOG,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(JSON.stringify(result.issues)).toContain("decorative");
  });
});
