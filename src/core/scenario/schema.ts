/**
 * The battlefield file: versioned JSON, centimetres, validated with zod. This one source produces the
 * TypeScript types, the runtime validation and the published JSON Schema (docs/scenario.schema.json).
 * Coordinates: a point is [x, z] on the table plane, y is up; see docs/coordinates.md.
 * Every object is strict: a field the format does not know (a typo such as "heigth") is an error, not silently
 * ignored. The file format is documented in docs/scenario-format.md.
 */
import { z } from "zod";

export const SCENARIO_FORMAT = "hulldown-scenario";
export const SCENARIO_VERSION = 1;

const cm = z.number({ error: "expected a number of centimetres" }).finite();
const positiveCm = cm.positive({ error: "expected a positive number of centimetres" });
const nonNegativeCm = cm.nonnegative({ error: "expected zero or more centimetres" });
const degrees = z.number({ error: "expected an angle in degrees" }).finite();
const id = z.string({ error: "expected an id string" }).min(1, { error: "an id cannot be empty" });

export const Point = z.tuple([cm, cm], { error: "expected [x, z] in cm" }).describe("A point [x, z] on the table, cm.");
const outline = z.array(Point).min(3, { error: "an outline needs at least 3 points" });
const path = z.array(Point).min(2, { error: "a path needs at least 2 points" });

const featureBase = { id, name: z.string().optional() };

export const Hill = z
  .strictObject({
    ...featureBase,
    kind: z.literal("hill"),
    outline: outline.describe("The foot of the hill."),
    height: positiveCm.describe("Height of the plateau above the table."),
    slope: positiveCm.describe(
      "Horizontal run from the foot to the crest. The crest line is the outline inset by this distance; inside it the hill is flat.",
    ),
  })
  .describe("A hill with a flat top. The ground rises linearly from its outline to the crest line.");

const area = (kind: "woods" | "crops") =>
  z.strictObject({
    ...featureBase,
    kind: z.literal(kind),
    outline,
    height: positiveCm.describe("Height of the canopy or crop above the ground."),
  });
export const Woods = area("woods").describe("Woods: area terrain that sight can cross for a limited depth.");
export const Crops = area("crops")
  .extend({ concealing: z.boolean().default(true).describe("Tall crops (maize) hide models; cabbages do not.") })
  .describe("A crop field.");

export const Opening = z
  .strictObject({
    id,
    type: z.enum(["window", "door", "gap"]),
    wall: z.number().int().nonnegative().describe("Index of the wall: wall i runs from footprint[i] to footprint[i+1]."),
    floor: z.number().int().nonnegative().default(0).describe("0 is the ground floor."),
    offset: nonNegativeCm.describe("Distance along the wall from its start to the centre of the opening."),
    width: positiveCm,
    height: positiveCm,
    sill: nonNegativeCm.default(0).describe("Height of the bottom of the opening above its floor (0 for doors)."),
  })
  .describe("A window, door or gap in a building wall.");

export const Building = z
  .strictObject({
    ...featureBase,
    kind: z.literal("building"),
    footprint: outline.describe("Outer outline of the walls, counter-clockwise seen from above or not: either works."),
    floors: z.number().int().min(1).max(8).describe("Number of storeys."),
    floorHeight: positiveCm.default(5.5).describe("Height of one storey, floor to floor."),
    wallThickness: positiveCm.default(0.6),
    material: z.enum(["stone", "brick", "wood", "concrete"]).default("stone"),
    roof: z
      .strictObject({
        state: z.enum(["intact", "gone"]).default("intact"),
        shape: z.enum(["flat", "gable"]).default("gable"),
        ridgeHeight: positiveCm.default(3.5).describe("Gable roofs: ridge above the top of the walls."),
      })
      .default({ state: "intact", shape: "gable", ridgeHeight: 3.5 })
      .describe("Gable roofs need a 4-point footprint; the ridge runs parallel to wall 0."),
    ruined: z
      .strictObject({
        wallHeights: z
          .array(nonNegativeCm)
          .optional()
          .describe("Remaining height of each wall; missing walls keep their full height."),
      })
      .optional()
      .describe("A ruin: no roof, walls cut down to their remaining heights."),
    openings: z.array(Opening).default([]),
  })
  .describe("A building with storeys, walls with real openings, floors and a roof.");

