/**
 * Operation WW2's actions taken in a game, through the frame (takeActionInGame, the action-taken event, the
 * turn's checks) and read back by its game state: the cards drawn in the cards step (000 l.63–78), the
 * initiative laid face down and turned over (l.88), an order and a reaction by falling priority (l.90–94), an
 * illegal reaction refused with its line, close combat (l.517–527), the panic test due at the threshold (l.537), and
 * the execution marker's spotting state (l.116–126).
 */
import { afterAll, describe, expect, it } from "vitest";
import { createDice } from "../../../src/core/dice";
import type { GameEvent } from "../../../src/core/game/events";
import { currentState, eventsInEffect, type GameLog, newGame, nextDice, record } from "../../../src/core/game/gameLog";
import { rulesAt, turnRefusal } from "../../../src/rules/gameContext";
import { actionEvent } from "../../../src/rules/judge";
import { type Ow2Context, operationWw2 } from "../../../src/rules/operation-ww2";
import { FIRING_ORDERS, MOVING_ORDERS } from "../../../src/rules/operation-ww2/orderGate";
import { NEW_PLAY, spottingStateOf } from "../../../src/rules/operation-ww2/play";
import type { Order } from "../../../src/rules/operation-ww2/types";
import type { ActionRequest } from "../../../src/rules/ruleset";
import { nextStep, nextStepLabel } from "../../../src/rules/turn";
import { takeActionInGame } from "../../../src/worker/action";
import { gameTabletop } from "../../../src/worker/fire";
import { type Placed, scenario } from "../../helpers/scene";

const table = gameTabletop();
afterAll(() => table.dispose());

// Two American units (A) and two German (B); us-1's first rifleman stands against ger-1's first grenadier.
const MODELS: Placed[] = [
  { id: "u1", model: "us-rifleman", position: [50, 60], side: "A", unit: "us-1" },
  { id: "u2", model: "us-rifleman", position: [47, 60], side: "A", unit: "us-1" },
  { id: "u3", model: "us-rifleman", position: [44, 60], side: "A", unit: "us-1" },
  { id: "u4", model: "us-rifleman", position: [41, 60], side: "A", unit: "us-1" },
  { id: "v1", model: "us-rifleman", position: [20, 20], side: "A", unit: "us-2" },
  { id: "g1", model: "ger-rifleman", position: [52.5, 60], side: "B", unit: "ger-1" },
  { id: "g2", model: "ger-rifleman", position: [70, 60], side: "B", unit: "ger-1" },
  { id: "h1", model: "ger-rifleman", position: [100, 100], side: "B", unit: "ger-2" },
];
const start = (): GameLog =>
  newGame(scenario([], MODELS), { seed: 11, ruleset: { id: operationWw2.id, version: "v2.0", options: {} }, created: "2026-11-27T00:00:00Z" });

const advance = (log: GameLog): GameLog =>
  record(log, { ...nextStep(operationWw2.turn, currentState(log), nextDice(log), eventsInEffect(log)), time: 0 } as GameEvent);
function until(log: GameLog, phase: string): GameLog {
  for (let i = 0; i < 50 && currentState(log).step?.phase !== phase; i++) log = advance(log);
  return log;
}
async function take(log: GameLog, request: ActionRequest) {
  const result = await takeActionInGame(table, { game: log, request });
  if (result.refused) return { log, result };
  const event = actionEvent(operationWw2, request, result, 0);
  const refused = turnRefusal(log.header, currentState(log), event);
  if (refused) throw new Error(refused);
  return { log: record(log, event), result };
}
const ctxOf = (log: GameLog) => rulesAt(log, log.events.length).context as Ow2Context;
const play = (log: GameLog) => ctxOf(log).game.play!;
const due = (log: GameLog, side?: string) => operationWw2.actions!.due!(ctxOf(log), side);

