/**
 * The battlefields shipped in src/scenarios: each one loads without a single issue, its models stand where a
 * player could put them (no two bases or hulls overlapping, nobody inside a wall, hedge or building unless on
 * one of its floors, everyone on the table), and the sight lines the tables were built to show still show:
 * on the default table a Panzer IV hull-down behind the crest of Hill 112 and an MG 42 firing out of an upper
 * window onto the road.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBattlefield, type ModelEntry, modelFootprint } from "../../src/core/battlefield";
import { distanceToFootprint, type Footprint, footprintBounds, footprintDistance, footprintToPolylineDistance } from "../../src/core/footprint";
import { distanceToPolygonBoundary, distanceToPolyline, pointInPolygon, rectanglePolygon } from "../../src/core/geometry2d";
import { MODEL_CATALOG } from "../../src/core/miniatures/shipped";
import { formatIssues, parseScenarioJson } from "../../src/core/scenario/load";
import { type Building, isLinear, type Scenario } from "../../src/core/scenario/schema";
import { sightReport } from "../../src/sight/lineOfSight";
import { createSightWorld, type SightWorld } from "../../src/sight/sightWorld";

const FILES = ["default", "normandy-bocage", "ruined-town", "bolt-action-farm"] as const;

function load(name: string): Scenario {
  const result = parseScenarioJson(readFileSync(`src/scenarios/${name}.json`, "utf8"), MODEL_CATALOG);
  if (!result.ok) throw new Error(`src/scenarios/${name}.json is invalid:\n${formatIssues(result.issues)}`);
  return result.scenario;
}

/** Where a model stands: the table, or one floor of one building. Models on different levels never collide. */
const levelOf = (e: ModelEntry) => (e.model.floor ? `${e.model.floor.building}/${e.model.floor.level}` : "ground");

/** Every way a model is misplaced, as readable lines (empty when the table is sound). */
function placementProblems(scenario: Scenario): string[] {
  const bf = createBattlefield(scenario, MODEL_CATALOG);
  const entries = [...bf.models.values()];
  const footprints = new Map(entries.map((e) => [e.model.id, modelFootprint(e.def, e.model)]));
  const buildings = scenario.features.filter((f): f is Building => f.kind === "building");
  const problems: string[] = [];

  for (let i = 0; i < entries.length; i++) {
    for (let j = i + 1; j < entries.length; j++) {
      const a = entries[i]!;
      const b = entries[j]!;
      if (levelOf(a) !== levelOf(b)) continue;
      if (footprintDistance(footprints.get(a.model.id)!, footprints.get(b.model.id)!) <= 0) problems.push(`${a.model.id} overlaps ${b.model.id}`);
    }
  }

  for (const e of entries) {
    const id = e.model.id;
    const fp = footprints.get(id)!;
    const [minX, minZ, maxX, maxZ] = footprintBounds(fp);
    if (minX < 0 || minZ < 0 || maxX > scenario.table.width || maxZ > scenario.table.depth) problems.push(`${id} hangs off the table`);

    if (e.model.floor) {
      // Inside the building, clear of the inner face of its walls.
      const building = buildings.find((b) => b.id === e.model.floor!.building)!;
      const radius = fp.kind === "circle" ? fp.radius : 0;
      const clearance = distanceToPolygonBoundary(e.model.position, building.footprint) - building.wallThickness - radius;
      if (fp.kind !== "circle") problems.push(`${id} is a vehicle or gun on a building floor`);
      if (!pointInPolygon(e.model.position, building.footprint) || clearance <= 0) problems.push(`${id} stands in the walls of ${building.id}`);
      continue;
    }

    for (const b of buildings) {
      if (footprintDistance(fp, { kind: "polygon", points: b.footprint }) <= 0) problems.push(`${id} stands inside building ${b.id} without a floor`);
    }
    for (const f of scenario.features) {
      if (isLinear(f) && footprintToPolylineDistance(fp, f.path) <= f.thickness / 2) problems.push(`${id} stands in ${f.kind} ${f.id}`);
      if (f.kind === "tankTraps" && f.points.some((p) => distanceToFootprint(fp, p) <= f.size / 2)) problems.push(`${id} stands on tank traps ${f.id}`);
      if (f.kind === "wreck") {
        const vehicle = MODEL_CATALOG.get(f.model)!.vehicle!;
        const hull: Footprint = { kind: "polygon", points: rectanglePolygon(f.at, vehicle.width, vehicle.length, f.heading) };
        if (footprintDistance(fp, hull) <= 0) problems.push(`${id} overlaps wreck ${f.id}`);
      }
    }
  }
  return problems;
}

