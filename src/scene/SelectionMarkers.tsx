/**
 * Rings under the selected and hovered models, and the unit's coherency: each selected model linked to its
 * nearest unit-mate, green within the coherency distance, red beyond it.
 */
import { Line } from "@react-three/drei";
import { useMemo } from "react";
import { type Battlefield, modelFootprint, modelPose } from "../core/battlefield";
import { footprintBounds, footprintDistance } from "../core/footprint";

/** Operation WW2's infantry coherency (§4.2); rule systems will supply their own. */
const COHERENCY_CM = 10;

function Ring({ battlefield, id, color }: { battlefield: Battlefield; id: string; color: string }) {
  const entry = battlefield.models.get(id);
  if (!entry) return null;
  const pose = modelPose(battlefield, entry.model, entry.def);
  const [minX, minZ, maxX, maxZ] = footprintBounds(modelFootprint(entry.def, entry.model));
  const radius = Math.max(maxX - minX, maxZ - minZ) / 2 + 0.5;
  return (
    <mesh position={[pose.x, pose.y + 0.08, pose.z]} rotation-x={-Math.PI / 2} raycast={() => null}>
      <ringGeometry args={[radius, radius + 0.35, 40]} />
      <meshBasicMaterial color={color} transparent opacity={0.9} depthWrite={false} />
    </mesh>
  );
}

export function SelectionMarkers({ battlefield, selection, hovered }: { battlefield: Battlefield; selection: readonly string[]; hovered?: string }) {
  const links = useMemo(() => {
    return selection.flatMap((id) => {
      const entry = battlefield.models.get(id);
      if (!entry) return [];
      const fp = modelFootprint(entry.def, entry.model);
      let best: { id: string; distance: number } | undefined;
      for (const other of battlefield.models.values()) {
        if (other === entry || other.unitId !== entry.unitId) continue;
        const distance = footprintDistance(fp, modelFootprint(other.def, other.model));
        if (!best || distance < best.distance) best = { id: other.model.id, distance };
      }
      if (!best) return [];
      const a = modelPose(battlefield, entry.model, entry.def);
      const bEntry = battlefield.models.get(best.id)!;
      const b = modelPose(battlefield, bEntry.model, bEntry.def);
      return [
        {
          key: `${id}-${best.id}`,
          points: [
            [a.x, a.y + 0.15, a.z],
            [b.x, b.y + 0.15, b.z],
          ] as [number, number, number][],
          ok: best.distance <= COHERENCY_CM,
        },
      ];
    });
  }, [battlefield, selection]);
  return (
    <group name="selection">
      {selection.map((id) => (
        <Ring key={id} battlefield={battlefield} id={id} color="#ffd34d" />
      ))}
      {hovered && !selection.includes(hovered) && <Ring battlefield={battlefield} id={hovered} color="#ffffff" />}
      {links.map((l) => (
        <Line key={l.key} points={l.points} color={l.ok ? "#7bd36b" : "#e5533d"} lineWidth={2} dashed={!l.ok} dashSize={0.6} gapSize={0.4} />
      ))}
    </group>
  );
}
