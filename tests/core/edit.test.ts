/** The editor's terrain operations on battlefield data, and terrain edits through the game log. */
import { describe, expect, it } from "vitest";
import { crestSegments } from "../../src/core/edit/crest";
import { copiesOf, groupOf, movedTogether } from "../../src/core/edit/features";
import { buildingPreset, FEATURE_KINDS, featureFromDrawing, freeId, pointsNeeded } from "../../src/core/edit/newFeatures";
import { addOpening, addOpeningWhereFree, changeOpening, overlappingOpenings, removeOpening } from "../../src/core/edit/openings";
import { pickFeature } from "../../src/core/edit/pick";
import {
  deleteVertex,
  featureCenter,
  featurePoints,
  insertVertex,
  moveVertex,
  rotateFeature,
  ShapeEditError,
  translateFeature,
} from "../../src/core/edit/shape";
import { snapAngle, snapPoint } from "../../src/core/edit/snap";
import { type Command, toEvent } from "../../src/core/game/commands";
import { parseGame, serializeGame } from "../../src/core/game/gameFile";
import { canRedo, currentState, type GameLog, newGame, record, redo, undo } from "../../src/core/game/gameLog";
import { distanceToPolygonBoundary } from "../../src/core/geometry2d";
import { parseScenario } from "../../src/core/scenario/load";
import type { Building, Feature, Scenario } from "../../src/core/scenario/schema";
import { sightReport } from "../../src/sight/lineOfSight";
import { createSightWorld } from "../../src/sight/sightWorld";
import { BOARD, boardAt, eyeAt, scenario, TEST_CATALOG, testHouse } from "../helpers/scene";

const close = (a: readonly number[], b: readonly number[]) => a.forEach((v, i) => expect(v).toBeCloseTo(b[i]!, 9));
const building = (extra: Partial<Building> = {}) => scenario([testHouse(extra as never)], []).features[0] as Building;

describe("new features", () => {
  it("every kind the format knows can be drawn, and the loader accepts what is drawn", () => {
    const points: [number, number][] = [
      [40, 40],
      [60, 40],
      [60, 55],
      [40, 55],
    ];
    const features = FEATURE_KINDS.map((kind) =>
      featureFromDrawing(kind, `${kind}-1`, points.slice(0, Math.max(pointsNeeded(kind), kind === "building" ? 4 : 0))),
    );
    const result = parseScenario({ format: "hulldown-scenario", version: 1, features }, TEST_CATALOG);
    expect(result.ok ? [] : result.issues).toEqual([]);
    expect(FEATURE_KINDS).toHaveLength(20);
    expect(features.find((f) => f.kind === "hedge")).toMatchObject({
      path: [
        [40, 40],
        [60, 40],
      ],
      height: 2,
      thickness: 1.5,
    });
  });

  it("a drawn footprint of 4 corners gets a gable roof, any other a flat one the loader accepts", () => {
    const four = featureFromDrawing("building", "b", [
      [0, 0],
      [10, 0],
      [10, 8],
      [0, 8],
    ]) as Building;
    const five = featureFromDrawing("building", "c", [
      [20, 0],
      [30, 0],
      [32, 5],
      [30, 8],
      [20, 8],
    ]) as Building;
    expect(four.roof.shape).toBe("gable");
    expect(five.roof.shape).toBe("flat");
    expect(parseScenario({ format: "hulldown-scenario", version: 1, features: [four, five] }, TEST_CATALOG).ok).toBe(true);
  });

  it("building presets stand where they are placed, with free ids, and load", () => {
    const empty = scenario([], []);
    const church = buildingPreset("church", empty, [90, 60]);
    expect(church.map((b) => [b.id, b.name])).toEqual([
      ["church-1", "Church 1"],
      ["church-1-tower", "Church 1 tower"],
    ]);
    expect(featureCenter(church[0]!)).toEqual([90, 60]);
    // The tower stands against the nave's west end (-x), turned with it: a quarter turn takes -x to +z.
    close(featureCenter(church[1]!), [90 - 15.5, 60]);
    close(featureCenter(buildingPreset("church", empty, [90, 60], 90)[1]!), [90, 60 + 15.5]);
    const house = buildingPreset("house", empty, [50, 50])[0]!;
    expect(house.floors).toBe(2);
    expect(house.openings.filter((o) => o.type === "window" && o.floor === 1).length).toBeGreaterThan(0);
    const all = [...buildingPreset("cottage", empty, [30, 30]), house, ...church, ...buildingPreset("ruin", empty, [140, 90])];
    const result = parseScenario({ format: "hulldown-scenario", version: 1, features: all }, TEST_CATALOG);
    expect(result.ok ? [] : result.issues).toEqual([]);
    expect(freeId({ ...empty, features: all }, "house")).toBe("house-2");
  });
});