describe.each(FILES)("src/scenarios/%s.json", (name) => {
  it("loads without issues", () => {
    const result = parseScenarioJson(readFileSync(`src/scenarios/${name}.json`, "utf8"), MODEL_CATALOG);
    expect(result.ok ? "" : formatIssues(result.issues)).toBe("");
  });

  it("has two opposing sides, each with models", () => {
    const sides = new Map<string, number>();
    for (const force of load(name).forces) for (const unit of force.units) sides.set(force.side, (sides.get(force.side) ?? 0) + unit.models.length);
    expect([...sides.keys()].sort()).toEqual(["Germany", "USA"]);
    for (const count of sides.values()) expect(count).toBeGreaterThan(0);
  });

  it("places every model where a player could: no overlaps, nobody in walls, hedges or buildings, all on the table", () => {
    expect(placementProblems(load(name))).toEqual([]);
  });
});

describe("the default battlefield", () => {
  const scenario = load("default");
  let world: SightWorld;
  beforeAll(async () => {
    world = await createSightWorld(scenario, MODEL_CATALOG);
  });
  afterAll(() => world?.dispose());

  const models = scenario.forces.flatMap((f) => f.units.flatMap((u) => u.models.map((m) => ({ ...m, side: f.side }))));

  it("is a full 180 × 120 cm table with at least 150 models, about half on each side", () => {
    expect(scenario.table).toEqual({ width: 180, depth: 120 });
    expect(models.length).toBeGreaterThanOrEqual(150);
    expect(models.filter((m) => m.side === "Germany").length).toBeGreaterThanOrEqual(70);
    expect(models.filter((m) => m.side === "USA").length).toBeGreaterThanOrEqual(70);
  });

  it("uses every model of the catalog", () => {
    const used = new Set(models.map((m) => m.model));
    expect([...MODEL_CATALOG.keys()].filter((id) => !used.has(id))).toEqual([]);
  });

  it("has every kind of terrain the village needs", () => {
    const kinds = new Set(scenario.features.map((f) => f.kind));
    for (const kind of ["hill", "woods", "crops", "building", "wall", "hedge", "bocage", "sandbags", "wire", "road", "stream", "tankTraps", "wreck"]) {
      expect(kinds, kind).toContain(kind);
    }
    const buildings = scenario.features.filter((f): f is Building => f.kind === "building");
    expect(buildings.some((b) => b.ruined?.wallHeights && b.roof.state === "gone")).toBe(true);
    expect(Math.max(...buildings.map((b) => b.floors))).toBeGreaterThanOrEqual(3);
    const house = buildings.find((b) => b.id === "house")!;
    for (const wall of [0, 1, 2, 3]) {
      for (const floor of [0, 1])
        expect(
          house.openings.some((o) => o.type === "window" && o.wall === wall && o.floor === floor),
          `wall ${wall} floor ${floor}`,
        ).toBe(true);
    }
    expect(house.openings.filter((o) => o.type === "door").every((o) => o.floor === 0)).toBe(true);
  });

  it("shows the Panzer IV hull-down behind the crest of Hill 112 to the Sherman in the south-west", () => {
    const r = sightReport(world, "us-sherman-1", "ger-panzer-iv-1");
    expect(r.hullDown).toBe(true);
    const part = (name: string) => r.parts.find((p) => p.part === name)!;
    expect(part("hull").fraction).toBeLessThanOrEqual(0.1);
    expect(part("turret").fraction).toBeGreaterThan(0.3);
    expect(r.occluders[0]).toMatchObject({ id: "hill-112", kind: "hill" });
    // And the tank is really up there, level on the reverse-slope shelf, not tilted over the crest.
    expect(r.distance.targetElevation).toBeGreaterThan(4);
  });

  it("lets the MG 42 on the upper floor of the house fire out of its window onto the road", () => {
    const roadNS = scenario.features.find((f) => f.id === "road-north-south");
    if (roadNS?.kind !== "road") throw new Error("no road-north-south");
    const target = models.find((m) => m.id === "us-sq3-m6")!;
    expect(distanceToPolyline(target.position, roadNS.path)).toBeLessThan(roadNS.width / 2);

    const r = sightReport(world, "ger-mg42-1", "us-sq3-m6");
    expect(r.visibleFraction).toBeGreaterThan(0.5);
    expect(r.openings.length).toBeGreaterThan(0);
    expect(r.openings[0]).toMatchObject({ building: "house", type: "window", floor: 1 });
    // The jeep further down the road is in its sights too, through the same window.
    const jeep = sightReport(world, "ger-mg42-1", "us-jeep-1");
    expect(jeep.visibleFraction).toBeGreaterThan(0);
    expect(jeep.openings.map((o) => o.id)).toContain(r.openings[0]!.id);
  });

  it("has sight lines blocked by buildings and others partly hidden by low walls", () => {
    const church = sightReport(world, "us-sherman-2", "ger-panzer-iv-1");
    expect(church.visibleFraction).toBe(0);
    expect(church.occluders[0]).toMatchObject({ id: "church", kind: "building-wall" });

    const wall = sightReport(world, "us-sherman-1", "ger-sq2-m7");
    expect(wall.visibleFraction).toBeGreaterThan(0.3);
    expect(wall.visibleFraction).toBeLessThan(0.9);
    expect(wall.occluders.map((o) => o.id)).toEqual(["wall-road-west"]);
    expect(wall.linearObstacles.find((o) => o.id === "wall-road-west")?.targetTouches).toBe(true);
  });
});

