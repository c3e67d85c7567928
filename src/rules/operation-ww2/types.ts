/**
 * Operation WW2's vocabulary: target types (the columns of its weapon and damage tables), cover classes,
 * armour classes, orders, and the game state the rules read besides the table (orders, exposed crews…).
 */
import type { FireDeclaration } from "../ruleset";

export const VERSIONS = ["v2.0", "v1"] as const;
export type Version = (typeof VERSIONS)[number];

/** The columns of the weapon and damage tables (§1.3, §6.13). */
export const TARGET_TYPES = [
  "infantry",
  "artillery",
  "motorbike",
  "car",
  "truck",
  "half-track",
  "armoured-car",
  "light-tank",
  "medium-tank",
  "heavy-tank",
] as const;
export type TargetType = (typeof TARGET_TYPES)[number];
export const VEHICLE_TYPES: readonly TargetType[] = ["motorbike", "car", "truck", "half-track", "armoured-car", "light-tank", "medium-tank", "heavy-tank"];
export const TANK_TYPES: readonly TargetType[] = ["light-tank", "medium-tank", "heavy-tank"];
/** Vehicles whose hulls are armoured: the commander's −25 cm (§5.7), the 7/x penetration roll (§9.5). */
export const ARMOURED_TYPES: readonly TargetType[] = ["half-track", "armoured-car", "light-tank", "medium-tank", "heavy-tank"];
export const isVehicleType = (t: TargetType): boolean => VEHICLE_TYPES.includes(t);

export const COVER_CLASSES = ["open", "light", "medium", "heavy"] as const;
export type CoverClass = (typeof COVER_CLASSES)[number];
export const coverRank = (c: CoverClass): number => COVER_CLASSES.indexOf(c);
export const betterCover = (a: CoverClass, b: CoverClass): CoverClass => (coverRank(a) >= coverRank(b) ? a : b);

export const ARMOUR_CLASSES = ["extra-light", "light", "medium", "heavy", "extra-heavy", "super-extra-heavy"] as const;
export type ArmourClass = (typeof ARMOUR_CLASSES)[number];

export const ORDERS = ["fire", "ambush", "covering-fire", "charge", "move"] as const;
export type Order = (typeof ORDERS)[number];

/** A unit's state for the spotting table, from its last executed order (§5.8). */
export const SPOTTING_STATES = ["stationary", "moving", "firing"] as const;
export type SpottingState = (typeof SPOTTING_STATES)[number];

export const AMMUNITION = ["AP", "HE", "HEAT", "smoke"] as const;
export type Ammunition = (typeof AMMUNITION)[number];

export type Facing = "front" | "side" | "rear";

/** What the game knows about a unit that the table does not show (§2.6, §5.7, §5.8, §9.8, §15). */
export interface Ow2UnitState {
  /** From the marker of its last executed order; every unit is stationary until its first order (§18.1). */
  readonly spottingState?: SpottingState;
  /** Overrides the profile's training value. */
  readonly training?: number;
  /** It has moved this turn: crew-served weapons that cannot move and fire stay silent (§6.7). */
  readonly movedThisTurn?: boolean;
  /** Under a searchlight, flare or burning wreck's T(10) at night: spotted with day values (§15.2, §15.3). */
  readonly illuminated?: boolean;
  /** It is using a searchlight: every unit within 200 cm spots it (§15.2). */
  readonly searchlight?: boolean;
  /** v2.0 Observation post: +10 cm to its spotting (§9.8). */
  readonly observationPost?: boolean;
  /** Paradropped or glider-landed this turn: the v2.0 Anti-aircraft +2 applies in the first turn (§17). */
  readonly landedThisTurn?: boolean;
}

export interface Ow2ModelState {
  /** A vehicle's commander (or another crewman) shows out of a hatch (§5.17, §10.1). */
  readonly commanderExposed?: boolean;
  /** v2.0 Sniper ability, or a sniper of v1 (§6.10, §17). */
  readonly sniper?: boolean;
  /** Reload markers: the weapon fires only every second or third turn, or has slow reload (§6.7). */
  readonly reloading?: boolean;
  /** The target vehicle carries infantry you may shoot (open-topped or riding on top) (§5.17, §16.2). */
  readonly carriesInfantry?: boolean;
}

/** Game state for the rules: per unit and per model, everything optional (sensible defaults). */
export interface Ow2GameState {
  readonly units?: Readonly<Record<string, Ow2UnitState>>;
  readonly models?: Readonly<Record<string, Ow2ModelState>>;
  /** The cards, initiative, chain of orders, panic and tests, from the actions taken (play.ts). */
  readonly play?: Ow2Play;
  /** The turn's step: its phase id and the side acting in it. */
  readonly phase?: string;
  readonly acting?: string;
}

