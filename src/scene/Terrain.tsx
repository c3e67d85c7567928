/**
 * The table and its terrain: solids (ground, buildings, walls…) and the area features drawn over them.
 * Pointer events on the terrain report where on the table, and on which building floor, the pointer is.
 */
import type { ThreeEvent } from "@react-three/fiber";
import { memo, useMemo } from "react";
import type { Battlefield } from "../core/battlefield";
import type { Placement } from "../core/game/events";
import { terrainSolids } from "../core/solids/battlefieldSolids";
import { AreaFeatures } from "./AreaFeatures";
import { TERRAIN_COLORS } from "./palette";
import { SolidMesh } from "./SolidMesh";

/**
 * Where a pointer event on the terrain would stand a model: on the first ground or floor surface under the
 * pointer (a hedge or a wall in front of it is looked past).
 */
export function placementAt(event: ThreeEvent<PointerEvent | MouseEvent>, heading: number): Placement | undefined {
  for (const hit of event.intersections) {
    const { kind, owner, part } = (hit.object.userData ?? {}) as { kind?: string; owner?: string; part?: string };
    const position: [number, number] = [hit.point.x, hit.point.z];
    if (kind === "ground") return { position, heading };
    const level = kind === "building-floor" && part ? Number(part.replace("floor-", "")) : NaN;
    if (owner && Number.isInteger(level)) return { position, heading, floor: { building: owner, level } };
  }
  return undefined;
}

export interface TerrainHandlers {
  onTerrainMove?(event: ThreeEvent<PointerEvent>): void;
  onTerrainClick?(event: ThreeEvent<MouseEvent>): void;
}

export const Terrain = memo(function Terrain({ battlefield, showRoofs, handlers }: { battlefield: Battlefield; showRoofs: boolean; handlers: TerrainHandlers }) {
  // Terrain only changes with the features; models moving must not rebuild it.
  const features = battlefield.scenario.features;
  const solids = useMemo(() => terrainSolids(battlefield), [features]);
  return (
    <group name="terrain" onPointerMove={handlers.onTerrainMove} onClick={handlers.onTerrainClick}>
      {solids
        .filter((s) => showRoofs || s.kind !== "roof")
        .map((solid, i) => (
          <SolidMesh key={`${solid.owner}/${solid.part}/${i}`} solid={solid} color={TERRAIN_COLORS[solid.kind]} name={`${solid.owner}/${solid.part}`} />
        ))}
      <AreaFeatures battlefield={battlefield} />
    </group>
  );
});
