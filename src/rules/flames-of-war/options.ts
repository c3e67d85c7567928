/**
 * Switches for the points the source leaves open (digest §8), each defaulting to the digest's reading, and
 * the national special rules of §6 that concern shooting and sight: on means the firing force has the rule.
 */
import { type OptionsResult, parseOptionValues } from "../optionValues";
import type { OptionSpec } from "../ruleset";

export interface FowOptions {
  readonly version: "2015";
  /** §8.2: a ROF 1 weapon after moving fires one die at +1, or none (halved and rounded down). */
  readonly rofOneAfterMoving: "one-die-plus-one" | "halved-to-zero";
  /** §8.3: how far a Pinned Down shooter's ROF drops. */
  readonly pinnedRof: "halved" | "unchanged";
  /** §8.5: the 6"/15 cm limit in tall area terrain measures the line's length inside the terrain, or the whole distance. */
  readonly areaSightLimit: "inside" | "total";
  /** §8.8: a gun-shielded unarmoured vehicle hit from the front: a Firepower Test instead of the save, or after a failed one. */
  readonly unarmouredShield: "test-instead-of-save" | "test-after-failed-save";
  /** §8.10: a gun's 3+ save needs only "did not shoot and did not move", or Gone to Ground with Concealed. */
  readonly gunSaveGoneToGround: "stationary-and-silent" | "also-concealed";
  /** §6.1 Volley Fire (Soviet): stationary guns and turretless tanks re-roll misses when the easiest target is within 16"/40 cm. */
  readonly volleyFire: boolean;
  /** §6.2 Semi-Indirect Fire (British): stationary weapons re-roll misses at a platoon wholly beyond 16"/40 cm. */
  readonly semiIndirectFire: boolean;
  /** §6.2 Tally Ho! and Broadside (British): no moving ROF penalty within 16"/40 cm; facing by the turret alone. */
  readonly tallyHo: boolean;
  /** §6.3 Automatic Rifle (US): no +1 for ROF 1 when moving or Pinned. */
  readonly automaticRifle: boolean;
  /** §6.1 Hen and Chicks (Soviet): +1 to hit with the main gun of a vehicle that moved. */
  readonly henAndChicks: boolean;
  /** §6.4 Every Shot Counts! (German Tiger Ace): re-roll every failed to-hit roll. */
  readonly everyShotCounts: boolean;
  /** §6.3 Truscott Trot (US): infantry and man-packed guns move 16"/40 cm At Double instead of 12"/30 cm (003 l.234). */
  readonly truscottTrot: boolean;
  /** §6.2 Carry on, Sergeant! (British): charge and consolidate without a Platoon Command team or Command Distance (003 l.109). */
  readonly carryOnSergeant: boolean;
  /** §6.2 Mike Target (British): a battery re-rolls its first failed attempt to range in (003 l.155). */
  readonly mikeTarget: boolean;
  /** §6.3 Time on Target (US): a battery that ranges in at its first attempt makes passed saves be re-rolled (003 l.255). */
  readonly timeOnTarget: boolean;
  /** §6.4 Stormtroopers (German): a Skill Test in the Assault Step for another 4"/10 cm move (003 l.266–280). */
  readonly stormtroopers: boolean;
  /** §6.2 Tip and Run (British): a Skill Test after shooting for a 4"/10 cm move (003 l.116–120). */
  readonly tipAndRun: boolean;
  /** §6.1 Quality of Quantity (Soviet): 15 teams in Command Distance pin on 10 hits, charge from 12"/30 cm (003 l.61–64). */
  readonly qualityOfQuantity: boolean;
  /** §6.2 British Bulldog: a failed Motivation Test to Counterattack is re-rolled (003 l.105). */
  readonly britishBulldog: boolean;
  /** §6.1 Infiltration (Soviet): a platoon infiltrates in the deployment and may be spotted (003 l.30–39). */
  readonly infiltration: boolean;
  /** §6.4 Begleit Escorts (German): an assault gun fires its hull MG with its hull-mounted main gun (003 l.385). */
  readonly begleitEscorts: boolean;
}

export const DEFAULT_OPTIONS: FowOptions = {
  version: "2015",
  rofOneAfterMoving: "one-die-plus-one",
  pinnedRof: "halved",
  areaSightLimit: "inside",
  unarmouredShield: "test-instead-of-save",
  gunSaveGoneToGround: "stationary-and-silent",
  volleyFire: false,
  semiIndirectFire: false,
  tallyHo: false,
  automaticRifle: false,
  henAndChicks: false,
  everyShotCounts: false,
  truscottTrot: false,
  carryOnSergeant: false,
  mikeTarget: false,
  timeOnTarget: false,
  stormtroopers: false,
  tipAndRun: false,
  qualityOfQuantity: false,
  britishBulldog: false,
  infiltration: false,
  begleitEscorts: false,
};

const national = (id: keyof FowOptions, label: string, rule: string, description: string): OptionSpec => ({
  id,
  label,
  rule,
  description,
  choices: [true, false],
  default: false,
});