describe("Operation WW2's actions in a game", () => {
  it("draws the hands in the cards step, lays the initiative face down, and refuses a reaction that is not lower", async () => {
    let log = until(advance(start()), "cards");
    expect(due(log).map((d) => d.request.action)).toEqual(["draw-cards", "draw-cards"]);
    for (const d of due(log)) ({ log } = await take(log, d.request));
    // 5 + 2 units for the Americans, 7 + 2 for the Germans (000 l.63–65).
    expect(play(log).cards.A!.hand).toHaveLength(7);
    expect(play(log).cards.B!.hand).toHaveLength(9);
    // The hands are secrets: online only the drawing side's seat sees the cards; the other seat's game state skips them.
    const drawn = log.events.filter((e) => e.type === "action-taken" && e.action === "draw-cards");
    expect(drawn.map((e) => e.type === "action-taken" && e.secret)).toEqual([
      { side: "A", what: "A's hand of command cards" },
      { side: "B", what: "B's hand of command cards" },
    ]);
    const hidden = { ...log, events: log.events.map((e) => (e === drawn[1] ? { ...e, details: { hidden: "B's hand of command cards" } } : e)) };
    expect(play(hidden).cards.B).toBeUndefined();
    const again = await take(log, { action: "draw-cards", side: "A" });
    expect(again.result.refused?.[0]).toMatchObject({ rule: "000 l.78" });
    // The Americans throw back a card and draw one (000 l.68): the log's line (all the game log shows of an
    // action) names no card of the hand; the secret record holds which.
    const thrown = await take(log, { action: "redraw", side: "A", answers: { count: 1 } });
    expect(thrown.result.secret).toEqual({ side: "A", what: "A's hand of command cards" });
    expect(thrown.result.summary).toBe("A throws back 1 card(s) and draws 1");
    expect(play(thrown.log).cards.A!.hand).toHaveLength(7);

    log = until(log, "initiative");
    const [first, second] = due(log);
    let laid = await take(log, first!.request);
    expect(laid.result.summary).toBe("A lays a card face down for the initiative");
    laid = await take(laid.log, second!.request);
    log = laid.log;
    expect(laid.result.summary).toMatch(/^initiative: A .* B .*: (the lower priority \d+ wins|a tie)/);
    // A tie is laid again (000 l.88) until one side wins.
    for (let i = 0; i < 6 && play(log).initiative.winner === undefined; i++) for (const d of due(log)) ({ log } = await take(log, d.request));
    // Seed 11's cards give it to B, not the battlefield's first side A.
    const winner = play(log).initiative.winner!;
    expect(winner).toBe("B");

    // The initiative's winner gives the first order of the turn (000 l.88), whichever side the battlefield names first.
    expect(nextStepLabel(operationWw2.turn, currentState(log), eventsInEffect(log))).toBe(`Next: Orders, ${winner} first`);
    log = until(log, "orders");
    const acting = currentState(log).step!.side!;
    expect(acting).toBe(winner);
    const other = acting === "A" ? "B" : "A";
    const order = due(log, acting)[0]!;
    expect(order.request.action).toBe("give-order");
    ({ log } = await take(log, order.request));
    const opened = play(log).chain.links[0]!;
    // The unit's execution marker sets its spotting state (000 l.116, §5.8), which the fire panel's question takes.
    const marker = { move: "moving", ambush: "stationary", fire: "firing", "covering-fire": "firing", charge: "firing" }[opened.card.order];
    expect(ctxOf(log).game.units?.[opened.unit]?.spottingState).toBe(marker);
    const someModel = [...ctxOf(log).models.values()].find((m) => m.unitId === opened.unit)!.id;
    const enemyModel = [...ctxOf(log).models.values()].find((m) => m.side !== acting)!.id;
    expect(
      operationWw2.situation({ shooter: enemyModel, target: someModel }, ctxOf(log), rulesAt(log, log.events.length).history, {
        shooter: enemyModel,
        target: someModel,
      }).fromGame,
    ).toEqual({ targetState: marker });
    // The order's record is public: it names the card played, never the hand.
    expect(JSON.stringify(log.events.at(-1))).not.toMatch(/"hand"/);
    expect(opened.card.priority).toBe(Number(order.request.answers!.priority));
    // A reaction with a card no lower is refused with its line; one lower is taken by the waiting side.
    const hand = play(log).cards[other]!.hand;
    const reactor = other === "A" ? "unit-us-2" : "unit-ger-2";
    const notLower = hand.find((c) => c.priority >= opened.card.priority);
    if (notLower) {
      const refused = await take(log, { action: "give-order", unit: reactor, answers: { order: notLower.order, priority: notLower.priority } });
      expect(refused.result.refused?.[0]).toMatchObject({ rule: "000 l.92, l.94" });
    }
    const lower = hand.find((c) => c.priority < opened.card.priority);
    expect(lower).toBeDefined();
    if (lower) {
      const reacted = await take(log, { action: "give-order", unit: reactor, answers: { order: lower.order, priority: lower.priority } });
      expect(reacted.result.summary).toMatch(/reacts to .* with /);
      expect(play(reacted.log).chain.links).toHaveLength(2);
      // The reaction's order goes on its unit for the turn, so the unit acts under it in the other side's step
      // (000 l.92–97): it moves under a Move or Charge, fires under the firing orders, and otherwise waits.
      const state = currentState(reacted.log);
      expect(state.units[reactor]?.order).toBe(lower.order);
      const model = state.scenario.forces.flatMap((f) => f.units).find((u) => u.id === reactor)!.models[0]!;
      const at = { position: model.position, heading: model.heading };
      const moved: GameEvent = {
        type: "model-moved",
        time: 0,
        model: model.id,
        from: at,
        to: { ...at, position: [model.position[0] + 2, model.position[1]] },
        path: [],
      };
      const fired: GameEvent = {
        type: "fire-resolved",
        time: 0,
        ruleset: operationWw2.id,
        shooter: model.id,
        weapon: "",
        target: opened.unit,
        rolls: [],
        outcomes: [],
        summary: "",
      };
      const refusedIf = (allowed: boolean) => (allowed ? undefined : expect.stringMatching(/must wait$/));
      expect(turnRefusal(reacted.log.header, state, moved)).toEqual(refusedIf(MOVING_ORDERS.includes(lower.order)));
      expect(turnRefusal(reacted.log.header, state, fired)).toEqual(refusedIf(FIRING_ORDERS.includes(lower.order)));
    }
  }, 60_000);

  it("draws a card a side for the deployment: the higher priority number places a unit first (000 l.995–1005)", async () => {
    const log = advance(start());
    const { result } = await take(log, { action: "deployment-draw", side: "A" });
    expect(result.rolls).toHaveLength(2);
    expect(result.summary).toMatch(/^A \w[\w ]* (\d), B \w[\w ]* (\d): ((A|B) places a unit, then (A|B)|a tie, draw again)$/);
    const [, pa, pb] = /^A .* (\d), B .* (\d):/.exec(result.summary)!;
    if (pa !== pb) expect(result.summary).toMatch(Number(pa) > Number(pb) ? /A places a unit, then B$/ : /B places a unit, then A$/);
    // Not in a turn's steps.
    const later = until(log, "orders");
    expect((await take(later, { action: "deployment-draw", side: "A" })).result.refused?.[0]?.reason).toMatch(/taken in the deployment/);
  }, 60_000);

  it("fights a close combat for a charging unit, and asks for the panic test once the losses reach the threshold", async () => {
    let log = until(advance(start()), "orders");
    // The Americans' us-1 charges (a Charge card put into their hand by the draw is not needed: a free-play record stands in).
    const charge = {
      type: "action-taken",
      time: 0,
      ruleset: operationWw2.id,
      action: "give-order",
      side: "A",
      unit: "unit-us-1",
      answers: {},
      rolls: [],
      outcomes: [],
      units: [],
      summary: "us-1 charges",
      details: { play: { ordered: { "unit-us-1": "charge" } } },
    } as const;
    log = record(log, charge as unknown as GameEvent);
    const fought = await take(log, { action: "close-combat", unit: "unit-us-1", target: "unit-ger-1" });
    expect(fought.result.refused).toBeUndefined();
    expect(fought.result.rolls.length).toBeGreaterThanOrEqual(2);
    expect(fought.result.rolls[0]!.reason).toBe("close combat: u1 against g1");
    // Without a Charge order close combat is refused (000 l.521).
    const refused = await take(log, { action: "close-combat", unit: "unit-us-2", target: "unit-ger-1" });
    expect(refused.result.refused?.[0]?.rule).toBe("000 l.521");

    // Three of us-1 killed: a panic test is due (PH 3, 000 l.537); a failure panics the unit.
    const killed = {
      type: "fire-resolved",
      time: 0,
      ruleset: operationWw2.id,
      shooter: "unit-ger-1",
      weapon: "rifle",
      target: "unit-us-1",
      rolls: [],
      outcomes: ["u2", "u3", "u4"].map((model) => ({ model, effect: "casualty", detail: "" })),
      summary: "3 killed",
    };
    log = record(log, killed as unknown as GameEvent);
    const panic = due(log, "A").find((d) => d.request.action === "morale-test");
    expect(panic).toMatchObject({ request: { unit: "unit-us-1" }, why: { rule: "000 l.537" } });
    const tested = await take(log, panic!.request);
    expect(tested.result.rolls).toHaveLength(1);
    const passed = tested.result.rolls[0]!.value >= 4;
    expect(play(tested.log).panicked.includes("unit-us-1")).toBe(!passed);
    expect(due(tested.log, "A").some((d) => d.request.action === "morale-test")).toBe(false);
    // The next unit down to one model tests before the cards are drawn (000 l.563).
    expect(createDice(0)).toBeDefined();
  }, 60_000);
});

describe("the execution marker's spotting state (000 l.116–126, l.1006; §5.8)", () => {
  it("stationary before a first order, moving with a Move, firing with Fire, Covering Fire or Charge, an Ambush only once it fired", () => {
    const withOrders = (ordered: Record<string, Order>, lastOrders: Record<string, Order> = {}) => ({ ...NEW_PLAY, ordered, lastOrders });
    expect(spottingStateOf(NEW_PLAY, "u", false)).toBe("stationary");
    expect(spottingStateOf(withOrders({ u: "move" }), "u", false)).toBe("moving");
    expect(spottingStateOf(withOrders({ u: "covering-fire" }), "u", false)).toBe("firing");
    expect(spottingStateOf(withOrders({ u: "charge" }), "u", true)).toBe("firing");
    expect(spottingStateOf(withOrders({ u: "ambush" }), "u", false)).toBe("stationary");
    expect(spottingStateOf(withOrders({ u: "ambush" }), "u", true)).toBe("firing");
    // Until it has its order this turn, its marker is last turn's.
    expect(spottingStateOf(withOrders({}, { u: "fire" }), "u", false)).toBe("firing");
    expect(spottingStateOf(withOrders({ u: "move" }, { u: "fire" }), "u", false)).toBe("moving");
  });
});
