/** The tabletop: terrain solids, flat area features and the miniatures, lit and orbitable. */
import { OrbitControls } from "@react-three/drei";
import { Canvas } from "@react-three/fiber";
import { useMemo } from "react";
import type { Battlefield } from "../core/battlefield";
import { modelWorldSolids, terrainSolids } from "../core/solids/battlefieldSolids";
import { AreaFeatures } from "./AreaFeatures";
import { TERRAIN_COLORS, sideColor } from "./palette";
import { SolidMesh } from "./SolidMesh";

export function BattlefieldScene({ battlefield }: { battlefield: Battlefield }) {
  const { width, depth } = battlefield.scenario.table;
  const terrain = useMemo(() => terrainSolids(battlefield), [battlefield]);
  const sides = useMemo(() => battlefield.scenario.forces.map((f) => f.side), [battlefield]);
  const models = useMemo(
    () => [...battlefield.models.values()].map((entry) => ({ entry, solids: modelWorldSolids(battlefield, entry) })),
    [battlefield],
  );
  return (
    <Canvas shadows camera={{ position: [width / 2, 110, depth + 70], fov: 45, near: 1, far: 2000 }} gl={{ preserveDrawingBuffer: true }}>
      <color attach="background" args={["#20242a"]} />
      <hemisphereLight args={["#dfe8f5", "#4a4030", 0.9]} />
      <directionalLight position={[width * 0.2, 160, -40]} intensity={1.6} castShadow shadow-mapSize={[2048, 2048]}>
        <orthographicCamera attach="shadow-camera" args={[-130, 130, 130, -130, 1, 500]} />
      </directionalLight>
      {terrain.map((solid, i) => (
        <SolidMesh key={`${solid.owner}/${solid.part}/${i}`} solid={solid} color={TERRAIN_COLORS[solid.kind]} />
      ))}
      <AreaFeatures battlefield={battlefield} />
      {models.map(({ entry, solids }) =>
        solids.map((solid, i) => (
          <SolidMesh key={`${entry.model.id}/${i}`} solid={solid} color={solid.part === "base" ? "#3a3a30" : sideColor(sides, entry.side)} />
        )),
      )}
      <OrbitControls target={[width / 2, 0, depth / 2]} maxPolarAngle={Math.PI / 2.05} makeDefault />
    </Canvas>
  );
}
