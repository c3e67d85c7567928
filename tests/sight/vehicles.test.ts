/**
 * Vehicles: hull-down behind a crest, a vehicle behind another, facing and weapon arcs, and the colliders
 * following a model when it moves or traverses its turret.
 */
import { describe, expect, it } from "vitest";
import type { Vec3 } from "../../src/core/solids/solid";
import { sightReport } from "../../src/sight/lineOfSight";
import { prepareSolid } from "../../src/sight/rayPrimitive";
import type { SightWorld } from "../../src/sight/sightWorld";
import { eyeAt, world } from "../helpers/scene";

// A ridge along z, 5 cm high: it rises from x = 60 to its near crest at x = 75, stays flat to x = 85 and
// falls to x = 100. Seen from below the crest, the near crest is the highest point any sight line grazes.
const ridge = {
  id: "ridge",
  kind: "hill" as const,
  outline: [
    [60, 10],
    [100, 10],
    [100, 110],
    [60, 110],
  ] as [number, number][],
  height: 5,
  slope: 15,
};
const CREST: [number, number] = [75, 5];

/** Whether a corner lies below the sight line from the origin over the crest (the ridge is uniform along z). */
function belowCrestLine(origin: Vec3, corner: Vec3): boolean {
  const lineY = origin[1] + ((CREST[1] - origin[1]) * (corner[0] - origin[0])) / (CREST[0] - origin[0]);
  return corner[1] < lineY;
}

function cornersOf(w: SightWorld, id: string, part: string): Vec3[] {
  return w
    .modelSolids(id)
    .filter((s) => s.part === part)
    .flatMap((s) => prepareSolid(s).corners);
}

describe("hull-down", () => {
  const tanks = (x: number) => [
    { id: "sherman", model: "us-sherman-m4", position: [20, 60] as [number, number], heading: 90, side: "A" as const },
    { id: "panzer", model: "ger-panzer-iv", position: [x, 60] as [number, number], heading: -90, side: "B" as const },
  ];

  it("a tank on the reverse slope with only its turret above the crest is hull-down", async () => {
    const w = await world([ridge], tanks(98.5));
    const r = sightReport(w, "sherman", "panzer", { weapon: "main-gun" });
    expect(cornersOf(w, "panzer", "hull").every((c) => belowCrestLine(r.origin, c))).toBe(true);
    expect(cornersOf(w, "panzer", "turret").some((c) => !belowCrestLine(r.origin, c))).toBe(true);
    const part = (name: string) => r.parts.find((p) => p.part === name)!;
    expect(part("hull").fraction).toBeLessThanOrEqual(0.02);
    expect(part("turret").fraction).toBeGreaterThan(0.1);
    expect(part("turret").samples).toBeGreaterThan(30);
    expect(r.hullDown).toBe(true);
    expect(r.occluders[0]).toMatchObject({ id: "ridge", kind: "hill" });
  });

  it("moved forward towards the crest, its hull shows and it is no longer hull-down", async () => {
    const w = await world([ridge], tanks(98.5));
    const panzer = w.battlefield.models.get("panzer")!.model;
    w.updateModel({ ...panzer, position: [90, 60] });
    const r = sightReport(w, "sherman", "panzer", { weapon: "main-gun" });
    expect(cornersOf(w, "panzer", "hull").some((c) => !belowCrestLine(r.origin, c))).toBe(true);
    expect(r.parts.find((p) => p.part === "hull")!.fraction).toBeGreaterThan(0.3);
    expect(r.hullDown).toBe(false);
  });
});

describe("vehicles and other models in the line", () => {
  it("a vehicle partly hidden by another vehicle names it as the occluder", async () => {
    const w = await world(
      [],
      [
        { id: "sherman", model: "us-sherman-m4", position: [20, 60], heading: 90, side: "A" },
        { id: "panther", model: "ger-panther", position: [70, 57], heading: 0, side: "B" },
        { id: "halftrack", model: "ger-sdkfz-251", position: [100, 62], heading: 0, side: "B" },
      ],
    );
    const r = sightReport(w, "sherman", "halftrack", { weapon: "main-gun" });
    expect(r.visibleFraction).toBeGreaterThan(0.1);
    expect(r.visibleFraction).toBeLessThan(0.9);
    expect(r.occluders[0]).toMatchObject({ id: "panther", kind: "model" });
    expect(r.modelsNearLine[0]).toMatchObject({ id: "panther", side: "B", distance: 0 });
    expect(r.modelsNearLine[0]!.blockedSamples).toBe(r.occluders[0]!.samples);
    // Each part says what hid it: only the Panther stands in the way, and only hidden parts name it.
    for (const part of r.parts) expect(part.blockedBy).toEqual(part.visible < part.samples ? ["panther"] : []);
    expect(r.parts.some((p) => p.blockedBy.length)).toBe(true);
  });

  it("models of the shooter's own unit never block its sight; other units' models do", async () => {
    const models = (unit: string) => [
      { ...eyeAt("eye", 30, 60, 2.9), unit: "squad" },
      { id: "mate", model: "us-rifleman", position: [60, 60] as [number, number], side: "A" as const, unit },
      { id: "target", model: "ger-rifleman", position: [100, 60] as [number, number], side: "B" as const },
    ];
    const own = sightReport(await world([], models("squad")), "eye", "target");
    expect(own.visibleFraction).toBe(1);
    expect(own.occluders).toEqual([]);
    const other = sightReport(await world([], models("other-squad")), "eye", "target");
    expect(other.visibleFraction).toBeLessThan(1);
    expect(other.occluders[0]).toMatchObject({ id: "mate", kind: "model", parts: ["figure"] });
  });
});

