/**
 * Command cards, the initiative and the order chain, against the Hungarian text (000 l.61–97, 004 l.2): the
 * hands each army draws, the redraws, the alternative card draw (l.1039–1044), the initiative's face-down cards, reactions by falling priority.
 */
import { describe, expect, it } from "vitest";
import { createDice } from "../../../src/core/dice";
import { operationWw2 } from "../../../src/rules/operation-ww2";
import { armyOf, deckLeft, endOfTurn, fullDeck, handSize, isManoeuvre, NO_CARDS, playCard, redraw, refill } from "../../../src/rules/operation-ww2/cards";
import { addLink, chainClosed, executionOrder, NEW_CHAIN, pass, type UnitOrders } from "../../../src/rules/operation-ww2/chain";
import { revealInitiative } from "../../../src/rules/operation-ww2/initiative";
import type { Card, CardsState, Chain, Link } from "../../../src/rules/operation-ww2/types";
import type { Placed } from "../../helpers/scene";
import { contextFor } from "./fakes";

const card = (order: Card["order"], priority: number): Card => ({ id: `${order}-${priority}`, order, priority });
const ctx = contextFor([
  { id: "g1", model: "ger-rifleman", position: [10, 10], side: "B", unit: "ger" } as Placed,
  { id: "u1", model: "us-rifleman", position: [50, 10], side: "A", unit: "us" } as Placed,
]);

describe("command cards (000 l.61–78)", () => {
  it("draws 5 cards and one a unit, the Germans 7 (000 l.63–74): 10 units draw 15", () => {
    expect(handSize("american", 10).size).toBe(15);
    expect(handSize("russian", 10).size).toBe(15);
    expect(handSize("british", 10).size).toBe(15);
    expect(handSize("german", 10).size).toBe(17);
    expect(handSize("german", 10).ruling.rule).toBe("000 l.64–65, l.78");
  });

  it("tells the army from its models' nation", () => {
    expect(armyOf(ctx, "B")).toBe("german");
    expect(armyOf(ctx, "A")).toBe("american");
  });

  it("ships a deck marked sample: the source never prints it", () => {
    expect(fullDeck(ctx)).toHaveLength(40);
    expect(new Set(fullDeck(ctx).map((c) => c.id)).size).toBe(40);
    expect(ctx.sampleTables["command-cards"]?.title).toMatch(/SAMPLE/);
    expect(operationWw2.tables.find((t) => t.id === "command-cards")?.sample).toBe(true);
  });

  it("refills the hand to its size and keeps the cards held (000 l.78)", () => {
    const dice = createDice(7);
    const first = refill(ctx, NO_CARDS, "german", 2, dice, "B");
    expect(first.cards.hand).toHaveLength(9);
    expect(first.rolls).toHaveLength(9);
    const held = first.cards.hand.slice(0, 3);
    // Six played, then the turn ends: the played cards go back into the deck, the three held are kept.
    let cards: CardsState = first.cards;
    for (const c of first.cards.hand.slice(3)) cards = playCard(cards, c);
    expect(deckLeft(ctx, cards)).toHaveLength(31);
    cards = endOfTurn(cards);
    expect(deckLeft(ctx, cards)).toHaveLength(37);
    // One unit panicked: the hand is refilled to 7 + 1 (l.78 counts the unbroken units).
    const second = refill(ctx, cards, "german", 1, dice, "B");
    expect(second.cards.hand.slice(0, 3)).toEqual(held);
    expect(second.cards.hand).toHaveLength(8);
    expect(second.drawn).toHaveLength(5);
    // A hand as large as its size draws nothing.
    expect(refill(ctx, second.cards, "german", 1, dice, "B").drawn).toEqual([]);
  });

  it("draws from two halves of the deck in the alternative card draw, as many Move and Charge cards as the player says (000 l.1041–1044)", () => {
    const split = refill(ctx, NO_CARDS, "german", 3, createDice(5), "B", 4);
    expect(split.cards.hand).toHaveLength(10);
    expect(split.cards.hand.filter(isManoeuvre)).toHaveLength(4);
    expect(split.rulings.at(-1)).toEqual({ reason: "alternative card draw: 4 from the Move and Charge cards, 6 from the fire cards", rule: "000 l.1041–1044" });
    // More asked than the hand lacks: the whole hand from the Move and Charge cards.
    expect(refill(ctx, NO_CARDS, "american", 1, createDice(5), "A", 9).cards.hand.every(isManoeuvre)).toBe(true);
  });

  it("lets the Americans redraw one card every turn and the British up to 3 once a game (000 l.68, l.74)", () => {
    const dice = createDice(3);
    const hand = refill(ctx, NO_CARDS, "american", 5, dice, "A").cards;
    const ids = hand.hand.map((c) => c.id);
    const once = redraw(ctx, hand, "american", [ids[0]!], dice, { side: "A", turn: 1 });
    expect("cards" in once && once.cards.hand).toHaveLength(10);
    expect("cards" in once && once.cards.hand.some((c) => c.id === ids[0])).toBe(false);
    const twice = "cards" in once ? redraw(ctx, once.cards, "american", [ids[1]!], dice, { side: "A", turn: 1 }) : once;
    expect("refusal" in twice && twice.refusal).toMatchObject({ rule: "000 l.68" });
    expect("cards" in once && "cards" in redraw(ctx, once.cards, "american", [ids[1]!], dice, { side: "A", turn: 2 })).toBe(true);
    expect(redraw(ctx, hand, "american", ids.slice(0, 2), dice, { side: "A", turn: 1 })).toMatchObject({ refusal: { rule: "000 l.68" } });

    const british = redraw(ctx, hand, "british", ids.slice(0, 3), dice, { side: "A", turn: 1 });
    expect("cards" in british && british.drawn).toHaveLength(3);
    const again = "cards" in british ? redraw(ctx, british.cards, "british", [british.cards.hand[0]!.id], dice, { side: "A", turn: 3 }) : british;
    expect(again).toMatchObject({ refusal: { rule: "000 l.74" } });
    expect(redraw(ctx, hand, "german", [ids[0]!], dice, { side: "B", turn: 1 })).toMatchObject({ refusal: { rule: "000 l.68, l.74" } });
  });
});

