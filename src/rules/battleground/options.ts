/**
 * The switches for points the sheet leaves open (digest §14, §12.2), each defaulting to the reading the
 * digest argues for. The game header stores them (header.ruleset.options).
 */
import { type OptionsResult, parseOptionValues } from "../optionValues";
import type { OptionSpec } from "../ruleset";
import { VERSIONS } from "./types";

export interface BgOptions {
  readonly version: (typeof VERSIONS)[number];
  readonly rangeMeasure: "edge-to-edge" | "centre-to-centre";
  readonly closeRangeInches: "round-up" | "exact" | "round-down";
  readonly beyondStep: "full-step" | "started-step";
  readonly naturalRolls: "always" | "only-when-possible";
  readonly classInRamming: "own-class" | "rammed-class";
  readonly outerRingsVsVehicles: "he-ov-minus" | "innermost-only";
  readonly partialHit: "minimal-scatter" | "partly-under" | "never";
  readonly armourFace: "most-visible-part" | "hull";
  readonly infantryColumnTwo: "wounded-suppressed" | "out-of-action";
  readonly impactAbove20: "clamp" | "destroys";
  readonly extraDiceOnSmallArms: boolean;
  readonly immobiliseAttack: "immobilised-only" | "immobilised-suppressed";
  readonly directionChange: "per-change" | "once-per-action";
  readonly terrainCost: "per-feature" | "per-inch";
  readonly activation: "unit-per-step" | "whole-turn";
}

export const DEFAULT_OPTIONS: BgOptions = {
  version: "sheet",
  rangeMeasure: "edge-to-edge",
  closeRangeInches: "round-up",
  beyondStep: "full-step",
  naturalRolls: "always",
  classInRamming: "own-class",
  outerRingsVsVehicles: "he-ov-minus",
  partialHit: "minimal-scatter",
  armourFace: "most-visible-part",
  infantryColumnTwo: "wounded-suppressed",
  impactAbove20: "clamp",
  extraDiceOnSmallArms: false,
  immobiliseAttack: "immobilised-only",
  directionChange: "per-change",
  terrainCost: "per-feature",
  activation: "unit-per-step",
};

const spec = (id: keyof BgOptions, label: string, rule: string, description: string, choices: readonly (string | boolean)[]): OptionSpec => ({
  id,
  label,
  rule,
  description,
  choices,
  default: DEFAULT_OPTIONS[id],
});