describe("moving and turning", () => {
  const lShape = featureFromDrawing("woods", "w", [
    [0, 0],
    [20, 0],
    [20, 10],
    [10, 10],
    [10, 30],
    [0, 30],
  ]);

  it("a move shifts every point by the same amount", () => {
    expect(featurePoints(translateFeature(lShape, [5, -2]))).toEqual([
      [5, -2],
      [25, -2],
      [25, 8],
      [15, 8],
      [15, 28],
      [5, 28],
    ]);
  });

  it("a turn about the centroid keeps the centroid and turns +z towards +x", () => {
    // The L's centroid: a 20×10 slab centred (10, 5) and a 10×20 leg centred (5, 20), areas 200 and 200.
    close(featureCenter(lShape), [7.5, 12.5]);
    const turned = rotateFeature(lShape, 90);
    close(featureCenter(turned), [7.5, 12.5]);
    // The corner at (0, 30), 17.5 cm along +z from the centre and 7.5 cm towards -x, goes 17.5 along +x and 7.5 along +z.
    close(featurePoints(turned)[5]!, [7.5 + 17.5, 12.5 + 7.5]);
  });

  it("a wreck turns with its heading; a hedge about a given point", () => {
    const wreck = featureFromDrawing("wreck", "x", [[50, 50]]);
    expect(rotateFeature(wreck, 15)).toMatchObject({ at: [50, 50], heading: 15 });
    const hedge = featureFromDrawing("hedge", "h", [
      [10, 0],
      [20, 0],
    ]);
    featurePoints(rotateFeature(hedge, -90, [0, 0])).forEach((p, i) =>
      close(
        p,
        [
          [0, 10],
          [0, 20],
        ][i]!,
      ),
    );
  });
});

describe("vertex edits", () => {
  const hedge = featureFromDrawing("hedge", "h", [
    [0, 0],
    [10, 0],
    [10, 10],
  ]);

  it("moves, inserts halfway or at a point, extends a path's end, and deletes", () => {
    expect(featurePoints(moveVertex(hedge, 1, [12, 1]))).toEqual([
      [0, 0],
      [12, 1],
      [10, 10],
    ]);
    expect(featurePoints(insertVertex(hedge, 0))).toEqual([
      [0, 0],
      [5, 0],
      [10, 0],
      [10, 10],
    ]);
    expect(featurePoints(insertVertex(hedge, 1, [14, 3]))).toEqual([
      [0, 0],
      [10, 0],
      [14, 3],
      [10, 10],
    ]);
    expect(featurePoints(insertVertex(hedge, 2))).toEqual([
      [0, 0],
      [10, 0],
      [10, 10],
      [10, 20],
    ]);
    expect(featurePoints(deleteVertex(hedge, 1))).toEqual([
      [0, 0],
      [10, 10],
    ]);
  });

  it("refuses to go below the points a shape needs, or to edit a point that is not there", () => {
    const two = deleteVertex(hedge, 2);
    expect(() => deleteVertex(two, 0)).toThrow(new ShapeEditError("h needs at least 2 points"));
    expect(() => moveVertex(hedge, 3, [0, 0])).toThrow("h has points 0–2, not 3");
    expect(() => insertVertex(featureFromDrawing("smoke", "s", [[5, 5]]), 0)).toThrow("one point");
  });

  it("a building's openings stay where they were when a wall is split or two walls merge", () => {
    // Wall 0 runs (100,50)→(120,50); a window 15 cm along it, a door on wall 2 (120,70)→(100,70).
    const b = building({
      roof: { state: "intact", shape: "flat", ridgeHeight: 3.5 },
      openings: [
        { id: "win", type: "window", wall: 0, floor: 0, offset: 15, width: 2, height: 2, sill: 1 },
        { id: "near", type: "window", wall: 0, floor: 0, offset: 4, width: 2, height: 2, sill: 1 },
        { id: "door", type: "door", wall: 2, floor: 0, offset: 10, width: 2, height: 4, sill: 0 },
      ],
    });
    const split = insertVertex(b, 0, [110, 48]) as Building;
    expect(split.footprint).toHaveLength(5);
    const at = (x: Building, id: string) => x.openings.find((o) => o.id === id)!;
    expect(at(split, "near")).toMatchObject({ wall: 0, offset: 4 });
    expect(at(split, "win").wall).toBe(1);
    expect(at(split, "win").offset).toBeCloseTo(15 - Math.hypot(10, 2), 9);
    expect(at(split, "door").wall).toBe(3);
    const merged = deleteVertex(split, 1) as Building;
    expect(merged.footprint).toEqual(b.footprint);
    expect(at(merged, "win")).toMatchObject({ wall: 0 });
    expect(at(merged, "win").offset).toBeCloseTo(15, 9);
    expect(at(merged, "door")).toMatchObject({ wall: 2, offset: 10 });
  });
});

