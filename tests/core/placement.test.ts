/**
 * Physical placement on scenes whose answer follows from the geometry: a 2.5 cm round base (radius 1.25) next
 * to a 1 cm wall, the test house's 0.6 cm walls, other bases and a Panzer IV's 5.15 × 10.5 cm hull.
 */
import { describe, expect, it } from "vitest";
import { type Battlefield, createBattlefield } from "../../src/core/battlefield";
import { distance2 } from "../../src/core/geometry2d";
import { scenarioCatalog } from "../../src/core/miniatures/catalog";
import { bodyOf, nearestFreeSpot, obstructionOf, settleMoves, shiftedPlacement, tableBodies } from "../../src/core/placement";
import { formatIssues, parseScenario } from "../../src/core/scenario/load";
import type { Model } from "../../src/core/scenario/schema";
import { BATTLEFIELDS } from "../../src/state/battlefields";
import { type Placed, scenario, TEST_CATALOG, testHouse } from "../helpers/scene";

type FeatureInput = Parameters<typeof scenario>[0][number];

const wall: FeatureInput = {
  id: "wall",
  kind: "wall",
  path: [
    [50, 0],
    [50, 120],
  ],
  thickness: 1,
  height: 1.8,
};

function table(features: FeatureInput[], models: Placed[] = []): Battlefield {
  return createBattlefield(scenario(features, models), TEST_CATALOG);
}

const rifleman = (x: number, z: number, extra: Partial<Model> = {}): Model => ({
  id: "new",
  model: "us-rifleman",
  position: [x, z],
  heading: 0,
  turretHeading: 0,
  ...extra,
});

/** What `model` would overlap on `battlefield`, among its features and its models. */
function obstruction(battlefield: Battlefield, model: Model) {
  const def = TEST_CATALOG.get(model.model)!;
  return obstructionOf(battlefield, bodyOf(def, model), tableBodies(battlefield), def.vehicle !== undefined);
}

describe("overlap with a wall", () => {
  const battlefield = table([wall]);
  it("refuses a base whose edge reaches into the wall and accepts one clear of it, on either side", () => {
    // The wall fills x ∈ [49.5, 50.5]; the base reaches 1.25 from its centre.
    expect(obstruction(battlefield, rifleman(48.5, 60))).toEqual({ id: "wall", what: "wall" });
    expect(obstruction(battlefield, rifleman(51.6, 60))).toEqual({ id: "wall", what: "wall" });
    expect(obstruction(battlefield, rifleman(48, 60))).toBeUndefined();
    expect(obstruction(battlefield, rifleman(52.1, 60))).toBeUndefined();
  });

  it("moves a base dropped on the wall to the nearest free spot on the side it was dropped", () => {
    const dropped = rifleman(49, 60);
    const moved = nearestFreeSpot(battlefield, TEST_CATALOG.get("us-rifleman")!, dropped, [])!;
    expect(moved).toBeDefined();
    expect(obstruction(battlefield, moved)).toBeUndefined();
    expect(moved.position[0]).toBeLessThan(50);
    // The nearest free centre is x = 49.5 − 1.25 = 48.25 (touching allowed by 0.05): 0.7–0.75 cm away; rings are 0.5 cm apart.
    const moveDistance = distance2(moved.position, dropped.position);
    expect(moveDistance).toBeGreaterThanOrEqual(0.7);
    expect(moveDistance).toBeLessThanOrEqual(1 + 1e-9);
  });

  it("lets a base through wire, which stops no model", () => {
    const wire: FeatureInput = {
      id: "wire",
      kind: "wire",
      path: [
        [50, 0],
        [50, 120],
      ],
    };
    expect(obstruction(table([wire]), rifleman(50, 60))).toBeUndefined();
  });
});

