/**
 * The turn of Flames of War: each player in turn plays the steps of a player turn, the Starting Step
 * (unpinning by a Motivation test, 003 l.13), the Movement Step (l.55, 75–76, 173, 234), the Shooting Step
 * (l.62, 119) and the Assault Step (l.63, 272, 331). The text holds national rules, not the mission: game
 * length and deployment are samples, and the battlefield's first side stands in for the side with the first
 * turn (l.38: infiltrators spotted give it away).
 */
import type { TurnStructure } from "../ruleset";

export const FOW_TURN: TurnStructure = {
  length: { turns: 6, rule: "003 l.38", sample: "the text gives no mission: 6 turns is a sample" },
  playerTurns: true,
  phases: [
    {
      id: "starting",
      name: "Starting Step",
      rule: "003 l.13",
      acts: "player",
      allows: [],
      ends: "when pinned platoons have taken their Motivation tests to unpin",
    },
    {
      id: "movement",
      name: "Movement Step",
      rule: "003 l.55, 75–76, 234",
      acts: "player",
      allows: ["move"],
      ends: "when the moving player's teams have moved",
    },
    {
      id: "shooting",
      name: "Shooting Step",
      rule: "003 l.62, 119",
      acts: "player",
      // A move here only after a passed Tip and Run (003 l.119); moveVerdict refuses the rest.
      allows: ["fire", "move"],
      ends: "when the moving player's teams have shot",
    },
    { id: "assault", name: "Assault Step", rule: "003 l.63, 272, 331", acts: "player", allows: ["move", "fire"], ends: "when the assaults are fought" },
  ],
  first: { reason: "The side with the first turn plays first; until the mission says, the battlefield's first side", rule: "003 l.38" },
  deployment: { reason: "Sample: the text has no mission; both sides set up anywhere until the mission's zones are in", rule: "003 l.32–38" },
  betweenTurns: [{ reason: "What a platoon did in its player turn (moved, At Double, shot) is forgotten", rule: "003 l.55, 62" }],
  keptAtTurnEnd: [],
  pinsLapseAtTurnEnd: false,
};
