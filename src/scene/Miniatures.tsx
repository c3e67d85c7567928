/** The miniatures: instanced part meshes, clickable and hoverable by model. */
import type { ThreeEvent } from "@react-three/fiber";
import { useLayoutEffect, useMemo, useRef } from "react";
import { InstancedMesh } from "three";
import type { Battlefield } from "../core/battlefield";
import { useShapeGeometry } from "./geometry";
import { type InstanceGroup, instanceGroups, type PartColor } from "./modelInstances";

export interface ModelPointerHandlers {
  onModelDown?(id: string, event: ThreeEvent<PointerEvent>): void;
  onModelClick?(id: string, event: ThreeEvent<MouseEvent>): void;
  onModelDoubleClick?(id: string, event: ThreeEvent<MouseEvent>): void;
  onModelHover?(id: string | undefined): void;
}

const noRaycast = () => null;

function InstancedGroup({ group, handlers, interactive }: { group: InstanceGroup; handlers: ModelPointerHandlers; interactive: boolean }) {
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
      userData={{ kind: "model" }}
      // While a model is dragged, the pointer must reach the terrain under it.
      raycast={interactive ? InstancedMesh.prototype.raycast : noRaycast}
      castShadow
      receiveShadow
      onPointerDown={(e) => {
        const id = modelAt(e);
        if (id && handlers.onModelDown) handlers.onModelDown(id, e);
      }}
      onClick={(e) => {
        const id = modelAt(e);
        if (id && handlers.onModelClick) handlers.onModelClick(id, e);
      }}
      onDoubleClick={(e) => {
        const id = modelAt(e);
        if (id && handlers.onModelDoubleClick) handlers.onModelDoubleClick(id, e);
      }}
      onPointerMove={(e) => {
        e.stopPropagation();
        handlers.onModelHover?.(modelAt(e));
      }}
      onPointerOut={() => handlers.onModelHover?.(undefined)}
    >
      <meshStandardMaterial color={group.color} flatShading roughness={0.8} />
    </instancedMesh>
  );
}

export function Miniatures({
  battlefield,
  colorOf,
  pinned,
  handlers,
  interactive,
}: {
  battlefield: Battlefield;
  colorOf: PartColor;
  pinned: ReadonlySet<string>;
  handlers: ModelPointerHandlers;
  interactive: boolean;
}) {
  const groups = useMemo(() => instanceGroups(battlefield, colorOf, pinned), [battlefield, colorOf, pinned]);
  return (
    <group name="miniatures">
      {groups.map((group) => (
        <InstancedGroup key={`${group.key}#${group.matrices.length}`} group={group} handlers={handlers} interactive={interactive} />
      ))}
    </group>
  );
}
