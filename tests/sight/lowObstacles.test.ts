/**
 * Walls and hedges, with answers from similar triangles: an eye at height e, an obstacle of height h whose
 * far top edge is at distance w, and a board face at distance d. The obstacle's shadow reaches
 * s = e + (h − e)·d/w up the board, so the visible fraction of a 4 cm board is (4 − s)/4.
 */
import { describe, expect, it } from "vitest";
import { sightReport } from "../../src/sight/lineOfSight";
import { BOARD, boardAt, eyeAt, world } from "../helpers/scene";

const EYE = 2.9;
const wall = (x: number, height: number, kind: "wall" | "hedge" = "wall") => ({
  id: `${kind}-1`,
  kind,
  path: [
    [x, 20],
    [x, 100],
  ] as [number, number][],
  height,
  thickness: 1,
});

function expectedFraction(eyeX: number, wallX: number, wallHeight: number, thickness: number, boardX: number): number {
  const farEdge = wallX + thickness / 2 - eyeX;
  const face = boardX - BOARD.thickness / 2 - eyeX;
  const shadow = EYE + ((wallHeight - EYE) * face) / farEdge;
  return Math.min(1, Math.max(0, (BOARD.height - shadow) / BOARD.height));
}

describe("low walls and hedges", () => {
  it("a target right behind a low wall is partly hidden by it, by the amount similar triangles give", async () => {
    const w = await world([wall(100, 1.8)], [eyeAt("eye", 40, 60, EYE), boardAt("board", 100.9, 60)]);
    const r = sightReport(w, "eye", "board");
    expect(Math.abs(r.visibleFraction - expectedFraction(40, 100, 1.8, 1, 100.9))).toBeLessThan(0.03);
    expect(r.occluders.map((o) => [o.id, o.kind])).toEqual([["wall-1", "wall"]]);
    const crossing = r.linearObstacles[0]!;
    expect(crossing).toMatchObject({ id: "wall-1", kind: "wall", height: 1.8, targetTouches: true, shooterTouches: false });
    expect(crossing.distanceFromTarget).toBeCloseTo(0.2, 5);
    expect(crossing.distanceFromShooter).toBeCloseTo(59.5, 1);
    // On flat ground the top is the wall's height; the eye looks over it by the clearance.
    expect(crossing.top).toBeCloseTo(1.8, 6);
  });

  it("the same wall far in front of the target hides less of it", async () => {
    const w = await world([wall(80, 1.8)], [eyeAt("eye", 40, 60, EYE), boardAt("board", 120, 60)]);
    const r = sightReport(w, "eye", "board");
    const expected = expectedFraction(40, 80, 1.8, 1, 120);
    expect(Math.abs(r.visibleFraction - expected)).toBeLessThan(0.03);
    expect(r.linearObstacles[0]!.distanceFromTarget).toBeCloseTo(120 - 0.2 - 80.5, 1);
  });

  it("a high wall taller than the eye blocks the target completely", async () => {
    const w = await world([wall(100, 6)], [eyeAt("eye", 40, 60, EYE), boardAt("board", 110, 60)]);
    const r = sightReport(w, "eye", "board");
    expect(r.visibleFraction).toBe(0);
    expect(r.anyVisible).toBe(false);
    expect(r.occluders[0]).toMatchObject({ id: "wall-1", kind: "wall" });
    expect(r.linearObstacles[0]!.clearance).toBeLessThan(0);
  });

  it("a hedge hides like a wall of its height and is reported as a hedge", async () => {
    const w = await world([wall(100, 2.5, "hedge")], [eyeAt("eye", 40, 60, EYE), boardAt("board", 101.7, 60)]);
    const r = sightReport(w, "eye", "board");
    expect(Math.abs(r.visibleFraction - expectedFraction(40, 100, 2.5, 1, 101.7))).toBeLessThan(0.03);
    expect(r.occluders[0]).toMatchObject({ id: "hedge-1", kind: "hedge" });
  });

  it("a wall behind the target, or beside the line, hides nothing", async () => {
    const behind = await world([wall(110, 6)], [eyeAt("eye", 40, 60, EYE), boardAt("board", 100, 60)]);
    const r1 = sightReport(behind, "eye", "board");
    expect(r1.visibleFraction).toBe(1);
    expect(r1.occluders).toEqual([]);
    expect(r1.linearObstacles).toEqual([]);
    const beside = await world(
      [
        {
          id: "wall-1",
          kind: "wall",
          path: [
            [70, 64],
            [100, 64],
          ],
          height: 6,
          thickness: 1,
        },
      ],
      [eyeAt("eye", 40, 60, EYE), boardAt("board", 100, 60)],
    );
    const r2 = sightReport(beside, "eye", "board");
    expect(r2.visibleFraction).toBe(1);
    expect(r2.occluders).toEqual([]);
  });
});