export const OPTION_SPECS: readonly OptionSpec[] = [
  { id: "version", label: "Rules version", rule: "§0", description: "The 2015 blog digest of the rulebook.", choices: ["2015"], default: "2015" },
  {
    id: "rofOneAfterMoving",
    label: "ROF 1 after moving",
    rule: "§1.3, §8.2",
    description: "Halving ROF 1 gives 0, yet the source gives +1 to hit for a ROF-1 shooter that moved. Default: one die at +1.",
    choices: ["one-die-plus-one", "halved-to-zero"],
    default: DEFAULT_OPTIONS.rofOneAfterMoving,
  },
  {
    id: "pinnedRof",
    label: "Pinned ROF",
    rule: "§1.3, §8.3",
    description: "The source says a Pinned shooter's ROF drops, not by how much. Default: halved, as for moving.",
    choices: ["halved", "unchanged"],
    default: DEFAULT_OPTIONS.pinnedRof,
  },
  {
    id: "areaSightLimit",
    label: '6"/15 cm in area terrain',
    rule: "§2.4, §8.5",
    description:
      "With a model inside area terrain taller than both, sight is limited to 6\"/15 cm: the line's length inside the terrain (default) or the whole distance.",
    choices: ["inside", "total"],
    default: DEFAULT_OPTIONS.areaSightLimit,
  },
  {
    id: "unarmouredShield",
    label: "Unarmoured vehicle with a gun shield",
    rule: "§4.6, §8.8",
    description:
      "Hit from the way its shielded weapon points: a Firepower Test instead of the save (default, the detailed section) or after a failed save (the introduction).",
    choices: ["test-instead-of-save", "test-after-failed-save"],
    default: DEFAULT_OPTIONS.unarmouredShield,
  },
  {
    id: "gunSaveGoneToGround",
    label: "Gun save 3+",
    rule: "§4.7, §8.10",
    description: "The gun-save text defines Gone to Ground as 'did not shoot and did not move' (default); or require Concealed too, as §2.6 does.",
    choices: ["stationary-and-silent", "also-concealed"],
    default: DEFAULT_OPTIONS.gunSaveGoneToGround,
  },
  national(
    "volleyFire",
    "Volley Fire (Soviet)",
    "§6.1",
    'Guns and turretless tanks that did not move re-roll failed to-hit rolls when the easiest target is within 16"/40 cm; not MGs or AA weapons.',
  ),
  national(
    "semiIndirectFire",
    "Semi-Indirect Fire (British)",
    "§6.2",
    'A main armament that did not move re-rolls failed to-hit rolls at a platoon whose every model is beyond 16"/40 cm.',
  ),
  national(
    "tallyHo",
    "Tally Ho! and Broadside (British)",
    "§6.2",
    'Tank weapons: no ROF penalty for moving at up to 16"/40 cm; cannot fire after At Double; front or side armour by the turret line alone unless the tank moved At Double.',
  ),
  national("automaticRifle", "Automatic Rifle (US)", "§6.3", "Rifle teams take no +1 to hit for ROF 1 when moving or Pinned."),
  national("henAndChicks", "Hen and Chicks (Soviet)", "§6.1", "+1 to hit with the main gun of a vehicle that moved (not MGs)."),
  national("everyShotCounts", "Every Shot Counts! (German Tiger Ace)", "§6.4", "The platoon's tanks re-roll every failed to-hit roll."),
  national("truscottTrot", "Truscott Trot (US)", "§6.3", 'Infantry and man-packed guns move 16"/40 cm At Double instead of the normal 12"/30 cm (003 l.234).'),
  national(
    "carryOnSergeant",
    "Carry on, Sergeant! (British)",
    "§6.2",
    "A platoon may charge into contact and consolidate without its Platoon Command team, its assaulting teams free of Command Distance (003 l.109).",
  ),
  national("mikeTarget", "Mike Target (British)", "§6.2", "A battery re-rolls its first failed attempt to range in; two normal attempts remain (003 l.155)."),
  national(
    "timeOnTarget",
    "Time on Target (US)",
    "§6.3",
    "A battery that ranges in at its first attempt makes every passed save under it be re-rolled (003 l.255).",
  ),
  national(
    "stormtroopers",
    "Stormtroopers (German)",
    "§6.4",
    'In the Assault Step a platoon with its command team may take a Skill Test: passed, it moves another 4"/10 cm; either way it does not assault that turn (003 l.266–280).',
  ),
  national(
    "tipAndRun",
    "Tip and Run (British)",
    "§6.2",
    'After shooting a platoon may take a Skill Test: passed, it moves 4"/10 cm away from the platoons it shot at; either way it does not assault that turn (003 l.116–120).',
  ),
  national(
    "qualityOfQuantity",
    "Quality of Quantity (Soviet)",
    "§6.1",
    'A platoon with 15 infantry or gun teams in Command Distance is pinned only by 10 hits (a bombardment hit still pins), and charges and counterattacks from 12"/30 cm (003 l.61–64).',
  ),
  national("britishBulldog", "British Bulldog", "§6.2", "A failed Motivation Test to Counterattack in an assault is re-rolled (003 l.105)."),
  national(
    "infiltration",
    "Infiltration (Soviet)",
    "§6.1",
    'In the deployment a platoon infiltrates: 8"/20 cm from every enemy model, in Command Distance; spotted at once within 16"/40 cm of an enemy that sees it unconcealed (or is Recce), else on the opponent\'s 6; spotted, the first turn goes to the opponent (003 l.30–39).',
  ),
  national(
    "begleitEscorts",
    "Begleit Escorts (German)",
    "§6.4",
    "An assault gun fires its hull MG at the same time as its hull-mounted main gun (003 l.385); without it the hull MG stays silent when the main gun fires.",
  ),
];

/** Options from a game header (unknown keys and wrong values are rejected with a reason; the shared checker). */
export function parseOptions(given: Readonly<Record<string, unknown>> = {}): OptionsResult<FowOptions> {
  return parseOptionValues(OPTION_SPECS, DEFAULT_OPTIONS, given);
}
