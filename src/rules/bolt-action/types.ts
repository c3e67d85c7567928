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
export const isQuality = (q: string | undefined): q is Quality => (QUALITIES as readonly (string | undefined)[]).includes(q);

export const TROOP_TYPES = ["infantry", "artillery", "vehicle"] as const;
export type TroopType = (typeof TROOP_TYPES)[number];

/** The damage-value column of a vehicle (§4.3): soft-skinned 6+, then the armoured targets 7+ … 11+. */
export const VEHICLE_CLASSES = ["soft-skinned", "armoured-car", "light-tank", "medium-tank", "heavy-tank", "super-heavy-tank"] as const;
export type VehicleClass = (typeof VEHICLE_CLASSES)[number];
export const isArmoured = (c: VehicleClass): boolean => c !== "soft-skinned";

export const HE_SIZES = ["D2", "D3", "D6", "2D6", "3D6"] as const;
export type HeSize = (typeof HE_SIZES)[number];

/** The source's terrain categories (001 l.62–69), and ground no unit enters. */
export const TERRAIN_CATEGORIES = ["open", "rough", "obstacle", "building", "road", "impassable"] as const;
export type TerrainCategory = (typeof TERRAIN_CATEGORIES)[number];

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
  /** What a FUBAR binds the unit to this turn (001 l.37–38). */
  readonly fubar?: BaFubar;
  /** Models it has lost in the game (its morale check at half strength). */
  readonly lost?: number;
  /** Its losses when it last checked its morale (a check is due again only after more). */
  readonly moraleCheckedAt?: number;
  /** It won close quarters this turn (or its assault on a vehicle ended): its next move is its regroup (001 l.238). */
  readonly regroups?: boolean;
  /** The enemy unit whose assault this recce vehicle escaped this turn (001 l.246): it may make its escape move. */
  readonly escapes?: string;
  /** Its shots this turn: who fired (the unit or one model, as declared) and with which weapon. */
  readonly shots?: readonly { readonly shooter: string; readonly weapon: string }[];
}

/** A FUBAR's consequence (001 l.37–38): fire on one of the friendly `targets`, or flee `from` an enemy unit. */
export type BaFubar = { readonly result: "friendly-fire"; readonly targets: readonly string[] } | { readonly result: "panic"; readonly from: string };

/** What an order-given event of Bolt Action records besides the order (OrderResult.record). */
export interface BaOrderRecord {
  readonly fubar?: BaFubar;
}

export interface BaGameState {
  readonly units?: Readonly<Record<string, BaUnitState>>;
  /** How far (cm) each model has moved this turn, its moves' paths added up. */
  readonly moved?: Readonly<Record<string, number>>;
  /** The one-shot weapons (a Panzerfaust) each model has fired in the game, by weapon id. */
  readonly spent?: Readonly<Record<string, readonly string[]>>;
}

export interface BaFireDeclaration extends FireDeclaration {
  /** Fire HE from a gun that also has a Pen value; default HE against unarmoured targets, AP against armour. */
  readonly he?: boolean;
  /** Declared as an assault: close quarters (§5), resolved at once. */
  readonly assault?: boolean;
}
