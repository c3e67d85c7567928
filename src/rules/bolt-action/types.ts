/**
 * Bolt Action's vocabulary: orders, troop quality, damage classes, cover, and the game state the rules read
 * besides the table (each unit's order die this turn, its pins, a vehicle's markers).
 */
import type { FireDeclaration } from "../ruleset";

export const RULESET_ID = "bolt-action";
export const VERSIONS = ["source"] as const;

export const ORDERS = ["fire", "advance", "run", "ambush", "rally", "down"] as const;
export type Order = (typeof ORDERS)[number];

export const QUALITIES = ["inexperienced", "regular", "veteran"] as const;
export type Quality = (typeof QUALITIES)[number];

export const TROOP_TYPES = ["infantry", "artillery", "vehicle"] as const;
export type TroopType = (typeof TROOP_TYPES)[number];

/** The damage-value column of a vehicle (§4.3): soft-skinned 6+, then the armoured targets 7+ … 11+. */
export const VEHICLE_CLASSES = ["soft-skinned", "armoured-car", "light-tank", "medium-tank", "heavy-tank", "super-heavy-tank"] as const;
export type VehicleClass = (typeof VEHICLE_CLASSES)[number];
export const isArmoured = (c: VehicleClass): boolean => c !== "soft-skinned";

export const HE_SIZES = ["D2", "D3", "D6", "2D6", "3D6"] as const;
export type HeSize = (typeof HE_SIZES)[number];

export const COVER_CLASSES = ["none", "soft", "hard"] as const;
export type CoverClass = (typeof COVER_CLASSES)[number];
export const betterCover = (a: CoverClass, b: CoverClass): CoverClass => (COVER_CLASSES.indexOf(a) >= COVER_CLASSES.indexOf(b) ? a : b);

export type ArmourFace = "front" | "side" | "rear" | "top";

/** What the game knows about a unit that the table does not show. */
export interface BaUnitState {
  /** The order die it has this turn; absent: no order die yet. */
  readonly order?: Order;
  /** Pin markers on the unit. */
  readonly pins?: number;
  /** Overrides the profile's quality. */
  readonly quality?: Quality;
  /** An officer's morale bonus for its order tests (§2.1). */
  readonly officerBonus?: number;
}

export interface BaGameState {
  readonly units?: Readonly<Record<string, BaUnitState>>;
}

export interface BaFireDeclaration extends FireDeclaration {
  /** Fire HE from a gun that also has a Pen value; default HE against unarmoured targets, AP against armour. */
  readonly he?: boolean;
  /** Declared as an assault: close quarters (§5), resolved at once. */
  readonly assault?: boolean;
}