describe("overlap with a building's walls", () => {
  // The test house fills x ∈ [100, 120], z ∈ [50, 70]; its walls are 0.6 cm thick, inside the footprint.
  const door = { id: "door", type: "door" as const, wall: 3, floor: 0, offset: 10, width: 3, height: 4, sill: 0 };
  const battlefield = table([testHouse({ openings: [door] })]);

  it("refuses a ground base on the west wall outside the door and accepts one clear of it", () => {
    expect(obstruction(battlefield, rifleman(99.5, 55))).toEqual({ id: "house", what: "building-wall" });
    expect(obstruction(battlefield, rifleman(98.6, 55))).toBeUndefined();
  });

  it("lets a base stand in the ground-floor doorway, but not in the wall above it on the first floor", () => {
    expect(obstruction(battlefield, rifleman(100.3, 60))).toBeUndefined();
    expect(obstruction(battlefield, rifleman(100.3, 60, { floor: { building: "house", level: 1 } }))).toEqual({ id: "house", what: "building-wall" });
  });

  it("accepts a base inside on a floor, and refuses one against the east wall of that floor", () => {
    expect(obstruction(battlefield, rifleman(110, 60, { floor: { building: "house", level: 1 } }))).toBeUndefined();
    expect(obstruction(battlefield, rifleman(119, 60, { floor: { building: "house", level: 1 } }))).toEqual({ id: "house", what: "building-wall" });
  });

  it("refuses a vehicle inside the house even clear of its walls", () => {
    const big = table([
      testHouse({
        footprint: [
          [100, 30],
          [140, 30],
          [140, 90],
          [100, 90],
        ],
      }),
    ]);
    expect(obstruction(big, { ...rifleman(120, 60), model: "ger-panzer-iv" })).toEqual({ id: "house", what: "building" });
  });
});

describe("overlap with other models", () => {
  it("refuses bases that overlap and accepts bases in contact", () => {
    const battlefield = table([], [{ id: "gi", model: "us-rifleman", position: [30, 30] }]);
    expect(obstruction(battlefield, rifleman(32, 30))).toEqual({ id: "gi", what: "model" });
    expect(obstruction(battlefield, rifleman(32.5, 30))).toBeUndefined();
  });

  it("keeps models on different floors apart from each other", () => {
    const battlefield = table([testHouse()], [{ id: "gi", model: "us-rifleman", position: [110, 60], floor: { building: "house", level: 0 } }]);
    expect(obstruction(battlefield, rifleman(110.5, 60, { floor: { building: "house", level: 0 } }))).toEqual({ id: "gi", what: "model" });
    expect(obstruction(battlefield, rifleman(110.5, 60, { floor: { building: "house", level: 1 } }))).toBeUndefined();
  });

  it("refuses a base on a tank's hull along its length and not beside it past its side", () => {
    // Heading 0: the hull spans x ∈ [57.425, 62.575], z ∈ [54.75, 65.25]; a base reaches 1.25 (1.2 once touching is allowed).
    const battlefield = table([], [{ id: "tank", model: "ger-panzer-iv", position: [60, 60], heading: 0 }]);
    expect(obstruction(battlefield, rifleman(60, 64))).toEqual({ id: "tank", what: "model" });
    expect(obstruction(battlefield, rifleman(64, 60))).toBeUndefined();
    expect(obstruction(battlefield, rifleman(60, 66.6))).toBeUndefined();
    // Turned a quarter, the two spots swap.
    const turned = table([], [{ id: "tank", model: "ger-panzer-iv", position: [60, 60], heading: 90 }]);
    expect(obstruction(turned, rifleman(64, 60))).toEqual({ id: "tank", what: "model" });
    expect(obstruction(turned, rifleman(60, 64))).toBeUndefined();
  });

  it("finds the nearest free spot next to a base, touching it", () => {
    const battlefield = table([], [{ id: "gi", model: "us-rifleman", position: [30, 30] }]);
    const moved = nearestFreeSpot(battlefield, TEST_CATALOG.get("us-rifleman")!, rifleman(30.5, 30), tableBodies(battlefield))!;
    const apart = distance2(moved.position, [30, 30]);
    expect(apart).toBeGreaterThanOrEqual(2.4);
    expect(distance2(moved.position, [30.5, 30])).toBeLessThanOrEqual(2.5);
  });

  it("finds no free spot when none is within reach, and keeps a floor's model inside its building", () => {
    const battlefield = table([testHouse()]);
    const upstairs = rifleman(100.3, 60, { floor: { building: "house", level: 1 } });
    const moved = nearestFreeSpot(battlefield, TEST_CATALOG.get("us-rifleman")!, upstairs, [])!;
    expect(moved.position[0]).toBeGreaterThan(100.6 + 1.2);
    expect(moved.floor).toEqual({ building: "house", level: 1 });
    expect(
      nearestFreeSpot(battlefield, TEST_CATALOG.get("ger-panzer-iv")!, { ...rifleman(110, 60), model: "ger-panzer-iv" }, [], { maxDistance: 3 }),
    ).toBeUndefined();
  });
});

