/** The miniatures: instanced part meshes, each instance tagged with its model for the pointer's reports. */
import { useLayoutEffect, useMemo, useRef } from "react";
import { InstancedMesh } from "three";
import type { Battlefield } from "../core/battlefield";
import { useShapeGeometry } from "./geometry";
import { type InstanceGroup, instanceGroups, type PartColor } from "./modelInstances";
import type { PointerReports } from "./useToolPointer";

const noRaycast = () => null;

function InstancedGroup({ group, pointer, interactive }: { group: InstanceGroup; pointer: PointerReports; interactive: boolean }) {
  const mesh = useRef<InstancedMesh>(null);
  const geometry = useShapeGeometry(group.shape);
  useLayoutEffect(() => {
    const m = mesh.current;
    if (!m) return;
    group.matrices.forEach((matrix, i) => m.setMatrixAt(i, matrix));
    m.instanceMatrix.needsUpdate = true;
    m.computeBoundingSphere();
  }, [group]);
  const modelAt = (e: { instanceId?: number }) => (e.instanceId === undefined ? undefined : group.models[e.instanceId]);
  return (
    <instancedMesh
      ref={mesh}
      args={[geometry, undefined, group.matrices.length]}
      userData={{ kind: "model", models: group.models }}
      // While a model is dragged, the pointer must reach the terrain under it.
      raycast={interactive ? InstancedMesh.prototype.raycast : noRaycast}
      castShadow
      receiveShadow
      onPointerDown={pointer.down}
      onClick={pointer.click}
      onDoubleClick={pointer.doubleClick}
      onPointerMove={(e) => {
        e.stopPropagation();
        pointer.hover(modelAt(e));
      }}
      onPointerOut={() => pointer.hover(undefined)}
    >
      <meshStandardMaterial color={group.color} flatShading roughness={0.8} />
    </instancedMesh>
  );
}

export function Miniatures({
  battlefield,
  colorOf,
  pinned,
  pointer,
  interactive,
}: {
  battlefield: Battlefield;
  colorOf: PartColor;
  pinned: ReadonlySet<string>;
  pointer: PointerReports;
  interactive: boolean;
}) {
  const groups = useMemo(() => instanceGroups(battlefield, colorOf, pinned), [battlefield, colorOf, pinned]);
  return (
    <group name="miniatures">
      {groups.map((group) => (
        <InstancedGroup key={`${group.key}#${group.matrices.length}`} group={group} pointer={pointer} interactive={interactive} />
      ))}
    </group>
  );
}