export interface Ow2FireDeclaration extends FireDeclaration {
  /** The order the firing unit executes (§3); default "fire". */
  readonly order?: Order;
  /** The target unit's last executed order, for spotting (§5.8); default: stationary, as every unit before its first order (§18.1). */
  readonly targetState?: SpottingState;
  /** The firing vehicles expose their commanders with this order (§5.7); default: out. */
  readonly commanderExposed?: boolean;
  /** Declared in the intent (§3.1, §6.8); default AP against vehicles, HE against everything else where the gun has it. */
  readonly ammunition?: Ammunition;
  /** Which target group each firer shoots at (§5.10); default: the group each firer hits most easily. */
  readonly allocation?: Readonly<Record<string, string>>;
  /** Fire at the exposed crew (or carried infantry) of the target vehicle with small arms (§5.17). */
  readonly exposedCrew?: boolean;
  /** The shot interrupts the target's move (§2.7); an area weapon then hits 1d10 models (§8.5). */
  readonly interruptingMove?: boolean;
  /** Fire indirectly at the target (§9), with coordinates passed by a spotter when there is no line of sight. */
  readonly indirect?: boolean;
  /** For indirect fire and exposed spotting: did the firer see and spot the target when the order was given (§5.7, §9.6). */
  readonly targetSeenAtOrder?: boolean;
  /** A vehicle exposes a crewman during its order to spot the target: −1 to hit (§5.7). */
  readonly exposesToSpot?: boolean;
  /** v2.0: the firer already fired at this target, still spots and sees it: missed to-hit dice are re-rolled (§9.9). */
  readonly repeatedFire?: boolean;
  /** The target's owner's order for taking casualties (model ids); default: the unit's order (§6.5). */
  readonly casualtyOrder?: readonly string[];
}

/** One card: an order and its priority (lower is faster); its id is unique in its deck. */
export interface Card {
  readonly id: string;
  readonly order: Order;
  readonly priority: number;
}

/** A player's cards: the hand, the cards played this turn (out of the deck until the turn ends), and the turns it redrew in. */
export interface CardsState {
  readonly hand: readonly Card[];
  readonly played: readonly Card[];
  readonly redrawn?: readonly number[];
}

/** One order of the chain: the side, the unit, the card and the intent declared (000 l.101–112). */
export interface Link {
  readonly side: string;
  readonly unit: string;
  readonly card: Card;
  readonly intent: string;
}

export interface Chain {
  readonly links: readonly Link[];
  /** Sides that passed. */
  readonly passed: readonly string[];
}

/** The initiative as it is being laid: the cards down in this attempt, the attempt, and the winner once turned over. */
export interface Initiative {
  readonly laid: ReadonlyArray<{ readonly side: string; readonly card: Card }>;
  readonly attempt: number;
  readonly winner?: string;
}

export interface Ow2Play {
  readonly turn: number;
  readonly cards: Readonly<Record<string, CardsState>>;
  /** Sides that drew their cards this turn. */
  readonly drawn: readonly string[];
  readonly initiative: Initiative;
  readonly chain: Chain;
  /** Each unit's order this turn. */
  readonly ordered: Readonly<Record<string, Order>>;
  /** Each unit's order in the turn it last had one (its execution marker, which its spotting goes by: 000 l.116). */
  readonly lastOrders: Readonly<Record<string, Order>>;
  readonly panicked: readonly string[];
  /** Units that rallied or ran for cover in this turn's panic recovery. */
  readonly recovered: readonly string[];
  /** Units that rallied this turn: they take no order (000 l.551). */
  readonly rallied: readonly string[];
  /** Each unit's losses its morale tests have been taken for (000 l.537). */
  readonly testedLosses: Readonly<Record<string, number>>;
  /** Lone models tested this turn (000 l.563). */
  readonly loneTested: readonly string[];
  /** Each unit's training for this turn from its baptism of fire (004 l.179–183). */
  readonly baptised: Readonly<Record<string, number>>;
  /** Vehicles stuck after a failed driving test, with the turn (v1: for that turn, 000 l.628; v2.0: until freed, 004 l.51–55). */
  readonly stuck?: Readonly<Record<string, number>>;
  /** Units that got on (riding) or off their bicycles, with the turn they did (000 l.168, l.175). */
  readonly bicycles?: Readonly<Record<string, { readonly riding: boolean; readonly turn: number }>>;
  /** Units lit this turn by a searchlight or a flare: spotted with the day values (000 l.1029, l.1033). */
  readonly lit?: Readonly<Record<string, "searchlight" | "flare">>;
  /** Units using a searchlight this turn: every unit within 200 cm spots them (000 l.1029). */
  readonly searchlights?: readonly string[];
  /** Vehicles stuck for good (v2.0, 004 l.57). */
  readonly immobilised?: readonly string[];
  /** Models each unit has lost (GameState.fallen, by unit). */
  readonly losses: Readonly<Record<string, number>>;
}