describe("the bundled battlefields", () => {
  it.each(BATTLEFIELDS.map((b) => [b.id, b] as const))("%s has no model standing in a wall, a building or another model", async (_id, bundled) => {
    const parsed = parseScenario(await bundled.load(), scenarioCatalog);
    if (!parsed.ok) throw new Error(formatIssues(parsed.issues));
    const battlefield = createBattlefield(parsed.scenario, scenarioCatalog(parsed.scenario));
    const bodies = tableBodies(battlefield);
    const overlaps = [...battlefield.models.values()].flatMap((e) => {
      const o = obstructionOf(battlefield, bodyOf(e.def, e.model), bodies, e.def.vehicle !== undefined);
      return o ? [`${e.model.id} → ${o.id}`] : [];
    });
    expect(overlaps).toEqual([]);
  });
});

describe("models moved with their unit", () => {
  const battlefield = table([testHouse(), wall]);

  it("keep their floor while they stay inside their building, and step down to the ground outside it", () => {
    const upstairs = { position: [105, 60] as [number, number], heading: 30, floor: { building: "house", level: 1 } };
    expect(shiftedPlacement(battlefield, upstairs, [5, 3])).toEqual({ position: [110, 63], heading: 30, floor: { building: "house", level: 1 } });
    expect(shiftedPlacement(battlefield, upstairs, [-10, 0])).toEqual({ position: [95, 60], heading: 30 });
  });

  it("settle each dropped model clear of the wall and of each other", () => {
    const moved = table(
      [wall],
      [
        { id: "a", model: "us-rifleman", position: [30, 30] },
        { id: "b", model: "us-rifleman", position: [30, 40] },
      ],
    );
    const settled = settleMoves(moved, [
      {
        model: "a",
        to: { position: [49.8, 60], heading: 0 },
        path: [
          [30, 30],
          [49.8, 60],
        ] as [number, number][],
      },
      {
        model: "b",
        to: { position: [49.8, 61], heading: 0 },
        path: [
          [30, 40],
          [49.8, 61],
        ] as [number, number][],
      },
    ]);
    const [a, b] = settled.map((m) => rifleman(m.to.position[0], m.to.position[1], { id: m.model }));
    expect(obstruction(moved, a!)).toBeUndefined();
    expect(distance2(a!.position, b!.position)).toBeGreaterThanOrEqual(2.5 - 0.1);
    expect(Math.abs(b!.position[0] - 50)).toBeGreaterThanOrEqual(0.5 + 1.2);
    // The recorded path ends where the model was put.
    expect(settled[0]!.path.at(-1)).toEqual(settled[0]!.to.position);
  });
});

describe("a unit dropped as one", () => {
  it("slides together, keeping its formation, when a small shift clears the wall", () => {
    const battlefield = table(
      [wall],
      [
        { id: "a", model: "us-rifleman", position: [30, 30], unit: "u" },
        { id: "b", model: "us-rifleman", position: [30, 34], unit: "u" },
      ],
    );
    // Both dropped with their edges 0.3 cm into the wall's west face (x = 49.5): a 0.5 cm slide west clears them.
    const settled = settleMoves(battlefield, [
      { model: "a", to: { position: [48.55, 60], heading: 0 } },
      { model: "b", to: { position: [48.55, 64], heading: 0 } },
    ]);
    const [a, b] = settled.map((m) => m.to.position);
    expect(b![0] - a![0]).toBeCloseTo(0, 9);
    expect(b![1] - a![1]).toBeCloseTo(4, 9);
    expect(distance2(a!, [48.55, 60])).toBeCloseTo(0.5, 9);
    for (const m of settled) expect(obstruction(battlefield, rifleman(m.to.position[0], m.to.position[1], { id: m.model }))).toBeUndefined();
  });
});