const linear = <K extends string>(kind: K, defaults: { height: number; thickness: number }) =>
  z.strictObject({
    ...featureBase,
    kind: z.literal(kind),
    path,
    height: positiveCm.default(defaults.height),
    thickness: positiveCm.default(defaults.thickness),
  });
export const Wall = linear("wall", { height: 1.8, thickness: 1 })
  .extend({ material: z.enum(["stone", "brick", "wood", "concrete"]).default("stone") })
  .describe("A wall along a path; low or high is the rule system's call from its height.");
export const Hedge = linear("hedge", { height: 2, thickness: 1.5 }).describe("A hedge.");
export const Bocage = linear("bocage", { height: 6, thickness: 4 }).describe("A Normandy bocage bank with its hedge.");
export const Sandbags = linear("sandbags", { height: 1.2, thickness: 1.5 }).describe("A sandbag wall.");
export const Wire = linear("wire", { height: 1, thickness: 1 }).describe("Barbed wire: slows movement, does not block sight.");

const watercourse = <K extends string>(kind: K, width: number) =>
  z.strictObject({ ...featureBase, kind: z.literal(kind), path, width: positiveCm.default(width) });
export const Road = watercourse("road", 8).describe("A road (movement only).");
export const River = watercourse("river", 15).describe("A river.");
export const Stream = watercourse("stream", 4).describe("A stream.");

export const Trench = z
  .strictObject({ ...featureBase, kind: z.literal("trench"), path, width: positiveCm.default(3), depth: positiveCm.default(2) })
  .describe("A trench: area terrain; the sight engine reports models inside it, rule systems give the cover. The ground is not lowered.");
export const Foxhole = z
  .strictObject({ ...featureBase, kind: z.literal("foxhole"), at: Point, radius: positiveCm.default(2), depth: positiveCm.default(1.5) })
  .describe("A foxhole for one team: area terrain like a trench.");
export const Crater = z
  .strictObject({ ...featureBase, kind: z.literal("crater"), at: Point, radius: positiveCm.default(4), depth: positiveCm.default(1) })
  .describe("A shell crater: area terrain like a foxhole; the sight engine reports models inside it, rule systems give the cover.");
export const RoughGround = z
  .strictObject({ ...featureBase, kind: z.literal("rough"), outline })
  .describe("Rough ground (scrub, rubble, marsh): area terrain for movement; it does not block sight.");
export const Pond = z.strictObject({ ...featureBase, kind: z.literal("pond"), outline }).describe("A pond or lake: water (movement only).");
export const TankTraps = z
  .strictObject({ ...featureBase, kind: z.literal("tankTraps"), points: z.array(Point).min(1), size: positiveCm.default(2.5) })
  .describe("Czech hedgehogs or dragon's teeth, one per point.");
export const Wreck = z
  .strictObject({ ...featureBase, kind: z.literal("wreck"), model: id.describe("A vehicle model id."), at: Point, heading: degrees.default(0) })
  .describe("A wrecked vehicle: blocks sight and movement like the vehicle did.");
export const Smoke = z
  .strictObject({ ...featureBase, kind: z.literal("smoke"), at: Point, radius: positiveCm, height: positiveCm.default(10) })
  .describe("A smoke cloud: blocks sight through it, not into it.");

export const Feature = z.discriminatedUnion("kind", [
  Hill,
  Woods,
  Crops,
  Building,
  Wall,
  Hedge,
  Bocage,
  Sandbags,
  Wire,
  Road,
  River,
  Stream,
  Trench,
  Foxhole,
  TankTraps,
  Wreck,
  Smoke,
  Crater,
  RoughGround,
  Pond,
]);

