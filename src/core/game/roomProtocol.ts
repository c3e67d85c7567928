/**
 * The game server's protocol, shared by the server (src/server) and the app's client: the room's messages
 * (docs/multiplayer.md lists them for bots and other clients) and the request that creates a game. A client sends
 * commands, never events: each is checked here for its shape, then by the room for the sender's seat, then
 * by the product's own checks (toEvent, the rules). The room answers with events, numbered as in a game file.
 */
import { z } from "zod";
import { LIMITS, Miniature, Model, Point, Unit } from "../scenario/schema";
import { type GameEvent, GameHeader, ModelChanges, ModelMarks, PlacedTemplate, Placement, TemplateShapeEvent, UnitFieldChanges } from "./events";

const id = z.string().min(1).max(LIMITS.idLength);
const path = z.array(Point).max(LIMITS.pathPoints);
const features = z.array(z.unknown()).min(1).max(LIMITS.features);
const moveOf = { model: id, to: Placement, path: path.optional() };

/** The table commands a player may send: the app's own Command type (core/game/commands.ts), as a schema. */
export const CommandMessage = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("move"), ...moveOf }),
  z.strictObject({ type: z.literal("move-group"), moves: z.array(z.strictObject(moveOf)).min(1).max(LIMITS.models) }),
  z.strictObject({ type: z.literal("traverse"), model: id, turretHeading: z.number().finite() }),
  z.strictObject({ type: z.literal("place-template"), template: PlacedTemplate }),
  z.strictObject({ type: z.literal("remove-template"), id }),
  z.strictObject({ type: z.literal("move-template"), id, to: TemplateShapeEvent }),
  z.strictObject({ type: z.literal("remove-model"), model: id, cause: z.string().max(LIMITS.textLength) }),
  z.strictObject({ type: z.literal("add-features"), features }),
  z.strictObject({ type: z.literal("change-feature"), feature: z.unknown() }),
  z.strictObject({ type: z.literal("change-features"), features }),
  z.strictObject({ type: z.literal("remove-features"), ids: z.array(id).min(1).max(LIMITS.features) }),
  z.strictObject({ type: z.literal("place-unit"), force: id, side: z.string().min(1).max(LIMITS.idLength), unit: Unit }),
  z.strictObject({ type: z.literal("edit-model"), model: id, changes: ModelChanges }),
  z.strictObject({
    type: z.literal("edit-unit"),
    unit: id,
    name: z.string().max(LIMITS.idLength).optional(),
    force: id.optional(),
    fields: UnitFieldChanges.optional(),
  }),
  z.strictObject({ type: z.literal("remove-unit"), unit: id }),
  z.strictObject({ type: z.literal("import-miniature"), miniature: Miniature, force: id, unit: id, model: Model }),
  z.strictObject({ type: z.literal("set-model-state"), ruleset: id, model: id, state: ModelMarks }),
]);

/** `ref`: the client's own number for a request, given back with its refusal. */
const ref = { ref: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional() };

/** Each message type a client sends, with its payload's schema. */
export const CLIENT_MESSAGES = {
  /** A change of the table. */
  command: z.strictObject({ ...ref, command: CommandMessage }),
  /** A shot declared (Ruleset.declaration: shooter, target, weapon, the system's answers): the room judges and rolls it. */
  fire: z.strictObject({
    ...ref,
    declaration: z.looseObject({ shooter: id, target: id, weapon: id.optional() }).refine((d) => Object.keys(d).length <= 32, "too many answers"),
  }),
  /** A unit's order (systems with orders): the room rolls its test. */
  order: z.strictObject({ ...ref, unit: id, order: id }),
  /** A rule system's own action (Ruleset.actions: a card, a test, an assault): the room takes it with the game's dice. */
  action: z.strictObject({
    ...ref,
    request: z.strictObject({
      action: id,
      side: id.optional(),
      unit: id.optional(),
      target: id.optional(),
      point: z.tuple([z.number().finite(), z.number().finite()]).optional(),
      answers: ModelMarks.optional(),
    }),
  }),
  /** Ends the turn of a game in free play. */
  "end-turn": z.strictObject({ ...ref }),
  /** Moves the game on one step of its rule system's turn (the turn bar's button); the room draws any die. */
  "advance-turn": z.strictObject({ ...ref }),
  /** Asks the other player to let the last change of the table be taken back. */
  undo: z.strictObject({ ...ref }),
  /** The other player's answer to an undo asked for. */
  "undo-answer": z.strictObject({ ...ref, accept: z.boolean() }),
  /** The player's name, shown to the others. */
  name: z.strictObject({ ...ref, name: z.string().max(LIMITS.idLength) }),
  /** Ends the game (a game-ended event naming who ended it): the room reveals the seed, and takes no more commands. */
  "end-game": z.strictObject({ ...ref }),
} as const;
export type ClientMessageType = keyof typeof CLIENT_MESSAGES;
export type ClientMessage<T extends ClientMessageType> = z.infer<(typeof CLIENT_MESSAGES)[T]>;