describe("the initiative (000 l.86–88)", () => {
  it("goes to the lower priority, whatever the order", () => {
    const r = revealInitiative(
      [
        { side: "A", card: card("move", 4) },
        { side: "B", card: card("fire", 2) },
      ],
      1,
    );
    expect(r.winner).toBe("B");
    expect(r.ruling.rule).toBe("000 l.88");
  });

  it("plays a tie again from the hand, and after 5 ties from the top of the deck", () => {
    const tie = [
      { side: "A", card: card("move", 3) },
      { side: "B", card: card("fire", 3) },
    ];
    expect(revealInitiative(tie, 1)).toMatchObject({ again: "hand" });
    expect(revealInitiative(tie, 4).again).toBe("hand");
    expect(revealInitiative(tie, 5).again).toBe("deck");
    expect(revealInitiative(tie, 5).winner).toBeUndefined();
  });
});

describe("an order and its reactions (000 l.90–97, 004 l.2)", () => {
  const none: UnitOrders = { ordered: new Set(), panicked: new Set(), rallied: new Set() };
  const link = (side: string, unit: string, c: Card): Link => ({ side, unit, card: c, intent: "as declared" });
  const ctxOf = (version: "v1" | "v2.0", orders = none) => ({ sides: ["Jozsi", "Pisti"], opener: "Jozsi", version, orders });
  const chainOf = (links: Link[], version: "v1" | "v2.0" = "v2.0"): Chain => {
    let chain: Chain = NEW_CHAIN;
    for (const l of links) {
      const next = addLink(chain, l, ctxOf(version));
      if ("refusal" in next) throw new Error(next.refusal.reason);
      chain = next;
    }
    return chain;
  };

  it("plays the source's example: Fire 5, Charge 3, Fire 1, carried out Fire 1, Charge 3, Fire 5 (000 l.95)", () => {
    const chain = chainOf([link("Jozsi", "grenadiers", card("fire", 5)), link("Pisti", "gis", card("charge", 3)), link("Jozsi", "mg", card("fire", 1))]);
    expect(chainClosed(chain, ["Jozsi", "Pisti"], "v2.0")?.rule).toBe("000 l.94");
    expect(executionOrder(chain).map((l) => l.unit)).toEqual(["mg", "gis", "grenadiers"]);
  });

  it("refuses a reaction that is not lower, a unit twice, and the first order from the other side", () => {
    const chain = chainOf([link("Jozsi", "grenadiers", card("fire", 5))]);
    expect(addLink(chain, link("Pisti", "gis", card("charge", 5)), ctxOf("v2.0"))).toMatchObject({ refusal: { rule: "000 l.92, l.94" } });
    expect(addLink(chain, link("Jozsi", "grenadiers", card("fire", 2)), ctxOf("v2.0"))).toMatchObject({ refusal: { rule: "000 l.92–94" } });
    expect(addLink(NEW_CHAIN, link("Pisti", "gis", card("fire", 5)), ctxOf("v2.0"))).toMatchObject({ refusal: { rule: "000 l.49, l.91" } });
  });

  it("refuses an order to a unit ordered this turn, panicked, or rallied this turn (000 l.116, l.546, l.551)", () => {
    const orders = (k: keyof UnitOrders): UnitOrders => ({ ...none, [k]: new Set(["gis"]) });
    const first = link("Pisti", "gis", card("fire", 5));
    const opener = (o: UnitOrders) => ({ ...ctxOf("v2.0", o), opener: "Pisti" });
    expect(addLink(NEW_CHAIN, first, opener(orders("ordered")))).toMatchObject({ refusal: { rule: "000 l.116" } });
    expect(addLink(NEW_CHAIN, first, opener(orders("panicked")))).toMatchObject({ refusal: { rule: "000 l.546" } });
    expect(addLink(NEW_CHAIN, first, opener(orders("rallied")))).toMatchObject({ refusal: { rule: "000 l.551" } });
  });

  it("v2.0: after the other player passes, a player gives several orders in a row while priority falls (004 l.2); v1 alternates", () => {
    const opened = chainOf([link("Jozsi", "grenadiers", card("fire", 5))]);
    const passed = pass(opened, "Pisti") as Chain;
    const second = addLink(passed, link("Jozsi", "mg", card("ambush", 4)), ctxOf("v2.0")) as Chain;
    expect(second.links).toHaveLength(2);
    const third = addLink(second, link("Jozsi", "mortar", card("fire", 2)), ctxOf("v2.0")) as Chain;
    expect(third.links).toHaveLength(3);
    expect(addLink(third, link("Jozsi", "sniper", card("fire", 3)), ctxOf("v2.0"))).toMatchObject({ refusal: { rule: "000 l.92, l.94" } });
    expect(chainClosed(pass(third, "Jozsi") as Chain, ["Jozsi", "Pisti"], "v2.0")?.rule).toBe("004 l.2");
    // Without the other's pass, a second order in a row is refused; in v1 the pass closes the chain.
    expect(addLink(opened, link("Jozsi", "mg", card("ambush", 4)), ctxOf("v2.0"))).toMatchObject({ refusal: { rule: "004 l.2" } });
    expect(addLink(passed, link("Jozsi", "mg", card("ambush", 4)), ctxOf("v1"))).toMatchObject({ refusal: { rule: "000 l.94" } });
  });
});
