/** Flames of War's words: trainings, team types, its declaration and the game state the table does not show. */
import type { FireDeclaration } from "../ruleset";

export const RULESET_ID = "flames-of-war";

export const TRAININGS = ["conscript", "trained", "veteran"] as const;
export type Training = (typeof TRAININGS)[number];

export const TEAM_TYPES = ["infantry", "man-packed-gun", "gun", "tank", "armoured-transport", "unarmoured-vehicle"] as const;
export type TeamType = (typeof TEAM_TYPES)[number];

/** The model types a shooter may declare as its priority target (allocation rule 6). */
export const PRIORITY_TYPES = ["infantry", "gun", "tank", "transport"] as const;
export type PriorityType = (typeof PRIORITY_TYPES)[number];

export const TEAM_NOTES = ["schurzen", "gunShield", "recce", "breakthroughGun", "bunkerBuster"] as const;
export type TeamNote = (typeof TEAM_NOTES)[number];

export const GUN_CLASSES = ["light", "medium", "heavy", "aa"] as const;

export interface FowFireDeclaration extends FireDeclaration {
  /** The firing platoon moved this turn; absent: its moves in the log say (§1.3). */
  readonly firersMoved?: boolean;
  /** The target platoon moved this turn; absent: its moves in the log say (§2.5, §2.6). */
  readonly targetMoved?: boolean;
  /** The target platoon moved At Double (so it moved): double dice against it (§1.3). */
  readonly targetAtDouble?: boolean;
  /** The target platoon is Dug In: Concealed, and infantry in Bulletproof Cover (§2.5, §4.8). */
  readonly targetDugIn?: boolean;
  /** Each team fires every weapon it has, each with its own dice, range and score, all at the target platoon (003 l.507, l.524). */
  readonly allWeapons?: boolean;
  /** Allocation rule 6: per firing model, the model type its hits go to first. */
  readonly priority?: Readonly<Record<string, PriorityType>>;
  /** Allocation rule 8: the model definition id declared as the Gun Tank. */
  readonly gunTank?: string;
}

/** What a model did this turn and the states the source marks (§4.11). Bailed Out is a marker on the table. */
export interface FowModelState {
  readonly moved?: boolean;
  /** How far it moved in the Movement Step of its side's latest player turn (cm): past its Tactical distance it moved At Double. */
  readonly distance?: number;
  /** Moved At Double: as declared, else from `distance` and its team's Tactical distance (context.ts modelState). */
  readonly atDouble?: boolean;
  readonly shot?: boolean;
  readonly assaulted?: boolean;
  /** How far it moved in the Shooting Step of its side's latest player turn (cm): Tip and Run. */
  readonly shootingDistance?: number;
  /** How far it moved in the Assault Step of its side's latest player turn (cm): a charge, a consolidation. */
  readonly assaultDistance?: number;
  readonly dugIn?: boolean;
  readonly boggedDown?: boolean;
  /** Models carried: inside a transport, or riding on a tank. */
  readonly passengers?: readonly string[];
}

export interface FowUnitState {
  /** Overrides the teams table's training for every model of the platoon. */
  readonly training?: Training;
}

export interface FowGameState {
  readonly models?: Readonly<Record<string, FowModelState>>;
  /** Teams the game took off the table, with their platoon and side (GameState.fallen): morale checks count them. */
  readonly fallen?: Readonly<Record<string, { readonly unit: string; readonly side: string }>>;
  /** The rule actions taken in the player turn in progress (playerTurn.ts actionsThisTurn). */
  readonly taken?: readonly { readonly action: string; readonly unit?: string; readonly side?: string; readonly target?: string; readonly record?: unknown }[];
  /** The step of the turn the game stands in (absent: free play), and the side whose player turn it is. */
  readonly step?: { readonly phase: string; readonly side?: string };
  readonly units?: Readonly<Record<string, FowUnitState>>;
}

/** The table marker a Bailed Out vehicle carries (state.status markers). */
export const BAILED_OUT = "bailed out";
