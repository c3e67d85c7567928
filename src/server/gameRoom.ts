/**
 * One game room per game (the room id is the game id), built from the store when its first player joins,
 * so a restarted server carries on where it stopped. The room is the authority: it holds the log with the
 * secret seed, turns each client's command into an event by the product's own checks (toEvent, the rules
 * judging and rolling a shot headless), stores the event and only then sends it to everyone.
 */
import { type Client, Room, ServerError } from "@colyseus/core";
import type { z } from "zod";
import { toEvent } from "../core/game/commands";
import type { GameEvent, GameHeader } from "../core/game/events";
import { canUndo, currentState, eventsInEffect, type GameLog, nextDice, record, undo } from "../core/game/gameLog";
import {
  CLIENT_MESSAGES,
  type ClientMessage,
  type ClientMessageType,
  JoinOptions,
  SEAT_REPLACED,
  type SeatView,
  type ServerMessages,
} from "../core/game/roomProtocol";
import { eventSeenBy, keepsSecret } from "../core/game/secrets";
import { scenarioCatalog } from "../core/miniatures/catalog";
import { displayNames } from "../core/names";
import { formatIssue, validate } from "../core/scenario/load";
import { dueBeforeStep, dueReason, overMove, overMoveReason, turnRefusal } from "../rules/gameContext";
import { actionEvent, fireEvent, giveOrder, orderEvent } from "../rules/judge";
import { rulesetById } from "../rules/registry";
import type { ActionResult } from "../rules/ruleset";
import { nextStep, turnEnd, turnNow } from "../rules/turn";
import { takeActionInGame } from "../worker/action";
import { gameTabletop, judgeShotInGame } from "../worker/fire";
import type { LogStore, Seat, StoredGame } from "./logStore";
import { actorRefusal, seatRefusal } from "./seats";

/** Messages a client may send a second; more closes its connection (Colyseus's limit). */
export const MESSAGES_PER_SECOND = 20;

/** What onAuth found for a join: the seat's side (null: a spectator) and the join's options. */
interface Joined {
  readonly side: string | null;
  readonly options: JoinOptions;
}

/** A refusal in the product's words, sent back to the sender only. */
class Refusal extends Error {}

const send = <K extends keyof ServerMessages>(client: Client, type: K, message: ServerMessages[K]) => client.send(type, message);

