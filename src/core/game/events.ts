/**
 * The game log's vocabulary: everything that changes the table is an event, a fact with what a replay
 * needs to animate it (move paths, turret angles, dice). Defined with zod so a saved game is validated
 * event by event when it is loaded.
 */
import { z } from "zod";
import { nestingDepth } from "../json";
import {
  Feature,
  formatVersion,
  Heading,
  Id,
  LIMITS,
  Miniature,
  Mission,
  Model,
  Point,
  type Scenario,
  Smoke,
  Unit,
  type UnitRuleField,
} from "../scenario/schema";
import type { Answers } from "./answers";

export const GAME_FORMAT = "hulldown-game";
export const GAME_VERSION = 1;

const id = Id;
const text = z.string().max(LIMITS.textLength);
const path = z.array(Point).max(LIMITS.pathPoints);
const size = z.number().positive().max(LIMITS.tableSize);
/** A rule system's ruling nests a dozen levels; a file's whole nesting is bounded by JSON_LIMITS. */
const DETAILS_DEPTH = 32;
/** Rolls in one resolved shot: a whole company firing is a few hundred. */
export const MAX_ROLLS_PER_EVENT = 10_000;
/** Marks a rule system keeps on one model. */
const MAX_MARKS = 32;
/** Sides of the largest die: a uniform fraction is recorded as a roll of 2^32 sides (see dice.ts). */
export const MAX_DIE_SIDES = 2 ** 32;
/** The most turns a game may have. */
export const MAX_TURNS = 100;

/** Where a model stands: on the ground, at an explicit elevation, or on a building floor. */
export const Placement = z.strictObject({
  position: Point,
  heading: Heading,
  elevation: z.number().nonnegative().max(LIMITS.height).optional(),
  floor: z.strictObject({ building: id, level: z.number().int().nonnegative().max(7) }).optional(),
});
export type Placement = z.infer<typeof Placement>;

/** What the editor changes on one model; absent fields stay as they are. */
export const ModelChanges = z.strictObject({
  name: text.nullable().optional(),
  heading: Heading.optional(),
  turretHeading: Heading.optional(),
  floor: z
    .strictObject({ building: id, level: z.number().int().nonnegative().max(7) })
    .nullable()
    .optional(),
  figureHeight: z.number().min(LIMITS.figureMin).max(LIMITS.figure).nullable().optional(),
  eyeHeight: z.number().positive().max(LIMITS.figure).nullable().optional(),
});
export type ModelChanges = z.infer<typeof ModelChanges>;

/** A unit's rule-system fields (UNIT_RULE_FIELDS) the editor sets: a null takes one off (the system's default). */
export const UnitFieldChanges = z.strictObject({
  quality: z.string().max(LIMITS.idLength).nullable().optional(),
  rank: z.string().max(LIMITS.idLength).nullable().optional(),
} satisfies Record<UnitRuleField, unknown>);
export type UnitFieldChanges = z.infer<typeof UnitFieldChanges>;

export const TemplateShapeEvent = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("blast"), at: Point, radii: z.array(size).min(1).max(10) }),
  z.strictObject({
    kind: z.literal("teardrop"),
    from: Point,
    heading: Heading,
    length: size,
    narrowWidth: size,
    wideWidth: size,
  }),
]);

export const PlacedTemplate = z.strictObject({
  id,
  shape: TemplateShapeEvent,
  from: z.enum(["above", "level"]),
  level: z.number().min(-LIMITS.height).max(LIMITS.height).optional(),
  label: text.default(""),
  /** The model whose weapon laid it (a flamethrower): never counted as under its own template. */
  firer: id.optional(),
});
export type PlacedTemplate = z.infer<typeof PlacedTemplate>;

export const DieRollRecord = z
  .strictObject({ index: z.number().int().nonnegative(), sides: z.number().int().min(2).max(MAX_DIE_SIDES), value: z.number().int().min(1), reason: text })
  .refine((r) => r.value <= r.sides, {
    error: (iss) => `a d${(iss.input as { sides: number }).sides} cannot show ${(iss.input as { value: number }).value}`,
    path: ["value"],
  });

