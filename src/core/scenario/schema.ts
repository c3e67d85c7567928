/**
 * The battlefield file: versioned JSON, centimetres, validated with zod. This one source produces the
 * TypeScript types, the runtime validation and the published JSON Schema (docs/scenario.schema.json).
 * Coordinates: a point is [x, z] on the table plane, y is up; see docs/coordinates.md.
 * Every object is strict: a field the format does not know (a typo such as "heigth") is an error, not silently
 * ignored. The file format is documented in docs/scenario-format.md.
 */
import { z } from "zod";
import { FORBIDDEN_KEYS } from "../json";
import { degenerateHull } from "../solids/convexPoints";

export const SCENARIO_FORMAT = "hulldown-scenario";
export const SCENARIO_VERSION = 1;

/**
 * Generous physical limits: nothing a wargaming table holds comes near them, and the engine can build
 * everything inside them. Documented in docs/scenario-format.md ("Limits").
 */
export const LIMITS = {
  /** Width or depth of the table. */
  tableSize: 600,
  /** How far terrain may reach past the table's edges. */
  offTable: 100,
  /** Anything vertical: a hill, a canopy, a wall, a smoke cloud, a model's elevation. */
  height: 500,
  /** One storey, floor to floor. */
  storey: 500,
  /** A figure's height or eye above its feet, and a base's thickness. */
  figure: 100,
  /**
   * The shortest a figure may be (a prone 15 mm figure is about 0.5 cm): figures are stretched to their height,
   * and one squashed much flatter has no shape left for the sight engine to build.
   */
  figureMin: 0.1,
  /** A base's width or depth. */
  base: 100,
  /** Thickness of walls and hedges, width of roads and rivers, radius of smoke and foxholes. */
  thickness: 200,
  /** Headings: any angle within this many degrees either way, stored normalised to [0, 360). */
  heading: 3600,
  outlinePoints: 200,
  /**
   * The ground under the hills is a 1 cm grid, each point tested against every hill's outline: the points
   * of all hill outlines times the square centimetres of the box around the hills (on the table) may be
   * at most this (the default battlefield needs about 0.2 million).
   */
  hillGroundTests: 20_000_000,
  pathPoints: 5000,
  features: 2000,
  buildings: 500,
  openings: 200,
  forces: 50,
  units: 2000,
  models: 10000,
  /**
   * Imported miniatures embedded in one battlefield; the triangles one of them may have (all parts) to block
   * sight, and to be drawn (its own mesh, vertex-clustered down to this).
   */
  miniatures: 50,
  miniatureTriangles: 5000,
  miniatureDrawnTriangles: 20_000,
  idLength: 200,
  textLength: 10000,
} as const;

/** A value as the user wrote it, for messages: 1e+308, "abc", nothing. Never throws, never long. */
export function describeValue(value: unknown): string {
  if (typeof value === "number") return String(value);
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return value.length > 8 ? `a list of ${value.length} items` : shorten(safeJson(value) ?? "a list");
  if (typeof value === "object" && value !== null) return shorten(safeJson(value) ?? "an object");
  return shorten(safeJson(value) ?? String(value));
}

function safeJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

const shorten = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);

/**
 * A number of centimetres within [min, max]: `what` names the thing in messages such as
 * "1e+308 cm is more than the 500 cm a building storey may be".
 */
function cmWithin(what: string, max: number, { min = 0, zero = false }: { min?: number; zero?: boolean } = {}) {
  const number = z.number({ error: "expected a number of centimetres" });
  const low =
    zero || min !== 0
      ? number.min(min, { error: (iss) => `${describeValue(iss.input)} cm is less than the ${min} cm ${what} may be` })
      : number.positive({ error: (iss) => `${describeValue(iss.input)} cm: ${what} must be more than 0 cm` });
  return low.max(max, { error: (iss) => `${describeValue(iss.input)} cm is more than the ${max} cm ${what} may be` });
}

/** The same heading in [0, 360): 270 for -90, 0 for 720. */
export function normalizeHeading(degrees: number): number {
  // fmod is exact, so a heading already in range comes back unchanged (saving and loading change nothing).
  const turned = degrees % 360;
  const positive = turned < 0 ? turned + 360 : turned;
  return positive >= 360 ? 0 : positive || 0;
}