/** The room class for `store`: each room loads its game from it and appends every accepted event to it. */
export function gameRoomOf(store: LogStore) {
  return class GameRoom extends Room {
    override maxMessagesPerSecond = MESSAGES_PER_SECOND;
    game!: StoredGame;
    log!: GameLog;
    /** The connection holding each side's seat now. */
    readonly holders = new Map<string, Client>();
    readonly tabletop = gameTabletop();
    /** The lowest cursor an undo took the game to: a rejoining client is sent every event from there on. */
    rewound = Number.POSITIVE_INFINITY;
    /** An undo asked for, by which side; the game moving on cancels it. */
    undoAsked: { by: string } | undefined;
    /** Commands run one after another: each is judged on the log the one before it left. */
    queue: Promise<void> = Promise.resolve();

    override async onCreate(options: unknown) {
      const parsed = JoinOptions.safeParse(options);
      if (!parsed.success) throw new ServerError(400, "a game room is joined with { game, token }");
      this.roomId = parsed.data.game;
      this.autoDispose = true;
      const stored = await store.load(parsed.data.game);
      if (!stored) throw new ServerError(404, `there is no game "${parsed.data.game}" on this server`);
      const { events, cursor, rewound, ...game } = stored;
      this.game = game;
      this.log = { header: game.header, events, cursor };
      this.rewound = rewound ?? Number.POSITIVE_INFINITY;
      for (const type of Object.keys(CLIENT_MESSAGES) as ClientMessageType[])
        this.onMessage(type, (client: Client, payload: unknown) => this.enqueue(client, type, payload));
      this.onMessage("*", (client: Client, type: string | number) =>
        send(client, "refused", {
          type: String(type),
          error: `unknown message "${String(type)}"; a game room takes ${Object.keys(CLIENT_MESSAGES).join(", ")}`,
        }),
      );
    }

    override onAuth(_client: Client, options: unknown): Joined {
      const parsed = JoinOptions.safeParse(options);
      if (!parsed.success) throw new ServerError(400, "a game room is joined with { game, token }");
      const { token } = parsed.data;
      if (token === this.game.spectatorToken) return { side: null, options: parsed.data };
      const seat = this.game.seats.find((s) => s.token === token);
      if (!seat) throw new ServerError(403, `this link is not a seat of game "${this.game.id}"`);
      return { side: seat.side, options: parsed.data };
    }

    override async onJoin(client: Client, _options: unknown, joined: Joined) {
      const { side, options } = joined;
      if (side !== null) {
        const earlier = this.holders.get(side);
        this.holders.set(side, client);
        if (earlier && earlier !== client) {
          send(earlier, "replaced", { error: `your seat (${side}) was opened somewhere else; this window no longer plays` });
          earlier.leave(SEAT_REPLACED);
        }
        if (options.name !== undefined && options.name !== this.seatOf(side)?.name) await this.setName(side, options.name);
      }
      // Events before the lowest undo never changed: the client keeps those it has and gets the rest.
      const from = Math.min(options.seen ?? 0, this.rewound, this.log.cursor);
      send(client, "welcome", {
        game: this.game.id,
        side,
        header: this.publicHeader(),
        from,
        events: this.log.events.slice(from, this.log.cursor).map((e) => this.seenBy(e, side)),
        cursor: this.log.cursor,
        seats: this.seatViews(),
        ...(this.undoAsked ? { undoAsked: { by: this.undoAsked.by } } : {}),
        ...(this.game.ended ? { revealed: this.revealed() } : {}),
      });
      this.broadcast("seats", { seats: this.seatViews() });
    }

    override onLeave(client: Client) {
      for (const [side, holder] of this.holders) if (holder === client) this.holders.delete(side);
      this.broadcast("seats", { seats: this.seatViews() });
    }

    override onDispose() {
      this.tabletop.dispose();
    }

    seatOf = (side: string): Seat | undefined => this.game.seats.find((s) => s.side === side);

    async setName(side: string, name: string) {
      const seats = this.game.seats.map((s) => (s.side === side ? { ...s, name } : s));
      await store.setSeats(this.game.id, seats);
      this.game = { ...this.game, seats };
    }

    seatViews(): SeatView[] {
      return this.game.seats.map((s) => ({ side: s.side, name: s.name, connected: this.holders.has(s.side) }));
    }

    /** The header players see: the seed hidden behind its commitment until the game ends. */
    publicHeader(): GameHeader {
      const { header, salt, ended } = this.game;
      return ended ? { ...header, seedCommitment: { ...header.seedCommitment!, salt } } : { ...header, seed: 0 };
    }

    enqueue(client: Client, type: ClientMessageType, payload: unknown) {
      this.queue = this.queue.then(async () => {
        const ref = typeof (payload as { ref?: unknown })?.ref === "number" ? (payload as { ref: number }).ref : undefined;
        try {
          await this.handle(client, type, payload);
        } catch (error) {
          if (!(error instanceof Refusal)) console.error(`game ${this.game.id}: ${type}:`, error);
          const text = error instanceof Refusal ? error.message : `the server could not do this: ${(error as Error).message}`;
          send(client, "refused", { ...(ref !== undefined ? { ref } : {}), type, error: text });
        }
      });
    }

    async handle(client: Client, type: ClientMessageType, payload: unknown) {
      const checked = validate(CLIENT_MESSAGES[type] as z.ZodType, payload);
      if (!checked.ok) throw new Refusal(`${type}: ${checked.issues.slice(0, 3).map(formatIssue).join("; ")}`);
      const side = (client.auth as Joined).side;
      if (side === null) throw new Refusal("a spectator watches the game and cannot change it");
      if (this.holders.get(side) !== client) throw new Refusal(`your seat (${side}) is open somewhere else`);
      if (this.game.ended) throw new Refusal("the game has ended: nothing more can be done in it");
      const event = await this.eventFor(side, type, checked.data as ClientMessage<typeof type>);
      if (event) await this.accept(event);
    }

    /** The event a message makes, by the product's own checks; a Refusal names why there is none. */
    async eventFor(side: string, type: ClientMessageType, message: ClientMessage<ClientMessageType>): Promise<GameEvent | undefined> {
      const state = currentState(this.log);
      const catalog = scenarioCatalog(state.scenario);
      // The names players read, worked out only for a refusal: on a table of 200 models they cost 1 ms a command.
      const nameOf = (id: string) => displayNames([state.scenario], catalog).of(id);
      const refuse = (why: string | undefined) => {
        if (why) throw new Refusal(why);
      };
      const ruleset = rulesetById(this.log.header.ruleset.id);
      switch (type) {
        case "command": {
          const { command } = message as ClientMessage<"command">;
          refuse(seatRefusal(state, side, command, nameOf));
          const result = toEvent(state, catalog, command);
          if (!result.ok) throw new Refusal(result.error);
          return result.event;
        }
        case "fire": {
          const { declaration } = message as ClientMessage<"fire">;
          refuse(actorRefusal(state, side, declaration.shooter, nameOf));
          if (!ruleset) throw new Refusal(`this server does not know the rule system "${this.log.header.ruleset.id}"`);
          let answer: Awaited<ReturnType<typeof judgeShotInGame>>;
          try {
            answer = await judgeShotInGame(this.tabletop, { game: this.log, declaration, roll: true });
          } catch (error) {
            throw new Refusal(`the shot cannot be judged: ${(error as Error).message}`);
          }
          if (!answer.result) throw new Refusal(`the rules refuse this shot: ${answer.verdict.rulings.map((r) => r.reason).join("; ")}`);
          return fireEvent(ruleset, declaration, answer.result);
        }
        case "action": {
          const { request } = message as ClientMessage<"action">;
          if (request.unit !== undefined) refuse(actorRefusal(state, side, request.unit, nameOf));
          if (request.side !== undefined && request.side !== side) throw new Refusal(`${side} cannot take an action for ${request.side}`);
          if (!ruleset) throw new Refusal(`this server does not know the rule system "${this.log.header.ruleset.id}"`);
          let result: ActionResult;
          try {
            result = await takeActionInGame(this.tabletop, { game: this.log, request });
          } catch (error) {
            throw new Refusal(`the action cannot be taken: ${(error as Error).message}`);
          }
          if (result.refused) throw new Refusal(`the rules refuse this action: ${result.refused.map((r) => `${r.reason} (${r.rule})`).join("; ")}`);
          return actionEvent(ruleset, request, result);
        }
        case "order": {
          const { unit, order } = message as ClientMessage<"order">;
          refuse(actorRefusal(state, side, unit, nameOf));
          try {
            const given = giveOrder(this.log, this.log.cursor, unit, order);
            return orderEvent(given.ruleset, given.result);
          } catch (error) {
            throw new Refusal(`the order cannot be given: ${(error as Error).message}`);
          }
        }
        case "name":
          await this.setName(side, (message as ClientMessage<"name">).name);
          this.broadcast("seats", { seats: this.seatViews() });
          return undefined;
        case "undo": {
          if (this.undoAsked) throw new Refusal(`${this.undoAsked.by} has already asked for an undo`);
          if (!canUndo(this.log)) throw new Refusal("there is nothing to undo");
          this.undoAsked = { by: side };
          this.broadcast("undo-asked", { by: side });
          return undefined;
        }
        case "undo-answer": {
          const asked = this.undoAsked;
          if (!asked) throw new Refusal("no undo is asked for");
          if (asked.by === side) throw new Refusal("the other player answers your undo");
          this.undoAsked = undefined;
          const { accept } = message as ClientMessage<"undo-answer">;
          this.broadcast("undo-answered", { by: side, accepted: accept });
          if (accept) await this.rewind(undo(this.log).cursor);
          return undefined;
        }
        case "advance-turn": {
          if (!ruleset) throw new Refusal(`this server does not know the rule system "${this.log.header.ruleset.id}"`);
          // At one table the acting player says when they are done; online only their seat may move the game on.
          const acting = turnNow(ruleset.turn, state).side;
          if (acting !== undefined && acting !== side) throw new Refusal(`it is ${acting}'s step: ${acting} moves the game on when done`);
          const due = dueBeforeStep(this.log, this.log.cursor, { battlefieldOf: (s) => this.tabletop.battlefieldOf(s) });
          if (due.length) throw new Refusal(dueReason(ruleset, due));
          return { ...nextStep(ruleset.turn, state, nextDice(this.log), eventsInEffect(this.log)), time: Date.now() };
        }
        case "end-turn":
          return { type: "turn-ended", ...(ruleset ? turnEnd(ruleset.turn) : { kept: [] }), time: Date.now() };
        case "end-game":
          return { type: "game-ended", reason: `${side} ended the game`, time: Date.now() };
      }
    }

    /** Records the event, stores it, and only then sends it to everyone. */
    async accept(made: GameEvent) {
      // The form a file holds (JSON): what is stored, sent and folded is one and the same.
      const event = JSON.parse(JSON.stringify(made)) as GameEvent;
      // Out of turn is refused as the app refuses it: the rule behind it, in the sender's words.
      const outOfTurn = turnRefusal(this.log.header, currentState(this.log), event);
      if (outOfTurn) throw new Refusal(outOfTurn);
      // So is a move past its allowance (online there is no house rule to allow it yet).
      const tooFar = overMove(this.log, this.log.cursor, event);
      if (tooFar) throw new Refusal(overMoveReason(tooFar));
      let log: GameLog;
      try {
        log = record(this.log, event);
      } catch (error) {
        throw new Refusal((error as Error).message);
      }
      const n = this.log.cursor;
      await store.append(this.game.id, n, event);
      this.log = log;
      // The game moved on: an undo asked before is no longer the one answered.
      this.undoAsked = undefined;
      for (const client of this.clients) send(client, "event", { n, event: this.seenBy(event, this.sideOf(client)) });
      if (event.type === "game-ended") await this.reveal();
    }

    /** The game is over: the seed and its salt go to everyone, and no command is taken any more. */
    async reveal() {
      await store.end(this.game.id);
      this.game = { ...this.game, ended: true };
      this.broadcast("revealed", this.revealed());
    }

    /** The seed, its salt, and the events whose secrets the other seats have not seen, whole. */
    revealed(): ServerMessages["revealed"] {
      const secrets = this.log.events.flatMap((event, n) => (n < this.log.cursor && keepsSecret(event) ? [{ n, event }] : []));
      return { seed: this.game.header.seed, salt: this.game.salt, secrets };
    }

    /** An event as a seat sees it (a side's secret hidden from the others) until the game ends; then whole. */
    seenBy = (event: GameEvent, side: string | null): GameEvent => (this.game.ended ? event : eventSeenBy(event, side));

    sideOf(client: Client): string | null {
      for (const [side, holder] of this.holders) if (holder === client) return side;
      return null;
    }

    /** An agreed undo: stored, then sent. */
    async rewind(cursor: number) {
      await store.setCursor(this.game.id, cursor);
      this.log = { ...this.log, cursor };
      this.rewound = Math.min(this.rewound, cursor);
      this.broadcast("undone", { cursor });
    }
  };
}