/** What a resolved attack did to one model, in terms the table understands. */
export const Outcome = z.strictObject({
  model: id,
  /** "damaged" leaves `detail` on the model as a marker; "cleared" takes that marker off again (a jam cleared). */
  effect: z.enum(["no-effect", "pinned", "unpinned", "casualty", "damaged", "destroyed", "cleared"]),
  /** The rule system's words: "crew shaken", "main gun destroyed"… */
  detail: text.default(""),
});
export type Outcome = z.infer<typeof Outcome>;

/** What a resolution changes on a unit: pin markers added (negative: removed), its order die placed or turned. */
export const UnitChange = z.strictObject({
  unit: id,
  pins: z.number().int().min(-1000).max(1000).optional(),
  order: id.optional(),
});
export type UnitChange = z.infer<typeof UnitChange>;

/**
 * What a player records on one model that the table does not show, in its rule system's words (Battleground
 * WWII: morale, camouflage, how it moved this turn): answers to the system's marks (Ruleset.marks), by mark
 * id. Which marks there are, their values and how long each holds are the rule system's; the loader checks
 * the values against them (KnownRulesets).
 */
export const ModelMarks = z
  .record(id, z.union([text, z.number().finite(), z.boolean()]))
  .refine((marks) => Object.keys(marks).length <= MAX_MARKS, { error: `at most ${MAX_MARKS} marks on a model` });
export type ModelMarks = Answers;

/** A smoke cloud a shot left on the table, and for how many turns (counting the one it was laid in) it stays. */
export const SmokeCloud = z.strictObject({ smoke: Smoke, turns: z.number().int().min(1).max(100) });
export type SmokeCloud = z.infer<typeof SmokeCloud>;

const common = { time: z.number().finite().optional().describe("ms since the epoch, for replay pacing") };
const move = { model: id, from: Placement, to: Placement, path };
/** A move the players let past the rule system's allowance, and why it was past it: recorded, so the log says so. */
const houseRule = text.optional().describe("The players allowed this move past the rules' allowance (a house rule): the ruling it went past");

