/**
 * The ends and bends of walls, hedges and bocage. An eye at (40, 2.9, 60) looks at a 4 cm board at x = 100
 * (face at x = 99.8, z ∈ [58, 62]). The sight cone's lower edge is the line from (40, 60) to (99.8, 58):
 * z(x) = 60 − 2·(x − 40)/59.8. A wall along z whose far face is at x = xf and which ends at zEnd hides the
 * board up to z* = 60 − (60 − zEnd)·(59.8)/(xf − 40) (similar triangles through the end's far corner).
 */
import { describe, expect, it } from "vitest";
import { terrainSolids } from "../../src/core/solids/battlefieldSolids";
import { solidTriangles } from "../../src/core/solids/solidGeometry";
import { sightReport } from "../../src/sight/lineOfSight";
import { BOARD, boardAt, eyeAt, world } from "../helpers/scene";

const EYE = 2.9;
const coneEdge = (x: number) => 60 - (2 * (x - 40)) / 59.8;

function visibleBehindEnd(farFace: number, zEnd: number): number {
  const hiddenUpTo = 60 - ((60 - zEnd) * 59.8) / (farFace - 40);
  return (62 - Math.min(62, Math.max(58, hiddenUpTo))) / BOARD.width;
}

describe("the free ends of linear obstacles", () => {
  // A bocage bank 4 cm thick along z at x = 80 (x ∈ [78, 82]), ending 1 cm short of the cone at its far face.
  const zEnd = coneEdge(82) - 1;
  const bocage = {
    id: "bocage-1",
    kind: "bocage" as const,
    path: [
      [80, 20],
      [80, zEnd],
    ] as [number, number][],
  };

  it("a figure 1 cm clear of a bocage's end is fully visible, and no obstacle is reported", async () => {
    const w = await world([bocage], [eyeAt("eye", 40, 60, EYE), boardAt("board", 100, 60)]);
    const r = sightReport(w, "eye", "board");
    expect(r.visibleFraction).toBe(1);
    expect(r.occluders).toEqual([]);
    expect(r.linearObstacles).toEqual([]);
  });

  it("the bank stops exactly at both ends of its path", async () => {
    const w = await world([bocage], [eyeAt("eye", 40, 60, EYE)]);
    const across = (z: number) => w.castSegment([70, 3, z], [90, 3, z]);
    expect(across(zEnd - 0.01)?.tag.owner).toBe("bocage-1");
    expect(across(zEnd + 0.01)).toBeNull();
    expect(across(20.01)?.tag.owner).toBe("bocage-1");
    expect(across(19.99)).toBeNull();
  });

  it("the solids the table draws are the sight world's, and their triangles end at the path's ends too", async () => {
    const w = await world([bocage], [eyeAt("eye", 40, 60, EYE)]);
    const drawn = terrainSolids(w.battlefield);
    expect(w.staticSolids).toEqual(drawn);
    const zs = drawn.filter((s) => s.owner === "bocage-1").flatMap((s) => [...solidTriangles(s).positions].filter((_, i) => i % 3 === 2));
    expect(Math.min(...zs)).toBeCloseTo(20, 4);
    expect(Math.max(...zs)).toBeCloseTo(zEnd, 4);
  });

  it("a wall ending 0.5 cm into the sight cone hides only the share similar triangles give, and is listed", async () => {
    // A wall 1 cm thick along z at x = 70 (x ∈ [69.5, 70.5]), its end 0.5 cm inside the cone at its far face.
    const end = coneEdge(70.5) + 0.5;
    const w = await world(
      [
        {
          id: "wall-1",
          kind: "wall",
          path: [
            [70, 20],
            [70, end],
          ],
          height: 10,
          thickness: 1,
        },
      ],
      [eyeAt("eye", 40, 60, EYE), boardAt("board", 100, 60)],
    );
    const expected = visibleBehindEnd(70.5, end);
    expect(expected).toBeGreaterThan(0.7);
    expect(expected).toBeLessThan(0.8);
    const reference = sightReport(w, "eye", "board", { coarseGrid: 70, fineGrid: 70 });
    expect(Math.abs(reference.visibleFraction - expected)).toBeLessThan(0.01);
    const r = sightReport(w, "eye", "board");
    expect(Math.abs(r.visibleFraction - expected)).toBeLessThan(0.03);
    // The centre line misses the wall, yet it hides part of the target: the rules must hear of it.
    expect(r.linearObstacles).toHaveLength(1);
    const wall = r.linearObstacles[0]!;
    expect(wall).toMatchObject({ id: "wall-1", kind: "wall", onCentreLine: false, targetTouches: false, shooterTouches: false });
    // The blocked ray nearest the centre line strikes the wall's near face or its end, 29.5 to 30.5 cm out.
    expect(wall.alongLine).toBeGreaterThanOrEqual(29.5 - 1e-6);
    expect(wall.alongLine).toBeLessThanOrEqual(30.6);
    expect(wall.clearance).toBeLessThan(0);
    expect(wall.top).toBeCloseTo(10, 6);
    // From the board's nearest corner (99.8, 58) to the path, less half the wall's thickness.
    expect(wall.distanceFromTarget).toBeCloseTo(99.8 - 70 - 0.5, 6);
    expect(wall.distanceFromShooter).toBeCloseTo(70 - 40 - 0.05 - 0.5, 1);
  });

  it("a wall the centre line crosses is listed as on the line", async () => {
    const w = await world(
      [
        {
          id: "wall-1",
          kind: "wall",
          path: [
            [70, 20],
            [70, 100],
          ],
          height: 1.5,
          thickness: 1,
        },
      ],
      [eyeAt("eye", 40, 60, EYE), boardAt("board", 100, 60)],
    );
    const wall = sightReport(w, "eye", "board").linearObstacles[0]!;
    expect(wall.onCentreLine).toBe(true);
    expect(wall.alongLine).toBeCloseTo(30, 6);
  });
});

