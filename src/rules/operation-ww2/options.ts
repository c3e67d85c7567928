/**
 * The rules version and the switches for points the source leaves open (digest §19), each defaulting to
 * the digest's reading. The game header stores them (header.ruleset.options).
 */
import { type OptionsResult, parseOptionValues } from "../optionValues";
import type { OptionSpec } from "../ruleset";
import { VERSIONS, type Version } from "./types";

export interface Ow2Options {
  readonly version: Version;
  /** §19.6: how far beyond a low wall or hedge a lower-hull weapon sees under v2.0. */
  readonly hullWeaponLowWall: "infantry-distance" | "v1-distance";
  /** §19.4: a line may cross a strip of woods narrower than the 5 cm sight depth. */
  readonly smallWoodsLetSightThrough: boolean;
  /** §19.5: v2.0 "inside buildings and ruins the sight distance is 5 cm" limits sight between models both inside. */
  readonly sightInsideBuildings: "5cm" | "true-line-of-sight";
  /** §19.2: what Covering Fire costs when it applies. */
  readonly coveringFirePenalties: "to-hit-and-damage" | "damage-only";
  /** §19.10: whether the v2.0 armour modifiers (printed in the collision section) apply to every damage roll. */
  readonly armourModifiers: "all-damage-rolls" | "collisions-only";
  /** §5.14: whether a vehicle at least half inside woods (light cover) gets the v2.0 protection roll. */
  readonly woodsProtectVehiclesV2: boolean;
  /** §19.22: without line of sight the scatter band goes up one level; beyond ×4 the source says nothing. */
  readonly scatterBeyondLastBand: "stay-at-last-band" | "add-one-multiplier";
  /** v2.0's baptism of fire table (004 l.175–183) prints no trigger: off, or rolled for a unit when its players say. */
  readonly baptismOfFire: boolean;
  /** Night fighting's searchlights (000 l.1025–1029), an optional rule the players agree on. */
  readonly searchlights: boolean;
  /** Night fighting's flares (000 l.1025, l.1033), an optional rule the players agree on. */
  readonly flares: boolean;
}

export const DEFAULT_OPTIONS: Ow2Options = {
  version: "v2.0",
  hullWeaponLowWall: "infantry-distance",
  smallWoodsLetSightThrough: true,
  sightInsideBuildings: "5cm",
  coveringFirePenalties: "to-hit-and-damage",
  armourModifiers: "all-damage-rolls",
  woodsProtectVehiclesV2: false,
  scatterBeyondLastBand: "stay-at-last-band",
  baptismOfFire: false,
  searchlights: false,
  flares: false,
};

export const OPTION_SPECS: readonly OptionSpec[] = [
  {
    id: "version",
    label: "Rules version",
    rule: "intro",
    description: "v2.0 (the 2.0 amendments, default) or the v1 base rules.",
    choices: VERSIONS,
    default: DEFAULT_OPTIONS.version,
  },
  {
    id: "hullWeaponLowWall",
    label: "Lower-hull weapons over low walls (v2.0)",
    rule: "§5.5, §19.6",
    description:
      "v1 lets lower-hull weapons see 10 cm beyond a low wall or hedge; v2.0 changes only the infantry distance. Default: the infantry distance (5 cm) in v2.0 too.",
    choices: ["infantry-distance", "v1-distance"],
    default: DEFAULT_OPTIONS.hullWeaponLowWall,
  },
  {
    id: "smallWoodsLetSightThrough",
    label: "Sight through narrow woods",
    rule: "§5.3, §19.4",
    description: "A line crossing woods for no more than 5 cm passes (default). Off: any woods between the models block sight.",
    choices: [true, false],
    default: DEFAULT_OPTIONS.smallWoodsLetSightThrough,
  },
  {
    id: "sightInsideBuildings",
    label: "Sight inside buildings and ruins (v2.0)",
    rule: "§5.3, §19.5",
    description: "Models both inside the same building or ruin see each other only within 5 cm (default), or by true line of sight.",
    choices: ["5cm", "true-line-of-sight"],
    default: DEFAULT_OPTIONS.sightInsideBuildings,
  },
  {
    id: "coveringFirePenalties",
    label: "Covering Fire penalties",
    rule: "§3.2, §6.6, §19.2",
    description: "−1 to hit and −3 on the damage roll (default, as the Covering Fire section says), or only −3 on damage (as the orders chapter says).",
    choices: ["to-hit-and-damage", "damage-only"],
    default: DEFAULT_OPTIONS.coveringFirePenalties,
  },
  {
    id: "armourModifiers",
    label: "Armour modifiers",
    rule: "§4.10, §6.4, §19.10",
    description:
      "The armour list (extra-light +2 … super extra-heavy −4) applies to every damage roll against a vehicle (default; the v1 example's −1 for a frontal hit on medium armour agrees), or only to collisions.",
    choices: ["all-damage-rolls", "collisions-only"],
    default: DEFAULT_OPTIONS.armourModifiers,
  },
  {
    id: "woodsProtectVehiclesV2",
    label: "Protection roll in woods (v2.0)",
    rule: "§5.14",
    description: "v2.0 gives the protection roll only for terrain of medium or heavy cover, so not for woods (default). On: woods protect as in v1.",
    choices: [false, true],
    default: DEFAULT_OPTIONS.woodsProtectVehiclesV2,
  },
  {
    id: "scatterBeyondLastBand",
    label: "Scatter without line of sight beyond ×4",
    rule: "§9.2, §19.22",
    description: "Going up a band from ×4 stays at ×4 (default) or becomes ×5.",
    choices: ["stay-at-last-band", "add-one-multiplier"],
    default: DEFAULT_OPTIONS.scatterBeyondLastBand,
  },
  {
    id: "baptismOfFire",
    label: "Baptism of fire (v2.0)",
    rule: "004 l.175–183",
    description:
      "v2.0 prints a baptism of fire table (1–2 the unit flees, 3–7 training 6+, 8–9 4+, 10 2+ for the turn) but not when it is rolled. Off (default), or on: the players roll it for a unit when they agree it comes under fire for the first time.",
    choices: [false, true],
    default: DEFAULT_OPTIONS.baptismOfFire,
  },
  {
    id: "searchlights",
    label: "Searchlights (night)",
    rule: "000 l.1025–1029",
    description:
      "At night a searchlight's unit lights an enemy unit it sees with a T(10): spotted with the day values, and every unit within 200 cm spots the searchlight's unit (10 points each). Off by default: an optional rule.",
    choices: [false, true],
    default: DEFAULT_OPTIONS.searchlights,
  },
  {
    id: "flares",
    label: "Flares (night)",
    rule: "000 l.1025, l.1033",
    description:
      "At night mortars and pistols fire flares at a unit: on 7+ its T(10) lands on it, else it scatters; units under it are spotted with the day values until the turn ends (30 points a flare). Off by default: an optional rule.",
    choices: [false, true],
    default: DEFAULT_OPTIONS.flares,
  },
];

/** Options from a game header (unknown keys and wrong values are rejected with a reason). */
export function parseOptions(raw: Readonly<Record<string, unknown>> = {}): OptionsResult<Ow2Options> {
  return parseOptionValues(OPTION_SPECS, DEFAULT_OPTIONS, raw);
}