/** What a client gives when it joins (the query of its link, and the last event it has). */
export const JoinOptions = z.strictObject({
  game: id,
  token: z.string().min(1).max(100),
  /** The player's name, shown to the others. */
  name: z.string().max(LIMITS.idLength).optional(),
  /** How many events the client already holds: it is sent the ones after. */
  seen: z.number().int().nonnegative().optional(),
});
export type JoinOptions = z.infer<typeof JoinOptions>;

/** The close code of a connection whose seat was opened somewhere else (the later one plays). */
export const SEAT_REPLACED = 4001;

/** A seat as the others see it: no token. */
export interface SeatView {
  readonly side: string;
  readonly name: string;
  readonly connected: boolean;
}

/** What the room sends. */
export interface ServerMessages {
  /** On joining: who you are, the header (seed hidden) and the events after `seen`. */
  welcome: {
    game: string;
    /** Your side; null for a spectator. */
    side: string | null;
    header: GameHeader;
    /** The number of the first event in `events`: the client keeps its own events before it and replaces the rest. */
    from: number;
    events: GameEvent[];
    /** Events before it are in effect (an agreed undo takes the cursor back). */
    cursor: number;
    /** An undo asked for and not yet answered. */
    undoAsked?: { by: string };
    seats: SeatView[];
    /** Present once the game has ended. */
    revealed?: ServerMessages["revealed"];
  };
  /** An accepted event, already stored: number `n` of the game. */
  event: { n: number; event: GameEvent };
  /** A message refused, to its sender only, in the product's words. */
  refused: { ref?: number; type: string; error: string };
  seats: { seats: SeatView[] };
  /** The seat was opened somewhere else (another tab): this connection is closed. */
  replaced: { error: string };
  /** A player asks to take back the last change; the other players answer with undo-answer. */
  "undo-asked": { by: string };
  /** The undo asked for was answered; when accepted, `undone` follows. */
  "undo-answered": { by: string; accepted: boolean };
  /** An agreed undo: the events from `cursor` on are no longer in effect (the next event is number `cursor`). */
  undone: { cursor: number };
  /**
   * The game ended: its seed, the salt of the header's commitment, and each event that kept a side's secret
   * (secrets.ts), whole, by its number: the client puts them in its log and checks every roll.
   */
  revealed: { seed: number; salt: string; secrets: { n: number; event: GameEvent }[] };
}

/** What POST /games takes: the battlefield (a scenario), its rule system, and sides besides the battlefield's forces'. */
export const NewGameRequest = z.strictObject({
  scenario: z.unknown(),
  ruleset: GameHeader.shape.ruleset,
  sides: z.array(z.string().min(1).max(LIMITS.idLength)).max(8).optional(),
});
export type NewGameRequest = z.input<typeof NewGameRequest>;

/** What POST /games answers: the game's id, a token per side and the spectators' token. */
export interface NewGameAnswer {
  readonly game: string;
  readonly seats: ReadonlyArray<{ side: string; token: string }>;
  readonly spectator: string;
}
