/**
 * Plan geometry and footprints, against answers worked out by hand, and headings against three.js itself
 * (docs/coordinates.md: heading 0 faces +z, 90 faces +x, exactly rotation.y).
 */
import { Object3D, Vector3 } from "three";
import { describe, expect, it } from "vitest";
import {
  distanceToFootprint,
  type Footprint,
  footprintArea,
  footprintBounds,
  footprintContains,
  footprintDistance,
  footprintToPolylineDistance,
} from "../../src/core/footprint";
import {
  closestParameterOnSegment,
  distanceToPolygonBoundary,
  distanceToSegment,
  ellipsePolygon,
  headingVector,
  nearestPointOnPolygonBoundary,
  pointInPolygon,
  polygonCentroid,
  rectanglePolygon,
  rotateByHeading,
  segmentInsideCircle,
  segmentInsidePolygon,
  segmentIntersection,
  segmentsDistance,
  signedArea,
  type Vec2,
} from "../../src/core/geometry2d";
import { degToRad } from "../../src/core/units";
import { headingOf } from "../../src/sight/facing";

const EPS = 9;

function expectVec(actual: Vec2, expected: Vec2) {
  expect(actual[0]).toBeCloseTo(expected[0], EPS);
  expect(actual[1]).toBeCloseTo(expected[1], EPS);
}

function expectIntervals(actual: Array<[number, number]> | [number, number] | null, expected: Array<[number, number]>) {
  const list = actual === null ? [] : typeof actual[0] === "number" ? [actual as [number, number]] : (actual as Array<[number, number]>);
  expect(list).toHaveLength(expected.length);
  list.forEach(([t0, t1], i) => {
    expect(t0).toBeCloseTo(expected[i]![0], EPS);
    expect(t1).toBeCloseTo(expected[i]![1], EPS);
  });
}

/** A U open towards +z: arms x ∈ [0, 10] and [20, 30], joined for z ∈ [0, 10]; the notch is x ∈ (10, 20), z > 10. */
const U: Vec2[] = [
  [0, 0],
  [30, 0],
  [30, 30],
  [20, 30],
  [20, 10],
  [10, 10],
  [10, 30],
  [0, 30],
];
const square = (x0: number, z0: number, size: number): Vec2[] => [
  [x0, z0],
  [x0 + size, z0],
  [x0 + size, z0 + size],
  [x0, z0 + size],
];
const circle = (center: Vec2, radius: number): Footprint => ({ kind: "circle", center, radius });
const polygon = (points: Vec2[]): Footprint => ({ kind: "polygon", points });

describe("headings match three.js rotation.y", () => {
  const headings = [0, 30, 90, 135, 180, -90, 270, 400, -33.3];
  const locals: Vec2[] = [
    [0, 1],
    [1, 0],
    [2.5, -4],
    [-3, 7],
  ];

  it("rotateByHeading turns a local offset as an Object3D with that rotation.y does", () => {
    for (const heading of headings) {
      const object = new Object3D();
      object.rotation.y = degToRad(heading);
      object.updateMatrixWorld(true);
      for (const local of locals) {
        const world = object.localToWorld(new Vector3(local[0], 0, local[1]));
        expect(world.y).toBeCloseTo(0, EPS);
        expectVec(rotateByHeading(local, heading), [world.x, world.z]);
      }
    }
  });

  it("headingVector is where +z of the rotated object points: 0 faces +z, 90 faces +x", () => {
    expectVec(headingVector(0), [0, 1]);
    expectVec(headingVector(90), [1, 0]);
    expectVec(headingVector(180), [0, -1]);
    expectVec(headingVector(-90), [-1, 0]);
    expectVec(headingVector(45), [Math.SQRT1_2, Math.SQRT1_2]);
    for (const heading of headings) {
      const object = new Object3D();
      object.rotation.y = degToRad(heading);
      object.updateMatrixWorld(true);
      const forward = object.getWorldDirection(new Vector3());
      expectVec(headingVector(heading), [forward.x, forward.z]);
      expectVec(headingVector(heading), rotateByHeading([0, 1], heading));
    }
  });

  it("a model's local +x is its left: facing +x, its left points to -z", () => {
    expectVec(rotateByHeading([1, 0], 90), [0, -1]);
    // Right-handed: right = forward × up. Facing +x with y up, right is +z and left is -z.
    const forward = new Vector3(1, 0, 0);
    const right = forward.clone().cross(new Vector3(0, 1, 0));
    expectVec([right.x, right.z], [0, 1]);
  });

  it("headingOf inverts headingVector", () => {
    for (const heading of [0, 30, 90, 135, 179, -45, -120]) expect(headingOf(headingVector(heading))).toBeCloseTo(heading, EPS);
    expect(headingOf([0, -1])).toBeCloseTo(180, EPS);
  });
});

