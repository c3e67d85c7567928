/**
 * Sight into a two-storey building through its openings. A card target faces the west wall (x = 100) whose
 * window or door is a rectangular tunnel through the 0.6 cm wall. Seen from an eye E, a point P of the card
 * face is visible when the ray E→P passes inside the opening at both faces of the wall; per axis (z and y)
 * that is an interval, so the visible share of the card is the product of two interval lengths.
 */
import { describe, expect, it } from "vitest";
import { sightReport } from "../../src/sight/lineOfSight";
import { CARD, cardAt, eyeAt, testHouse, world } from "../helpers/scene";

type Vec3 = [number, number, number];
const WALL_X = 100;
const THICKNESS = 0.6;
const FLOOR = 5.5;

/** Visible share of a card (face at x = faceX, spanning z∈[z0,z1], y∈[y0,y1]) through an opening in the west wall. */
function throughOpening(
  eye: Vec3,
  face: { x: number; z0: number; z1: number; y0: number; y1: number },
  hole: { z0: number; z1: number; y0: number; y1: number },
): number {
  let { z0, z1, y0, y1 } = face;
  for (const plane of [WALL_X, WALL_X + THICKNESS]) {
    const s = (face.x - eye[0]) / (plane - eye[0]);
    z0 = Math.max(z0, eye[2] + (hole.z0 - eye[2]) * s);
    z1 = Math.min(z1, eye[2] + (hole.z1 - eye[2]) * s);
    y0 = Math.max(y0, eye[1] + (hole.y0 - eye[1]) * s);
    y1 = Math.min(y1, eye[1] + (hole.y1 - eye[1]) * s);
  }
  return (Math.max(0, z1 - z0) * Math.max(0, y1 - y0)) / ((face.z1 - face.z0) * (face.y1 - face.y0));
}

const house = (roof: "intact" | "gone" = "intact") =>
  testHouse({
    roof: { state: roof, shape: "gable", ridgeHeight: 3.5 },
    openings: [
      // Wall 3 runs from (100, 70) to (100, 50): offset 10 is z = 60.
      { id: "window-up", type: "window", wall: 3, floor: 1, offset: 10, width: 3, height: 2.5, sill: 1.5 },
      { id: "door", type: "door", wall: 3, floor: 0, offset: 10, width: 2.5, height: 4.5 },
    ],
  });

const WINDOW = { z0: 58.5, z1: 61.5, y0: FLOOR + 1.5, y1: FLOOR + 4 };
const DOOR = { z0: 58.75, z1: 61.25, y0: 0, y1: 4.5 };
const cardFace = (x: number, feet: number) => ({ x: x - CARD.thickness / 2, z0: 58, z1: 62, y0: feet, y1: feet + CARD.height });

describe("a first-floor window", () => {
  const cardX = 103.5;
  const upstairs = { floor: { building: "house", level: 1 } };
  const cases: Array<[string, Vec3]> = [
    ["straight on", [40, 8.25, 60]],
    ["obliquely", [40, 8.25, 30]],
    ["from below, at ground level", [80, 2.9, 60]],
  ];
  for (const [name, eye] of cases) {
    it(`is seen through ${name} with the visible share the opening geometry gives`, async () => {
      const w = await world([house()], [eyeAt("eye", eye[0], eye[2], eye[1]), cardAt("card", cardX, 60, upstairs)]);
      const r = sightReport(w, "eye", "card");
      const expected = throughOpening(eye, cardFace(cardX, FLOOR), WINDOW);
      expect(expected).toBeGreaterThan(0.2);
      expect(Math.abs(r.visibleFraction - expected)).toBeLessThan(0.03);
      expect(r.occluders.map((o) => o.id)).toEqual(r.occluders.map(() => "house"));
      expect(r.occluders.map((o) => o.kind)).toContain("building-wall");
      expect(r.openings).toHaveLength(1);
      expect(r.openings[0]).toMatchObject({ id: "window-up", building: "house", type: "window", floor: 1 });
      expect(r.openings[0]!.distanceToTarget).toBeCloseTo(cardX - CARD.thickness / 2 - (WALL_X + THICKNESS / 2), 1);
      expect(r.areas.find((a) => a.id === "house")).toMatchObject({ kind: "building", targetInside: true, shooterInside: false });
    });
  }

  it("hides a target beside the window behind the wall", async () => {
    const w = await world([house()], [eyeAt("eye", 40, 8.25, 60), cardAt("card", cardX, 66, upstairs)]);
    const r = sightReport(w, "eye", "card");
    expect(r.visibleFraction).toBe(0);
    expect(r.openings).toEqual([]);
  });
});

describe("a door", () => {
  it("shows a target standing just inside it, as much as the door frame allows", async () => {
    const eye: Vec3 = [40, 2.9, 60];
    const w = await world([house()], [eyeAt("eye", eye[0], eye[2], eye[1]), cardAt("card", 102.5, 60)]);
    const r = sightReport(w, "eye", "card");
    const expected = throughOpening(eye, cardFace(102.5, 0), DOOR);
    expect(Math.abs(r.visibleFraction - expected)).toBeLessThan(0.03);
    expect(r.openings[0]).toMatchObject({ id: "door", type: "door", floor: 0 });
  });
});

describe("a roof", () => {
  const eye: Vec3 = [60, 30, 60];
  const models = [eyeAt("eye", eye[0], eye[2], eye[1]), cardAt("card", 110, 60, { floor: { building: "house", level: 1 } })];

  it("hides the upper floor from an observer above", async () => {
    const r = sightReport(await world([house("intact")], models), "eye", "card");
    expect(r.visibleFraction).toBe(0);
    // The roof stops what the wall top does not: the upper half of the target.
    expect(r.occluders.find((o) => o.kind === "roof")).toMatchObject({ id: "house", parts: ["roof"] });
    expect(r.occluders.find((o) => o.kind === "roof")!.samples).toBeGreaterThan(r.samples * 0.4);
  });

  it("once gone, shows the upper floor down to where the wall top cuts the line", async () => {
    const r = sightReport(await world([house("gone")], models), "eye", "card");
    // The ray must clear the wall top (2 × 5.5 cm) at the wall's inner face, x = 100.6.
    const faceX = 110 - CARD.thickness / 2;
    const lowestVisible = eye[1] - ((eye[1] - 2 * FLOOR) * (faceX - eye[0])) / (WALL_X + THICKNESS - eye[0]);
    const expected = (FLOOR + CARD.height - lowestVisible) / CARD.height;
    expect(Math.abs(r.visibleFraction - expected)).toBeLessThan(0.03);
    expect(r.occluders[0]).toMatchObject({ id: "house", kind: "building-wall" });
  });
});

describe("a ruin", () => {
  it("has no opening where its wall is cut down below the window: sight passes over the stump", async () => {
    const ruin = { ...house("gone"), ruined: { wallHeights: [11, 11, 11, 3] } };
    const eye: Vec3 = [40, 8.25, 60];
    const r = sightReport(
      await world([ruin], [eyeAt("eye", eye[0], eye[2], eye[1]), cardAt("card", 103.5, 60, { floor: { building: "house", level: 1 } })]),
      "eye",
      "card",
    );
    expect(r.openings).toEqual([]);
    expect(r.visibleFraction).toBe(1);
    expect(r.areas.find((a) => a.id === "house")).toMatchObject({ kind: "ruins", targetInside: true });
  });
});