/** A heading in degrees, any turn within ±LIMITS.heading, normalised to [0, 360). */
export const Heading = z
  .number({ error: "expected an angle in degrees" })
  .min(-LIMITS.heading, {
    error: (iss) => `${describeValue(iss.input)}° is not a heading; give an angle between -${LIMITS.heading} and ${LIMITS.heading} degrees`,
  })
  .max(LIMITS.heading, {
    error: (iss) => `${describeValue(iss.input)}° is not a heading; give an angle between -${LIMITS.heading} and ${LIMITS.heading} degrees`,
  })
  .transform(normalizeHeading);

const coordinate = cmWithin("a coordinate", LIMITS.tableSize + LIMITS.offTable, { min: -LIMITS.offTable });
const height = (what: string) => cmWithin(what, LIMITS.height);
const thickness = (what: string) => cmWithin(what, LIMITS.thickness);
const text = (max: number = LIMITS.textLength) => z.string().max(max);
/**
 * An id. Never `__proto__`, `constructor` or `prototype`: ids become keys of the game's state (pins, orders,
 * templates), and a save with such a key is one no loader opens (see json.ts).
 */
export const Id = z
  .string({ error: "expected an id string" })
  .min(1, { error: "an id cannot be empty" })
  .max(LIMITS.idLength)
  .refine((value) => !FORBIDDEN_KEYS.has(value), { error: (iss) => `${describeValue(iss.input)} is a name JavaScript keeps for itself; choose another id` });
const id = Id;
const list = <T extends z.ZodType>(item: T, max: number, what: string) => z.array(item).max(max, { error: `${what} may have at most ${max} items` });

/** The format version this build reads; a larger number is a file from a newer Hulldown, said in words. */
/** A file's format version: `version`, or any from `oldest` on that this build still reads. */
export const formatVersion = (version: number, oldest = version) =>
  z.literal(
    Array.from({ length: version - oldest + 1 }, (_, i) => oldest + i),
    {
      error: (iss) =>
        typeof iss.input === "number" && iss.input > version
          ? `made by a newer Hulldown (format ${iss.input}); this one reads format ${version}`
          : `this build reads format version ${oldest === version ? version : `${oldest} to ${version}`}`,
    },
  );

export const Point = z.tuple([coordinate, coordinate], { error: "expected [x, z] in cm" }).describe("A point [x, z] on the table, cm.");
const outline = list(Point, LIMITS.outlinePoints, "an outline").min(3, { error: "an outline needs at least 3 points" });
const path = list(Point, LIMITS.pathPoints, "a path").min(2, { error: "a path needs at least 2 points" });

const named = {
  id,
  name: text(LIMITS.idLength).optional(),
  group: id
    .optional()
    .describe("Features with the same group are one piece of terrain: the editor moves, turns, copies and deletes them together (a church and its tower)."),
};
const featureBase = {
  ...named,
  decorative: z.boolean().optional().describe("true: scenery only, it stops no sight line and is drawn lighter; the sight engine leaves it out."),
};

/** A hill has no decorative flag: the ground models stand on is the ground sight runs over. */
export const Hill = z
  .strictObject({
    ...named,
    kind: z.literal("hill"),
    outline: outline.describe("The foot of the hill."),
    height: height("a hill").describe("Height of the plateau above the table."),
    slope: cmWithin("a hill's slope", LIMITS.tableSize).describe(
      "Horizontal run from the foot to the crest. The crest line is the outline inset by this distance; inside it the hill is flat.",
    ),
  })
  .describe("A hill with a flat top. The ground rises linearly from its outline to the crest line.");

const area = (kind: "woods" | "crops") =>
  z.strictObject({
    ...featureBase,
    kind: z.literal(kind),
    outline,
    height: height("a canopy or crop").describe("Height of the canopy or crop above the ground."),
  });
export const Woods = area("woods").describe("Woods: area terrain that sight can cross for a limited depth.");
export const Crops = area("crops")
  .extend({ concealing: z.boolean().default(true).describe("Tall crops (maize) hide models; cabbages do not.") })
  .describe("A crop field.");

