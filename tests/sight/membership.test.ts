/**
 * Sight facts for rule systems that trace sight from any point of a base and count a model in an area
 * when enough of its footprint is: footprint shares with analytic answers, base sight offsets, and
 * sight from another point of the base through a real Rapier scene.
 */
import { describe, expect, it } from "vitest";
import { MODEL_CATALOG } from "../../src/core/miniatures/shipped";
import { baseSightOffsets } from "../../src/sight/baseOrigins";
import { sightReport } from "../../src/sight/lineOfSight";
import { footprintShareInside } from "../../src/sight/membership";
import { eyeAt, world } from "../helpers/scene";

const square = (x0: number, x1: number): [number, number][] => [
  [x0, 0],
  [x1, 0],
  [x1, 100],
  [x0, 100],
];

describe("share of a footprint inside an area", () => {
  it("a round base straddling a straight edge: the circular segment's share", () => {
    const base = { kind: "circle" as const, center: [50, 50] as const, radius: 2 };
    expect(footprintShareInside(base, square(50, 200))).toBeCloseTo(0.5, 2);
    // Edge 1 cm (half the radius) past the centre: segment area r²(θ − sin θ)/2 with θ = 2 acos(1/2).
    const theta = 2 * Math.acos(0.5);
    expect(footprintShareInside(base, square(51, 200))).toBeCloseTo((4 * (theta - Math.sin(theta))) / 2 / (Math.PI * 4), 1);
    expect(footprintShareInside(base, square(0, 40))).toBe(0);
    expect(footprintShareInside(base, square(0, 200))).toBe(1);
  });

  it("a hull rectangle a quarter inside", () => {
    const hull = {
      kind: "polygon" as const,
      points: [
        [10, 10],
        [14, 10],
        [14, 20],
        [10, 20],
      ] as [number, number][],
    };
    expect(footprintShareInside(hull, square(13, 100))).toBeCloseTo(0.25, 2);
  });
});

describe("sight offsets over a base", () => {
  it("a round base: its centre and eight points just inside the rim; a gun with an arc: the front edge only", () => {
    const rifleman = MODEL_CATALOG.get("us-rifleman")!;
    const all = baseSightOffsets(rifleman);
    expect(all).toHaveLength(9);
    expect(all[0]).toEqual([0, 0]);
    for (const p of all.slice(1)) expect(Math.hypot(p[0], p[1])).toBeCloseTo(1.25 * 0.85, 6);
    expect(baseSightOffsets(rifleman, true).every((p) => p[1] > 0)).toBe(true);
    expect(baseSightOffsets(MODEL_CATALOG.get("ger-panther")!)).toEqual([]);
  });

  it("sight from the side of the base sees past a post that hides the target from its centre", async () => {
    // A post from z = 59.5 to 61, halfway, hides the target from the crew's eye (the line passes it at z ≈ 60.35);
    // from 1.7 cm to the side of the base the line passes at z ≈ 59.15, clear of it.
    const post = {
      id: "post",
      kind: "wall" as const,
      path: [
        [60, 59.5],
        [60, 61],
      ] as [number, number][],
      height: 10,
      thickness: 1,
    };
    const w = await world([post], [{ id: "eye", model: "us-30cal-team", position: [40, 60], heading: 90, side: "A" }, eyeAt("target", 80, 60, 2.9, "B")]);
    const centre = sightReport(w, "eye", "target");
    expect(centre.anyVisible).toBe(false);
    const side = sightReport(w, "eye", "target", { originOffset: [1.7, 0] });
    expect(side.originOffset).toEqual([1.7, 0]);
    // Heading 90 turns local +x towards −z: the origin stands 1.7 cm to the south of the centre, at the eye's height.
    expect(side.origin[0]).toBeCloseTo(40, 6);
    expect(side.origin[2]).toBeCloseTo(60 - 1.7, 6);
    expect(side.anyVisible).toBe(true);
  });
});