describe("segments", () => {
  it("closest parameter and distance, clamped to the segment", () => {
    expect(closestParameterOnSegment([5, 3], [0, 0], [10, 0])).toBeCloseTo(0.5, EPS);
    expect(closestParameterOnSegment([-4, 3], [0, 0], [10, 0])).toBe(0);
    expect(closestParameterOnSegment([14, 3], [0, 0], [10, 0])).toBe(1);
    expect(distanceToSegment([5, 3], [0, 0], [10, 0])).toBeCloseTo(3, EPS);
    expect(distanceToSegment([13, 4], [0, 0], [10, 0])).toBeCloseTo(5, EPS);
    expect(distanceToSegment([3, 4], [0, 0], [0, 0])).toBeCloseTo(5, EPS);
  });

  it("intersection parameters, and null for misses and parallels", () => {
    const hit = segmentIntersection([0, 0], [10, 0], [2, -1], [2, 3])!;
    expect(hit.t).toBeCloseTo(0.2, EPS);
    expect(hit.u).toBeCloseTo(0.25, EPS);
    expect(segmentIntersection([0, 0], [10, 0], [12, -1], [12, 3])).toBeNull();
    expect(segmentIntersection([0, 0], [10, 0], [0, 1], [10, 1])).toBeNull();
  });

  it("distance between segments: 0 when crossing, else the nearest endpoint gap", () => {
    expect(segmentsDistance([0, 0], [10, 0], [5, -5], [5, 5])).toBe(0);
    expect(segmentsDistance([0, 0], [10, 0], [0, 3], [10, 3])).toBeCloseTo(3, EPS);
    expect(segmentsDistance([0, 0], [10, 0], [13, 4], [20, 10])).toBeCloseTo(5, EPS);
  });
});

describe("polygons", () => {
  it("signed area is positive counter-clockwise in (x, z), and the centroid of a U is on its axis", () => {
    expect(signedArea(U)).toBeCloseTo(30 * 30 - 10 * 20, EPS);
    expect(signedArea([...U].reverse())).toBeCloseTo(-(30 * 30 - 10 * 20), EPS);
    // Base 30 × 10 (centroid z 5, area 300) and two arms 10 × 20 (centroid z 20, area 200 each).
    expectVec(polygonCentroid(U), [15, (300 * 5 + 400 * 20) / 700]);
  });

  it("point in a concave polygon, and distance to its boundary", () => {
    expect(pointInPolygon([5, 20], U)).toBe(true);
    expect(pointInPolygon([25, 20], U)).toBe(true);
    expect(pointInPolygon([15, 5], U)).toBe(true);
    expect(pointInPolygon([15, 20], U)).toBe(false);
    expect(pointInPolygon([-1, 5], U)).toBe(false);
    expect(distanceToPolygonBoundary([15, 20], U)).toBeCloseTo(5, EPS);
    expect(distanceToPolygonBoundary([15, 5], U)).toBeCloseTo(5, EPS);
    expect(distanceToPolygonBoundary([35, 34], U)).toBeCloseTo(Math.hypot(5, 4), EPS);
  });

  it("the nearest point of the outline: on an edge, or at a corner", () => {
    expectVec(nearestPointOnPolygonBoundary([15, 4], U), [15, 0]);
    expectVec(nearestPointOnPolygonBoundary([35, 34], U), [30, 30]);
    expectVec(nearestPointOnPolygonBoundary([14, 20], U), [10, 20]);
  });

  it("rectangles and ellipses turn with the heading", () => {
    const rect = rectanglePolygon([10, 20], 4, 10, 90);
    // 4 wide (local x) and 10 long (local z); facing +x the length lies along x.
    const xs = rect.map((p) => p[0]);
    const zs = rect.map((p) => p[1]);
    expect(Math.min(...xs)).toBeCloseTo(5, EPS);
    expect(Math.max(...xs)).toBeCloseTo(15, EPS);
    expect(Math.min(...zs)).toBeCloseTo(18, EPS);
    expect(Math.max(...zs)).toBeCloseTo(22, EPS);
    expect(Math.abs(signedArea(rect))).toBeCloseTo(40, EPS);
    const ellipse = ellipsePolygon([0, 0], 2, 5, 90, 64);
    expect(Math.max(...ellipse.map((p) => p[0]))).toBeCloseTo(5, EPS);
    expect(Math.max(...ellipse.map((p) => p[1]))).toBeCloseTo(2, EPS);
  });
});

