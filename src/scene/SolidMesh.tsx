/**
 * Terrain solids drawn with the same triangles the sight engine collides with, several solids of one
 * feature (a wall's pieces and joints) merged into one mesh so the table stays a few dozen draw calls.
 */
import { useMemo } from "react";
import { BufferAttribute, type BufferGeometry, Plane, Vector3 } from "three";
import type { Solid } from "../core/solids/solid";
import { mergeTriangles, solidTriangles } from "../core/solids/solidGeometry";
import type { Ground } from "../core/terrain";
import { toBufferGeometry } from "./geometry";
import { type TableLook, tableMaterial } from "./tableMaterial";

/**
 * The solids as one flat-shaded geometry; uv.y is each point's height above the ground over `height` (a
 * bocage's bank is the lower part of it).
 */
function mergedGeometry(solids: readonly Solid[], ground: Ground, height: number): BufferGeometry {
  const geometry = toBufferGeometry(mergeTriangles(solids.map((s) => solidTriangles(s))));
  const positions = geometry.getAttribute("position");
  const uv = new Float32Array(positions.count * 2);
  for (let i = 0; i < positions.count; i++) uv[i * 2 + 1] = (positions.getY(i) - ground.heightAt([positions.getX(i), positions.getZ(i)])) / height;
  geometry.setAttribute("uv", new BufferAttribute(uv, 2));
  return geometry;
}

/** `clipAbove`: nothing of the solids is drawn above this height (a building edited floor by floor). */
export function SolidMesh({
  solids,
  look,
  ground,
  height = 1,
  clipAbove,
}: {
  solids: readonly Solid[];
  look: TableLook;
  ground: Ground;
  height?: number;
  clipAbove?: number;
}) {
  const geometry = useMemo(() => mergedGeometry(solids, ground, height), [solids, ground, height]);
  // A look is a few plain values: compared by them, a look made afresh each render keeps its material.
  const lookKey = JSON.stringify(look);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the look is compared by its values (lookKey)
  const material = useMemo(
    () => tableMaterial({ ...look, ...(clipAbove !== undefined && { clipping: [new Plane(new Vector3(0, -1, 0), clipAbove)] }) }),
    [lookKey, clipAbove],
  );
  const { owner, part, kind } = solids[0]!;
  return <mesh geometry={geometry} material={material} castShadow receiveShadow name={`${owner}/${kind}`} userData={{ owner, part, kind }} />;
}