describe("the bocage battlefield", () => {
  const scenario = load("normandy-bocage");
  let world: SightWorld;
  beforeAll(async () => {
    world = await createSightWorld(scenario, MODEL_CATALOG);
  });
  afterAll(() => world?.dispose());

  it("is a small action", () => {
    const count = scenario.forces.flatMap((f) => f.units.flatMap((u) => u.models)).length;
    expect(count).toBeGreaterThanOrEqual(20);
    expect(count).toBeLessThanOrEqual(40);
  });

  it("blocks sight through a hedgerow bank but not through its field gate", () => {
    const bank = sightReport(world, "us-sq1-m1", "ger-sq1-m2");
    expect(bank.visibleFraction).toBe(0);
    expect(bank.occluders[0]?.kind).toBe("bocage");
    const gate = sightReport(world, "ger-mg42-2", "us-30cal-1");
    expect(gate.visibleFraction).toBeGreaterThan(0.9);
  });
});

describe("the ruined town", () => {
  const scenario = load("ruined-town");
  let world: SightWorld;
  beforeAll(async () => {
    world = await createSightWorld(scenario, MODEL_CATALOG);
  });
  afterAll(() => world?.dispose());

  it("has ruins broken to different heights, intact buildings, rubble, smoke and tank traps", () => {
    const buildings = scenario.features.filter((f): f is Building => f.kind === "building");
    const ruins = buildings.filter((b) => b.ruined?.wallHeights);
    expect(ruins.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ruins.flatMap((b) => b.ruined!.wallHeights!)).size).toBeGreaterThan(6);
    expect(buildings.filter((b) => !b.ruined && b.roof.state === "intact").length).toBeGreaterThanOrEqual(2);
    const kinds = scenario.features.map((f) => f.kind);
    for (const kind of ["smoke", "tankTraps", "wall"] as const) expect(kinds).toContain(kind);
  });

  it("lets smoke hide the Panther from the jeep and sight pass a breach in a ruin", () => {
    const smoke = sightReport(world, "us-jeep-1", "ger-panther-1");
    expect(smoke.visibleFraction).toBeLessThan(0.05);
    expect(smoke.occluders[0]).toMatchObject({ id: "smoke-crossroads", kind: "smoke" });
    const breach = sightReport(world, "us-30cal-1", "ger-sq2-m3");
    expect(breach.visibleFraction).toBeGreaterThan(0.5);
    expect(breach.openings.map((o) => o.id)).toContain("ruin-l-breach-south");
  });
});
