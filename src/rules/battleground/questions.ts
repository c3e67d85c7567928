/**
 * What Battleground WWII asks before a shot (the round, §4; close combat, tests and rallies are its actions,
 * actions.ts) and the marks a player keeps on a model (§3.2–§3.4): how it moved this turn when its moves do not
 * tell, how it moves as a target, evasion, morale, quality, camouflage. Marks are recorded in the game log
 * (model-state-set) and undone like any event.
 */
import { type Mark, plainChoices, type Question } from "../questions";
import { MORALE, MOVEMENT, QUALITIES } from "./types";

export const DECLARATION: readonly Question[] = [
  {
    id: "ammunition",
    kind: "choice",
    label: "Round",
    rule: "§4",
    default: "standard",
    derived: "usual round",
    choices: [
      { value: "standard", label: "AP / small arms" },
      {
        value: "HE",
        label: "HE",
        note: "HE against a building: the sheet says only that an attack on a structure uses the HE OV, impact = HE OV − the structure's DV (§6.1); it gives no DV, Class or collapse rule for any building, so buildings are not targets here. Models inside one are (heavy cover).",
      },
      { value: "smoke", label: "smoke" },
    ],
  },
];

export const MOTION_CHOICES = [
  { value: "none", label: "did not move (OM1)" },
  { value: "bonus", label: "Bonus Move only (OM2)" },
  { value: "both", label: "moved in both actions (OM3)" },
] as const;

export type Motion = (typeof MOTION_CHOICES)[number]["value"];

export const MARKS: readonly Mark[] = [
  { id: "motion", kind: "choice", label: "fire mode", rule: "§3.3", default: "none", derived: "from the moves", lasts: "turn", choices: MOTION_CHOICES },
  {
    id: "movement",
    kind: "choice",
    label: "as a target",
    rule: "§3.2",
    default: "stationary",
    derived: "from the moves",
    lasts: "turn",
    choices: plainChoices(MOVEMENT),
  },
  { id: "evasion", kind: "number", label: "evasion", rule: "§3.2 fn. 2", min: -5, max: -2, step: 1, default: -2, derived: "sample value", lasts: "turn" },
  {
    id: "morale",
    kind: "choice",
    label: "morale",
    rule: "§3.2",
    default: "steady",
    lasts: "game",
    choices: plainChoices(MORALE),
  },
  {
    id: "quality",
    kind: "choice",
    label: "quality",
    rule: "§3.4",
    default: "regular",
    derived: "the model's profile",
    lasts: "game",
    choices: plainChoices(QUALITIES),
  },
  { id: "camouflaged", kind: "flag", label: "camouflaged", rule: "§3.2 fn. 3", default: false, lasts: "game" },
];