describe("openings", () => {
  it("adds a window centred on its wall, changes and removes it", () => {
    const withWindow = addOpening(building(), "window", 3, 1);
    expect(withWindow.openings).toEqual([{ id: "window-1", type: "window", wall: 3, floor: 1, offset: 10, width: 1.6, height: 2, sill: 1.375 }]);
    const second = addOpening(withWindow, "window", 0, 0, 4);
    expect(second.openings[1]).toMatchObject({ id: "window-2", wall: 0, offset: 4 });
    expect(changeOpening(second, "window-1", { sill: 2, width: 3 }).openings[0]).toMatchObject({ sill: 2, width: 3, offset: 10 });
    expect(removeOpening(second, "window-1").openings.map((o) => o.id)).toEqual(["window-2"]);
    expect(() => removeOpening(second, "nope")).toThrow('house has no opening "nope"');
  });

  it('"+ window" on a preset cottage stands clear of its door, and a full wall is passed over; overlaps are found', () => {
    const cottage = buildingPreset("cottage", scenario([], []), [60, 60])[0]!;
    const door = cottage.openings.find((o) => o.type === "door")!;
    const added = addOpeningWhereFree(cottage, "window").openings.at(-1)!;
    expect(overlappingOpenings({ ...cottage, openings: [...cottage.openings, added] })).toEqual([]);
    // The preset's door is on wall 0 of the ground floor, with windows beside it: a new door goes where none is.
    expect(door).toMatchObject({ wall: 0, floor: 0 });
    const doors = addOpeningWhereFree(addOpeningWhereFree(cottage, "door"), "door");
    expect(overlappingOpenings(doors)).toEqual([]);
    // Stacked on top of the door, as "+ window" used to put it: named as overlapping.
    const stacked = addOpening(cottage, "window", door.wall, door.floor, door.offset);
    const newest = stacked.openings.at(-1)!.id;
    expect(overlappingOpenings(stacked).map((pair) => pair.map((o) => o.id).sort())).toEqual([[door.id, newest].sort()]);
    // A 20 cm wall holds so many windows; then every wall is full, and the editor says so.
    let full = building({ floors: 1, openings: [] });
    // Laid from the middle outwards in half-centimetre steps, seven 1.6 cm windows fit each 20 cm wall.
    for (let i = 0; i < 4 * 7; i++) full = addOpeningWhereFree(full, "window");
    expect(overlappingOpenings(full)).toEqual([]);
    expect(new Set(full.openings.map((o) => o.wall))).toEqual(new Set([0, 1, 2, 3]));
    expect(() => addOpeningWhereFree(full, "window")).toThrow(/no free stretch of wall for another window/);
  });
});

describe("snapping", () => {
  const others = [
    featureFromDrawing("wall", "w", [
      [10, 10],
      [30, 10],
    ]),
  ];

  it("catches corners before edges, edges before the grid, and falls back to the grid", () => {
    expect(snapPoint([29.2, 10.6], { grid: 2.54, reach: 1.5, features: others })).toEqual({ point: [30, 10], to: "vertex" });
    const edge = snapPoint([21.3, 11], { grid: 2.54, reach: 1.5, features: others });
    expect(edge.to).toBe("edge");
    close(edge.point, [21.3, 10]);
    const grid = snapPoint([21.3, 14], { grid: 2.54, reach: 1.5, features: others });
    expect(grid.to).toBe("grid");
    close(grid.point, [8 * 2.54, 6 * 2.54]);
    expect(snapPoint([21.3, 14], { reach: 0, features: others })).toEqual({ point: [21.3, 14], to: "none" });
  });

  it("turns in 15° steps", () => {
    expect([snapAngle(7.4), snapAngle(7.6), snapAngle(-22), snapAngle(100, 45)]).toEqual([0, 15, -15, 90]);
  });
});

