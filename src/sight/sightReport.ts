/**
 * The SightReport: what a careful player with a laser pointer and a tape would find, and nothing a rule
 * system decides. Distances are plan (table-top) centimetres unless named otherwise.
 */
import type { SolidKind, Vec3 } from "../core/solids/solid";

export interface PartVisibility {
  readonly part: string;
  /** Silhouette samples that landed on this part first. */
  readonly samples: number;
  readonly visible: number;
  readonly fraction: number;
  /** Ids of what stopped this part's blocked samples, most first (rule systems ask what hides a given part). */
  readonly blockedBy: readonly string[];
}

export interface Occluder {
  readonly id: string;
  readonly kind: SolidKind | "smoke" | "hill";
  /** Parts of it that were hit ("wall-2", "hull"…). */
  readonly parts: readonly string[];
  /** Blocked samples it accounts for. */
  readonly samples: number;
}

export type AreaKind = "woods" | "crops" | "building" | "ruins" | "smoke" | "trench" | "foxhole" | "crater";

export interface AreaCrossing {
  readonly id: string;
  readonly kind: AreaKind;
  /** Plan length of the sight line (origin → the target's sight point, see lineOfSight.ts) inside the area. */
  readonly lengthInside: number;
  /** Where the line is inside, as plan distances from the origin. */
  readonly intervals: ReadonlyArray<readonly [number, number]>;
  readonly shooterInside: boolean;
  readonly targetInside: boolean;
  /** Plan length of line inside the area leading up to the target, when the target stands in it. */
  readonly depthToTarget?: number;
  /** Height of the area above its ground, cm. */
  readonly height: number;
}

export interface OpeningPassage {
  readonly id: string;
  readonly building: string;
  readonly type: "window" | "door" | "gap";
  readonly floor: number;
  /** Clear sample rays that went through it. */
  readonly rays: number;
  /** Plan distance from where the line passes the opening to the target's footprint edge. */
  readonly distanceToTarget: number;
  readonly distanceToShooter: number;
}

export interface LinearCrossing {
  readonly id: string;
  readonly kind: "wall" | "hedge" | "bocage" | "sandbags" | "wire";
  readonly height: number;
  readonly thickness: number;
  /**
   * Whether the centre line (origin → target's sight point) crosses it. When it does not, the obstacle still
   * hid some sample rays, and alongLine, clearance and top describe where the blocked ray nearest in
   * direction to the centre line struck it.
   */
  readonly onCentreLine: boolean;
  /** Plan distance from the origin to where the line crosses the obstacle's path (or the ray struck it). */
  readonly alongLine: number;
  /** Nearest plan distance from each model's footprint edge to the obstacle's face. */
  readonly distanceFromShooter: number;
  readonly distanceFromTarget: number;
  readonly shooterTouches: boolean;
  readonly targetTouches: boolean;
  /** Height of the line above the obstacle's top where it crosses (negative: through it). */
  readonly clearance: number;
  /** Height (y) of the obstacle's top where the line crosses it: a model whose feet are higher looks down on it. */
  readonly top: number;
}

export interface ModelNearLine {
  readonly id: string;
  readonly unitId: string;
  readonly side: string;
  /** Plan distance from its footprint to the origin → target line. */
  readonly distance: number;
  /** Sample rays it stopped. */
  readonly blockedSamples: number;
}

export type Quadrant = "front" | "left" | "right" | "rear";

export interface Facing {
  /** Bearing of the shooter from the target's hull (or turret) axis, degrees, (-180, 180]; + is right. */
  readonly bearing: number;
  /** Sector between lines through the hull corners (or 45° lines for bases). */
  readonly quadrant: Quadrant;
  /** Whether the shooter is in front of the line through the front edge of the hull, or across the front of the turret. */
  readonly inFrontHalf: boolean;
}

export interface SightReport {
  readonly shooter: string;
  readonly target: string;
  readonly weapon?: string;
  /** The plan point of the shooter's base it was asked from (SightOptions.originOffset), when one was given. */
  readonly originOffset?: readonly [number, number];
  /** Models the lines were traced through, as asked (SightOptions.seeThrough). */
  readonly seeThrough?: readonly string[];
  /** Where the sight lines start (eye, muzzle or weapon mount). */
  readonly origin: Vec3;
  /** Share of the target's silhouette (bases excluded) that is unobstructed. */
  readonly visibleFraction: number;
  /** Whether any of the target, base included, can be seen. */
  readonly anyVisible: boolean;
  readonly samples: number;
  /**
   * Half-width of a 95 % interval around visibleFraction: the share a dense ray reference would find lies
   * within ± this in 95 % of reports. It is the stratified sampling error (each grid cell a stratum, its
   * variance estimated from neighbouring cells, confidence.ts), so it is 0 when every sample agreed: an edge
   * that falls between the samples of a part (a slit narrower than a grid cell) is outside it.
   */
  readonly confidence95: number;
  readonly parts: readonly PartVisibility[];
  readonly occluders: readonly Occluder[];
  readonly areas: readonly AreaCrossing[];
  readonly openings: readonly OpeningPassage[];
  readonly linearObstacles: readonly LinearCrossing[];
  readonly modelsNearLine: readonly ModelNearLine[];
  readonly distance: {
    readonly edgeToEdge: number;
    /** From the origin (muzzle, eye) to the target's footprint edge. */
    readonly originToEdge: number;
    readonly centreToCentre: number;
    /** Target feet minus shooter feet, cm. */
    readonly heightDifference: number;
    readonly shooterElevation: number;
    readonly targetElevation: number;
  };
  readonly facing: {
    readonly hull: Facing;
    readonly turret?: Facing;
  };
  readonly arc?: {
    readonly weapon: string;
    readonly arc: number;
    /** Bearing of the target centre from the mount's facing, degrees. */
    readonly bearing: number;
    readonly inArc: boolean;
  };
  readonly hullDown: boolean;
  readonly rays?: ReadonlyArray<{ readonly from: Vec3; readonly to: Vec3; readonly clear: boolean; readonly blocker?: string }>;
}
