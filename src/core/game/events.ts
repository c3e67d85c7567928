/**
 * The game log's vocabulary: everything that changes the table is an event, a fact with what a replay
 * needs to animate it (move paths, turret angles, dice). Defined with zod so a saved game is validated
 * event by event when it is loaded.
 */
import { z } from "zod";
import { Feature, Model, Point, Scenario } from "../scenario/schema";

export const GAME_FORMAT = "hulldown-game";
export const GAME_VERSION = 1;

const id = z.string().min(1);
const degrees = z.number().finite();

/** Where a model stands: on the ground, at an explicit elevation, or on a building floor. */
export const Placement = z.strictObject({
  position: Point,
  heading: degrees,
  elevation: z.number().finite().nonnegative().optional(),
  floor: z.strictObject({ building: id, level: z.number().int().nonnegative() }).optional(),
});
export type Placement = z.infer<typeof Placement>;

export const TemplateShapeEvent = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("blast"), at: Point, radii: z.array(z.number().positive()).min(1) }),
  z.strictObject({
    kind: z.literal("teardrop"),
    from: Point,
    heading: degrees,
    length: z.number().positive(),
    narrowWidth: z.number().positive(),
    wideWidth: z.number().positive(),
  }),
]);

export const PlacedTemplate = z.strictObject({
  id,
  shape: TemplateShapeEvent,
  from: z.enum(["above", "level"]),
  level: z.number().finite().optional(),
  label: z.string().default(""),
  /** The model whose weapon laid it (a flamethrower): never counted as under its own template. */
  firer: id.optional(),
});
export type PlacedTemplate = z.infer<typeof PlacedTemplate>;

export const DieRollRecord = z.strictObject({ index: z.number().int().nonnegative(), sides: z.number().int().min(2), value: z.number().int().min(1), reason: z.string() });

/** What a resolved attack did to one model, in terms the table understands. */
export const Outcome = z.strictObject({
  model: id,
  effect: z.enum(["no-effect", "pinned", "unpinned", "casualty", "damaged", "destroyed"]),
  /** The rule system's words: "crew shaken", "main gun destroyed"… */
  detail: z.string().default(""),
});
export type Outcome = z.infer<typeof Outcome>;

const common = { time: z.number().finite().optional().describe("ms since the epoch, for replay pacing") };

export const GameEvent = z.discriminatedUnion("type", [
  z.strictObject({ ...common, type: z.literal("model-moved"), model: id, from: Placement, to: Placement, path: z.array(Point) }),
  /** Several models moved together (a unit dragged as one): one event, so one undo. */
  z.strictObject({
    ...common,
    type: z.literal("models-moved"),
    moves: z.array(z.strictObject({ model: id, from: Placement, to: Placement, path: z.array(Point) })).min(1),
  }),
  z.strictObject({ ...common, type: z.literal("turret-traversed"), model: id, from: degrees, to: degrees }),
  z.strictObject({ ...common, type: z.literal("model-placed"), force: id, unit: id, model: Model }),
  z.strictObject({ ...common, type: z.literal("model-removed"), model: id, cause: z.string() }),
  z.strictObject({ ...common, type: z.literal("template-placed"), template: PlacedTemplate }),
  z.strictObject({ ...common, type: z.literal("template-removed"), id }),
  /** A laid template dragged somewhere else: its new shape (same kind and size, moved or turned). */
  z.strictObject({ ...common, type: z.literal("template-moved"), id, from: TemplateShapeEvent, to: TemplateShapeEvent }),
  z.strictObject({
    ...common,
    type: z.literal("los-checked"),
    shooter: id,
    target: id,
    weapon: z.string().optional(),
    visibleFraction: z.number().min(0).max(1),
    hullDown: z.boolean(),
  }),
  z.strictObject({
    ...common,
    type: z.literal("fire-resolved"),
    ruleset: id,
    shooter: id,
    weapon: z.string(),
    target: id,
    rolls: z.array(DieRollRecord),
    outcomes: z.array(Outcome),
    /** A referee's one-line account: "MG 42 at the BAR team: 3 hits, 1 casualty, 2 pinned". */
    summary: z.string(),
    /** The rule system's full ruling (verdict, modifiers, targets), kept for the replay's panel. */
    details: z.unknown().optional(),
  }),
  /** The editor's terrain changes carry whole features, so the fold and a replay need nothing else. */
  z.strictObject({ ...common, type: z.literal("features-added"), features: z.array(Feature).min(1) }),
  z.strictObject({ ...common, type: z.literal("feature-changed"), from: Feature, to: Feature }),
  z.strictObject({ ...common, type: z.literal("features-removed"), features: z.array(Feature).min(1) }),
]);
export type GameEvent = z.infer<typeof GameEvent>;
export const TERRAIN_EVENTS = ["features-added", "feature-changed", "features-removed"] as const;
export const changesTerrain = (event: GameEvent): boolean => (TERRAIN_EVENTS as readonly string[]).includes(event.type);
export type GameEventOf<T extends GameEvent["type"]> = Extract<GameEvent, { type: T }>;

/** A rules table a player loaded in place of a shipped one (see the rule system's TableFile). */
export const LoadedTable = z.strictObject({
  ruleset: z.string(),
  table: z.string(),
  title: z.string().optional(),
  rule: z.string().optional(),
  sample: z.boolean().optional(),
  note: z.string().optional(),
  data: z.unknown(),
});
export type LoadedTable = z.infer<typeof LoadedTable>;

export const GameHeader = z.strictObject({
  format: z.literal(GAME_FORMAT),
  version: z.literal(GAME_VERSION),
  created: z.string(),
  /** Every die of the game comes from this seed, in order. */
  seed: z.number().int().safe(),
  ruleset: z.strictObject({
    id: z.string(),
    version: z.string(),
    options: z.record(z.string(), z.unknown()).default({}),
    /** The game's own tables, replacing shipped ones: part of the game, so a replay rolls the same. */
    tables: z.array(LoadedTable).default([]),
  }),
  scenario: Scenario,
});
export type GameHeader = z.infer<typeof GameHeader>;