export const Opening = z
  .strictObject({
    id,
    type: z.enum(["window", "door", "gap"]),
    wall: z
      .number()
      .int()
      .nonnegative()
      .max(LIMITS.outlinePoints - 1)
      .describe("Index of the wall: wall i runs from footprint[i] to footprint[i+1]."),
    floor: z.number().int().nonnegative().max(7).default(0).describe("0 is the ground floor."),
    offset: cmWithin("an opening's offset", LIMITS.tableSize, { zero: true }).describe("Distance along the wall from its start to the centre of the opening."),
    width: cmWithin("an opening", LIMITS.storey),
    height: cmWithin("an opening", LIMITS.storey),
    sill: cmWithin("a sill", LIMITS.storey, { zero: true }).default(0).describe("Height of the bottom of the opening above its floor (0 for doors)."),
  })
  .describe("A window, door or gap in a building wall.");

export const Building = z
  .strictObject({
    ...featureBase,
    kind: z.literal("building"),
    footprint: outline.describe("Outer outline of the walls, counter-clockwise seen from above or not: either works."),
    floors: z.number().int().min(1).max(8).describe("Number of storeys."),
    floorHeight: cmWithin("a building storey", LIMITS.storey).default(5.5).describe("Height of one storey, floor to floor."),
    wallThickness: thickness("a wall").default(0.6),
    material: z.enum(["stone", "brick", "wood", "concrete"]).default("stone"),
    roof: z
      .strictObject({
        state: z.enum(["intact", "gone"]).default("intact"),
        shape: z.enum(["flat", "gable"]).default("gable"),
        ridgeHeight: height("a roof ridge").default(3.5).describe("Gable roofs: ridge above the top of the walls."),
      })
      .default({ state: "intact", shape: "gable", ridgeHeight: 3.5 })
      .describe("Gable roofs need a 4-point footprint; the ridge runs parallel to wall 0."),
    ruined: z
      .strictObject({
        wallHeights: z
          .array(cmWithin("a wall", LIMITS.storey * 8, { zero: true }))
          .max(LIMITS.outlinePoints)
          .optional()
          .describe("Remaining height of each wall; missing walls keep their full height."),
      })
      .optional()
      .describe("A ruin: no roof, walls cut down to their remaining heights."),
    openings: list(Opening, LIMITS.openings, "a building's openings").default([]),
  })
  .describe("A building with storeys, walls with real openings, floors and a roof.");

const linear = <K extends string>(kind: K, defaults: { height: number; thickness: number }) =>
  z.strictObject({
    ...featureBase,
    kind: z.literal(kind),
    path,
    height: height(`a ${kind}`).default(defaults.height),
    thickness: thickness(`a ${kind}`).default(defaults.thickness),
  });
export const Wall = linear("wall", { height: 1.8, thickness: 1 })
  .extend({ material: z.enum(["stone", "brick", "wood", "concrete"]).default("stone") })
  .describe("A wall along a path; low or high is the rule system's call from its height.");
export const Hedge = linear("hedge", { height: 2, thickness: 1.5 }).describe("A hedge.");
export const Bocage = linear("bocage", { height: 6, thickness: 4 }).describe("A Normandy bocage bank with its hedge.");
export const Sandbags = linear("sandbags", { height: 1.2, thickness: 1.5 }).describe("A sandbag wall.");
export const Wire = linear("wire", { height: 1, thickness: 1 }).describe("Barbed wire: slows movement, does not block sight.");

const watercourse = <K extends string>(kind: K, width: number) =>
  z.strictObject({ ...featureBase, kind: z.literal(kind), path, width: thickness(`a ${kind}`).default(width) });
export const Road = watercourse("road", 8).describe("A road (movement only).");
export const River = watercourse("river", 15).describe("A river.");
export const Stream = watercourse("stream", 4).describe("A stream.");

export const Trench = z
  .strictObject({ ...featureBase, kind: z.literal("trench"), path, width: thickness("a trench").default(3), depth: height("a trench").default(2) })
  .describe("A trench: area terrain; the sight engine reports models inside it, rule systems give the cover. The ground is not lowered.");
export const Foxhole = z
  .strictObject({ ...featureBase, kind: z.literal("foxhole"), at: Point, radius: thickness("a foxhole").default(2), depth: height("a foxhole").default(1.5) })
  .describe("A foxhole for one team: area terrain like a trench.");
export const Crater = z
  .strictObject({ ...featureBase, kind: z.literal("crater"), at: Point, radius: thickness("a crater").default(4), depth: height("a crater").default(1) })
  .describe("A shell crater: area terrain like a foxhole; the sight engine reports models inside it, rule systems give the cover.");
