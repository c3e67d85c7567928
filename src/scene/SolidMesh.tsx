/** One terrain solid drawn with the same triangles the sight engine collides with. */
import { useMemo } from "react";
import { Plane, Vector3 } from "three";
import type { Solid } from "../core/solids/solid";
import { useSolidGeometry } from "./geometry";

/** `clipAbove`: nothing of the solid is drawn above this height (a building edited floor by floor). */
export function SolidMesh({ solid, color, name, clipAbove }: { solid: Solid; color: string; name?: string; clipAbove?: number }) {
  const geometry = useSolidGeometry(solid);
  const clipping = useMemo(() => (clipAbove === undefined ? [] : [new Plane(new Vector3(0, -1, 0), clipAbove)]), [clipAbove]);
  return (
    <mesh geometry={geometry} castShadow receiveShadow name={name} userData={{ owner: solid.owner, part: solid.part, kind: solid.kind }}>
      <meshStandardMaterial color={color} flatShading roughness={0.9} clippingPlanes={clipping} clipShadows />
    </mesh>
  );
}
