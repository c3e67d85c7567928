/**
 * The sampler against exact answers. A tall wall runs along z at x = 70 (x ∈ [69.5, 70.5]) and ends at
 * z = zEnd; an eye at (40, 2.9, 60) looks at a 4 cm board at x = 100 (face at x = 99.8, z ∈ [58, 62]).
 * A ray to the board point at z is blocked when it is still behind the wall's end at the wall's far face:
 * 60 + (z − 60)·30.5/59.8 ≤ zEnd. So the wall hides the board up to z* = 60 − (60 − zEnd)·59.8/30.5.
 */
import { describe, expect, it } from "vitest";
import { sightReport } from "../../src/sight/lineOfSight";
import { boardAt, eyeAt, world } from "../helpers/scene";

const REFERENCE = { coarseGrid: 70, fineGrid: 70 };

function wallEndingAt(zEnd: number) {
  return {
    id: "wall",
    kind: "wall" as const,
    path: [
      [70, 20],
      [70, zEnd],
    ] as [number, number][],
    height: 10,
    thickness: 1,
  };
}

function expectedVisible(zEnd: number): number {
  const hiddenUpTo = 60 - ((60 - zEnd) * 59.8) / 30.5;
  return (62 - Math.min(62, Math.max(58, hiddenUpTo))) / 4;
}

describe("the silhouette sampler", () => {
  it("gives 0.5 ± 0.03 for a target half hidden by a wall's end, as does a ≥ 4096-ray reference", async () => {
    const w = await world([wallEndingAt(60)], [eyeAt("eye", 40, 60, 2.9), boardAt("board", 100, 60)]);
    const quick = sightReport(w, "eye", "board");
    const reference = sightReport(w, "eye", "board", REFERENCE);
    expect(expectedVisible(60)).toBe(0.5);
    expect(reference.samples).toBeGreaterThanOrEqual(4096);
    expect(Math.abs(reference.visibleFraction - 0.5)).toBeLessThan(0.01);
    expect(Math.abs(quick.visibleFraction - 0.5)).toBeLessThan(0.03);
    expect(Math.abs(quick.visibleFraction - reference.visibleFraction)).toBeLessThan(0.03);
    // The stratified bound holds the exact answer and is tighter than a binomial one (±0.07 at 200 samples).
    expect(Math.abs(quick.visibleFraction - 0.5)).toBeLessThanOrEqual(quick.confidence95);
    expect(quick.confidence95).toBeLessThan(0.04);
  });

  it("matches the reference on a real figure's irregular silhouette", async () => {
    const w = await world(
      [wallEndingAt(60)],
      [eyeAt("eye", 40, 60, 2.9), { id: "rifleman", model: "ger-rifleman", position: [100, 60], heading: -90, side: "B" }],
    );
    const quick = sightReport(w, "eye", "rifleman");
    const reference = sightReport(w, "eye", "rifleman", REFERENCE);
    expect(reference.samples).toBeGreaterThanOrEqual(4096);
    expect(reference.visibleFraction).toBeGreaterThan(0.3);
    expect(reference.visibleFraction).toBeLessThan(0.7);
    expect(Math.abs(quick.visibleFraction - reference.visibleFraction)).toBeLessThan(0.03);
  });

  it("a line that only grazes the wall's corner loses nothing", async () => {
    const w = await world([wallEndingAt(58.9)], [eyeAt("eye", 40, 60, 2.9), boardAt("board", 100, 60)]);
    expect(expectedVisible(58.9)).toBe(1);
    const r = sightReport(w, "eye", "board");
    expect(r.visibleFraction).toBe(1);
    expect(r.occluders).toEqual([]);
  });

  it("a corner that clips the silhouette's edge hides exactly the clipped strip", async () => {
    const w = await world([wallEndingAt(59.2)], [eyeAt("eye", 40, 60, 2.9), boardAt("board", 100, 60)]);
    const r = sightReport(w, "eye", "board");
    expect(Math.abs(r.visibleFraction - expectedVisible(59.2))).toBeLessThan(0.03);
    expect(r.occluders).toEqual([expect.objectContaining({ id: "wall", kind: "wall" })]);
  });

  it("is deterministic: the same question gives the same answer", async () => {
    const w = await world([wallEndingAt(59.2)], [eyeAt("eye", 40, 60, 2.9), boardAt("board", 100, 60)]);
    expect(sightReport(w, "eye", "board")).toEqual(sightReport(w, "eye", "board"));
  });
});