export const GameEvent = z.discriminatedUnion("type", [
  z.strictObject({ ...common, type: z.literal("model-moved"), ...move, houseRule }),
  /** Several models moved together (a unit dragged as one): one event, so one undo. */
  z.strictObject({
    ...common,
    type: z.literal("models-moved"),
    moves: z.array(z.strictObject(move)).min(1).max(LIMITS.models),
    houseRule,
  }),
  z.strictObject({ ...common, type: z.literal("turret-traversed"), model: id, from: Heading, to: Heading }),
  z.strictObject({ ...common, type: z.literal("model-placed"), force: id, unit: id, model: Model }),
  z.strictObject({ ...common, type: z.literal("model-removed"), model: id, cause: text }),
  z.strictObject({ ...common, type: z.literal("template-placed"), template: PlacedTemplate }),
  z.strictObject({ ...common, type: z.literal("template-removed"), id }),
  /** A laid template dragged somewhere else: its new shape (same kind and size, moved or turned). */
  z.strictObject({ ...common, type: z.literal("template-moved"), id, from: TemplateShapeEvent, to: TemplateShapeEvent }),
  z.strictObject({
    ...common,
    type: z.literal("los-checked"),
    shooter: id,
    target: id,
    weapon: text.optional(),
    visibleFraction: z.number().min(0).max(1),
    hullDown: z.boolean(),
  }),
  z.strictObject({
    ...common,
    type: z.literal("fire-resolved"),
    ruleset: id,
    shooter: id,
    weapon: text,
    target: id,
    rolls: z.array(DieRollRecord).max(MAX_ROLLS_PER_EVENT),
    outcomes: z.array(Outcome).max(LIMITS.models),
    /** A referee's one-line account: "MG 42 at the BAR team: 3 hits, 1 casualty, 2 pinned". */
    summary: text,
    /** The rule system's full ruling (verdict, modifiers, targets), kept for the replay's panel. */
    details: z
      .unknown()
      .refine((v) => nestingDepth(v, DETAILS_DEPTH) <= DETAILS_DEPTH, { error: `nested deeper than ${DETAILS_DEPTH} levels` })
      .optional(),
    /** Unit-level results: pins, order dice turned to Down (systems whose pins belong to units). */
    units: z.array(UnitChange).max(LIMITS.models).optional(),
    /** Smoke rounds' clouds, where they landed: terrain the sight engine sees until they clear. */
    clouds: z.array(SmokeCloud).max(LIMITS.models).optional(),
  }),
  /** A model's marks set by a player (morale, camouflage, how it moves): all of them before and after, so undo and replays need nothing else. */
  z.strictObject({ ...common, type: z.literal("model-state-set"), ruleset: id, model: id, from: ModelMarks, to: ModelMarks }),
  /** The editor's terrain changes carry whole features, so the fold and a replay need nothing else. */
  z.strictObject({ ...common, type: z.literal("features-added"), features: z.array(Feature).min(1) }),
  z.strictObject({ ...common, type: z.literal("feature-changed"), from: Feature, to: Feature }),
  /** Several features changed as one (a group moved or turned): each one's whole old and new data, in the same order. */
  z.strictObject({ ...common, type: z.literal("features-changed"), from: z.array(Feature).min(1), to: z.array(Feature).min(1) }),
  z.strictObject({ ...common, type: z.literal("features-removed"), features: z.array(Feature).min(1) }),
  /** The battlefield editor sets the mission: all of it before and after (absent: none), so undo and replays need nothing else. */
  z.strictObject({ ...common, type: z.literal("mission-set"), from: Mission.optional(), to: Mission.optional() }),
  /** A whole unit put on the table (the battlefield editor); its force is made when the table has none of that id. */
  z.strictObject({ ...common, type: z.literal("unit-placed"), force: id, side: z.string().min(1), unit: Unit }),
  /** A model's own settings changed: null puts a setting back to its default (the ground, the definition's heights). */
  z.strictObject({ ...common, type: z.literal("model-edited"), model: id, changes: ModelChanges }),
  /** A unit renamed, given to another force (and so to its side), or its rule-system fields set (its quality, an officer's rank). */
  z.strictObject({
    ...common,
    type: z.literal("unit-edited"),
    unit: id,
    name: z.string().optional(),
    force: id.optional(),
    fields: UnitFieldChanges.optional(),
  }),
  z.strictObject({ ...common, type: z.literal("unit-removed"), unit: id }),
  /** A player's own miniature joins the battlefield (stored in it) and its first model is put on the table. */
  z.strictObject({ ...common, type: z.literal("miniature-imported"), miniature: Miniature, force: id, unit: id, model: Model }),
  /** A unit given its order die this turn (Bolt Action), with the order test's dice when one was taken. */
  z.strictObject({
    ...common,
    type: z.literal("order-given"),
    ruleset: id,
    unit: id,
    /** The order asked for; `order` is the one the unit ends up with (Down after a failed test…). */
    asked: id,
    order: id,
    rolls: z.array(DieRollRecord).max(MAX_ROLLS_PER_EVENT),
    summary: text,
    units: z.array(UnitChange).max(LIMITS.models).default([]),
    details: z
      .unknown()
      .refine((v) => nestingDepth(v, DETAILS_DEPTH) <= DETAILS_DEPTH, { error: `nested deeper than ${DETAILS_DEPTH} levels` })
      .optional(),
  }),
  /**
   * A rule system's own action (Ruleset.actions: a card played, a morale test, an assault, a bombardment): who
   * took it, at what, the answers, its dice, what it did to models (the fire vocabulary) and units, and the
   * system's own record of it (`details`), which its game state reads back.
   */
  z.strictObject({
    ...common,
    type: z.literal("action-taken"),
    ruleset: id,
    action: id,
    side: text.optional(),
    unit: id.optional(),
    target: id.optional(),
    point: z.tuple([z.number().finite(), z.number().finite()]).optional(),
    answers: ModelMarks.default({}),
    rolls: z.array(DieRollRecord).max(MAX_ROLLS_PER_EVENT),
    outcomes: z.array(Outcome).max(LIMITS.models).default([]),
    units: z.array(UnitChange).max(LIMITS.models).default([]),
    summary: text,
    details: z
      .unknown()
      .refine((v) => nestingDepth(v, DETAILS_DEPTH) <= DETAILS_DEPTH, { error: `nested deeper than ${DETAILS_DEPTH} levels` })
      .optional(),
    /** Its dice and details are `side`'s secret (`what`, in words: "the cards drawn"): a game room shows the others neither until the game ends (secrets.ts). */
    secret: z.strictObject({ side: text, what: text }).optional(),
  }),
  /**
   * The turn ends in free play (a game that follows no turn sequence, as before turn steps were recorded):
   * order dice go back to the bag, except those of units that keep their order (`kept`); `pinsLapse`: every
   * model's Pinned is lifted (where the rule system says so).
   */
  z.strictObject({ ...common, type: z.literal("turn-ended"), kept: z.array(id).max(100).default([]), pinsLapse: z.literal(true).optional() }),
  /**
   * The game moves on to a step of its rule system's turn (Ruleset.turn): turn 0 is the deployment, then a
   * phase of turn n and the side that acts in it, where one does. A step into a new turn ends the last one as
   * `turn-ended` does (`kept`: the orders whose dice stay out of the bag; `pinsLapse`: Pinned lifted). `rolls`: the die drawn to say who
   * acts (an order die from the bag). The first such event starts the sequence; a log without one is free play.
   */
  z.strictObject({
    ...common,
    type: z.literal("turn-advanced"),
    turn: z.number().int().min(0).max(MAX_TURNS),
    phase: id,
    side: text.optional(),
    kept: z.array(id).max(100).default([]),
    pinsLapse: z.literal(true).optional(),
    rolls: z.array(DieRollRecord).max(10).default([]),
  }),
  /** The game is over: why (the turn limit, a victory condition) and the winning side when the rules can say. */
  z.strictObject({ ...common, type: z.literal("game-ended"), reason: text, winner: text.optional() }),
]);
export type GameEvent = z.infer<typeof GameEvent>;
export type GameEventOf<T extends GameEvent["type"]> = Extract<GameEvent, { type: T }>;