describe("a hill's crest", () => {
  it("runs the slope's distance inside the outline, where the ground stops rising, on a concave hill too", () => {
    // An L-shaped hill, 4 cm high, 5 cm of slope: its plateau is the L inset by 5 cm.
    const hill = scenario(
      [
        {
          id: "hill",
          kind: "hill",
          outline: [
            [10, 10],
            [50, 10],
            [50, 30],
            [30, 30],
            [30, 60],
            [10, 60],
          ],
          height: 4,
          slope: 5,
        },
      ],
      [],
    ).features[0] as Extract<Feature, { kind: "hill" }>;
    const segments = crestSegments(hill, 0.5);
    expect(segments.length).toBeGreaterThan(100);
    const ends = segments.flat();
    // Every traced point is 5 cm from the foot (to the grid's linear interpolation).
    for (const p of ends) expect(Math.abs(distanceToPolygonBoundary(p, hill.outline) - 5)).toBeLessThan(0.05);
    // The crest's extent: x from 15 to 45, z from 15 to 55; round the L's inner corner (30, 30) it is an arc
    // of 5 cm radius, through (30 − 5/√2, 30 − 5/√2).
    expect(Math.min(...ends.map((p) => p[0]))).toBeCloseTo(15, 1);
    expect(Math.max(...ends.map((p) => p[0]))).toBeCloseTo(45, 1);
    expect(Math.max(...ends.map((p) => p[1]))).toBeCloseTo(55, 1);
    const arc = 30 - 5 / Math.SQRT2;
    expect(ends.some((p) => Math.hypot(p[0] - arc, p[1] - arc) < 0.3)).toBe(true);
  });
});

describe("picking", () => {
  it("a click picks lines and points over areas, and the smallest area under it", () => {
    const woods = featureFromDrawing("woods", "woods", [
      [0, 0],
      [60, 0],
      [60, 40],
      [0, 40],
    ]);
    const house = featureFromDrawing("building", "house", [
      [10, 10],
      [20, 10],
      [20, 18],
      [10, 18],
    ]);
    const hedge = featureFromDrawing("hedge", "hedge", [
      [30, 5],
      [30, 35],
    ]);
    const smoke = featureFromDrawing("smoke", "smoke", [[50, 30]]);
    const all = [woods, house, hedge, smoke];
    expect(pickFeature(all, [15, 15])?.id).toBe("house");
    expect(pickFeature(all, [30.9, 20])?.id).toBe("hedge");
    expect(pickFeature(all, [33, 20])?.id).toBe("woods");
    expect(pickFeature(all, [55, 33])?.id).toBe("smoke");
    expect(pickFeature(all, [70, 20])).toBeUndefined();
  });
});

describe("copies", () => {
  it("get free ids, a shifted shape and a name that says copy", () => {
    const s = scenario(
      [
        {
          id: "hedge-1",
          kind: "hedge",
          name: "Long hedge",
          path: [
            [0, 0],
            [10, 0],
          ],
        },
        {
          id: "hedge-2",
          kind: "hedge",
          path: [
            [0, 5],
            [10, 5],
          ],
        },
      ],
      [],
    );
    const copies = copiesOf(s, s.features, [5, 5]);
    expect(copies.map((f) => [f.id, f.name])).toEqual([
      ["hedge-3", "Long hedge (copy)"],
      ["hedge-4", undefined],
    ]);
    expect(featurePoints(copies[1]!)).toEqual([
      [5, 10],
      [15, 10],
    ]);
  });
});

