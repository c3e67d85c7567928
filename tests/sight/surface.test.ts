/**
 * Where a shell lands and what stands between its burst and a man, on scenes with plain answers: the
 * ground at 0, a wall's top at its height, the test house's roof above its two 5.5 cm storeys; a wall
 * crossed by the line from the point of impact to a model, and the same wall beyond the point not.
 */
import { describe, expect, it } from "vitest";
import { linearObstaclesFrom, standingSurface, surfaceBelow } from "../../src/sight/surface";
import { type Placed, scenario, testHouse, world } from "../helpers/scene";
import { hostUnderTest } from "../helpers/sightHost";

const rifleman = (id: string, x: number, z: number): Placed => ({ id, model: "us-rifleman", position: [x, z] });
const wall = (id: string, x: number, height = 1.8) => ({
  id,
  kind: "wall" as const,
  path: [
    [x, 40],
    [x, 80],
  ] as [number, number][],
  height,
  thickness: 1,
});

describe("the surface below a point", () => {
  it("is the ground on open table, a wall's top on the wall, the roof over the house; models are not surfaces", async () => {
    const w = await world([wall("wall-1", 50, 1.8), testHouse()], [rifleman("man", 30, 60)]);
    expect(surfaceBelow(w, [30, 60])).toEqual({ y: 0, kind: "ground", by: "ground" });
    expect(surfaceBelow(w, [70, 20])).toEqual({ y: 0, kind: "ground", by: "ground" });
    const top = surfaceBelow(w, [50, 60]);
    expect(top).toMatchObject({ kind: "wall", by: "wall-1" });
    // Rapier works in 32-bit floats: a few micrometres.
    expect(top.y).toBeCloseTo(1.8, 3);
    const roof = surfaceBelow(w, [110, 60]);
    expect(roof).toMatchObject({ kind: "roof", by: "house" });
    expect(roof.y).toBeGreaterThanOrEqual(11);
  });

  it("refuses a point that is not [x, z]", async () => {
    const w = await world([], []);
    expect(() => surfaceBelow(w, [Number.NaN, 3])).toThrow(/surface point must be \[x, z\] in cm, got \[null,3\]/);
  });
});

describe("where a model put down stands", () => {
  // A hill rising from its foot (a 40 cm square) to a 24 cm plateau 8 cm in, 4 cm high; a one-storey hut on
  // the plateau; the test house (two storeys of 5.5 cm, a roof) on open table.
  const hill = {
    id: "hill",
    kind: "hill" as const,
    outline: [
      [20, 20],
      [60, 20],
      [60, 60],
      [20, 60],
    ] as [number, number][],
    height: 4,
    slope: 8,
  };
  const hut = {
    id: "hut",
    kind: "building" as const,
    footprint: [
      [34, 34],
      [46, 34],
      [46, 46],
      [34, 46],
    ] as [number, number][],
    floors: 1,
    floorHeight: 5,
  };
  const features = [hill, hut, testHouse()];

  it("is the ground on open table, the hill's slope at its height, the hut's floor on the plateau", async () => {
    const w = await world(features, []);
    expect(standingSurface(w, [80, 100])).toEqual({ y: 0 });
    // 5 cm in from the hill's foot on its north side: 5/8 of the way up its 4 cm.
    expect(standingSurface(w, [40, 55]).y).toBeCloseTo(2.5, 6);
    expect(standingSurface(w, [40, 55]).floor).toBeUndefined();
    const onHut = standingSurface(w, [41, 37]);
    expect(onHut.floor).toEqual({ building: "hut", level: 0 });
    expect(onHut.y).toBeCloseTo(4, 3);
  });

  it("looks past the roof to the top floor, and from under a floor to the one below it", async () => {
    const w = await world(features, []);
    const top = standingSurface(w, [112, 57]);
    expect(top.floor).toEqual({ building: "house", level: 1 });
    expect(top.y).toBeCloseTo(5.5, 3);
    // Looking down from just under the upper floor's slab (the editor showing floor 0): the ground floor.
    const ground = standingSurface(w, [112, 57], 5.5 - 0.4 - 0.01);
    expect(ground.floor).toEqual({ building: "house", level: 0 });
    expect(ground.y).toBeCloseTo(0, 3);
    // Outside the house the same height changes nothing: the ground.
    expect(standingSurface(w, [95, 57], 5)).toEqual({ y: 0 });
  });

  it("is asked of the sight worker as a surface request; a bad point is the query's fault", async () => {
    const { ask, send } = hostUnderTest();
    await ask("load", { scenario: scenario(features, []) });
    expect(await ask("surface", { at: [112, 57] })).toMatchObject({ floor: { building: "house", level: 1 } });
    expect(await ask("surface", { at: [41, 37], below: 3 })).toEqual({ y: 4 });
    const bad = (await send("surface", { at: [Number.NaN, 1] })).at(-1);
    expect(bad).toMatchObject({ kind: "error", query: true, message: expect.stringMatching(/surface point must be \[x, z\]/) });
  });
});

describe("linear obstacles between a point of impact and a model", () => {
  it("finds a wall crossed on the way, 5 cm along the line from the point; not one behind the point", async () => {
    const w = await world([wall("between", 55), wall("behind", 45)], [rifleman("man", 60, 60)]);
    const found = linearObstaclesFrom(w, [50, 60], "man");
    expect(found.map((c) => c.id)).toEqual(["between"]);
    expect(found[0]!.alongLine).toBeCloseTo(5, 6);
    // The man's base edge is 60 − 1.25 − (55 + 0.5) = 3.25 cm from the wall's face.
    expect(found[0]!.distanceFromTarget).toBeCloseTo(3.25, 6);
  });

  it("finds nothing when the wall does not cross the line (it ends short of it)", async () => {
    const w = await world(
      [
        {
          id: "short",
          kind: "wall",
          path: [
            [55, 40],
            [55, 58],
          ],
          height: 1.8,
          thickness: 1,
        },
      ],
      [rifleman("man", 60, 60)],
    );
    expect(linearObstaclesFrom(w, [50, 60], "man")).toEqual([]);
  });

  it("names an unknown model", async () => {
    const w = await world([], []);
    expect(() => linearObstaclesFrom(w, [50, 60], "ghost")).toThrow(/no model "ghost" on the table/);
  });
});
