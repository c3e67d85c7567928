/**
 * The table and its terrain: solids (ground, buildings, walls…) and the area features drawn over them.
 * Pointer events on the terrain are reported to the tools (useToolPointer); each surface is tagged with its owner.
 */
import { memo, useMemo } from "react";
import { type Battlefield, floorCutHeight } from "../core/battlefield";
import type { Feature, Hill } from "../core/scenario/schema";
import { decorativeSolids, terrainSolids } from "../core/solids/battlefieldSolids";
import type { Solid } from "../core/solids/solid";
import { AreaFeatures } from "./AreaFeatures";
import { Hills } from "./Hills";
import { solidLook } from "./palette";
import { SmokeClouds } from "./SmokeClouds";
import { SolidMesh } from "./SolidMesh";
import { useTerrainMemo } from "./useTerrainMemo";
import type { PointerReports } from "./useToolPointer";
import { Woods } from "./Woods";

/**
 * Heights above which each building edited floor by floor is not drawn: just under the floor above the one
 * shown, so the player looks into that storey from above.
 */
function floorCuts(battlefield: Battlefield, floorShown: Readonly<Record<string, number>>): Map<string, { level: number; y: number }> {
  const cuts = new Map<string, { level: number; y: number }>();
  for (const [id, level] of Object.entries(floorShown)) {
    const building = battlefield.buildings.get(id);
    if (!building || level >= building.floors - 1) continue;
    cuts.set(id, { level, y: floorCutHeight(battlefield, building, level) });
  }
  return cuts;
}

/** Whether a solid shows under the cut: floors above the shown one and the roof do not. */
function shownUnder(solid: Solid, cut: { level: number } | undefined): boolean {
  if (!cut) return true;
  if (solid.kind === "roof") return false;
  return solid.kind !== "building-floor" || Number(solid.part.replace("floor-", "")) <= cut.level;
}

/** Solids drawn as one mesh: one feature's solids of one kind (each building floor apart, for placement). */
interface SolidGroup {
  readonly key: string;
  readonly solids: Solid[];
  readonly feature: Feature | undefined;
}

function groupSolids(solids: readonly Solid[], features: ReadonlyMap<string, Feature>): SolidGroup[] {
  const groups = new Map<string, SolidGroup>();
  for (const solid of solids) {
    const key = `${solid.owner}/${solid.kind}${solid.kind === "building-floor" ? `/${solid.part}` : ""}`;
    const group = groups.get(key);
    if (group) group.solids.push(solid);
    else groups.set(key, { key, solids: [solid], feature: features.get(solid.owner) });
  }
  return [...groups.values()];
}

export const Terrain = memo(function Terrain({
  battlefield,
  showRoofs,
  floorShown,
  pointer,
}: {
  battlefield: Battlefield;
  showRoofs: boolean;
  floorShown: Readonly<Record<string, number>>;
  pointer: PointerReports;
}) {
  const solids = useTerrainMemo(battlefield, (b) => [...terrainSolids(b), ...decorativeSolids(b)]);
  const hills = useTerrainMemo(battlefield, (b) => b.scenario.features.filter((f): f is Hill => f.kind === "hill"));
  const cuts = useTerrainMemo(battlefield, (b) => floorCuts(b, floorShown), [floorShown]);
  const features = battlefield.scenario.features;
  const groups = useMemo(() => {
    const byId = new Map(features.map((f) => [f.id, f]));
    const shown = solids.filter((s) => s.kind !== "ground" && (showRoofs || s.kind !== "roof") && shownUnder(s, cuts.get(s.owner)));
    return groupSolids(shown, byId);
  }, [features, solids, showRoofs, cuts]);
  const tableTop = solids.find((s) => s.kind === "ground" && s.part === "top")!;
  const hillMesh = solids.find((s) => s.kind === "ground" && s.part === "hills");
  return (
    <group name="terrain" onPointerMove={pointer.move} onClick={pointer.click}>
      <TableTop solid={tableTop} ground={battlefield.ground} />
      {hillMesh && <Hills solid={hillMesh} hills={hills} />}
      {groups.map(({ key, solids: parts, feature }) => (
        <SolidMesh
          key={key}
          solids={parts}
          look={solidLook(parts[0]!.kind, feature)}
          ground={battlefield.ground}
          height={feature && "height" in feature ? feature.height : 1}
          clipAbove={cuts.get(parts[0]!.owner)?.y}
        />
      ))}
      <AreaFeatures battlefield={battlefield} />
      <Woods battlefield={battlefield} />
      <SmokeClouds battlefield={battlefield} />
    </group>
  );
});

/** The flocked table top; pushed back in depth so the hills' feet and the decals win where they touch it. */
function TableTop({ solid, ground }: { solid: Solid; ground: Battlefield["ground"] }) {
  const look = useMemo(() => ({ ...solidLook("ground", undefined), depthOffset: 4 }), []);
  return <SolidMesh solids={[solid]} look={look} ground={ground} />;
}
