/**
 * Where a shell lands and what stands between its burst and a man, on scenes with plain answers: the
 * ground at 0, a wall's top at its height, the test house's roof above its two 5.5 cm storeys; a wall
 * crossed by the line from the point of impact to a model, and the same wall beyond the point not.
 */
import { describe, expect, it } from "vitest";
import { linearObstaclesFrom, surfaceBelow } from "../../src/sight/surface";
import { testHouse, world, type Placed } from "../helpers/scene";

const rifleman = (id: string, x: number, z: number): Placed => ({ id, model: "us-rifleman", position: [x, z] });
const wall = (id: string, x: number, height = 1.8) => ({ id, kind: "wall" as const, path: [[x, 40], [x, 80]] as [number, number][], height, thickness: 1 });

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
    const w = await world([{ id: "short", kind: "wall", path: [[55, 40], [55, 58]], height: 1.8, thickness: 1 }], [rifleman("man", 60, 60)]);
    expect(linearObstaclesFrom(w, [50, 60], "man")).toEqual([]);
  });

  it("names an unknown model", async () => {
    const w = await world([], []);
    expect(() => linearObstaclesFrom(w, [50, 60], "ghost")).toThrow(/no model "ghost" on the table/);
  });
});
