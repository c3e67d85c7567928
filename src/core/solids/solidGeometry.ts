/**
 * Triangles of a solid: for rendering, for the glTF export of the sight world, and for the three-mesh-bvh
 * comparison. Curved shapes use the same tessellation everywhere.
 */
import { BoxGeometry, type BufferGeometry, CylinderGeometry, Matrix4, Quaternion, SphereGeometry, Vector3 } from "three";
import type { Solid, SolidShape } from "./solid";

export const CYLINDER_SEGMENTS = 16;
const SPHERE_SEGMENTS: [number, number] = [12, 8];

export interface Triangles {
  readonly positions: Float32Array;
  readonly indices: Uint32Array;
}

function fromGeometry(geometry: BufferGeometry): Triangles {
  const positions = Float32Array.from(geometry.getAttribute("position").array);
  const index = geometry.getIndex();
  const indices = index ? Uint32Array.from(index.array) : Uint32Array.from({ length: positions.length / 3 }, (_, i) => i);
  geometry.dispose();
  return { positions, indices };
}

/** Triangles of a shape in its own frame. */
export function shapeTriangles(shape: SolidShape): Triangles {
  switch (shape.type) {
    case "box": {
      const [x, y, z] = shape.halfExtents;
      return fromGeometry(new BoxGeometry(2 * x, 2 * y, 2 * z));
    }
    case "cylinder":
      return fromGeometry(new CylinderGeometry(shape.radius, shape.radius, 2 * shape.halfHeight, CYLINDER_SEGMENTS));
    case "ball":
      return fromGeometry(new SphereGeometry(shape.radius, ...SPHERE_SEGMENTS));
    case "ellipsoid":
      return fromGeometry(new SphereGeometry(shape.radius, ...SPHERE_SEGMENTS).scale(1, shape.squash, 1));
    case "trimesh":
    case "convexMesh":
      return { positions: shape.vertices, indices: shape.indices };
  }
}

/** Triangles of a solid placed by its pose (and by an optional parent transform, for model parts). */
export function solidTriangles(solid: Solid, parent?: Matrix4): Triangles {
  const { positions, indices } = shapeTriangles(solid.shape);
  const matrix = new Matrix4().compose(new Vector3(...solid.position), new Quaternion(...solid.rotation), new Vector3(1, 1, 1));
  if (parent) matrix.premultiply(parent);
  const out = new Float32Array(positions.length);
  const v = new Vector3();
  for (let i = 0; i < positions.length; i += 3) {
    v.set(positions[i]!, positions[i + 1]!, positions[i + 2]!).applyMatrix4(matrix);
    out[i] = v.x;
    out[i + 1] = v.y;
    out[i + 2] = v.z;
  }
  return { positions: out, indices };
}

/** Several triangle lists as one, for a mesh per part (in fresh arrays, ready for a glTF buffer). */
export function mergeTriangles(parts: readonly Triangles[]): { positions: Float32Array<ArrayBuffer>; indices: Uint32Array<ArrayBuffer> } {
  const positions = new Float32Array(parts.reduce((n, p) => n + p.positions.length, 0));
  const indices = new Uint32Array(parts.reduce((n, p) => n + p.indices.length, 0));
  let vertexCount = 0;
  let indexCount = 0;
  for (const part of parts) {
    positions.set(part.positions, vertexCount * 3);
    indices.set(
      part.indices.map((i) => i + vertexCount),
      indexCount,
    );
    vertexCount += part.positions.length / 3;
    indexCount += part.indices.length;
  }
  return { positions, indices };
}
