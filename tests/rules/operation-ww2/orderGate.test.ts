/**
 * In the orders step a unit acts as its card's order allows (000 l.116–127, l.147): a Move or a Charge moves it,
 * a Fire, an Ambush, a Covering Fire or a Charge fires it, a Move does not fire (l.117), and a unit without an
 * order yet does neither. The order given stands over the one declared at the shot (l.97). Outside the orders
 * step (the panic recovery's run for cover, free play) the order gates nothing.
 */
import { describe, expect, it } from "vitest";
import { operationWw2 } from "../../../src/rules/operation-ww2";
import { moveVerdict } from "../../../src/rules/operation-ww2/movement";
import { NEW_PLAY } from "../../../src/rules/operation-ww2/play";
import type { Order } from "../../../src/rules/operation-ww2/types";
import type { Placed } from "../../helpers/scene";
import { contextFor, judgeWith } from "./fakes";

const MODELS: Placed[] = [
  { id: "man", model: "us-rifleman", position: [20, 20], side: "A", unit: "man" },
  { id: "foe", model: "ger-rifleman", position: [60, 20], side: "B", unit: "foe" },
];
const inOrders = (ordered: Record<string, Order>, phase = "orders") => contextFor(MODELS, { game: { phase, play: { ...NEW_PLAY, ordered } } });
const step = (ordered: Record<string, Order>, phase?: string) =>
  moveVerdict(
    {
      model: "man",
      path: [
        [20, 20],
        [30, 20],
      ],
    },
    inOrders(ordered, phase),
  );
const shot = (ordered: Record<string, Order>, declared?: Order) =>
  judgeWith(inOrders(ordered), { shooter: "unit-man", target: "unit-foe", ...(declared ? { order: declared } : {}) }, () => ({ distance: 40 }));

describe("orders gate moves in the orders step (000 l.147)", () => {
  it("a Move or a Charge moves the unit 10 cm", () => {
    expect(step({ "unit-man": "move" }).allowed).toBe(true);
    expect(step({ "unit-man": "charge" }).allowed).toBe(true);
  });

  it("a firing order, or no order yet, refuses the move with its line", () => {
    expect(step({ "unit-man": "fire" }).refusal).toEqual({
      reason: "unit-man's order is Fire: a unit moves only under a Move or Charge order",
      rule: "000 l.124, l.147",
    });
    expect(step({ "unit-man": "ambush" }).refusal?.rule).toBe("000 l.125, l.147");
    expect(step({ "unit-man": "covering-fire" }).refusal?.rule).toBe("000 l.127, l.147");
    expect(step({}).refusal).toEqual({ reason: "unit-man has no order this turn: a unit moves only under a Move or Charge order", rule: "000 l.116, l.147" });
  });

  it("gates nothing outside the orders step: the panic recovery's run for cover (000 l.81), free play", () => {
    expect(step({}, "panic").allowed).toBe(true);
    expect(
      moveVerdict(
        {
          model: "man",
          path: [
            [20, 20],
            [30, 20],
          ],
        },
        contextFor(MODELS),
      ).allowed,
    ).toBe(true);
  });
});

describe("orders gate shots in the orders step (000 l.116–127)", () => {
  it("a Fire, an Ambush, a Covering Fire or a Charge fires; the card's order stands over the one declared (l.97)", () => {
    for (const order of ["fire", "ambush", "covering-fire", "charge"] as const) {
      const v = shot({ "unit-man": order });
      expect(v.rulings.filter((r) => r.rule.startsWith("000 l.1"))).toEqual([]);
      expect(v.order).toBe(order);
    }
    expect(shot({ "unit-man": "charge" }, "fire").order).toBe("charge");
  });

  it("a Move, or no order yet, refuses the shot with its line", () => {
    const moving = shot({ "unit-man": "move" });
    expect(moving.valid).toBe(false);
    expect(moving.rulings[0]).toEqual({
      reason: "unit-man's order is Move: a unit fires only under a Fire, Ambush, Covering Fire or Charge order",
      rule: "000 l.117, l.119–127",
    });
    const none = shot({});
    expect(none.valid).toBe(false);
    expect(none.rulings[0]).toMatchObject({ rule: "000 l.116, l.119–127" });
  });

  it("the fire panel's order question is the card's, from the game", () => {
    const ctx = inOrders({ "unit-man": "ambush" });
    const history = { events: [], state: undefined as never };
    const s = operationWw2.situation({ shooter: "unit-man", target: "unit-foe" }, ctx, history, { shooter: "man", target: "foe" });
    expect(s.fromGame).toEqual({ order: "ambush" });
  });
});