/** A rules table a player loaded in place of a shipped one (see the rule system's TableFile). */
export const LoadedTable = z.strictObject({
  ruleset: id,
  table: id,
  title: text.optional(),
  rule: text.optional(),
  sample: z.boolean().optional(),
  note: text.optional(),
  data: z.unknown(),
});
export type LoadedTable = z.infer<typeof LoadedTable>;

export const GameHeader = z.strictObject({
  format: z.literal(GAME_FORMAT),
  version: formatVersion(GAME_VERSION),
  created: text,
  /** Every die of the game comes from this seed, in order. */
  seed: z.number().int().safe(),
  /**
   * A game played on a server: the seed stays there until the game ends, and the header carries its SHA-256
   * commitment, the hex digest of `${seed}:${salt}`. Until the salt is revealed (with the seed), `seed` is 0
   * and the dice cannot be checked; after, the loader checks every roll against the revealed seed.
   */
  seedCommitment: z.strictObject({ sha256: z.string().regex(/^[0-9a-f]{64}$/, { error: "expected 64 hex digits" }), salt: text.optional() }).optional(),
  ruleset: z.strictObject({
    id,
    version: id,
    options: z.record(id, z.unknown()).default({}),
    /** The game's own tables, replacing shipped ones: part of the game, so a replay rolls the same. */
    tables: z.array(LoadedTable).max(100).default([]),
  }),
  /** Checked by parseScenario, as a scenario file is: the same bounds and references. */
  scenario: z.unknown(),
});
export type GameHeader = Omit<z.infer<typeof GameHeader>, "scenario"> & { readonly scenario: Scenario };

/** An event that does not fit the state it is applied to (a damaged file, a bug). */
export class GameEventError extends Error {}

/** The events that roll the game's seeded dice: each takes the next rolls of the stream. */
export type RollingEvent = GameEventOf<"fire-resolved" | "order-given" | "turn-advanced" | "action-taken">;

export const rollsDice = (event: GameEvent): event is RollingEvent =>
  event.type === "fire-resolved" || event.type === "order-given" || event.type === "turn-advanced" || event.type === "action-taken";