export const OPTION_SPECS: readonly OptionSpec[] = [
  spec("version", "Rules version", "§0", "The Polish quick-reference sheet (the only source).", VERSIONS),
  spec(
    "rangeMeasure",
    "Measure range",
    "§12.2",
    "The sheet does not say between which points. Default: the nearest edges of base or hull, as players measure with a tape; or centre to centre.",
    ["edge-to-edge", "centre-to-centre"],
  ),
  spec(
    "closeRangeInches",
    'Range x within 9"',
    "§3.2, §14.1",
    'How the x of +(12 − x) is read. Default: rounded up to the whole inch (a started inch counts, so the tape never gives a bonus it does not show; 9.0" stays 9); exact: the TN keeps the fraction (a d20 passes at or under it); or rounded down.',
    ["round-up", "exact", "round-down"],
  ),
  spec(
    "beyondStep",
    '−1 per 2" beyond 24"',
    "§3.2, §14.1",
    'Default: only full 2" steps count ("for every 2 inches": 25" gives 0, 26" −1); or a started step counts (25" gives −1).',
    ["full-step", "started-step"],
  ),
  spec(
    "naturalRolls",
    "Natural 1 and 20",
    "§3.5, §14.2",
    "Default: a 1 always hits (critical) and a 20 always misfires, as the sheet lists them without exceptions; or only when the TN leaves the roll possible (1 hits only if TN ≥ 1, 20 misfires only if TN < 20).",
    ["always", "only-when-possible"],
  ),
  spec(
    "classInRamming",
    "Class when ramming",
    "§2, §14.4",
    "Ramming a vehicle or building: default subtracts the ramming vehicle's own Class (as for terrain); or the rammed object's Class.",
    ["own-class", "rammed-class"],
  ),
  spec(
    "outerRingsVsVehicles",
    "Outer rings against vehicles",
    "§4.3, §14.5",
    "The sheet gives the outer rings as HE FP − 5 and − 10 only. Default: HE OV − 5 and − 10 against vehicles, the likely analogue; or only the innermost ring affects vehicles.",
    ["he-ov-minus", "innermost-only"],
  ),
  spec(
    "partialHit",
    "Partial hit (−2)",
    "§6.2, §14.6",
    "Not defined on the sheet. Default: a minimal-scatter hit, the one placement the sheet describes as touching the target only with an outer ring; or a model only partly under the template; or never.",
    ["minimal-scatter", "partly-under", "never"],
  ),
  spec(
    "armourFace",
    "Armour face hit",
    "§6.1, §14.7",
    "The sheet does not say which DV a shot meets. Default: the part (hull or turret) the shooter sees most of, at the face of that part the shooter stands in front of; or always the hull's face.",
    ["most-visible-part", "hull"],
  ),
  spec(
    "infantryColumnTwo",
    "Infantry column 2 of the effects table",
    "§10.1, §14.8",
    "The headers are lost. Default: wounded and Suppressed, the counterpart of a vehicle's Immobilised + Suppressed (a severe result that leaves the man on the table); or out of action (removed).",
    ["wounded-suppressed", "out-of-action"],
  ),
  spec(
    "impactAbove20",
    "Impact above 20",
    "§10.3, §14.9",
    "The table runs from −10 to 20. Below −10 every row is no effect anyway. Default: clamp to the 20 row; or an impact above 20 destroys (kills) outright.",
    ["clamp", "destroys"],
  ),
  spec(
    "extraDiceOnSmallArms",
    "Veteran and Elite dice on small-arms effect rolls",
    "§3.4, §5, §14.10",
    "The extra dice are for the first to-hit roll; small arms against infantry roll no to-hit. Default: no extra effect rolls; on: they add effect rolls too.",
    [false, true],
  ),
  spec(
    "immobiliseAttack",
    "Attack to immobilise",
    "§9.3, §14.11",
    "The result counts only as immobilisation. Default: any result but no effect immobilises (without Suppression); or it immobilises and Suppresses as the table's column 2.",
    ["immobilised-only", "immobilised-suppressed"],
  ),
  spec(
    "directionChange",
    "Forward ↔ reverse change",
    "§1, §14.3",
    'The sheet charges 1 extra MP to change between forward and reverse within one move action, without saying how often. Default: for every change, the natural reading of "to change direction … costs 1 extra point"; or once per move action however often it changes.',
    ["per-change", "once-per-action"],
  ),
  spec(
    "terrainCost",
    "Terrain cost paid",
    "§1, §14.3",
    "The sheet lists extra MP per terrain or obstacle without saying per what. Default: once for each feature the move enters or crosses, because the table lists obstacles (hedges, ditches, anti-tank obstacles) that are crossed, not travelled along; or for every inch (started) the move spends inside it.",
    ["per-feature", "per-inch"],
  ),
  spec(
    "activation",
    "Activations (sample)",
    "§3.3, §8 (002 l.107–111, 235–241)",
    "SAMPLE: the sheet speaks of a unit's activation, a Bonus Move and a Standard Action, but gives no deck and no order of play. Default (sample): the sides alternate, each step of the turn bar one unit's activation (the first unit of the acting side that moves or acts in it; a unit that has had its activation moves no more this turn); or a unit's activation is the whole turn, the order kept off the table (a deck of cards): only the two move actions are counted.",
    ["unit-per-step", "whole-turn"],
  ),
];

export function parseOptions(raw: Readonly<Record<string, unknown>> = {}): OptionsResult<BgOptions> {
  return parseOptionValues(OPTION_SPECS, DEFAULT_OPTIONS, raw);
}
