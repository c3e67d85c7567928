/** One solid of the battlefield drawn with the same triangles the sight engine collides with. */
import { useMemo } from "react";
import { BufferAttribute, BufferGeometry } from "three";
import type { Solid } from "../core/solids/solid";
import { solidTriangles } from "../core/solids/solidGeometry";

export function useSolidGeometry(solid: Solid): BufferGeometry {
  return useMemo(() => {
    const { positions, indices } = solidTriangles(solid);
    const geometry = new BufferGeometry();
    geometry.setAttribute("position", new BufferAttribute(positions, 3));
    geometry.setIndex(new BufferAttribute(indices, 1));
    // Flat shading reads better on low-poly models than smoothed normals.
    const flat = geometry.toNonIndexed();
    flat.computeVertexNormals();
    geometry.dispose();
    return flat;
  }, [solid]);
}

export function SolidMesh({ solid, color }: { solid: Solid; color: string }) {
  const geometry = useSolidGeometry(solid);
  return (
    <mesh geometry={geometry} castShadow receiveShadow>
      <meshStandardMaterial color={color} flatShading />
    </mesh>
  );
}
