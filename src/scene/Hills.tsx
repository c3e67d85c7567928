/**
 * The hills: the sight engine's own ground mesh (one source of truth), smooth-shaded, tinted by height with
 * faint contours (shaders/tabletop.frag.glsl), and each crest drawn as a pale line where the ground stops
 * rising, traced by the editor's crest tracer.
 */
import { useMemo } from "react";
import { BufferAttribute, BufferGeometry } from "three";
import { crestSegments } from "../core/edit/crest";
import { scale2, sub2 } from "../core/geometry2d";
import type { Hill } from "../core/scenario/schema";
import type { Solid } from "../core/solids/solid";
import { tableMaterial } from "./tableMaterial";

/** Grid of the crest tracer, cm: fine enough for a line drawn 0.44 cm wide, coarse enough to trace fast. */
const CREST_STEP = 1;
/** Half the width of a drawn crest line, cm. */
const CREST_HALF_WIDTH = 0.22;

/**
 * The hill mesh with normals averaged over neighbouring cells (no facets), and straight up at the foot so
 * the hill meets the table without a seam of different shading.
 */
function smoothHillGeometry(solid: Solid): BufferGeometry {
  if (solid.shape.type !== "trimesh") throw new Error(`the hills are a triangle mesh, not a ${solid.shape.type}`);
  const geometry = new BufferGeometry();
  geometry.setAttribute("position", new BufferAttribute(solid.shape.vertices, 3));
  geometry.setIndex(new BufferAttribute(solid.shape.indices, 1));
  geometry.computeVertexNormals();
  const normals = geometry.getAttribute("normal");
  const vertices = solid.shape.vertices;
  for (let i = 0; i < normals.count; i++) if (vertices[i * 3 + 1] === 0) normals.setXYZ(i, 0, 1, 0);
  return geometry;
}

/** Each crest as a thin ribbon at its hill's height; where a higher hill covers it, the ground hides it. */
function crestGeometry(hills: readonly Hill[]): BufferGeometry {
  const positions: number[] = [];
  for (const hill of hills) {
    const y = hill.height + 0.03;
    for (const [a, b] of crestSegments(hill, CREST_STEP)) {
      const d = sub2(b, a);
      const l = Math.hypot(d[0], d[1]) || 1;
      const [nx, nz] = scale2([-d[1] / l, d[0] / l], CREST_HALF_WIDTH);
      const q = [a[0] + nx, a[1] + nz, a[0] - nx, a[1] - nz, b[0] + nx, b[1] + nz, b[0] - nx, b[1] - nz];
      // Both windings: the ribbon is seen from above whichever way the tracer ran.
      for (const k of [0, 1, 2, 1, 3, 2, 0, 2, 1, 1, 2, 3]) positions.push(q[2 * k]!, y, q[2 * k + 1]!);
    }
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute("position", new BufferAttribute(new Float32Array(positions), 3));
  geometry.setAttribute(
    "normal",
    new BufferAttribute(
      new Float32Array(positions.length).map((_, i) => (i % 3 === 1 ? 1 : 0)),
      3,
    ),
  );
  return geometry;
}

export function Hills({ solid, hills }: { solid: Solid; hills: readonly Hill[] }) {
  const geometry = useMemo(() => smoothHillGeometry(solid), [solid]);
  const crest = useMemo(() => crestGeometry(hills), [hills]);
  const topHeight = Math.max(...hills.map((h) => h.height));
  const material = useMemo(() => tableMaterial({ pattern: "hill", color: "#7f8f4e", topHeight }), [topHeight]);
  const crestMaterial = useMemo(() => tableMaterial({ pattern: "plain", color: "#ddd19c", depthOffset: -2 }), []);
  return (
    <>
      <mesh
        geometry={geometry}
        material={material}
        receiveShadow
        castShadow
        name="table/hills"
        userData={{ owner: solid.owner, part: solid.part, kind: solid.kind }}
      />
      <mesh geometry={crest} material={crestMaterial} receiveShadow raycast={() => null} name="hill-crests" />
    </>
  );
}
