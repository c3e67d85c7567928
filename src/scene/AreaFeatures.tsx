/**
 * Features that stop no sight line but matter to players, laid on the ground as wargamers' terrain mats
 * are: crop fields (and the see-through volume of their height), roads, rivers and streams, ponds, rough
 * ground, trenches, foxholes and craters. Woods and smoke have their own components.
 */
import { useMemo } from "react";
import { type BufferGeometry, ExtrudeGeometry, Shape } from "three";
import type { Battlefield } from "../core/battlefield";
import type { Vec2 } from "../core/geometry2d";
import type { Feature } from "../core/scenario/schema";
import { discDecal, outlineDecal, pathStrip } from "./tableGeometry";
import { type TableLook, tableMaterial } from "./tableMaterial";
import { useTerrainMemo } from "./useTerrainMemo";

/** A prism over an outline in the x–z plane, from y0 to y1 (Shape works in x–y, so z is mirrored in). */
function prism(outline: readonly Vec2[], y0: number, y1: number): BufferGeometry {
  const shape = new Shape(outline.map(([x, z]) => ({ x, y: -z }) as never));
  const geometry = new ExtrudeGeometry(shape, { depth: y1 - y0, bevelEnabled: false });
  geometry.rotateX(-Math.PI / 2);
  geometry.translate(0, y0, 0);
  return geometry;
}

interface Piece {
  readonly key: string;
  readonly geometry: BufferGeometry;
  readonly look: TableLook;
}

/** Heights over the ground, so overlapping pieces (a road over a stream, a crater on a road) never flicker. */
const LIFT = { field: 0.04, water: 0.06, road: 0.08, crater: 0.1 } as const;

function pieces(f: Feature, battlefield: Battlefield): Piece[] {
  const ground = battlefield.ground;
  const decorative = "decorative" in f && f.decorative === true;
  const piece = (part: string, geometry: BufferGeometry, look: Omit<TableLook, "decorative">): Piece => ({
    key: `${f.id}/${part}`,
    geometry,
    look: { ...look, decorative },
  });
  switch (f.kind) {
    case "crops": {
      const top = Math.max(...f.outline.map((p) => ground.heightAt(p))) + f.height;
      return [
        piece("field", outlineDecal(f.outline, ground, LIFT.field), { pattern: "crops", color: "#c8ae55" }),
        piece("volume", prism(f.outline, LIFT.field, top), { pattern: "crops", color: "#d8c068", opacity: 0.3 }),
      ];
    }
    case "rough":
      return [piece("ground", outlineDecal(f.outline, ground, LIFT.field), { pattern: "rough", color: "#7a6a48" })];
    case "pond":
      return [piece("water", outlineDecal(f.outline, ground, LIFT.water, 0.5), { pattern: "water", color: "#3d6a86", roughness: 0.25 })];
    case "road":
      return [piece("road", pathStrip(f.path, f.width, ground, LIFT.road), { pattern: "road", color: "#9a8463" })];
    case "river":
    case "stream":
      return [piece("water", pathStrip(f.path, f.width, ground, LIFT.water), { pattern: "water", color: "#3d6a86", roughness: 0.25 })];
    case "trench":
      return [piece("trench", pathStrip(f.path, f.width, ground, LIFT.crater), { pattern: "road", color: "#4e3d2b" })];
    case "foxhole":
    case "crater":
      return [piece("hole", discDecal(f.at, f.radius, ground, LIFT.crater), { pattern: "crater", color: "#4a3d2e" })];
    default:
      return [];
  }
}

function PieceMesh({ piece }: { piece: Piece }) {
  const material = useMemo(() => tableMaterial(piece.look), [piece.look]);
  // The pointer passes through them to the ground.
  return <mesh geometry={piece.geometry} material={material} receiveShadow raycast={() => null} name={piece.key} />;
}

export function AreaFeatures({ battlefield }: { battlefield: Battlefield }) {
  const items = useTerrainMemo(battlefield, (b) => b.scenario.features.flatMap((f) => pieces(f, b)));
  return (
    <group name="area-features">
      {items.map((piece) => (
        <PieceMesh key={piece.key} piece={piece} />
      ))}
    </group>
  );
}
