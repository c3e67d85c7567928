/**
 * Woods as wargamers build them: a base of woodland floor and trees on it. The trees of every wood share
 * one instanced mesh per shape (three draw calls however many woods), placed by src/scene/scatter.ts.
 */
import { useLayoutEffect, useMemo, useRef } from "react";
import {
  BufferAttribute,
  type BufferGeometry,
  Color,
  ConeGeometry,
  CylinderGeometry,
  IcosahedronGeometry,
  type InstancedMesh,
  Matrix4,
  Quaternion,
  Vector3,
} from "three";
import { mergeGeometries } from "three/examples/jsm/utils/BufferGeometryUtils.js";
import type { Battlefield } from "../core/battlefield";
import type { AreaFeature } from "../core/scenario/schema";
import { CANOPY_RATIO, scatterTrees, TREE_SHAPES, type Tree, type TreeShape } from "./scatter";
import { outlineDecal } from "./tableGeometry";
import { tableMaterial } from "./tableMaterial";
import { useTerrainMemo } from "./useTerrainMemo";

const TRUNK = new Color("#5a4330");
const LEAVES: Record<TreeShape, Color> = { conifer: new Color("#2c4a2a"), broadleaf: new Color("#4a6b2c"), poplar: new Color("#5c7a34") };
/** Decorative woods' trees are washed out towards this. */
const PALE = new Color("#eeeadc");

function coloured(geometry: BufferGeometry, color: Color): BufferGeometry {
  const flat = geometry.index ? geometry.toNonIndexed() : geometry;
  const count = flat.getAttribute("position").count;
  flat.setAttribute("color", new BufferAttribute(new Float32Array(Array.from({ length: count }, () => [color.r, color.g, color.b]).flat()), 3));
  flat.deleteAttribute("uv");
  return flat;
}

/** A tree one unit tall, its foot at the origin; no part reaches wider than CANOPY_RATIO of its height. */
export function treeGeometry(shape: TreeShape): BufferGeometry {
  const r = CANOPY_RATIO[shape];
  const trunk = (radius: number, height: number) => coloured(new CylinderGeometry(radius * 0.8, radius, height, 6).translate(0, height / 2, 0), TRUNK);
  const leaves = (g: BufferGeometry) => coloured(g, LEAVES[shape]);
  const parts =
    shape === "conifer"
      ? [trunk(0.04, 0.2), leaves(new ConeGeometry(r, 0.55, 7).translate(0, 0.425, 0)), leaves(new ConeGeometry(r * 0.72, 0.45, 7).translate(0, 0.775, 0))]
      : shape === "broadleaf"
        ? [trunk(0.05, 0.45), leaves(new IcosahedronGeometry(r, 1).scale(1, 0.8, 1).translate(0, 1 - r * 0.8, 0))]
        : [trunk(0.035, 0.3), leaves(new IcosahedronGeometry(1, 1).scale(r, 0.42, r).translate(0, 0.58, 0))];
  const merged = mergeGeometries(parts)!;
  merged.computeVertexNormals();
  return merged;
}

function TreeInstances({ shape, trees }: { shape: TreeShape; trees: ReadonlyArray<Tree & { decorative: boolean }> }) {
  const mesh = useRef<InstancedMesh>(null);
  const geometry = useMemo(() => treeGeometry(shape), [shape]);
  useLayoutEffect(() => {
    const m = mesh.current;
    if (!m) return;
    const matrix = new Matrix4();
    const color = new Color();
    trees.forEach((t, i) => {
      matrix.compose(
        new Vector3(t.at[0], t.base, t.at[1]),
        new Quaternion().setFromAxisAngle(new Vector3(0, 1, 0), t.turn),
        new Vector3(t.height, t.height, t.height),
      );
      m.setMatrixAt(i, matrix);
      color.setScalar(0.8 + 0.4 * t.shade);
      if (t.decorative) color.lerp(PALE, 0.55);
      m.setColorAt(i, color);
    });
    m.instanceMatrix.needsUpdate = true;
    if (m.instanceColor) m.instanceColor.needsUpdate = true;
    m.computeBoundingSphere();
  }, [trees]);
  return (
    <instancedMesh ref={mesh} args={[geometry, undefined, trees.length]} castShadow receiveShadow raycast={() => null} name={`trees-${shape}`}>
      <meshStandardMaterial vertexColors flatShading roughness={0.95} />
    </instancedMesh>
  );
}

function WoodsBase({ wood, battlefield }: { wood: AreaFeature; battlefield: Battlefield }) {
  const geometry = useMemo(() => outlineDecal(wood.outline, battlefield.ground, 0.06), [wood, battlefield.ground]);
  const material = useMemo(() => tableMaterial({ pattern: "woodland", color: "#55603a", decorative: wood.decorative }), [wood.decorative]);
  return <mesh geometry={geometry} material={material} receiveShadow raycast={() => null} name={`${wood.id}/base`} />;
}

export function Woods({ battlefield }: { battlefield: Battlefield }) {
  const woods = useTerrainMemo(battlefield, (b) => b.scenario.features.filter((f): f is AreaFeature => f.kind === "woods"));
  const byShape = useTerrainMemo(battlefield, ({ ground }) => {
    const trees = woods.flatMap((w) => scatterTrees(w, ground).map((t) => ({ ...t, decorative: w.decorative === true })));
    return TREE_SHAPES.map((shape) => ({ shape, trees: trees.filter((t) => t.shape === shape) })).filter((g) => g.trees.length > 0);
  });
  return (
    <group name="woods">
      {woods.map((w) => (
        <WoodsBase key={w.id} wood={w} battlefield={battlefield} />
      ))}
      {byShape.map(({ shape, trees }) => (
        <TreeInstances key={`${shape}#${trees.length}`} shape={shape} trees={trees} />
      ))}
    </group>
  );
}