export const RoughGround = z
  .strictObject({ ...featureBase, kind: z.literal("rough"), outline })
  .describe("Rough ground (scrub, rubble, marsh): area terrain for movement; it does not block sight.");
export const Pond = z.strictObject({ ...featureBase, kind: z.literal("pond"), outline }).describe("A pond or lake: water (movement only).");
export const TankTraps = z
  .strictObject({
    ...featureBase,
    kind: z.literal("tankTraps"),
    points: list(Point, LIMITS.pathPoints, "tank traps").min(1),
    size: thickness("a tank trap").default(2.5),
  })
  .describe("Czech hedgehogs or dragon's teeth, one per point.");
export const Wreck = z
  .strictObject({ ...featureBase, kind: z.literal("wreck"), model: id.describe("A vehicle model id."), at: Point, heading: Heading.default(0) })
  .describe("A wrecked vehicle: blocks sight and movement like the vehicle did.");
export const Smoke = z
  .strictObject({ ...featureBase, kind: z.literal("smoke"), at: Point, radius: thickness("a smoke cloud"), height: height("a smoke cloud").default(10) })
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
    width: cmWithin("a base", LIMITS.base).describe("Diameter for round bases."),
    depth: cmWithin("a base", LIMITS.base).optional().describe("Front to back; defaults to the width."),
    thickness: cmWithin("a base's thickness", LIMITS.figure).default(0.3),
  })
  .describe("A base; overrides the model definition's base.");

export const Model = z
  .strictObject({
    id,
    name: text(LIMITS.idLength).optional().describe("Display name, e.g. \"Sherman 'Cheyenne'\"; default: the unit's name, the model type and its number."),
    model: id.describe("Id of a model definition in src/core/miniatures/shipped.ts (e.g. 'us-rifleman', 'us-sherman-m4')."),
    position: Point,
    heading: Heading.default(0).describe("Facing in degrees: 0 faces +z, 90 faces +x."),
    elevation: cmWithin("a model's elevation", LIMITS.height, { zero: true })
      .optional()
      .describe("Height of the model's feet above the table (cm); default: the ground under it."),
    floor: z
      .strictObject({ building: id, level: z.number().int().nonnegative().max(7) })
      .optional()
      .describe("Standing on a floor of a building (0 = ground floor)."),
    turretHeading: Heading.default(0).describe("Turret traverse relative to the hull, degrees; positive turns it to the hull's left, as headings do."),
    figureHeight: cmWithin("a figure", LIMITS.figure, { min: LIMITS.figureMin })
      .optional()
      .describe("Top of the figure above its feet; default from the model definition."),
    eyeHeight: cmWithin("an eye above the feet", LIMITS.figure).optional().describe("Eye above the feet; default from the model definition."),
    base: Base.optional(),
  })
  .describe("One miniature: a figure, a team base, a gun or a vehicle.");

/** A unit's fields that a rule system reads and declares (Ruleset.unitFields): its words for them, checked against its choices where a game is made or loaded. */
export const UNIT_RULE_FIELDS = ["quality", "rank"] as const;
export type UnitRuleField = (typeof UNIT_RULE_FIELDS)[number];

export const Unit = z.strictObject({
  id,
  name: text(LIMITS.idLength).default("").describe('Display name, e.g. "Grenadiers 2"; empty: the commonest model type and a number.'),
  quality: text(LIMITS.idLength)
    .optional()
    .describe(
      'The troops\' quality in the rule system\'s words, each system reading its own (Bolt Action: "inexperienced", "regular", "veteran"); absent: the system\'s default for its models.',
    ),
  rank: text(LIMITS.idLength)
    .optional()
    .describe('An officer\'s rank in the rule system\'s words (Bolt Action: "second-lieutenant", "first-lieutenant", "captain", "major"); absent: no officer.'),
  models: list(Model, LIMITS.models, "a unit").min(1, { error: "a unit needs a model" }),
});
export const Force = z.strictObject({
  id,
  side: text(LIMITS.idLength).min(1),
  name: text(LIMITS.idLength).default(""),
  units: list(Unit, LIMITS.units, "a force"),
});