describe("a church and its tower, one group", () => {
  const empty = scenario([], []);
  const church = () => buildingPreset("church", empty, [90, 60]);

  it("are grouped by the preset; other presets and features stand alone", () => {
    expect(church().map((b) => b.group)).toEqual(["church-1", "church-1"]);
    expect(buildingPreset("house", empty, [50, 50])[0]!.group).toBeUndefined();
    const features = [...church(), hedgeAt(20)];
    expect(groupOf(features, "church-1-tower").map((f) => f.id)).toEqual(["church-1", "church-1-tower"]);
    expect(groupOf(features, "hedge-1").map((f) => f.id)).toEqual(["hedge-1"]);
    expect(groupOf(features, "nothing")).toEqual([]);
  });

  it("turn about the nave's centre and move together: the tower stays against the nave's west wall", () => {
    const [nave, tower] = movedTogether(church(), [90, 60], 90, [10, -5]);
    // A quarter turn takes the tower's -x offset (15.5 cm) to +z; then both shift by (10, -5).
    close(featureCenter(nave!), [100, 55]);
    close(featureCenter(tower!), [100, 55 + 15.5]);
    // The tower's east wall still lies on the nave's west wall line (now z = 55 + 6 after the turn).
    const towerZ = featurePoints(tower!).map((p) => p[1]);
    const naveZ = featurePoints(nave!).map((p) => p[1]);
    expect(Math.min(...towerZ)).toBeCloseTo(Math.max(...naveZ), 9);
    // Turned about another point (the tower's centre), the nave goes round it instead.
    close(featureCenter(movedTogether(church(), [90 - 15.5, 60], 180, [0, 0])[0]!), [90 - 31, 60]);
  });

  it("copies make a group of their own, so the copy's tower goes with the copy", () => {
    const original = church();
    const copies = copiesOf({ ...empty, features: original }, original, [0, 40]);
    expect(copies.map((c) => [c.id, c.group])).toEqual([
      ["church-2", "church-2"],
      ["church-1-tower-1", "church-2"],
    ]);
    expect(groupOf([...original, ...copies], "church-1-tower-1").map((f) => f.id)).toEqual(["church-2", "church-1-tower-1"]);
  });
});

const hedgeAt = (x: number) =>
  featureFromDrawing("hedge", "hedge-1", [
    [x, 20],
    [x, 100],
  ]);

