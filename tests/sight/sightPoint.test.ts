/**
 * Where the sight line ends: over the target's position (centre of base or hull), half its body's height
 * above its feet. A wood's edge runs along z at x = 100 − depth; a model at (100, 60) stands `depth` cm
 * inside it, and an eye at (30, 60) looking along x must read exactly that depth, however the model turns.
 */
import { describe, expect, it } from "vitest";
import { sightPoint, sightReport } from "../../src/sight/lineOfSight";
import { boardAt, eyeAt, type Placed, world } from "../helpers/scene";

const woodFrom = (x0: number) => ({
  id: "woods-1",
  kind: "woods" as const,
  outline: [
    [x0, 30],
    [140, 30],
    [140, 90],
    [x0, 90],
  ] as [number, number][],
  height: 8,
});
const at = (id: string, model: string, heading: number, extra: Partial<Placed> = {}): Placed => ({
  id,
  model,
  position: [100, 60],
  heading,
  side: "B",
  ...extra,
});

describe("the end of the sight line", () => {
  it("a rifleman placed 4.9 cm inside a wood reads 4.9 cm deep", async () => {
    for (const heading of [-90, 0, 45]) {
      const w = await world([woodFrom(95.1)], [eyeAt("eye", 30, 60, 2.9), at("rifleman", "ger-rifleman", heading)]);
      const wood = sightReport(w, "eye", "rifleman").areas.find((a) => a.id === "woods-1")!;
      expect(wood.targetInside).toBe(true);
      expect(wood.depthToTarget).toBeCloseTo(4.9, 6);
    }
  });

  it("a Panzer IV reads the same depth inside a wood at headings 0, 90, 180 and 270", async () => {
    const depths: number[] = [];
    for (const heading of [0, 90, 180, 270]) {
      const w = await world([woodFrom(92)], [eyeAt("eye", 30, 60, 2.9), at("tank", "ger-panzer-iv", heading)]);
      const r = sightReport(w, "eye", "tank");
      depths.push(r.areas.find((a) => a.id === "woods-1")!.depthToTarget!);
    }
    for (const d of depths) expect(d).toBeCloseTo(8, 2);
    expect(Math.max(...depths) - Math.min(...depths)).toBeLessThan(0.01);
  });

  it("is half the body's height above the feet, over the model's position, wherever it stands", async () => {
    const w = await world([], [eyeAt("eye", 30, 60, 2.9), boardAt("low", 100, 60), boardAt("high", 100, 80, { elevation: 3 })]);
    // The 4 cm board: its middle, 2 cm up.
    expect(sightPoint(w, w.battlefield.models.get("low")!)).toEqual([100, 2, 60]);
    expect(sightPoint(w, w.battlefield.models.get("high")!)).toEqual([100, 5, 80]);
  });

  it("does not move when the turret traverses", async () => {
    const points = await Promise.all(
      [0, 90, 180, 270].map(async (turretHeading) => {
        const w = await world([], [eyeAt("eye", 30, 60, 2.9), at("tank", "ger-panzer-iv", 30, { turretHeading })]);
        return sightPoint(w, w.battlefield.models.get("tank")!);
      }),
    );
    const [first, ...rest] = points;
    expect(first![0]).toBe(100);
    expect(first![2]).toBe(60);
    expect(first![1]).toBeGreaterThan(1);
    for (const p of rest) for (const k of [0, 1, 2]) expect(p[k]).toBeCloseTo(first![k]!, 9);
  });
});