const miniatureCoordinate = z
  .number({ error: "expected a number of centimetres" })
  .min(-LIMITS.base)
  .max(LIMITS.base, { error: (iss) => `${describeValue(iss.input)} cm is further than the ${LIMITS.base} cm a miniature's vertex may be from its feet` });

/** A triangle mesh of a miniature's part, of at most `triangles` triangles, in the model frame. */
const partMesh = (triangles: number) => ({
  vertices: z
    .array(miniatureCoordinate)
    .max(triangles * 9)
    .refine((v) => v.length % 3 === 0 && v.length >= 9, { error: "expected x, y, z of at least 3 vertices" })
    .describe("x, y, z of each vertex in turn, cm, in the model frame (feet at y 0, +z forward)."),
  indices: z
    .array(z.number().int().nonnegative())
    .min(3, { error: "a part needs at least one triangle" })
    .max(triangles * 3, { error: `a miniature may have at most ${triangles} triangles` })
    .refine((i) => i.length % 3 === 0, { error: "expected three vertex indices per triangle" }),
});
const indicesInRange = (m: { vertices: readonly number[]; indices: readonly number[] }) => m.indices.every((i) => i < m.vertices.length / 3);
const VERTEX_NAMED = { error: "a triangle names a vertex the part does not have", path: ["indices"] };

export const MiniaturePart = z
  .strictObject({
    name: z.enum(["figure", "base", "hull", "turret", "gun", "crew", "shield"]).describe("The part name the rules read."),
    convex: z.boolean().describe("true: the triangles are the part's convex hull, a convex collider; false: a triangle-mesh collider."),
    ...partMesh(LIMITS.miniatureTriangles),
    drawn: z
      .strictObject(partMesh(LIMITS.miniatureDrawnTriangles))
      .refine(indicesInRange, VERTEX_NAMED)
      .optional()
      .describe("The part as the imported file shapes it, drawn on the table (vertices/indices are what blocks sight); absent: the collider is drawn."),
  })
  .refine(indicesInRange, VERTEX_NAMED)
  .check((ctx) => {
    // The sight engine builds a convex part as the hull of its points: a line of points makes none.
    const flat = ctx.value.convex ? degenerateHull(ctx.value.vertices) : undefined;
    if (flat) ctx.issues.push({ code: "custom", input: ctx.value.vertices, path: ["vertices"], message: `a convex part cannot be built: ${flat}` });
  });

/** Where a miniature's eye may be: above its feet (not at them), no higher than its figure height, within the box around its parts (x and z). */
function eyeProblem(mini: { figureHeight: number; eye: readonly number[]; parts: readonly { vertices: readonly number[] }[] }): string | undefined {
  const [x, y, z] = mini.eye as [number, number, number];
  if (!(y > 0) || y > mini.figureHeight) return `the eye ${y} cm above the feet is outside the ${mini.figureHeight} cm figure; an eye is within its model`;
  const within = (axis: 0 | 2, value: number) => {
    let low = Infinity;
    let high = -Infinity;
    for (const part of mini.parts) {
      for (let i = axis; i < part.vertices.length; i += 3) {
        low = Math.min(low, part.vertices[i]!);
        high = Math.max(high, part.vertices[i]!);
      }
    }
    return value >= low - EYE_SLACK && value <= high + EYE_SLACK;
  };
  if (!within(0, x) || !within(2, z)) return `the eye at x ${x}, z ${z} cm is outside the box around the miniature's parts; an eye is within its model`;
  return undefined;
}
/** How far outside its parts' box an eye may be, cm: the box of a hull is the collider, which may sit a little inside the figure drawn. */
const EYE_SLACK = 0.5;

