/**
 * Area terrain and smoke. Woods stop no ray (a laser passes between the trees); the report measures how
 * much of the line runs inside them so a rule system can apply its depth limits. Smoke blocks a ray that
 * passes through a cloud, never one that ends in it.
 */
import { describe, expect, it } from "vitest";
import { sightReport } from "../../src/sight/lineOfSight";
import { boardAt, eyeAt, world } from "../helpers/scene";

const woodsBetween = (x0: number, x1: number) => ({
  id: "woods-1",
  kind: "woods" as const,
  outline: [
    [x0, 40],
    [x1, 40],
    [x1, 80],
    [x0, 80],
  ] as [number, number][],
  height: 8,
});

describe("woods", () => {
  for (const depth of [4, 6, 14, 16]) {
    it(`a line crossing ${depth} cm of wood reports ${depth} cm inside and no occlusion`, async () => {
      const w = await world([woodsBetween(60, 60 + depth)], [eyeAt("eye", 30, 60, 2.9), boardAt("board", 100, 60)]);
      const r = sightReport(w, "eye", "board");
      expect(r.visibleFraction).toBe(1);
      expect(r.areas).toHaveLength(1);
      expect(r.areas[0]).toMatchObject({ id: "woods-1", kind: "woods", shooterInside: false, targetInside: false });
      expect(r.areas[0]!.lengthInside).toBeCloseTo(depth, 6);
      expect(r.areas[0]!.intervals[0]![0]).toBeCloseTo(30, 6);
    });
  }

  for (const depth of [4, 6]) {
    it(`a target standing ${depth} cm inside a wood is reported inside, ${depth} cm deep`, async () => {
      const w = await world([woodsBetween(100 - depth, 130)], [eyeAt("eye", 30, 60, 2.9), boardAt("board", 100, 60)]);
      const r = sightReport(w, "eye", "board");
      expect(r.areas[0]).toMatchObject({ targetInside: true, shooterInside: false });
      expect(r.areas[0]!.depthToTarget).toBeCloseTo(depth, 6);
    });
  }

  it("a line from a hilltop passing above the canopy is not inside the wood", async () => {
    const w = await world([woodsBetween(60, 70)], [eyeAt("eye", 30, 60, 30), boardAt("board", 100, 60, { elevation: 20 })]);
    expect(sightReport(w, "eye", "board").areas).toEqual([]);
  });
});

describe("smoke", () => {
  const smoke = (x: number) => ({ id: "smoke-1", kind: "smoke" as const, at: [x, 60] as [number, number], radius: 5, height: 10 });

  it("blocks sight through it", async () => {
    const w = await world([smoke(70)], [eyeAt("eye", 30, 60, 2.9), boardAt("board", 100, 60)]);
    const r = sightReport(w, "eye", "board");
    expect(r.visibleFraction).toBe(0);
    expect(r.occluders).toEqual([{ id: "smoke-1", kind: "smoke", parts: ["cloud"], samples: r.samples }]);
    expect(r.areas[0]).toMatchObject({ kind: "smoke", lengthInside: 10 });
  });

  it("does not block sight into it: a target inside the cloud is seen", async () => {
    const w = await world([smoke(100)], [eyeAt("eye", 30, 60, 2.9), boardAt("board", 100, 60)]);
    const r = sightReport(w, "eye", "board");
    expect(r.visibleFraction).toBe(1);
    expect(r.areas[0]).toMatchObject({ kind: "smoke", targetInside: true });
  });

  it("does not block sight out of it", async () => {
    const w = await world([smoke(30)], [eyeAt("eye", 30, 60, 2.9), boardAt("board", 100, 60)]);
    const r = sightReport(w, "eye", "board");
    expect(r.visibleFraction).toBe(1);
    expect(r.areas[0]).toMatchObject({ kind: "smoke", shooterInside: true });
  });
});

describe("craters, rough ground and ponds", () => {
  it("a target in a crater is reported inside it, as in a foxhole; rough ground and ponds stop nothing and are not areas", async () => {
    const w = await world(
      [
        { id: "crater-1", kind: "crater", at: [100, 60], radius: 4 },
        {
          id: "rough-1",
          kind: "rough",
          outline: [
            [50, 50],
            [60, 50],
            [60, 70],
            [50, 70],
          ],
        },
        {
          id: "pond-1",
          kind: "pond",
          outline: [
            [70, 50],
            [80, 50],
            [80, 70],
            [70, 70],
          ],
        },
      ],
      [eyeAt("eye", 30, 60, 2.9), boardAt("board", 101, 60)],
    );
    const r = sightReport(w, "eye", "board");
    expect(r.visibleFraction).toBe(1);
    expect(r.areas).toHaveLength(1);
    expect(r.areas[0]).toMatchObject({ id: "crater-1", kind: "crater", targetInside: true, shooterInside: false });
  });
});