describe("segment inside a polygon", () => {
  it("crossing both arms of a concave U gives two intervals", () => {
    // From x = -10 to 40 at z = 20: inside for x ∈ [0, 10] and [20, 30]; t = (x + 10) / 50.
    expectIntervals(segmentInsidePolygon([-10, 20], [40, 20], U), [
      [0.2, 0.4],
      [0.6, 0.8],
    ]);
    // The same line run backwards.
    expectIntervals(segmentInsidePolygon([40, 20], [-10, 20], U), [
      [0.2, 0.4],
      [0.6, 0.8],
    ]);
    // Either winding of the outline.
    expectIntervals(segmentInsidePolygon([-10, 20], [40, 20], [...U].reverse()), [
      [0.2, 0.4],
      [0.6, 0.8],
    ]);
  });

  it("crossing the base of the U gives one interval", () => {
    expectIntervals(segmentInsidePolygon([-10, 5], [40, 5], U), [[0.2, 0.8]]);
  });

  it("starting and ending inside, diagonal, wholly inside, wholly outside", () => {
    expectIntervals(segmentInsidePolygon([5, 20], [25, 20], U), [
      [0, 0.25],
      [0.75, 1],
    ]);
    // From the left arm across the notch into the right arm and out of its side: (5, 25) → (35, 5), so
    // x = 5 + 30t, z = 25 − 20t. Inside the left arm until x = 10 (t = 1/6), across the notch until x = 20
    // (t = 1/2, z = 15), inside the right arm until x = 30 (t = 5/6).
    expectIntervals(segmentInsidePolygon([5, 25], [35, 5], U), [
      [0, 1 / 6],
      [0.5, 5 / 6],
    ]);
    expectIntervals(segmentInsidePolygon([2, 2], [8, 28], U), [[0, 1]]);
    expectIntervals(segmentInsidePolygon([15, 12], [15, 40], U), []);
    expectIntervals(segmentInsidePolygon([-5, -5], [-5, 40], U), []);
  });
});

describe("segment inside a circle", () => {
  it("chords, half chords, whole segments, tangents and misses", () => {
    expectIntervals(segmentInsideCircle([-10, 0], [10, 0], [0, 0], 5), [[0.25, 0.75]]);
    // At z = 3 the chord is x ∈ [-4, 4].
    expectIntervals(segmentInsideCircle([-10, 3], [10, 3], [0, 0], 5), [[0.3, 0.7]]);
    expectIntervals(segmentInsideCircle([0, 0], [10, 0], [0, 0], 5), [[0, 0.5]]);
    expectIntervals(segmentInsideCircle([-1, 0], [1, 0], [0, 0], 5), [[0, 1]]);
    expectIntervals(segmentInsideCircle([-10, 5], [10, 5], [0, 0], 5), []);
    expectIntervals(segmentInsideCircle([-10, 8], [10, 8], [0, 0], 5), []);
    expectIntervals(segmentInsideCircle([6, 0], [10, 0], [0, 0], 5), []);
    // A circle off the origin, crossed diagonally: centre (10, 10), radius √2·5 along the diagonal.
    expectIntervals(segmentInsideCircle([0, 0], [20, 20], [10, 10], 5 * Math.SQRT2), [[0.25, 0.75]]);
    expectIntervals(segmentInsideCircle([1, 1], [1, 1], [0, 0], 5), [[0, 1]]);
    expectIntervals(segmentInsideCircle([9, 9], [9, 9], [0, 0], 5), []);
  });
});