export const Miniature = z
  .strictObject({
    id: id.describe('The id models use in their "model" field.'),
    name: text(LIMITS.idLength),
    category: z.enum(["infantry", "team", "gun", "vehicle"]),
    figureHeight: cmWithin("a miniature", LIMITS.base, { min: LIMITS.figureMin }).describe("Top of the model above its feet."),
    eye: z
      .tuple([miniatureCoordinate, miniatureCoordinate, miniatureCoordinate])
      .describe("Where its eye is, [x, y, z] cm in the model frame: within the box around its parts, no higher than figureHeight."),
    base: Base.optional(),
    source: z
      .strictObject({ file: text(LIMITS.idLength), triangles: z.number().int().nonnegative() })
      .optional()
      .describe("The imported file and its triangle count before simplifying."),
    parts: list(MiniaturePart, 7, "a miniature's parts").min(1, { error: "a miniature needs a part" }),
  })
  .refine((m) => m.parts.reduce((n, p) => n + p.indices.length / 3, 0) <= LIMITS.miniatureTriangles, {
    error: `a miniature may have at most ${LIMITS.miniatureTriangles} triangles in all its parts`,
    path: ["parts"],
  })
  .refine((m) => m.parts.reduce((n, p) => n + (p.drawn?.indices.length ?? 0) / 3, 0) <= LIMITS.miniatureDrawnTriangles, {
    error: `a miniature may draw at most ${LIMITS.miniatureDrawnTriangles} triangles in all its parts`,
    path: ["parts"],
  })
  .refine((m) => new Set(m.parts.map((p) => p.name)).size === m.parts.length, { error: "each part name may be used once", path: ["parts"] })
  .check((ctx) => {
    const problem = eyeProblem(ctx.value);
    if (problem) ctx.issues.push({ code: "custom", input: ctx.value.eye, path: ["eye"], message: problem });
  })
  .describe("A miniature imported from an STL or glTF file, stored with the battlefield so it opens anywhere.");

export const Scale = z
  .enum(["28mm", "15mm"])
  .describe("Scale of the miniatures: '28mm' (1/56, as src/core/miniatures/shipped.ts is written) or '15mm' (1/100). Terrain is in cm at any scale.");

export const ScenarioRuleset = z
  .strictObject({
    id: id.describe('The rule system\'s id: "operation-ww2", "bolt-action", "battleground" or "flames-of-war".'),
    version: text(LIMITS.idLength).optional().describe("Its version; absent: the system's default."),
  })
  .describe("The rule system the battlefield is laid out for: a new game on it starts under this one unless the player chooses another.");

/** A table edge, named by the axis it closes: "-x" at x = 0, "+x" at x = width, "-z" at z = 0, "+z" at z = depth. */
export const TableEdge = z
  .enum(["-x", "+x", "-z", "+z"])
  .describe('A table edge: "-x" is the edge at x = 0, "+x" the one at x = width, "-z" at z = 0, "+z" at z = depth.');

const side = text(LIMITS.idLength).min(1, { error: "a side cannot be empty" }).describe("A side as the forces name it (a force's side).");
const score = z
  .number({ error: "expected a whole number of points" })
  .int({ error: "expected a whole number of points" })
  .min(0, { error: (iss) => `${describeValue(iss.input)} points: an objective scores 0 points or more` })
  .max(1000)
  .default(1);
const objectiveBase = {
  id,
  name: text(LIMITS.idLength).min(1, { error: "an objective needs a name" }).describe("Shown beside its marker on the table."),
  side: side.optional().describe("Only this side scores it; absent: either side."),
  points: score.describe("Points it scores at the end of the game for the side that controls it (an exit: for each unit that leaves by it)."),
};

export const DeploymentZone = z
  .discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("rectangle"), side, from: Point.describe("One corner."), to: Point.describe("The opposite corner.") }),
    z.strictObject({ kind: z.literal("polygon"), side, outline }),
  ])
  .describe("Where a side sets up its forces: a rectangle given by two opposite corners, or any outline. A side may have several zones.");

export const Objective = z
  .discriminatedUnion("kind", [
    z
      .strictObject({ ...objectiveBase, kind: z.literal("point"), at: Point, radius: cmWithin("an objective's radius", LIMITS.tableSize).default(7.5) })
      .describe("A point held by the side that alone has models within `radius` of it."),
    z.strictObject({ ...objectiveBase, kind: z.literal("area"), outline }).describe("An area held by the side that alone has models inside it."),
    z
      .strictObject({
        ...objectiveBase,
        kind: z.literal("exit"),
        edge: TableEdge,
        reach: cmWithin("an exit's reach", LIMITS.tableSize).default(2.5).describe("A unit whose every model stands within this of the edge has left by it."),
      })
      .describe("A table edge to break out by: each unit that leaves by it scores `points`."),
  ])
  .describe("Something to take, hold or reach; scored at the end of the game.");

