/**
 * What Battleground WWII asks before a shot (the action and the round, §3, §4, §9) and the marks a player
 * keeps on a model (§3.2, §3.3): how it moved this turn when its moves do not tell, how it moves as a target,
 * evasion, morale, camouflage. Marks are recorded in the game log (model-state-set) and undone like any event.
 */
import { type Mark, plainChoices, type Question } from "../questions";
import { MORALE, MOVEMENT, QUALITIES } from "./types";

export const DECLARATION: readonly Question[] = [
  {
    id: "action",
    kind: "choice",
    label: "Action",
    rule: "§3, §9",
    default: "fire",
    choices: [
      { value: "fire", label: "fire" },
      { value: "close-combat", label: "close combat" },
      { value: "clear-jam", label: "clear a jam" },
      { value: "rally", label: "rally test (Suppressed)" },
      { value: "immobilisation-test", label: "immobilisation / unbogging test" },
      { value: "morale-test", label: "morale test" },
    ],
  },
  {
    id: "moraleCause",
    kind: "choice",
    label: "Morale test for",
    rule: "§7, §8, §9.1 (002 l.226, 232, 245–249)",
    default: "charge",
    choices: [
      { value: "charge", label: "a charge (before it)" },
      { value: "crew", label: "the crew of an immobilised vehicle" },
      { value: "losses", label: "losses (a model killed)" },
    ],
  },
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
