/**
 * Rapier, initialised once, and the one place that turns a Solid's shape into a Rapier collider description.
 */
import RAPIER from "@dimforge/rapier3d-compat";
import { degenerateHull } from "../core/solids/convexPoints";
import type { SolidShape } from "../core/solids/solid";
import { shapeTriangles } from "../core/solids/solidGeometry";

export { RAPIER };

let ready: Promise<void> | undefined;

/** Loads Rapier's WebAssembly; safe to call many times. */
export function initRapier(): Promise<void> {
  ready ??= RAPIER.init();
  return ready;
}

/** Rapier memory one model's colliders take, measured on the default battlefield's figures and vehicles. */
const BYTES_PER_MODEL = 32 * 1024;
let reservedModels = 0;

/**
 * Grows Rapier's WebAssembly memory once for a world of this many models. Left to itself Rapier grows it in
 * small steps, and V8 answers each step with a full garbage collection whose cost grows with the world: that
 * made building a world quadratic (5,000 models: 8 s of CPU instead of 1.8 s). Memory is never given back and
 * freed worlds leave it fragmented, so a world larger than all reserved so far reserves its whole size again:
 * at most about twice the largest world's memory, in few steps.
 */
export function reserveForModels(models: number): void {
  if (models <= reservedModels) return;
  RAPIER.reserveMemory(models * BYTES_PER_MODEL);
  reservedModels += models;
}

/**
 * An ellipsoid's tessellation as a closed convex mesh: shared vertices, no degenerate pole triangles. Rapier
 * takes a convex mesh as it is, where a convex hull of the points costs ~1 ms per collider (most of building a
 * world of thousands of figures), so it is made once per shape and reused.
 */
const ellipsoidMeshes = new Map<string, { vertices: Float32Array; indices: Uint32Array }>();

function ellipsoidMesh(shape: Extract<SolidShape, { type: "ellipsoid" }>): { vertices: Float32Array; indices: Uint32Array } {
  const key = `${shape.radius}:${shape.squash}`;
  const cached = ellipsoidMeshes.get(key);
  if (cached) return cached;
  const { positions, indices } = shapeTriangles(shape);
  const byPoint = new Map<string, number>();
  const vertices: number[] = [];
  const remap: number[] = [];
  for (let i = 0; i < positions.length; i += 3) {
    // Rounded (and -0 made 0) so the seam's and the poles' copies of a vertex become one.
    const point = [positions[i]!, positions[i + 1]!, positions[i + 2]!];
    const id = point.map((x) => Math.round(x * 1e5) + 0).join(",");
    if (!byPoint.has(id)) byPoint.set(id, (vertices.push(...point), vertices.length / 3 - 1));
    remap.push(byPoint.get(id)!);
  }
  const triangles: number[] = [];
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [remap[indices[t]!]!, remap[indices[t + 1]!]!, remap[indices[t + 2]!]!];
    if (a !== b && b !== c && a !== c) triangles.push(a, b, c);
  }
  const mesh = { vertices: Float32Array.from(vertices), indices: Uint32Array.from(triangles) };
  ellipsoidMeshes.set(key, mesh);
  return mesh;
}

export function colliderDesc(shape: SolidShape): RAPIER.ColliderDesc {
  switch (shape.type) {
    case "box":
      return RAPIER.ColliderDesc.cuboid(...shape.halfExtents);
    case "cylinder":
      return RAPIER.ColliderDesc.cylinder(shape.halfHeight, shape.radius);
    case "ball":
      return RAPIER.ColliderDesc.ball(shape.radius);
    case "ellipsoid": {
      const { vertices, indices } = ellipsoidMesh(shape);
      const mesh = RAPIER.ColliderDesc.convexMesh(vertices, indices);
      if (!mesh) throw new Error(`could not build the convex mesh of an ellipsoid (radius ${shape.radius} cm, squash ${shape.squash})`);
      return mesh;
    }
    case "trimesh":
      return RAPIER.ColliderDesc.trimesh(shape.vertices, shape.indices);
    case "convexMesh": {
      // The hull of the points: a hand-edited file whose triangles are not quite convex still gets a collider.
      // Rapier makes a description of a hull it cannot build and fails only on adding it, in its own words:
      // the validator's measure says why first.
      const degenerate = degenerateHull(shape.vertices);
      if (degenerate) throw new Error(`could not build a convex part of ${shape.vertices.length / 3} points: ${degenerate}`);
      const hull = RAPIER.ColliderDesc.convexHull(shape.vertices);
      if (!hull) throw new Error(`could not build the convex hull of ${shape.vertices.length / 3} points (all in one plane?)`);
      return hull;
    }
  }
}
