/**
 * New terrain for the editor: a feature of any kind from the points the user drew, and buildings from
 * presets. Sizes are starting values in cm, to be edited; the schema fills in its own defaults.
 */
import { add2, rectanglePolygon, rotateByHeading, type Vec2 } from "../geometry2d";
import { type Building, Feature, type FeatureKind, type Opening, type Scenario } from "../scenario/schema";
import { MIN_POINTS, shapeKind, withPoints } from "./shape";

/** A feature of each kind with its sizes, at a placeholder point; the drawing gives it its points. */
const STARTERS: { [K in FeatureKind]: Record<string, unknown> } = {
  hill: { height: 4, slope: 6 },
  woods: { height: 8 },
  crops: { height: 1.5, concealing: true },
  building: { floors: 1, roof: { shape: "flat" } },
  wall: {},
  hedge: {},
  bocage: {},
  sandbags: {},
  wire: {},
  road: {},
  river: {},
  stream: {},
  trench: {},
  foxhole: {},
  tankTraps: {},
  wreck: { model: "ger-panzer-iv" },
  smoke: { radius: 6, height: 10 },
  crater: {},
  rough: {},
  pond: {},
};

export const FEATURE_KINDS = Object.keys(STARTERS) as FeatureKind[];

/** The points a kind needs before it can be made: 3 for an outline, 2 for a path, 1 otherwise. */
export function pointsNeeded(kind: FeatureKind): number {
  return MIN_POINTS[shapeKind({ kind })];
}

function starter(kind: FeatureKind, id: string): Feature {
  // Placeholder points of the right count, in the field of the kind (objects are strict).
  const placeholder: Vec2[] = [
    [0, 0],
    [1, 0],
    [1, 1],
  ];
  const points = { outline: { outline: placeholder }, path: { path: placeholder.slice(0, 2) }, points: { points: [[0, 0]] }, point: { at: [0, 0] } }[
    shapeKind({ kind })
  ];
  const shape = kind === "building" ? { footprint: placeholder } : points;
  return Feature.parse({ id, kind, ...shape, ...STARTERS[kind] });
}

/**
 * A feature of `kind` through the drawn points. A building footprint of 4 points gets a gable roof, any
 * other a flat one (a gable needs 4 corners).
 */
export function featureFromDrawing(kind: FeatureKind, id: string, points: readonly Vec2[]): Feature {
  const feature = withPoints(starter(kind, id), points);
  if (feature.kind === "building" && points.length === 4) return { ...feature, roof: { ...feature.roof, shape: "gable" } };
  return feature;
}

/** An id no feature, force, unit or model of the scenario has: `hedge-3`. */
export function freeId(scenario: Scenario, stem: string, taken: ReadonlySet<string> = new Set()): string {
  const used = new Set([...taken, ...scenario.features.map((f) => f.id)]);
  for (const force of scenario.forces) {
    used.add(force.id);
    for (const unit of force.units) {
      used.add(unit.id);
      for (const model of unit.models) used.add(model.id);
    }
  }
  for (let n = 1; ; n++) if (!used.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

export type BuildingPreset = "cottage" | "house" | "church" | "ruin";

export const BUILDING_PRESETS: ReadonlyArray<{ readonly id: BuildingPreset; readonly name: string }> = [
  { id: "cottage", name: "Cottage" },
  { id: "house", name: "Two-storey house" },
  { id: "church", name: "Church with tower" },
  { id: "ruin", name: "Ruin" },
];

const PRESET_NAMES: Record<BuildingPreset, string> = { cottage: "Cottage", house: "House", church: "Church", ruin: "Ruin" };

const windowOn = (id: string, wall: number, floor: number, offset: number): Opening => ({
  id,
  type: "window",
  wall,
  floor,
  offset,
  width: 1.6,
  height: 2,
  sill: 1.5,
});
const doorOn = (id: string, wall: number, offset: number): Opening => ({ id, type: "door", wall, floor: 0, offset, width: 1.8, height: 3.8, sill: 0 });

function building(id: string, name: string, center: Vec2, heading: number, size: { width: number; depth: number }, rest: Partial<Building>): Building {
  return Feature.parse({ id, name, kind: "building", footprint: rectanglePolygon(center, size.width, size.depth, heading), floors: 1, ...rest }) as Building;
}

/**
 * The buildings of a preset centred on `center`, wall 0 (the front) facing -z turned by `heading`. A church
 * is two buildings of one group: the nave and its tower at the west end.
 */
export function buildingPreset(preset: BuildingPreset, scenario: Scenario, center: Vec2, heading = 0): Building[] {
  const id = freeId(scenario, preset);
  // Named after the preset and the id's number: "Cottage 2", "Church 1 tower".
  const name = `${PRESET_NAMES[preset]} ${id.slice(preset.length + 1)}`;
  switch (preset) {
    case "cottage":
      return [
        building(
          id,
          name,
          center,
          heading,
          { width: 12, depth: 8 },
          { openings: [doorOn("door", 0, 6), windowOn("w-front", 0, 0, 2.5), windowOn("w-side", 1, 0, 4), windowOn("w-back", 2, 0, 6)] },
        ),
      ];
    case "house":
      return [
        building(
          id,
          name,
          center,
          heading,
          { width: 14, depth: 10 },
          {
            floors: 2,
            openings: [
              doorOn("door", 0, 7),
              windowOn("w0-front", 0, 0, 3),
              windowOn("w1-front-left", 0, 1, 3),
              windowOn("w1-front-right", 0, 1, 11),
              windowOn("w0-side", 1, 0, 5),
              windowOn("w1-back", 2, 1, 7),
            ],
          },
        ),
      ];
    case "church": {
      // The nave runs along x so its ridge (parallel to wall 0) runs along its length; the door is in its
      // east end (wall 1), the tower against its west end (wall 3), 4 storeys with belfry openings.
      // One group: the editor moves, turns, copies and deletes the nave and its tower together.
      const nave = building(
        id,
        name,
        center,
        heading,
        { width: 24, depth: 12 },
        {
          group: id,
          floorHeight: 10,
          roof: { state: "intact", shape: "gable", ridgeHeight: 6 },
          openings: [
            { ...doorOn("door", 1, 6), height: 5 },
            { ...windowOn("w-south", 0, 0, 12), height: 5, sill: 3 },
            { ...windowOn("w-north", 2, 0, 12), height: 5, sill: 3 },
          ],
        },
      );
      const towerCenter = add2(center, rotateByHeading([-(12 + 3.5), 0], heading));
      const tower = building(
        `${id}-tower`,
        `${name} tower`,
        towerCenter,
        heading,
        { width: 7, depth: 7 },
        {
          group: id,
          floors: 4,
          roof: { state: "intact", shape: "flat", ridgeHeight: 3.5 },
          openings: [0, 1, 2, 3].map((wall) => windowOn(`belfry-${wall}`, wall, 3, 3.5)),
        },
      );
      return [nave, tower];
    }
    case "ruin":
      return [
        building(
          id,
          name,
          center,
          heading,
          { width: 12, depth: 10 },
          {
            floors: 2,
            roof: { state: "gone", shape: "flat", ridgeHeight: 3.5 },
            ruined: { wallHeights: [7, 11, 3, 5] },
            openings: [doorOn("door", 0, 4), windowOn("w0-front", 0, 0, 9), windowOn("w1-side", 1, 1, 5)],
          },
        ),
      ];
  }
}
