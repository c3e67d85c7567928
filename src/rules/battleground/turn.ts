/**
 * The turn of Battleground WWII: the sheet speaks of a unit's activation, a Bonus Move and a Standard Action
 * (002 l.107–111, 235–241), without the deck or the order of play. The sample default here: the sides
 * activate one unit at a time in turn until every unit has been activated, then the turn ends. Game length and
 * deployment are not on the sheet: samples too.
 */
import type { TurnStructure } from "../ruleset";

/** The step after the activations: the turn's end. */
export const END_PHASE = "end";

const SAMPLE = "sample: the sheet does not give the order of activations";

export const BG_TURN: TurnStructure = {
  length: { turns: 6, rule: "002 l.107–111", sample: "the sheet gives no game length: 6 turns is a sample" },
  playerTurns: false,
  phases: [
    {
      id: "activations",
      name: "Activations",
      rule: "002 l.107–111, 235–241",
      acts: "alternate",
      allows: ["move", "fire"],
      ends: `when every unit has been activated (a Bonus Move and a Standard Action each; ${SAMPLE})`,
    },
    { id: END_PHASE, name: "End of turn", rule: "002 l.235–241", acts: "all", allows: [], ends: "when the turn's states have been recovered" },
  ],
  first: { reason: `The battlefield's first side activates first (${SAMPLE})`, rule: "002 l.107–111" },
  deployment: { reason: "Sample: the sheet has no deployment rules; both sides set up anywhere until the mission's zones are in", rule: "002 l.107–111" },
  betweenTurns: [
    {
      reason:
        "Pinned is removed when the unit's activation has ended, not at the turn's end: a unit Pinned after its activation stays Pinned through its next one (the Pinned lifts action, due as each activation ends)",
      rule: "002 l.240–241",
    },
    { reason: "A weapon that misfired may fire again next turn", rule: "002 l.136" },
  ],
  keptAtTurnEnd: [],
  pinsLapseAtTurnEnd: false,
};
