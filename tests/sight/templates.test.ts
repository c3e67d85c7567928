/**
 * Templates against 25 mm round bases (radius 1.25 cm) and a Panzer IV hull (5.15 × 10.5 cm), with answers
 * from plane geometry: a base touches a circle of radius r when its centre is within r + 1.25; the share of
 * a base under a circle is the lens area of two circles over the base's area; a teardrop's side is the
 * outer tangent of its two end circles.
 */
import { describe, expect, it } from "vitest";
import { createDice } from "../../src/core/dice";
import type { Vec2 } from "../../src/core/geometry2d";
import { modelsUnderTemplate, rollScatter, scatterPoint, type TemplatePlacement } from "../../src/sight/templates";
import { type Placed, world } from "../helpers/scene";

const BASE_R = 1.25;
const CENTRE: Vec2 = [90, 60];
const rifleman = (id: string, x: number, z: number, extra: Partial<Placed> = {}): Placed => ({ id, model: "us-rifleman", position: [x, z], ...extra });
const blast = (radii: number[], at: Vec2 = CENTRE): TemplatePlacement => ({ shape: { kind: "blast", at, radii }, from: "above" });
const ids = (r: { models: Array<{ id: string }> }) => r.models.map((m) => m.id);

/** Area shared by two circles of radii R and r whose centres are d apart (0 < d, |R − r| < d < R + r). */
function lensArea(R: number, r: number, d: number): number {
  const a = r * r * Math.acos((d * d + r * r - R * R) / (2 * d * r));
  const b = R * R * Math.acos((d * d + R * R - r * r) / (2 * d * R));
  return a + b - 0.5 * Math.sqrt((-d + r + R) * (d + r - R) * (d - r + R) * (d + r + R));
}

describe("a blast circle", () => {
  it("catches a base whose edge just reaches its rim, and not one 0.01 cm further", async () => {
    const w = await world([], [rifleman("touch", 90 + 5 + BASE_R, 60), rifleman("miss", 90, 60 - 5 - 1.26)]);
    const r = modelsUnderTemplate(w, blast([5]));
    expect(ids(r)).toEqual(["touch"]);
    expect(r.models[0]).toMatchObject({ unitId: "unit-touch", side: "A", ring: 0, feetY: 0 });
    // A bare touch covers no sample yet still counts as a little.
    expect(r.models[0]!.overlap).toBeGreaterThan(0);
    expect(r.models[0]!.overlap).toBeLessThan(0.01);
    expect(r.shielded).toEqual([]);
  });

  it("covers the whole of a base inside it and about half of a base centred on its rim", async () => {
    const w = await world([], [rifleman("inside", 93, 61), rifleman("rim", 100, 60)]);
    const r = modelsUnderTemplate(w, blast([10]));
    expect(ids(r)).toEqual(["inside", "rim"]);
    expect(r.models[0]!.overlap).toBe(1);
    const rim = r.models[1]!.overlap;
    expect(Math.abs(rim - 0.5)).toBeLessThan(0.05);
    expect(Math.abs(rim - lensArea(10, BASE_R, 10) / (Math.PI * BASE_R * BASE_R))).toBeLessThan(0.02);
  });

  it("catches a vehicle partly under it, with the share of its hull it covers", async () => {
    // A radius-2 circle centred on the middle of the front edge covers a half disc of the hull.
    const w = await world([], [{ id: "tank", model: "ger-panzer-iv", position: [90, 60], heading: 0 }]);
    const r = modelsUnderTemplate(w, blast([2], [90, 60 + 10.5 / 2]));
    expect(ids(r)).toEqual(["tank"]);
    const overlap = r.models[0]!.overlap;
    expect(overlap).toBeGreaterThan(0);
    expect(overlap).toBeLessThan(1);
    expect(Math.abs(overlap - (Math.PI * 2 * 2) / 2 / (5.15 * 10.5))).toBeLessThan(0.01);
  });

  it("touches a hull outline exactly at its side", async () => {
    // Turned to face +x, the hull spans x ∈ [84.75, 95.25].
    const w = await world([], [{ id: "tank", model: "ger-panzer-iv", position: [90, 60], heading: 90 }]);
    expect(ids(modelsUnderTemplate(w, blast([3], [95.25 + 3, 61])))).toEqual(["tank"]);
    expect(ids(modelsUnderTemplate(w, blast([3], [95.25 + 3.01, 61])))).toEqual([]);
  });
});

describe("a ring template", () => {
  it("reports the innermost ring whose disc touches each base", async () => {
    const w = await world(
      [],
      [
        rifleman("edge-at-3", 90 + 3 + BASE_R, 60),
        rifleman("edge-at-4", 90, 60 + 4 + BASE_R),
        rifleman("edge-at-9", 90 - 9 - BASE_R, 60),
        rifleman("edge-at-10.01", 90, 60 - 10.01 - BASE_R),
      ],
    );
    const r = modelsUnderTemplate(w, blast([3, 5, 8, 10]));
    expect(r.models.map((m) => [m.id, m.ring])).toEqual([
      ["edge-at-3", 0],
      ["edge-at-4", 1],
      ["edge-at-9", 3],
    ]);
  });
});

