/**
 * The miniatures: instanced part meshes, each instance tagged with its model for the pointer's reports. An
 * imported miniature is drawn as its file shapes it, or (C) as the collider that blocks sight.
 */
import { useLayoutEffect, useMemo, useRef } from "react";
import { InstancedMesh } from "three";
import type { Battlefield } from "../core/battlefield";
import { useUi } from "../state/uiStore";
import { useShapeGeometry } from "./geometry";
import { type InstanceGroup, instanceGroups, type PartColor } from "./modelInstances";
import { modelMet } from "./pointerHits";
import type { PointerReports } from "./useToolPointer";

const noRaycast = () => null;

function InstancedGroup({
  group,
  colliders,
  pointer,
  interactive,
}: {
  group: InstanceGroup;
  colliders: boolean;
  pointer: PointerReports;
  interactive: boolean;
}) {
  const mesh = useRef<InstancedMesh>(null);
  const geometry = useShapeGeometry(group.shape, colliders);
  useLayoutEffect(() => {
    const m = mesh.current;
    if (!m) return;
    group.matrices.forEach((matrix, i) => m.setMatrixAt(i, matrix));
    m.instanceMatrix.needsUpdate = true;
    m.computeBoundingSphere();
  }, [group]);
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
        // The model a press here would pick: none where the ray meets the table first.
        pointer.hover(modelMet(e.intersections));
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
  const colliders = useUi((s) => s.showColliders);
  return (
    <group name="miniatures">
      {groups.map((group) => (
        // A new instanced mesh (its instances placed again) when the count or the geometry drawn changes.
        <InstancedGroup
          key={`${group.key}#${group.matrices.length}#${colliders}`}
          group={group}
          colliders={colliders}
          pointer={pointer}
          interactive={interactive}
        />
      ))}
    </group>
  );
}