describe("the bends of linear obstacles", () => {
  // An L: along z at x = 70 up to (70, 60), then along x to (90, 60); 1 cm thick.
  const corner = {
    id: "wall-1",
    kind: "wall" as const,
    path: [
      [70, 20],
      [70, 60],
      [90, 60],
    ] as [number, number][],
    height: 10,
    thickness: 1,
  };

  it("the outer corner is closed: a ray through it, missing both straight pieces, is blocked by the joint", async () => {
    const w = await world([corner], [eyeAt("eye", 40, 60, EYE)]);
    // Along x − z = 9.4 at height 1: it passes (69.7, 60.3), inside the corner, outside both arms' boxes.
    const hit = w.castSegment([59.7, 1, 50.3], [79.7, 1, 70.3]);
    expect(hit?.tag).toMatchObject({ owner: "wall-1", part: "joint-1", kind: "wall" });
    expect(w.staticSolids.filter((s) => s.owner === "wall-1" && s.part.startsWith("joint")).map((s) => s.part)).toEqual(["joint-1"]);
  });

  it("pieces along one straight run butt exactly: a long wall is closed at every piece boundary and ends on its end point", async () => {
    // 25 cm in three pieces of 25/3 cm: boundaries at z = 28.33… and 36.67….
    const w = await world(
      [
        {
          id: "wall-1",
          kind: "wall",
          path: [
            [70, 20],
            [70, 45],
          ],
          height: 10,
          thickness: 1,
        },
      ],
      [eyeAt("eye", 40, 60, EYE)],
    );
    const pieces = w.staticSolids.filter((s) => s.owner === "wall-1");
    expect(pieces).toHaveLength(3);
    const across = (z: number) => w.castSegment([60, 3, z], [80, 3, z]);
    for (const z of [20 + 25 / 3, 20 + 50 / 3]) expect(across(z)?.tag.owner).toBe("wall-1");
    const length = pieces.reduce((sum, s) => sum + (s.shape.type === "box" ? 2 * s.shape.halfExtents[2] : 0), 0);
    expect(length).toBeCloseTo(25, 9);
    expect(across(45.01)).toBeNull();
  });
});
