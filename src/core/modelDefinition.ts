/**
 * A model definition: the parametric source of one kind of miniature, with named parts made of primitive
 * shapes. The renderer and the sight engine both build from it, so what you see is what blocks sight.
 * Local frame: origin at the centre of the footprint on the ground, +z forward, y up, centimetres.
 */
import { z } from "zod";

const cm = z.number().finite();
const vec3 = z.tuple([cm, cm, cm]);

export const PART_NAMES = ["figure", "base", "hull", "turret", "gun", "crew", "shield"] as const;
export type PartName = (typeof PART_NAMES)[number];

export const Shape = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("box"),
    size: vec3.describe("[width x, height y, length z]"),
    at: vec3.describe("Centre."),
    /** Tilt about the x axis in degrees (glacis plates, gun shields): positive leans the top backwards. */
    pitch: z.number().default(0),
    yaw: z.number().default(0),
  }),
  z.object({
    type: z.literal("cylinder"),
    radius: cm.positive(),
    length: cm.positive(),
    at: vec3.describe("Centre."),
    axis: z.enum(["x", "y", "z"]).default("y"),
  }),
  z.object({ type: z.literal("sphere"), radius: cm.positive(), at: vec3, squash: z.number().positive().default(1) }),
  /**
   * Triangles of an imported miniature's part, in the model frame. `convex`: the triangles are the part's
   * convex hull (a Rapier convex collider); otherwise a triangle-mesh collider. `drawn`: the part as the file
   * shapes it, which the table draws; without it the collider's triangles are drawn.
   */
  z.object({
    type: z.literal("mesh"),
    vertices: z.array(cm).describe("x, y, z of each vertex in turn."),
    indices: z.array(z.number().int().nonnegative()).describe("Three vertex indices per triangle."),
    convex: z.boolean(),
    drawn: z.object({ vertices: z.array(cm), indices: z.array(z.number().int().nonnegative()) }).optional(),
  }),
]);
export type Shape = z.infer<typeof Shape>;
export type ShapeInput = z.input<typeof Shape>;

export const Part = z.object({
  name: z.enum(PART_NAMES),
  shapes: z.array(Shape).min(1),
  /** Rotates with the turret about the turret pivot. */
  turret: z.boolean().default(false),
});
export type Part = z.infer<typeof Part>;

export const ModelDefinition = z.object({
  id: z.string().min(1),
  name: z.string(),
  category: z.enum(["infantry", "team", "gun", "vehicle"]),
  nation: z.string().optional(),
  vehicle: z
    .object({
      class: z.enum(["unarmoured", "armoured", "tank"]),
      openTopped: z.boolean().default(false),
      /** Hull outline used for measuring and templates: width (x) × length (z). */
      width: cm.positive(),
      length: cm.positive(),
    })
    .optional(),
  base: z
    .object({
      shape: z.enum(["round", "oval", "rect"]),
      width: cm.positive(),
      depth: cm.positive().optional(),
      thickness: cm.positive().default(0.3),
    })
    .optional(),
  /** Top of the tallest figure above the model's feet (first-class: rules measure from it). */
  figureHeight: cm.positive().optional(),
  /** Eye of the spotter figure above the model's feet. */
  eyeHeight: cm.positive().optional(),
  turretPivot: z.tuple([cm, cm]).default([0, 0]).describe("[x, z] of the turret's axis in the hull frame."),
  parts: z.array(Part).min(1),
  /** Named points: eye, muzzle, hullMG… `turret: true` points traverse with the turret. */
  points: z.record(z.string(), z.object({ at: vec3, turret: z.boolean().default(false) })),
  weapons: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        /** The point the weapon fires and sights from. */
        origin: z.string(),
        /** Full arc in degrees centred on the mount's facing (360 = all round). */
        arc: z.number().positive().max(360),
        /**
         * turret: traverses with the main turret; hull: fixed in the hull; deck: a turret of its own on the hull
         * deck (T-28, T-35), its arc set by the hull and the other turrets, so fixed to the hull like a hull
         * mount; free: all round (AA mounts, small arms).
         */
        mount: z.enum(["turret", "hull", "deck", "free"]),
        /** Where the arc's centre points from the hull's front, degrees in the heading sense (90: towards +x, the model's left); 0 if absent. */
        facing: z.number().min(-360).max(360).optional(),
      }),
    )
    .default([]),
});
export type ModelDefinition = z.infer<typeof ModelDefinition>;
export type ModelDefinitionInput = z.input<typeof ModelDefinition>;
export type Weapon = ModelDefinition["weapons"][number];

export type ModelCatalog = ReadonlyMap<string, ModelDefinition>;

export function createCatalog(definitions: readonly ModelDefinitionInput[]): ModelCatalog {
  const catalog = new Map<string, ModelDefinition>();
  for (const input of definitions) {
    const def = ModelDefinition.parse(input);
    if (catalog.has(def.id)) throw new Error(`model definition "${def.id}" is defined twice`);
    // One part per name: the sight report, the colliders' tags and the glTF nodes are keyed by it.
    const twice = def.parts.find((p, i) => def.parts.findIndex((q) => q.name === p.name) !== i);
    if (twice) throw new Error(`model definition "${def.id}": part "${twice.name}" is defined twice; put all its shapes in one part`);
    for (const w of def.weapons) {
      if (!def.points[w.origin]) throw new Error(`model definition "${def.id}": weapon "${w.id}" fires from unknown point "${w.origin}"`);
    }
    catalog.set(def.id, def);
  }
  return catalog;
}
