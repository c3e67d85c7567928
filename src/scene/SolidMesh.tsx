/** One terrain solid drawn with the same triangles the sight engine collides with. */
import type { Solid } from "../core/solids/solid";
import { useSolidGeometry } from "./geometry";

export function SolidMesh({ solid, color, name }: { solid: Solid; color: string; name?: string }) {
  const geometry = useSolidGeometry(solid);
  return (
    <mesh geometry={geometry} castShadow receiveShadow name={name} userData={{ owner: solid.owner, part: solid.part, kind: solid.kind }}>
      <meshStandardMaterial color={color} flatShading roughness={0.9} />
    </mesh>
  );
}
