/**
 * The switches for what the source leaves open (digest §7–§9), each defaulting to common practice or to the
 * source's own reading. The game header stores them (header.ruleset.options).
 */
import type { OptionSpec } from "../ruleset";
import { VERSIONS } from "./types";

export interface BaOptions {
  readonly version: (typeof VERSIONS)[number];
  /** §7.3.1: the share of a unit's visible models that must be in cover for the unit to count as in cover. */
  readonly coverThreshold: "at-least-half" | "majority" | "any" | "all";
  /** §7.2.5: intervening infantry and artillery units (friend or foe) do not block sight. */
  readonly infantryDoNotBlock: boolean;
  /** §4.5, §7.4: HE dice are the number of hits (1st edition, the source's dice) or name a template (2nd edition). */
  readonly he: "hits" | "template";
  /** §4.2: when the score needed is above 6. */
  readonly hitsAboveSix: "six-always-hits" | "six-then-roll";
  /** §4.7 Knocked Out: wrecks stay as impassable terrain, or are removed. */
  readonly wrecks: "wreck" | "remove";
}

export const DEFAULT_OPTIONS: BaOptions = {
  version: VERSIONS[0],
  coverThreshold: "at-least-half",
  infantryDoNotBlock: true,
  he: "hits",
  hitsAboveSix: "six-always-hits",
  wrecks: "wreck",
};

export const OPTION_SPECS: readonly OptionSpec[] = [
  {
    id: "version",
    label: "Rules version",
    rule: "§0",
    description: "The Greek rules summary (1st-edition values: Down −1, Rally D6, HE as dice).",
    choices: VERSIONS,
    default: DEFAULT_OPTIONS.version,
  },
  {
    id: "coverThreshold",
    label: "Unit in cover when",
    rule: "§7.3.1",
    description:
      "Common practice, not in the source: the unit counts as in cover when at least half (default), a majority, any or all of the models the firer sees are in cover. Hard cover when that share is in hard cover.",
    choices: ["at-least-half", "majority", "any", "all"],
    default: DEFAULT_OPTIONS.coverThreshold,
  },
  {
    id: "infantryDoNotBlock",
    label: "Intervening infantry do not block",
    rule: "§7.2.5",
    description:
      "Common practice, not in the source: infantry and artillery units between firer and target (friend or foe) let sight through (default); vehicles, wrecks and terrain block. Off: every model blocks.",
    choices: [true, false],
    default: DEFAULT_OPTIONS.infantryDoNotBlock,
  },
  {
    id: "he",
    label: "HE",
    rule: "§4.5, §7.4",
    description:
      "The HE dice are the number of hits on the target unit (default, 1st edition), or a template of the sample radius for the HE size: every model under it is hit (2nd-edition play).",
    choices: ["hits", "template"],
    default: DEFAULT_OPTIONS.he,
  },
  {
    id: "hitsAboveSix",
    label: "To hit above 6",
    rule: "§4.2",
    description: "Not in the source: a 6 always hits (default), or a 6 then a second die of 4+ (7+), 5+ (8+), 6 (9+), and no hit beyond.",
    choices: ["six-always-hits", "six-then-roll"],
    default: DEFAULT_OPTIONS.hitsAboveSix,
  },
  {
    id: "wrecks",
    label: "Knocked-out vehicles",
    rule: "§4.7",
    description: "Stay as wrecks, impassable terrain that blocks sight (default), or are removed (the source allows both).",
    choices: ["wreck", "remove"],
    default: DEFAULT_OPTIONS.wrecks,
  },
];
