/**
 * The turn of Operation WW2 (000 l.37–59): six turns; each one refills the command cards (after the lone
 * models' tests, l.563), recovers panic, settles the initiative, then the players give orders in turn, a chain
 * of an order and its reactions each (l.49–55), until every unit has had its order, and the turn ends with the
 * played cards shuffled back into the deck (l.78). The cards, initiative, chain and tests are the system's
 * actions (cards.ts, initiative.ts, chain.ts, morale.ts); the turn bar walks the steps, and in the orders the
 * side that gives an order holds the device: its hand is hidden from the other player.
 */
import type { GameHistory, TurnStructure } from "../ruleset";
import { FIRING_ORDERS, MOVING_ORDERS } from "./orderGate";
import { playOf } from "./play";

/** The orders start with the side that won this turn's initiative (000 l.49, l.86); before it is won, the battlefield's first side. */
const firstSide = (phase: string, history: GameHistory): string | undefined => (phase === "orders" ? playOf(history).initiative.winner : undefined);

export const OWW2_TURN: TurnStructure = {
  length: { turns: 6, rule: "000 l.37" },
  playerTurns: false,
  phases: [
    {
      id: "cards",
      name: "Command cards",
      rule: "000 l.41, 61–78, 563",
      acts: "all",
      allows: [],
      ends: "when each lone model has tested its morale and each hand is refilled to 5 cards (the Germans 7) and one for each unbroken unit, the Americans and British redrawing as they may",
    },
    {
      id: "panic",
      name: "Panic recovery",
      rule: "000 l.43, 79–84",
      acts: "all",
      allows: ["move"],
      ends: "when every panicked unit has run for cover or taken its morale test to rally (from the second turn)",
    },
    {
      id: "initiative",
      name: "Initiative",
      rule: "000 l.45, 86–88",
      acts: "all",
      allows: [],
      ends: "when the face-down cards are turned over together: the lower priority gives the first order (a tie is laid again; after 5, from the deck)",
    },
    {
      id: "orders",
      name: "Orders",
      rule: "000 l.47–57",
      acts: "alternate",
      allows: ["move", "fire"],
      ends: "when every unit has received and carried out its order: each chain of an order and its reactions is carried out lowest priority first",
      hides: { reason: "the command cards in the hand of the side giving an order", rule: "000 l.63, 91" },
    },
    { id: "end", name: "End of turn", rule: "000 l.59", acts: "all", allows: [], ends: "when the played cards are shuffled back into the deck" },
  ],
  first: {
    reason: "The side that wins the initiative gives the first order (its chain), the other side the next, and so on in turn",
    rule: "000 l.49, l.88, l.96",
  },
  firstSide,
  deployment: {
    reason: "Both players set up their units, one at a time in the order the drawn cards give (deploy anywhere until the mission's zones are in)",
    rule: "000 l.985–1005",
  },
  betweenTurns: [
    { reason: "The played command cards are shuffled back into the deck; the cards in hand are kept", rule: "000 l.78" },
    { reason: "Broken units in the open run for cover; those in cover test their morale", rule: "000 l.79–84" },
  ],
  keptAtTurnEnd: [],
  // A reacting unit of the side not giving the order carries out its card's order in that side's step (000 l.92–97);
  // what its order lets it do is the order gate's (orderGate.ts).
  firesOutOfTurnUnder: FIRING_ORDERS,
  movesOutOfTurnUnder: MOVING_ORDERS,
  pinsLapseAtTurnEnd: false,
};
