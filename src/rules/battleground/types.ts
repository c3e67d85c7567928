/**
 * Battleground WWII's vocabulary and the game state its rules read besides the table: troop quality,
 * morale states, how each model moved in its activation, evasion, camouflage, its last target, jams.
 */
import type { FireDeclaration } from "../ruleset";

export const VERSIONS = ["sheet"] as const;

export const QUALITIES = ["green", "regular", "veteran", "elite"] as const;
export type Quality = (typeof QUALITIES)[number];

export const AREA_COVER = ["light", "heavy"] as const;
export const LINEAR_KINDS = ["wall", "hedge", "bocage", "sandbags", "wire"] as const;

/** OM1: no movement this activation; OM2: moved in the Bonus Move only; OM3: moved in both actions (§3.3). */
export type FireMode = 1 | 2 | 3;

export type Face = "front" | "side" | "rear";
export type VehiclePart = "hull" | "turret";

/** A target's movement as the to-hit and effect modifiers see it (§3.2, §6.2, §6.3). */
export const MOVEMENT = ["stationary", "moving", "running", "evading"] as const;
export type Movement = (typeof MOVEMENT)[number];

export const MORALE = ["steady", "motivated", "disorganised", "broken"] as const;
export type Morale = (typeof MORALE)[number];

/** What the game knows about a model that the table does not show; markers (suppressed, jammed…) come from the game state. */
export interface BgModelState {
  /** Overrides the profile's troop quality. */
  readonly quality?: (typeof QUALITIES)[number];
  readonly morale?: Morale;
  /** The sheet's Damaged shooter state (−5). */
  readonly damaged?: boolean;
  /** Moved in this activation's Bonus Move, and in its Standard Action (→ OM1/OM2/OM3). */
  readonly bonusMove?: boolean;
  readonly standardMove?: boolean;
  /** How it moves as a target. */
  readonly movement?: Movement;
  /** An evading target's modifier, −2 to −5 (the sheet does not say how it is chosen). */
  readonly evasion?: number;
  readonly camouflaged?: boolean;
  /** Its last shot this activation: the +2 for a subsequent shot at the same target, the cost of changing target. */
  readonly lastShot?: { readonly weapon: string; readonly target: string };
  /** Target changes it already made this activation (the first one is free for infantry and AA weapons). */
  readonly targetChanges?: number;
  /** It has already made its first to-hit roll (Veterans' and Elite's extra dice are spent). */
  readonly firedBefore?: boolean;
  /** Infantry inside it (a vehicle or a building's models): their survival is tested if it is destroyed (§7). */
  readonly occupants?: readonly string[];
  /** Failed unbogging tests so far (−4 each, §2). */
  readonly failedUnbogging?: number;
  /** Move actions it made this activation (its moves this turn): the first the Bonus Move, the second the Standard Action's. */
  readonly moveActions?: number;
  /** It rallied from Suppression this activation: with a 1 it has a Bonus Move, else it stays (002 l.235–237). */
  readonly rallied?: "bonus-move" | "stays";
  /** Its moves this turn since its last immobilisation test (where it started facing, the path): # terrain on them makes a test due. */
  readonly untestedMoves?: ReadonlyArray<{ readonly heading: number; readonly path: readonly (readonly [number, number])[] }>;
  /** An immobilised vehicle whose crew has taken its Morale test (l.232). */
  readonly crewTested?: boolean;
  /** Its unit's charge this turn: its Morale test (l.247–249), the unit charged, whether it made its charge move. */
  readonly charge?: BgCharge;
}

/** A unit's charge this turn (l.245–253): its Morale test before it, the unit charged, and its charge move made. */
export interface BgCharge {
  readonly morale: "passed" | "failed";
  readonly target?: string;
  readonly moved?: true;
}

/** This turn's activations from the log: the step of the turn now (0 the first) and the step each unit first acted in. */
export interface BgActivations {
  readonly step: number;
  readonly units: Readonly<Record<string, number>>;
  /** The step of this turn each model was last Pinned in (a model Pinned in an earlier turn is not listed). */
  readonly pinnedIn?: Readonly<Record<string, number>>;
  /** The turn's activations are over: the step now is the end of the turn. */
  readonly ending?: true;
}

/** A unit's models killed this turn, and of them those killed "with −1 to the morale test" (l.226). */
export interface BgLosses {
  readonly killed: number;
  readonly withMorale: number;
  /** It took its Morale test after the last of them. */
  readonly tested: boolean;
}

export interface BgGameState {
  readonly models?: Readonly<Record<string, BgModelState>>;
  /** Each unit's losses this turn (a Morale test after losses). */
  readonly losses?: Readonly<Record<string, BgLosses>>;
  /** Absent in free play and the deployment. */
  readonly activations?: BgActivations;
}

/** A shot, or close combat (the Close combat action judges and resolves it as a shot, with its sight lines). */
export type BgAction = "fire" | "close-combat";

/** Why a Morale test is taken: before a charge (l.245–249), the crew of an immobilised vehicle (l.232), after losses (l.226). */
export type MoraleCause = "charge" | "crew" | "losses";

export interface BgFireDeclaration extends FireDeclaration {
  /** Default "fire"; close combat is the Close combat action's (actions.ts). */
  readonly action?: BgAction;
  /** Fire HE (or smoke) rather than AP/small arms, where the weapon has it (§4). */
  readonly ammunition?: "standard" | "HE" | "smoke";
  /** Close combat on a vehicle: an attack to immobilise (+3, results count only as immobilisation, §9.3). */
  readonly toImmobilise?: boolean;
}

export interface ImmobilisationDeclaration {
  /** Terrain marked # (the vehicle's Class is subtracted), woods (Training subtracted, Class added), overrunning an enemy, ramming a vehicle or building. */
  readonly situation: "terrain" | "woods" | "overrun" | "ram";
  readonly conditions?: readonly ("towing" | "heightChange" | "reverse" | "streamOrDitch" | "wire" | "snowOrMud")[];
  /** Overrunning: the enemy's Class. Ramming: the rammed vehicle's or building's Class. */
  readonly otherClass?: number;
  /** Driving through a collapsed building: the OV of its material. */
  readonly buildingOv?: number;
  /** An unbogging test of an immobilised vehicle. */
  readonly unbogging?: boolean;
}