describe("a flamethrower teardrop", () => {
  // Muzzle at (40, 60) facing +x: circles of radius 1 at x = 40 and radius 4 at x = 60.
  const flame: TemplatePlacement = { shape: { kind: "teardrop", from: [40, 60], heading: 90, length: 20, narrowWidth: 2, wideWidth: 8 }, from: "above" };
  // Each side is the outer tangent of the two circles; its outward normal leans back by asin(3 / 20), and a
  // point u along the axis and v across it lies v·cos + u·sin − 1 outside it (sin = −3/20).
  const sin = (1 - 4) / 20;
  const cos = Math.sqrt(1 - sin * sin);
  const acrossAt = (u: number, gap: number) => (1 + gap - u * sin) / cos;

  it("catches a base at the muzzle, and bases just touching its side or its tip", async () => {
    const w = await world(
      [],
      [rifleman("muzzle", 42, 60.5), rifleman("side", 50, 60 + acrossAt(10, BASE_R)), rifleman("tip", 60 + 4 + BASE_R, 60), rifleman("far-centre", 60, 60)],
    );
    const r = modelsUnderTemplate(w, flame);
    expect(ids(r)).toEqual(["far-centre", "muzzle", "side", "tip"]);
    expect(r.models.every((m) => m.ring === undefined)).toBe(true);
    expect(r.models.find((m) => m.id === "far-centre")!.overlap).toBe(1);
  });

  it("misses bases 0.01 cm beyond its side, its tip or the back of its narrow end", async () => {
    const w = await world(
      [],
      [rifleman("side", 50, 60 - acrossAt(10, BASE_R + 0.01)), rifleman("tip", 60 + 4 + BASE_R + 0.01, 60), rifleman("behind", 40 - 1 - BASE_R - 0.01, 60)],
    );
    expect(ids(modelsUnderTemplate(w, flame))).toEqual([]);
  });
});

describe("templates and buildings", () => {
  // A 20 × 15 cm two-storey house on flat ground: floor 1 is at y = 5.5.
  const house = (state: "intact" | "gone") => ({
    id: "house",
    kind: "building" as const,
    footprint: [
      [80, 50],
      [100, 50],
      [100, 65],
      [80, 65],
    ] as [number, number][],
    floors: 2,
    roof: { state },
  });
  const models = [
    rifleman("upstairs", 85, 57, { floor: { building: "house", level: 1 } }),
    rifleman("downstairs", 95, 57, { floor: { building: "house", level: 0 } }),
  ];
  const shell = blast([8], [90, 57]);

  it("from above, an intact roof shields both floors", async () => {
    const r = modelsUnderTemplate(await world([house("intact")], models), shell);
    expect(r.models).toEqual([]);
    expect(r.shielded).toEqual([
      { id: "downstairs", by: "house", kind: "roof" },
      { id: "upstairs", by: "house", kind: "roof" },
    ]);
  });

  it("from above, with the roof gone the upper floor is hit and shields the ground floor", async () => {
    const r = modelsUnderTemplate(await world([house("gone")], models), shell);
    expect(ids(r)).toEqual(["upstairs"]);
    expect(r.models[0]!.feetY).toBeCloseTo(5.5, 5);
    expect(r.shielded).toEqual([{ id: "downstairs", by: "house", kind: "building-floor" }]);
  });

  it("laid at the upper floor's level, it hits only the models standing on that floor", async () => {
    const r = modelsUnderTemplate(await world([house("intact")], models), { ...shell, from: "level", level: 5.5 });
    expect(ids(r)).toEqual(["upstairs"]);
    expect(r.shielded).toEqual([{ id: "downstairs", by: "house", kind: "other-level" }]);
  });
});

describe("scatter", () => {
  const options = { distanceSides: 10, multiplier: 2, reason: "mortar at hill" };

  it("is the same for the same seed, and both rolls are recorded with the reason", () => {
    const a = createDice(1944);
    const b = createDice(1944);
    const first = rollScatter(a, options);
    expect(rollScatter(b, options)).toEqual(first);
    expect(a.rolls.map((r) => r.sides)).toEqual([360, 10]);
    expect(a.rolls.every((r) => r.reason.includes("mortar at hill"))).toBe(true);
    expect(first.bearing).toBe(a.rolls[0]!.value % 360);
    expect(first.distanceRoll).toBe(a.rolls[1]!.value);
    expect(first.distance).toBe(a.rolls[1]!.value * 2);
  });

  it("moves the point along the bearing and clamps it onto the table", () => {
    const table = { width: 180, depth: 120 };
    const east = scatterPoint([10, 10], 90, 5, table);
    expect(east[0]).toBeCloseTo(15, 9);
    expect(east[1]).toBeCloseTo(10, 9);
    expect(scatterPoint([10, 10], 180, 30, table)[1]).toBe(0);
    expect(scatterPoint([10, 10], 270, 50, table)[0]).toBe(0);
    expect(scatterPoint([170, 110], 45, 40, table)).toEqual([180, 120]);
  });
});

describe("bad templates", () => {
  it("are refused with the field and the value in the message", async () => {
    const w = await world([], [rifleman("a", 90, 60)]);
    expect(() => modelsUnderTemplate(w, blast([NaN]))).toThrow(/radii\[0\].*NaN/);
    expect(() => modelsUnderTemplate(w, blast([]))).toThrow(/radii.*\[\]/);
    expect(() => modelsUnderTemplate(w, blast([5, 3]))).toThrow(/radii\[1\] = 3/);
    const teardrop = { kind: "teardrop" as const, from: [40, 60] as Vec2, heading: 90, length: 0, narrowWidth: 2, wideWidth: 8 };
    expect(() => modelsUnderTemplate(w, { shape: teardrop, from: "above" })).toThrow(/length.*0/);
    expect(() => modelsUnderTemplate(w, { ...blast([5]), from: "level" })).toThrow(/level.*undefined/);
    expect(() => rollScatter(createDice(1), { distanceSides: 10, multiplier: NaN, reason: "x" })).toThrow(/multiplier.*NaN/);
  });
});
