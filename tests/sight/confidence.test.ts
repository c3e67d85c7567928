/**
 * The 95 % bound against an independent dense reference (src/sight/denseReference.ts: one uniform grid of
 * ≥ 16k rays per pair over the whole body, no jitter, no per-part grids, no refinement), first on a scene
 * whose answer similar triangles give, then on the default battlefield over a fixed-seed set of 50 opposing
 * pairs, half of them partly visible.
 */
import { describe, expect, it } from "vitest";
import { loadSightWorld } from "../../src/cli/common";
import { denseVisibleFraction, referencePairs } from "../../src/sight/denseReference";
import { sightReport } from "../../src/sight/lineOfSight";
import { boardAt, eyeAt, world } from "../helpers/scene";

const RAYS = 16384;

describe("the dense reference", () => {
  it("finds the share similar triangles give behind a wall's end, with at least 16k rays on the body", async () => {
    // As in sampling.test.ts: the wall's far face at x = 70.5 ends at z = 59.5 and hides the board up to z*.
    const w = await world(
      [
        {
          id: "wall",
          kind: "wall",
          path: [
            [70, 20],
            [70, 59.5],
          ],
          height: 10,
          thickness: 1,
        },
      ],
      [eyeAt("eye", 40, 60, 2.9), boardAt("board", 100, 60)],
    );
    const hiddenUpTo = 60 - ((60 - 59.5) * 59.8) / 30.5;
    const expected = (62 - hiddenUpTo) / 4;
    const dense = denseVisibleFraction(w, "eye", "board", RAYS);
    expect(dense.rays).toBeGreaterThanOrEqual(RAYS);
    expect(Math.abs(dense.visibleFraction - expected)).toBeLessThan(0.005);
    const report = sightReport(w, "eye", "board");
    expect(report.confidence95).toBeGreaterThan(0);
    expect(Math.abs(report.visibleFraction - expected)).toBeLessThanOrEqual(report.confidence95);
  });
});

describe("the 95 % bound", () => {
  it("is 0 when every sample agrees", async () => {
    const w = await world([], [eyeAt("eye", 40, 60, 2.9), boardAt("board", 100, 60)]);
    const r = sightReport(w, "eye", "board");
    expect(r.visibleFraction).toBe(1);
    expect(r.confidence95).toBe(0);
  });

  it("holds a target seen only through the gap between two walls, which the sampler finds", async () => {
    // Two walls along z at x = 70 (x ∈ [69.5, 70.5]) leave a gap at z ∈ [59.95, 60.05]. A ray to the board
    // at z passes it when |z − 60|·30.5/59.8 ≤ 0.05: a strip 0.196 cm wide of the 4 cm board.
    const w = await world(
      [
        {
          id: "wall-a",
          kind: "wall",
          path: [
            [70, 20],
            [70, 59.95],
          ],
          height: 10,
          thickness: 1,
        },
        {
          id: "wall-b",
          kind: "wall",
          path: [
            [70, 60.05],
            [70, 100],
          ],
          height: 10,
          thickness: 1,
        },
      ],
      [eyeAt("eye", 40, 60, 2.9), boardAt("board", 100, 60)],
    );
    const expected = (2 * ((0.05 * 59.8) / 30.5)) / 4;
    // A 2 × 2 first pass misses the strip; its samples stopped by different walls send it to the fine grid.
    const r = sightReport(w, "eye", "board", { coarseGrid: 2 });
    expect(r.visibleFraction).toBeGreaterThan(0);
    expect(Math.abs(r.visibleFraction - expected)).toBeLessThanOrEqual(r.confidence95);
    expect(r.confidence95).toBeLessThan(0.03);
  });
});

describe("the 95 % bound on the default battlefield", () => {
  it("holds the dense reference in at least 95 % of 50 pairs, with a median half-width of at most 0.02", async () => {
    const { world: w } = await loadSightWorld("src/scenarios/default.json");
    const pairs = referencePairs(w, 50, 7);
    expect(pairs).toHaveLength(50);
    const rows = pairs.map(([shooter, target]) => {
      const report = sightReport(w, shooter, target);
      const dense = denseVisibleFraction(w, shooter, target, RAYS);
      expect(dense.rays).toBeGreaterThanOrEqual(RAYS);
      return { error: Math.abs(report.visibleFraction - dense.visibleFraction), bound: report.confidence95, reference: dense.visibleFraction };
    });
    expect(rows.filter((r) => r.reference > 0 && r.reference < 1).length).toBeGreaterThanOrEqual(25);
    const inside = rows.filter((r) => r.error <= r.bound).length;
    expect(inside).toBeGreaterThanOrEqual(48);
    const bounds = rows.map((r) => r.bound).sort((a, b) => a - b);
    expect((bounds[24]! + bounds[25]!) / 2).toBeLessThanOrEqual(0.02);
  }, 120_000);
});
