/**
 * The turn of Operation WW2 (000 l.37–59): six turns; each one refills the command cards, recovers panic,
 * settles the initiative, then the players give orders in turn, one unit each, until every unit has had its
 * order, and the turn ends. The cards, the initiative and panic are issue 23's: here they are steps the
 * players carry out, and the first side on the battlefield stands in for the initiative's winner.
 */
import type { TurnStructure } from "../ruleset";

export const OWW2_TURN: TurnStructure = {
  length: { turns: 6, rule: "000 l.37" },
  playerTurns: false,
  phases: [
    {
      id: "cards",
      name: "Command cards",
      rule: "000 l.41, 76–78",
      acts: "all",
      allows: [],
      ends: "when each hand is refilled to 5 cards (the Germans 7) and one for each unbroken unit",
    },
    {
      id: "panic",
      name: "Panic recovery",
      rule: "000 l.43, 79–84",
      acts: "all",
      allows: ["move"],
      ends: "when every broken unit has run for cover or taken its morale test (from the second turn)",
    },
    {
      id: "initiative",
      name: "Initiative",
      rule: "000 l.45, 86–88",
      acts: "all",
      allows: [],
      ends: "when the face-down cards are revealed: the lower priority plays the first order",
    },
    {
      id: "orders",
      name: "Orders",
      rule: "000 l.47–57",
      acts: "alternate",
      allows: ["move", "fire"],
      ends: "when every unit has received and carried out its order",
    },
    { id: "end", name: "End of turn", rule: "000 l.59", acts: "all", allows: [], ends: "when the played cards are shuffled back into the deck" },
  ],
  first: {
    reason: "The side that wins the initiative gives the first order; until the cards are played, the battlefield's first side",
    rule: "000 l.49, 86–88",
  },
  deployment: {
    reason: "Both players set up their units, one at a time in the order the drawn cards give (deploy anywhere until the mission's zones are in)",
    rule: "000 l.985–1005",
  },
  betweenTurns: [
    { reason: "The played command cards are shuffled back into the deck; the cards in hand are kept", rule: "000 l.78" },
    { reason: "Broken units in the open run for cover; those in cover test their morale", rule: "000 l.79–84" },
  ],
  keptAtTurnEnd: [],
  pinsLapseAtTurnEnd: false,
};
