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

const shapeCache = new Map<string, BufferGeometry>();

/** One geometry per distinct shape, shared by every mesh that draws it. */
export function useShapeGeometry(shape: SolidShape): BufferGeometry {
  return useMemo(() => {
    const key = JSON.stringify(shape);
    let geometry = shapeCache.get(key);
    if (!geometry) shapeCache.set(key, (geometry = toBufferGeometry(shapeTriangles(shape))));
    return geometry;
  }, [shape]);
}