export const Base = z
  .strictObject({
    shape: z.enum(["round", "oval", "rect"]),
    width: positiveCm.describe("Diameter for round bases."),
    depth: positiveCm.optional().describe("Front to back; defaults to the width."),
    thickness: positiveCm.default(0.3),
  })
  .describe("A base; overrides the model definition's base.");

export const Model = z
  .strictObject({
    id,
    name: z.string().optional().describe("Display name, e.g. \"Sherman 'Cheyenne'\"; default: the unit's name, the model type and its number."),
    model: id.describe("Id of a model definition in models/catalog.ts (e.g. 'us-rifleman', 'us-sherman-m4')."),
    position: Point,
    heading: degrees.default(0).describe("Facing in degrees: 0 faces +z, 90 faces +x."),
    elevation: nonNegativeCm
      .optional()
      .describe("Height of the model's feet above the table (cm); default: the ground under it."),
    floor: z
      .strictObject({ building: id, level: z.number().int().nonnegative() })
      .optional()
      .describe("Standing on a floor of a building (0 = ground floor)."),
    turretHeading: degrees.default(0).describe("Turret traverse relative to the hull, degrees; positive turns it to the hull's left, as headings do."),
    figureHeight: positiveCm.optional().describe("Top of the figure above its feet; default from the model definition."),
    eyeHeight: positiveCm.optional().describe("Eye above the feet; default from the model definition."),
    base: Base.optional(),
  })
  .describe("One miniature: a figure, a team base, a gun or a vehicle.");

export const Unit = z.strictObject({
  id,
  name: z.string().default("").describe("Display name, e.g. \"Grenadiers 2\"; empty: the commonest model type and a number."),
  models: z.array(Model).min(1, { error: "a unit needs a model" }) });
export const Force = z.strictObject({ id, side: z.string().min(1), name: z.string().default(""), units: z.array(Unit) });

export const Scale = z
  .enum(["28mm", "15mm"])
  .describe("Scale of the miniatures: '28mm' (1/56, as models/catalog.ts is written) or '15mm' (1/100). Terrain is in cm at any scale.");

export const Scenario = z
  .strictObject({
    $schema: z.string().optional().describe("Optional path or URL of scenario.schema.json, for editors."),
    format: z.literal(SCENARIO_FORMAT, { error: `expected "${SCENARIO_FORMAT}"` }),
    version: z.literal(SCENARIO_VERSION, { error: `this build reads scenario version ${SCENARIO_VERSION}` }),
    name: z.string().default("Untitled battlefield"),
    description: z.string().default(""),
    scale: Scale.default("28mm"),
    table: z
      .strictObject({ width: positiveCm.default(180), depth: positiveCm.default(120) })
      .default({ width: 180, depth: 120 }),
    features: z.array(Feature).default([]),
    forces: z.array(Force).default([]),
  })
  .describe("A Hulldown battlefield: table, terrain features and forces, in centimetres.");

export type Point = z.infer<typeof Point>;
export type Scale = z.infer<typeof Scale>;
export type Scenario = z.infer<typeof Scenario>;
export type ScenarioInput = z.input<typeof Scenario>;
export type Feature = z.infer<typeof Feature>;
export type FeatureKind = Feature["kind"];
export type Building = z.infer<typeof Building>;
export type Opening = z.infer<typeof Opening>;
export type Hill = z.infer<typeof Hill>;
export type Force = z.infer<typeof Force>;
export type Unit = z.infer<typeof Unit>;
export type Model = z.infer<typeof Model>;
export type Base = z.infer<typeof Base>;
export type FeatureOf<K extends FeatureKind> = Extract<Feature, { kind: K }>;
export type LinearFeature = FeatureOf<"wall" | "hedge" | "bocage" | "sandbags" | "wire">;
export type AreaFeature = FeatureOf<"woods" | "crops">;

export const LINEAR_KINDS = ["wall", "hedge", "bocage", "sandbags", "wire"] as const;
export const isLinear = (f: Feature): f is LinearFeature => (LINEAR_KINDS as readonly string[]).includes(f.kind);
