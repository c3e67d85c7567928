/**
 * The viewshed against similar triangles: an eye at height e, 30 cm in front of a wall of height h (far face
 * at distance w), sees the ground again beyond the wall from w·e/(e − h) on.
 */
import { describe, expect, it } from "vitest";
import { computeViewshed } from "../../src/sight/viewshed";
import { eyeAt, world } from "../helpers/scene";

describe("the viewshed", () => {
  it("hides the ground in a wall's shadow, as far as similar triangles say, and sees the rest", async () => {
    const eye = 6;
    const wall = {
      id: "wall",
      kind: "wall" as const,
      path: [
        [70, 10],
        [70, 110],
      ] as [number, number][],
      height: 2,
      thickness: 1,
    };
    const w = await world([wall], [eyeAt("eye", 40, 60, eye)]);
    const v = computeViewshed(w, "eye", { cell: 1 });
    expect([v.columns, v.rows]).toEqual([180, 120]);
    const row = 60;
    const at = (x: number) => v.visible[row * v.columns + Math.floor(x)]!;
    // The shadow reaches from the wall to 40 + 30.5·6/(6 − 2) = 85.75 cm.
    const shadowEnd = 40 + (30.5 * eye) / (eye - 2);
    expect(at(60)).toBe(1);
    for (let x = 72; x < shadowEnd - 1; x += 2) expect(at(x)).toBe(0);
    for (let x = Math.ceil(shadowEnd + 1); x < 175; x += 5) expect(at(x)).toBe(1);
    // The wall's top is surface too, at its height, and in sight.
    expect(v.heights[row * v.columns + 70]).toBeCloseTo(2, 5);
    expect(at(70)).toBe(1);
  });
});