describe("facing and arcs", () => {
  const setup = (shooterAt: [number, number]) =>
    world(
      [],
      [
        { id: "shooter", model: "us-sherman-m4", position: shooterAt, heading: 0, side: "A" },
        // The Panzer IV faces +x; its hull is 10.5 long and 5.15 wide.
        { id: "panzer", model: "ger-panzer-iv", position: [100, 60], heading: 90, turretHeading: 90, side: "B" },
      ],
    );

  it("reports the hull face by the lines through the hull corners, and the turret face by the turret", async () => {
    const front = sightReport(await setup([160, 62]), "shooter", "panzer");
    expect(front.facing.hull).toMatchObject({ quadrant: "front", inFrontHalf: true });
    // The turret is traversed 90° to the panzer's left (+x local → it points along -z).
    expect(front.facing.turret!.quadrant).toBe("right");
    const rear = sightReport(await setup([40, 60]), "shooter", "panzer");
    expect(rear.facing.hull).toMatchObject({ quadrant: "rear", inFrontHalf: false });
    // Standing at -z of a tank facing +x is on its right (the model's left is its local +x = world -z... see docs/coordinates.md).
    const side = sightReport(await setup([101, 20]), "shooter", "panzer");
    expect(["left", "right"]).toContain(side.facing.hull.quadrant);
    expect(side.facing.turret!.quadrant).toBe("front");
  });

  it("tells whether the target is inside the weapon's arc", async () => {
    const w = await setup([100, 20]);
    // Shooter faces +z (heading 0), the panzer lies straight ahead: in the 90° hull MG arc.
    expect(sightReport(w, "shooter", "panzer", { weapon: "hull-mg" }).arc).toMatchObject({ inArc: true, arc: 90 });
    const shooter = w.battlefield.models.get("shooter")!.model;
    w.updateModel({ ...shooter, heading: 90 });
    const r = sightReport(w, "shooter", "panzer", { weapon: "hull-mg" });
    expect(r.arc!.inArc).toBe(false);
    // Bearing from the hull MG to the panzer, relative to the shooter's new heading (90°), positive to its right.
    const expected = 90 - (Math.atan2(100 - r.origin[0], 60 - r.origin[2]) * 180) / Math.PI;
    expect(r.arc!.bearing).toBeCloseTo(expected, 6);
    expect(sightReport(w, "shooter", "panzer", { weapon: "main-gun" }).arc!.inArc).toBe(true);
  });
});

describe("moving models", () => {
  it("moves colliders with the model, in place: a blocker moved away stops blocking, moved back blocks again", async () => {
    const w = await world(
      [],
      [
        eyeAt("eye", 30, 60, 2.9),
        { id: "blocker", model: "us-sherman-m4", position: [60, 60], heading: 0, side: "A" },
        { id: "target", model: "ger-rifleman", position: [100, 60], side: "B" },
      ],
    );
    expect(sightReport(w, "eye", "target").visibleFraction).toBe(0);
    const blocker = w.battlefield.models.get("blocker")!.model;
    w.updateModel({ ...blocker, position: [60, 100] });
    expect(sightReport(w, "eye", "target").visibleFraction).toBe(1);
    w.updateModel({ ...blocker, position: [60, 60] });
    expect(sightReport(w, "eye", "target").visibleFraction).toBe(0);
  });

  it("traverses the turret's colliders with the turret", async () => {
    const w = await world([], [{ id: "tank", model: "ger-panzer-iv", position: [90, 60], heading: 0, side: "A" }]);
    const muzzleZ = () => Math.max(...cornersOf(w, "tank", "gun").map((c) => c[2]));
    const before = muzzleZ();
    const tank = w.battlefield.models.get("tank")!.model;
    w.updateModel({ ...tank, turretHeading: 180 });
    expect(before).toBeGreaterThan(60 + 5);
    expect(muzzleZ()).toBeLessThan(60 + 2);
  });
});
