/** Render geometry from the same triangles the sight engine collides with, flat-shaded for low-poly looks. */
import { useMemo } from "react";
import { BufferAttribute, BufferGeometry } from "three";
import type { SolidShape } from "../core/solids/solid";
import { shapeTriangles, type Triangles } from "../core/solids/solidGeometry";

export function toBufferGeometry({ positions, indices }: Triangles): BufferGeometry {
  const indexed = new BufferGeometry();
  indexed.setAttribute("position", new BufferAttribute(positions, 3));
  indexed.setIndex(new BufferAttribute(indices, 1));
  const flat = indexed.toNonIndexed();
  flat.computeVertexNormals();
  indexed.dispose();
  return flat;
}

type MeshShape = Extract<SolidShape, { type: "trimesh" | "convexMesh" }>;
const isMesh = (shape: SolidShape): shape is MeshShape => shape.type === "trimesh" || shape.type === "convexMesh";

/**
 * Mesh shapes (an imported miniature's parts) are large and made once per definition (modelSolids), so they are
 * known by identity; the primitives, small, by value.
 */
const meshIds = new WeakMap<MeshShape, number>();
let meshesKnown = 0;

/** A key per distinct shape: instances with one key share a geometry. */
export function shapeKey(shape: SolidShape): string {
  if (!isMesh(shape)) return JSON.stringify(shape);
  let id = meshIds.get(shape);
  if (id === undefined) meshIds.set(shape, (id = ++meshesKnown));
  return `mesh#${id}`;
}

const primitives = new Map<string, BufferGeometry>();
const meshes = new WeakMap<MeshShape, { drawn?: BufferGeometry; collider?: BufferGeometry }>();

/**
 * One geometry per distinct shape, shared by every mesh that draws it. A miniature imported from a file is
 * drawn as the file shapes it; with `colliders`, as the collider the sight engine uses (its convex hull or
 * simplified mesh).
 */
export function useShapeGeometry(shape: SolidShape, colliders = false): BufferGeometry {
  return useMemo(() => {
    if (!isMesh(shape)) {
      const key = JSON.stringify(shape);
      let geometry = primitives.get(key);
      if (!geometry) primitives.set(key, (geometry = toBufferGeometry(shapeTriangles(shape))));
      return geometry;
    }
    let made = meshes.get(shape);
    if (!made) meshes.set(shape, (made = {}));
    if (shape.drawn && !colliders) return (made.drawn ??= toBufferGeometry(shape.drawn));
    return (made.collider ??= toBufferGeometry(shapeTriangles(shape)));
  }, [shape, colliders]);
}
