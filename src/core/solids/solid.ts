/**
 * A Solid is one piece of battlefield geometry with an owner, a part and a kind: a wall slab, a floor,
 * a tank's turret box. The sight engine turns each into a Rapier collider, the exporter and the renderer
 * into triangles, so both worlds are built from the same list.
 */
import { Euler, Quaternion } from "three";

export type Vec3 = readonly [number, number, number];
/** Quaternion [x, y, z, w]. */
export type Quat = readonly [number, number, number, number];

export type SolidShape =
  | { readonly type: "box"; readonly halfExtents: Vec3 }
  /** A cylinder along its local y axis. */
  | { readonly type: "cylinder"; readonly radius: number; readonly halfHeight: number }
  | { readonly type: "ball"; readonly radius: number }
  /** A sphere squashed along y (helmets). */
  | { readonly type: "ellipsoid"; readonly radius: number; readonly squash: number }
  | { readonly type: "trimesh"; readonly vertices: Float32Array; readonly indices: Uint32Array; readonly drawn?: DrawnMesh }
  /** A closed convex mesh (an imported part's hull). */
  | { readonly type: "convexMesh"; readonly vertices: Float32Array; readonly indices: Uint32Array; readonly drawn?: DrawnMesh };

/**
 * What the table draws of a mesh solid instead of its collider: an imported miniature's own triangles. The
 * sight engine never reads it; the collider (vertices, indices) is what blocks sight.
 */
export interface DrawnMesh {
  readonly positions: Float32Array;
  readonly indices: Uint32Array;
}

/** What a solid is, as a rule system would name it. */
export type SolidKind = "ground" | "building-wall" | "building-floor" | "roof" | "wall" | "hedge" | "bocage" | "sandbags" | "tank-trap" | "wreck" | "model";

export interface Solid {
  /** Id of the feature or model it belongs to. */
  readonly owner: string;
  /** Part name: "hull", "turret", "wall-2/floor-1", "roof"… */
  readonly part: string;
  readonly kind: SolidKind;
  readonly shape: SolidShape;
  /** Pose in the owner's frame (world frame for features, model frame for models). */
  readonly position: Vec3;
  readonly rotation: Quat;
}

export const IDENTITY: Quat = [0, 0, 0, 1];

/** Rotation of a shape turned by yaw (about y) then pitch (about its own x), in degrees. */
export function yawPitchQuat(yawDeg: number, pitchDeg = 0, rollDeg = 0): Quat {
  const q = new Quaternion().setFromEuler(new Euler((pitchDeg * Math.PI) / 180, (yawDeg * Math.PI) / 180, (rollDeg * Math.PI) / 180, "YXZ"));
  return [q.x, q.y, q.z, q.w];
}

export function multiplyQuat(a: Quat, b: Quat): Quat {
  const q = new Quaternion(a[0], a[1], a[2], a[3]).multiply(new Quaternion(b[0], b[1], b[2], b[3]));
  return [q.x, q.y, q.z, q.w];
}