describe("footprints", () => {
  it("circle to circle: centre distance minus both radii, 0 when touching or overlapping", () => {
    expect(footprintDistance(circle([0, 0], 1), circle([10, 0], 2))).toBeCloseTo(7, EPS);
    expect(footprintDistance(circle([0, 0], 1), circle([3, 4], 1.5))).toBeCloseTo(2.5, EPS);
    expect(footprintDistance(circle([0, 0], 2), circle([3, 0], 1))).toBe(0);
    expect(footprintDistance(circle([0, 0], 2), circle([1, 0], 5))).toBe(0);
  });

  it("circle to polygon, both ways round: to the nearest edge or corner", () => {
    const box = polygon(square(5, -1, 2));
    expect(footprintDistance(circle([0, 0], 1), box)).toBeCloseTo(4, EPS);
    expect(footprintDistance(box, circle([0, 0], 1))).toBeCloseTo(4, EPS);
    // The nearest point of the square [3, 5] × [4, 6] is its corner (3, 4), 5 from the centre.
    const corner = polygon(square(3, 4, 2));
    expect(footprintDistance(circle([0, 0], 1), corner)).toBeCloseTo(4, EPS);
    expect(footprintDistance(corner, circle([0, 0], 1))).toBeCloseTo(4, EPS);
    expect(footprintDistance(circle([6, 0], 0.5), box)).toBe(0);
    expect(footprintDistance(circle([0, 0], 4.5), box)).toBeCloseTo(0.5, EPS);
    expect(footprintDistance(circle([0, 0], 5), box)).toBe(0);
  });

  it("polygon to polygon: edge to edge, corner to corner, 0 for overlap and containment", () => {
    expect(footprintDistance(polygon(square(0, 0, 1)), polygon(square(4, 0, 1)))).toBeCloseTo(3, EPS);
    expect(footprintDistance(polygon(square(0, 0, 1)), polygon(square(4, 5, 1)))).toBeCloseTo(5, EPS);
    expect(footprintDistance(polygon(square(0, 0, 2)), polygon(square(1, 1, 2)))).toBe(0);
    expect(footprintDistance(polygon(square(0, 0, 10)), polygon(square(4, 4, 1)))).toBe(0);
    expect(footprintDistance(polygon(square(4, 4, 1)), polygon(square(0, 0, 10)))).toBe(0);
    // A 2 × 2 square turned 45° has its corner √2 from its centre, pointing at the edge x = 3 of the other square.
    const diamond = polygon(rectanglePolygon([0, 0], 2, 2, 45));
    expect(footprintDistance(diamond, polygon(square(3, -1, 2)))).toBeCloseTo(3 - Math.SQRT2, EPS);
    // Crossing without either first corner inside the other: a plus sign.
    expect(footprintDistance(polygon(rectanglePolygon([0, 0], 10, 1, 0)), polygon(rectanglePolygon([0, 0], 1, 10, 0)))).toBe(0);
  });

  it("point distance, containment, area, bounds", () => {
    expect(distanceToFootprint(circle([0, 0], 2), [5, 0])).toBeCloseTo(3, EPS);
    expect(distanceToFootprint(circle([0, 0], 2), [1, 0])).toBe(0);
    expect(distanceToFootprint(polygon(U), [15, 20])).toBeCloseTo(5, EPS);
    expect(distanceToFootprint(polygon(U), [5, 5])).toBe(0);
    expect(footprintContains(circle([0, 0], 2), [2, 0])).toBe(true);
    expect(footprintContains(polygon(U), [15, 20])).toBe(false);
    expect(footprintArea(circle([0, 0], 2))).toBeCloseTo(4 * Math.PI, EPS);
    expect(footprintArea(polygon([...U].reverse()))).toBeCloseTo(700, EPS);
    expect(footprintBounds(circle([1, 2], 3))).toEqual([-2, -1, 4, 5]);
    expect(footprintBounds(polygon(U))).toEqual([0, 0, 30, 30]);
  });

  it("footprint to a polyline (walls, hedges)", () => {
    const wall: Vec2[] = [
      [0, 10],
      [20, 10],
    ];
    expect(footprintToPolylineDistance(circle([5, 0], 2), wall)).toBeCloseTo(8, EPS);
    // Past the end of the wall: 5 from its end (20, 10), less the radius.
    expect(footprintToPolylineDistance(circle([23, 14], 1), wall)).toBeCloseTo(4, EPS);
    expect(footprintToPolylineDistance(polygon(square(4, 4, 2)), wall)).toBeCloseTo(4, EPS);
    expect(footprintToPolylineDistance(polygon(square(4, 9, 2)), wall)).toBe(0);
    // The polyline passes right through the square without a vertex inside it.
    expect(footprintToPolylineDistance(polygon(square(4, 8, 4)), wall)).toBe(0);
  });
});