export const VictoryCondition = z
  .discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("most-points") }).describe("At the end, the side with the most objective points wins; equal points are a draw."),
    z
      .strictObject({ kind: z.literal("hold"), objective: id.describe("A point or area objective's id."), side })
      .describe("At the end, `side` wins if it holds the objective."),
    z
      .strictObject({
        kind: z.literal("exit"),
        side,
        units: z
          .number()
          .int()
          .min(1, { error: (iss) => `${describeValue(iss.input)} units: at least 1 must leave` })
          .max(LIMITS.units),
      })
      .describe("`side` wins as soon as this many of its units have left by its exit objectives."),
  ])
  .describe("How the game is won. The conditions are read in order; the first that holds decides.");

export const Mission = z
  .strictObject({
    name: text(LIMITS.idLength).min(1, { error: "a mission needs a name" }),
    sample: z.boolean().optional().describe('true: made up for Hulldown, not from the rule system\'s texts; the app says "sample" wherever it shows it.'),
    description: text().optional().describe("The briefing."),
    source: text(LIMITS.idLength).optional().describe("Where its rules come from (a rulebook's section), when they do."),
    turns: z
      .number({ error: "expected a whole number of turns" })
      .int({ error: "expected a whole number of turns" })
      .min(1, { error: (iss) => `${describeValue(iss.input)} turns: a game lasts at least 1 turn` })
      .max(100, { error: (iss) => `${describeValue(iss.input)} turns is more than the 100 a game may last` })
      .optional()
      .describe("The game ends after this many turns; absent: when the players stop."),
    zones: list(DeploymentZone, 20, "a mission's deployment zones").default([]),
    objectives: list(Objective, 50, "a mission's objectives").default([]),
    victory: list(VictoryCondition, 10, "a mission's victory conditions").default([{ kind: "most-points" }]),
  })
  .describe("What the battle is about: deployment zones, objectives, game length and victory conditions.");

export const Scenario = z
  .strictObject({
    $schema: text(2000).optional().describe("Optional path or URL of scenario.schema.json, for editors."),
    format: z.literal(SCENARIO_FORMAT, { error: `expected "${SCENARIO_FORMAT}"` }),
    version: formatVersion(SCENARIO_VERSION),
    name: text(LIMITS.idLength).default("Untitled battlefield"),
    description: text().default(""),
    scale: Scale.default("28mm"),
    ruleset: ScenarioRuleset.optional(),
    table: z
      .strictObject({ width: cmWithin("a table", LIMITS.tableSize).default(180), depth: cmWithin("a table", LIMITS.tableSize).default(120) })
      .default({ width: 180, depth: 120 }),
    features: list(Feature, LIMITS.features, "a battlefield's features").default([]),
    forces: list(Force, LIMITS.forces, "a battlefield's forces").default([]),
    miniatures: list(Miniature, LIMITS.miniatures, "a battlefield's imported miniatures")
      .optional()
      .describe("The players' own miniatures, imported from STL or glTF files."),
    mission: Mission.optional().describe("Deployment zones, objectives, game length and victory; absent: a game without them."),
  })
  .describe("A Hulldown battlefield: table, terrain features and forces, in centimetres.");

export type Point = z.infer<typeof Point>;
export type Scale = z.infer<typeof Scale>;
export type ScenarioRuleset = z.infer<typeof ScenarioRuleset>;
export type Scenario = z.infer<typeof Scenario>;
export type TableEdge = z.infer<typeof TableEdge>;
export type DeploymentZone = z.infer<typeof DeploymentZone>;
export type Objective = z.infer<typeof Objective>;
export type VictoryCondition = z.infer<typeof VictoryCondition>;
export type Mission = z.infer<typeof Mission>;
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
export type Miniature = z.infer<typeof Miniature>;
export type MiniaturePart = z.infer<typeof MiniaturePart>;
export type FeatureOf<K extends FeatureKind> = Extract<Feature, { kind: K }>;
export type LinearFeature = FeatureOf<"wall" | "hedge" | "bocage" | "sandbags" | "wire">;
export type AreaFeature = FeatureOf<"woods" | "crops">;

export const LINEAR_KINDS = ["wall", "hedge", "bocage", "sandbags", "wire"] as const;
/** Whether the sight engine sees a feature: everything but scenery marked decorative. */
export const blocksSight = (f: Feature): boolean => !("decorative" in f && f.decorative === true);

export const isLinear = (f: Feature): f is LinearFeature => (LINEAR_KINDS as readonly string[]).includes(f.kind);