describe("terrain edits in the game log", () => {
  const EYE = 2.9;
  const table = () => scenario([], [eyeAt("eye", 40, 60, EYE), boardAt("board", 120, 60)]);
  const start = (s: Scenario = table()) =>
    newGame(s, { seed: 1, ruleset: { id: "operation-ww2", version: "2.0", options: {} }, created: "2026-11-22T00:00:00Z" });
  const perform = (log: GameLog, command: Command): GameLog => {
    const result = toEvent(currentState(log), TEST_CATALOG, command, 0);
    if (!result.ok) throw new Error(result.error);
    return record(log, result.event);
  };
  const refusal = (log: GameLog, command: Command) => {
    const result = toEvent(currentState(log), TEST_CATALOG, command, 0);
    return result.ok ? "accepted" : result.error;
  };
  const visible = async (log: GameLog) => sightReport(await createSightWorld(currentState(log).scenario, TEST_CATALOG), "eye", "board").visibleFraction;
  const hedge = featureFromDrawing("hedge", "hedge-1", [
    [80, 20],
    [80, 100],
  ]) as Extract<Feature, { kind: "hedge" }>;

  it("a hedge added, changed, removed: the sight world's answer follows, and undo and redo walk it back and forth", async () => {
    let log = start();
    expect(await visible(log)).toBe(1);
    log = perform(log, { type: "add-features", features: [{ ...hedge, height: 1.8, thickness: 1 }] });
    // Similar triangles: the hedge's far top edge (x = 80.5, 1.8 cm) shades the board's face (x = 119.8) up to s.
    const shadow = EYE + ((1.8 - EYE) * (119.8 - 40)) / (80.5 - 40);
    expect(Math.abs((await visible(log)) - (BOARD.height - shadow) / BOARD.height)).toBeLessThan(0.03);
    log = perform(log, { type: "change-feature", feature: { ...currentState(log).scenario.features[0]!, height: 6 } });
    expect(await visible(log)).toBe(0);
    log = perform(log, { type: "remove-features", ids: ["hedge-1"] });
    expect(await visible(log)).toBe(1);
    expect(log.events.map((e) => e.type)).toEqual(["features-added", "feature-changed", "features-removed"]);
    log = undo(log);
    expect(await visible(log)).toBe(0);
    log = undo(undo(log));
    expect(currentState(log).scenario.features).toEqual([]);
    log = redo(log);
    expect(currentState(log).scenario.features[0]).toMatchObject({ id: "hedge-1", height: 1.8 });
    expect(canRedo(log)).toBe(true);
  });

  it("refuses an edit the loader would reject, with the loader's message, and leaves the log as it was", () => {
    const log = perform(start(), { type: "add-features", features: buildingPreset("house", table(), [100, 40]) });
    const house = currentState(log).scenario.features[0] as Building;
    const tooFar = changeOpening(house, "w1-back", { offset: 13.5 });
    expect(refusal(log, { type: "change-feature", feature: tooFar })).toBe(
      "cannot change House 1: features[0].openings[5].offset: a 1.6 cm wide opening centred 13.5 cm along wall 2 spans 12.7 to 14.3 cm, but the wall is 14 cm long",
    );
    expect(refusal(log, { type: "change-feature", feature: insertVertex(house, 0) })).toMatch(
      /^cannot change House 1: features\[0\]\.roof\.shape: a gable roof \(the default\) needs a 4-point footprint/,
    );
    expect(refusal(log, { type: "change-feature", feature: { ...house, floors: 0 } })).toMatch(
      /^cannot change House 1: features\[0\]\.floors: expected 1 or more/,
    );
    expect(refusal(log, { type: "add-features", features: [hedge, { ...hedge }] })).toBe('cannot add: there is already a feature "hedge-1"');
    expect(refusal(log, { type: "add-features", features: [{ ...hedge, path: [[80, 20]] }] })).toMatch(/^cannot add: features\[1\]\.path: /);
    expect(refusal(log, { type: "remove-features", ids: ["nothing"] })).toBe('cannot delete: there is no feature "nothing"');
    expect(log.events).toHaveLength(1);
  });

  it("a group changed as one event: one undo puts both back; a change that breaks the table is refused whole", () => {
    let log = perform(start(), { type: "add-features", features: buildingPreset("church", table(), [100, 90]) });
    const before = currentState(log).scenario.features;
    const turned = movedTogether(before, [100, 90], 90, [0, 0]);
    log = perform(log, { type: "change-features", features: turned });
    expect(log.events.map((e) => e.type)).toEqual(["features-added", "features-changed"]);
    expect(currentState(log).scenario.features).toEqual(turned);
    expect(currentState(undo(log)).scenario.features).toEqual(before);
    // A shift that is not a number breaks both footprints: refused with the loader's words, neither moves.
    expect(refusal(log, { type: "change-features", features: movedTogether(turned, [100, 90], 0, [Number.NaN, 0]) })).toMatch(
      /^cannot change the group: features\[0\]\.footprint\[0\]\[0\]: /,
    );
    expect(refusal(log, { type: "change-features", features: [turned[0]!, turned[0]!] })).toBe("a feature is changed twice in one change");
    expect(refusal(log, { type: "change-features", features: [{ ...turned[0]!, id: "nothing" }] })).toBe('there is no feature "nothing" to change');
    // A saved game with the group's change loads back to the same table.
    const loaded = parseGame(serializeGame(log), TEST_CATALOG);
    expect(loaded.ok && currentState(loaded.game.log).scenario.features).toEqual(turned);
  });

  it("a building with a model on its floor cannot be deleted from under it", () => {
    const s = scenario([testHouse()], [{ id: "mg", model: "ger-rifleman", position: [110, 60], floor: { building: "house", level: 1 }, side: "B" }]);
    expect(refusal(start(s), { type: "remove-features", ids: ["house"] })).toBe(
      'cannot delete: forces[0].units[0].models[0].floor.building: no building with id "house"',
    );
  });

  it("a saved game replays its terrain edits; a file whose edit breaks the battlefield loads up to it", () => {
    let log = perform(start(), { type: "add-features", features: [hedge] });
    log = perform(log, { type: "change-feature", feature: moveVertex(currentState(log).scenario.features[0]!, 1, [90, 100]) });
    const loaded = parseGame(serializeGame(log), TEST_CATALOG);
    expect(loaded.ok && currentState(loaded.game.log).scenario.features).toEqual(currentState(log).scenario.features);
    // A feature named like a model: each event is well formed, but the battlefield has one id twice.
    const damaged = JSON.parse(serializeGame(log));
    damaged.events[1] = { n: 1, type: "features-added", features: [{ ...hedge, id: "eye" }] };
    const result = parseGame(JSON.stringify(damaged), TEST_CATALOG);
    expect(result.ok && result.game.warning).toMatch(
      /^events\[1\]: features-added: cannot add: forces\[0\]\.units\[0\]\.models\[0\]\.id: id "eye" is already used at features\[1\]/,
    );
    expect(result.ok && result.game.log.events).toHaveLength(1);
  });
});
