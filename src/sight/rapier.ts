/**
 * Rapier, initialised once, and the one place that turns a Solid's shape into a Rapier collider description.
 */
import RAPIER from "@dimforge/rapier3d-compat";
import type { SolidShape } from "../core/solids/solid";
import { shapeTriangles } from "../core/solids/solidGeometry";

export { RAPIER };

let ready: Promise<void> | undefined;

/** Loads Rapier's WebAssembly; safe to call many times. */
export function initRapier(): Promise<void> {
  ready ??= RAPIER.init();
  return ready;
}

export function colliderDesc(shape: SolidShape): RAPIER.ColliderDesc {
  switch (shape.type) {
    case "box":
      return RAPIER.ColliderDesc.cuboid(...shape.halfExtents);
    case "cylinder":
      return RAPIER.ColliderDesc.cylinder(shape.halfHeight, shape.radius);
    case "ball":
      return RAPIER.ColliderDesc.ball(shape.radius);
    case "ellipsoid": {
      const hull = RAPIER.ColliderDesc.convexHull(shapeTriangles(shape).positions);
      if (!hull) throw new Error("could not build the convex hull of an ellipsoid");
      return hull;
    }
    case "trimesh":
      return RAPIER.ColliderDesc.trimesh(shape.vertices, shape.indices);
  }
}
