/**
 * The one scale rule: model definitions are authored at 28 mm (1/56), and every other scale is the same
 * definition with every length multiplied by one factor. Terrain is authored in centimetres on the table and
 * does not scale; only the miniatures do.
 */
import { MODEL_CATALOG } from "./miniatures/shipped";
import type { ModelCatalog, ModelDefinition } from "./modelDefinition";
import type { Scale } from "./scenario/schema";

/**
 * Length factor from the 28 mm definitions. 28 mm figures are 1/56 and 15 mm games (Flames of War,
 * Battlefront's vehicles) are sold as 1/100, so a 15 mm model is 56/100 of its 28 mm definition.
 */
export const SCALES: Readonly<Record<Scale, number>> = { "28mm": 1, "15mm": 56 / 100 };

type Vec3 = [number, number, number];

/** The definition with every length times `factor`; angles, squash ratios and names are unchanged. */
export function scaleDefinition(def: ModelDefinition, factor: number): ModelDefinition {
  const len = (cm: number) => cm * factor;
  const vec = ([x, y, z]: Vec3): Vec3 => [len(x), len(y), len(z)];
  const scaleShape = (shape: ModelDefinition["parts"][number]["shapes"][number]) => {
    switch (shape.type) {
      case "box":
        return { ...shape, size: vec(shape.size), at: vec(shape.at) };
      case "cylinder":
        return { ...shape, radius: len(shape.radius), length: len(shape.length), at: vec(shape.at) };
      case "sphere":
        return { ...shape, radius: len(shape.radius), at: vec(shape.at) };
      case "mesh":
        return { ...shape, vertices: shape.vertices.map(len) };
    }
  };
  const { vehicle, base, figureHeight, eyeHeight } = def;
  return {
    ...def,
    ...(vehicle && { vehicle: { ...vehicle, width: len(vehicle.width), length: len(vehicle.length) } }),
    ...(base && { base: { ...base, width: len(base.width), depth: base.depth === undefined ? undefined : len(base.depth), thickness: len(base.thickness) } }),
    ...(figureHeight !== undefined && { figureHeight: len(figureHeight) }),
    ...(eyeHeight !== undefined && { eyeHeight: len(eyeHeight) }),
    turretPivot: [len(def.turretPivot[0]), len(def.turretPivot[1])],
    parts: def.parts.map((part) => ({ ...part, shapes: part.shapes.map(scaleShape) })),
    points: Object.fromEntries(Object.entries(def.points).map(([name, point]) => [name, { ...point, at: vec(point.at) }])),
  };
}

const catalogs = new Map<Scale, ModelCatalog>();

/** The shipped catalog (miniatures/shipped.ts) at a scale, built once per scale. */
export function catalogFor(scale: Scale): ModelCatalog {
  let catalog = catalogs.get(scale);
  if (!catalog) {
    catalog = new Map([...MODEL_CATALOG].map(([id, def]) => [id, scaleDefinition(def, SCALES[scale])]));
    catalogs.set(scale, catalog);
  }
  return catalog;
}
