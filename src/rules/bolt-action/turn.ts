/**
 * The turn of Bolt Action (001 l.5–19): the orders phase, where a die drawn from the bag goes to its side,
 * which orders one unit with it and carries the order out, until every unit has had its die; then the turn
 * end, which puts the dice back in the bag but those of units Down or in Ambush. The quick reference gives
 * no game length and no deployment: both are sample stand-ins until the mission gives them.
 */
import type { TurnStructure } from "../ruleset";
import type { ORDERS } from "./types";

export const BA_TURN: TurnStructure = {
  length: { turns: 6, rule: "001 l.5–19", sample: "the quick reference gives no game length: 6 turns is a sample" },
  playerTurns: false,
  phases: [
    {
      id: "orders",
      name: "Orders phase",
      rule: "001 l.9–15",
      acts: "drawn",
      allows: ["order", "move", "fire"],
      ends: "when every unit that may take an order has had its die",
      hides: { reason: "The order die drawn goes to its side's player, who gives one of their units an order: the device passes to them", rule: "001 l.11" },
    },
    { id: "turn-end", name: "Turn end phase", rule: "001 l.17–19", acts: "all", allows: [], ends: "when the dice are back in the bag" },
  ],
  first: { reason: "The first die drawn from the bag says who acts first", rule: "001 l.11" },
  deployment: {
    reason: "Sample: the quick reference has no deployment rules; both sides set up anywhere until the mission's zones are in",
    rule: "001 l.5–19",
  },
  betweenTurns: [{ reason: "The order dice go back in the bag, except those of units that stay Down or in Ambush", rule: "001 l.19" }],
  keptAtTurnEnd: ["down", "ambush"] satisfies (typeof ORDERS)[number][],
  // Ambush: waiting for opportunity fire (001 l.27), it fires in the other side's step.
  firesOutOfTurnUnder: ["ambush"] satisfies (typeof ORDERS)[number][],
  // A recce vehicle's escape from an assault (001 l.246) is a move in the assaulting side's step; it leaves the
  // vehicle Down, and the move verdict allows a Down unit's move only then.
  movesOutOfTurnUnder: ["down"] satisfies (typeof ORDERS)[number][],
  pinsLapseAtTurnEnd: false,
};
