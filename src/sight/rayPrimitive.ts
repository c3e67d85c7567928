/**
 * Exact ray tests against one primitive solid, in plain JavaScript. The silhouette sampler calls this
 * tens of thousands of times per matrix; staying out of WebAssembly for it makes it ~10× cheaper than
 * asking Rapier collider by collider. Only model-part shapes (box, cylinder, ball, ellipsoid, and an imported
 * miniature's convex or triangle meshes) are needed.
 */
import type { Solid, Vec3 } from "../core/solids/solid";

export interface PreparedSolid {
  readonly solid: Solid;
  /** Rows of the world→local rotation (the transpose of the solid's rotation). */
  readonly m: Float64Array;
  readonly p: Vec3;
  /** Corners of the local bounding box, in world space (for the silhouette's bounds). */
  readonly corners: Vec3[];
}

export function prepareSolid(solid: Solid): PreparedSolid {
  const [x, y, z, w] = solid.rotation;
  // Rotation matrix R (local→world), stored transposed so m·v is world→local.
  const r = [
    1 - 2 * (y * y + z * z),
    2 * (x * y - z * w),
    2 * (x * z + y * w),
    2 * (x * y + z * w),
    1 - 2 * (x * x + z * z),
    2 * (y * z - x * w),
    2 * (x * z - y * w),
    2 * (y * z + x * w),
    1 - 2 * (x * x + y * y),
  ];
  const m = Float64Array.from([r[0]!, r[3]!, r[6]!, r[1]!, r[4]!, r[7]!, r[2]!, r[5]!, r[8]!]);
  const [hx, hy, hz] = halfBounds(solid);
  const corners: Vec3[] = [];
  for (const sx of [-1, 1])
    for (const sy of [-1, 1])
      for (const sz of [-1, 1]) {
        const lx = sx * hx,
          ly = sy * hy,
          lz = sz * hz;
        corners.push([
          solid.position[0] + r[0]! * lx + r[1]! * ly + r[2]! * lz,
          solid.position[1] + r[3]! * lx + r[4]! * ly + r[5]! * lz,
          solid.position[2] + r[6]! * lx + r[7]! * ly + r[8]! * lz,
        ]);
      }
  return { solid, m, p: solid.position, corners };
}

function halfBounds(solid: Solid): Vec3 {
  const s = solid.shape;
  switch (s.type) {
    case "box":
      return s.halfExtents;
    case "cylinder":
      return [s.radius, s.halfHeight, s.radius];
    case "ball":
      return [s.radius, s.radius, s.radius];
    case "ellipsoid":
      return [s.radius, s.radius * s.squash, s.radius];
    case "convexMesh":
    case "trimesh": {
      // Symmetric about the solid's origin, as the corners are taken: the largest reach along each axis.
      const h = [0, 0, 0];
      for (let i = 0; i < s.vertices.length; i++) h[i % 3] = Math.max(h[i % 3]!, Math.abs(s.vertices[i]!));
      return [h[0]!, h[1]!, h[2]!];
    }
  }
}

/** Distance along the unit ray (o, d) to the solid's surface; 0 when o is inside; Infinity on a miss. */
export function rayDistanceToSolid(ps: PreparedSolid, o: Vec3, d: Vec3): number {
  const { m, p } = ps;
  const wx = o[0] - p[0],
    wy = o[1] - p[1],
    wz = o[2] - p[2];
  const ox = m[0]! * wx + m[1]! * wy + m[2]! * wz;
  const oy = m[3]! * wx + m[4]! * wy + m[5]! * wz;
  const oz = m[6]! * wx + m[7]! * wy + m[8]! * wz;
  const dx = m[0]! * d[0] + m[1]! * d[1] + m[2]! * d[2];
  const dy = m[3]! * d[0] + m[4]! * d[1] + m[5]! * d[2];
  const dz = m[6]! * d[0] + m[7]! * d[1] + m[8]! * d[2];
  const s = ps.solid.shape;
  switch (s.type) {
    case "box":
      return rayBox(ox, oy, oz, dx, dy, dz, s.halfExtents);
    case "cylinder":
      return rayCylinder(ox, oy, oz, dx, dy, dz, s.radius, s.halfHeight);
    case "ball":
      return raySphere(ox, oy, oz, dx, dy, dz, s.radius);
    case "ellipsoid":
      return raySphere(ox, oy / s.squash, oz, dx, dy / s.squash, dz, s.radius);
    case "convexMesh":
      return rayConvex(ox, oy, oz, dx, dy, dz, convexPlanes(s.vertices, s.indices));
    case "trimesh":
      return rayTriangles(ox, oy, oz, dx, dy, dz, s.vertices, s.indices);
    default:
      return Infinity;
  }
}

/** Slab test on one axis, narrowing [lo, hi]; unrolled per axis so a cast allocates nothing. */
function slab(o: number, d: number, h: number, range: { lo: number; hi: number }): boolean {
  if (Math.abs(d) < 1e-12) return o >= -h && o <= h;
  let t1 = (-h - o) / d;
  let t2 = (h - o) / d;
  if (t1 > t2) [t1, t2] = [t2, t1];
  if (t1 > range.lo) range.lo = t1;
  if (t2 < range.hi) range.hi = t2;
  return range.lo <= range.hi;
}

const boxRange = { lo: -Infinity, hi: Infinity };

function rayBox(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, h: Vec3): number {
  boxRange.lo = -Infinity;
  boxRange.hi = Infinity;
  if (!slab(ox, dx, h[0], boxRange) || !slab(oy, dy, h[1], boxRange) || !slab(oz, dz, h[2], boxRange)) return Infinity;
  if (boxRange.hi < 0) return Infinity;
  return Math.max(boxRange.lo, 0);
}

function rayCylinder(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, r: number, h: number): number {
  if (ox * ox + oz * oz <= r * r && Math.abs(oy) <= h) return 0;
  let best = Infinity;
  const a = dx * dx + dz * dz;
  if (a > 1e-12) {
    const b = 2 * (ox * dx + oz * dz);
    const c = ox * ox + oz * oz - r * r;
    const disc = b * b - 4 * a * c;
    if (disc >= 0) {
      const t = (-b - Math.sqrt(disc)) / (2 * a);
      if (t >= 0 && Math.abs(oy + t * dy) <= h) best = t;
    }
  }
  if (Math.abs(dy) > 1e-12) {
    for (const cap of [-h, h]) {
      const t = (cap - oy) / dy;
      if (t >= 0 && t < best) {
        const x = ox + t * dx,
          z = oz + t * dz;
        if (x * x + z * z <= r * r) best = t;
      }
    }
  }
  return best;
}

function raySphere(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, r: number): number {
  const a = dx * dx + dy * dy + dz * dz;
  const b = 2 * (ox * dx + oy * dy + oz * dz);
  const c = ox * ox + oy * oy + oz * oz - r * r;
  if (c <= 0) return 0;
  const disc = b * b - 4 * a * c;
  if (disc < 0) return Infinity;
  const t = (-b - Math.sqrt(disc)) / (2 * a);
  return t >= 0 ? t : Infinity;
}

/** Face planes (unit normal n, offset w: n·x ≤ w inside) of a convex mesh, made once per mesh. */
const planeCache = new WeakMap<Float32Array, Float64Array>();

function convexPlanes(vertices: Float32Array, indices: Uint32Array): Float64Array {
  const cached = planeCache.get(vertices);
  if (cached) return cached;
  // Normals point away from the centroid, so the triangles' winding does not matter.
  let cx = 0,
    cy = 0,
    cz = 0;
  const n = vertices.length / 3;
  for (let i = 0; i < vertices.length; i += 3) (cx += vertices[i]!), (cy += vertices[i + 1]!), (cz += vertices[i + 2]!);
  (cx /= n), (cy /= n), (cz /= n);
  const planes: number[] = [];
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]! * 3,
      b = indices[t + 1]! * 3,
      c = indices[t + 2]! * 3;
    const ux = vertices[b]! - vertices[a]!,
      uy = vertices[b + 1]! - vertices[a + 1]!,
      uz = vertices[b + 2]! - vertices[a + 2]!;
    const vx = vertices[c]! - vertices[a]!,
      vy = vertices[c + 1]! - vertices[a + 1]!,
      vz = vertices[c + 2]! - vertices[a + 2]!;
    let nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx;
    const length = Math.hypot(nx, ny, nz);
    if (length < 1e-12) continue;
    (nx /= length), (ny /= length), (nz /= length);
    let w = nx * vertices[a]! + ny * vertices[a + 1]! + nz * vertices[a + 2]!;
    if (nx * cx + ny * cy + nz * cz > w) (nx = -nx), (ny = -ny), (nz = -nz), (w = -w);
    planes.push(nx, ny, nz, w);
  }
  const out = Float64Array.from(planes);
  planeCache.set(vertices, out);
  return out;
}

/** Ray against the intersection of half-spaces: the latest entry unless an exit comes first. */
function rayConvex(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, planes: Float64Array): number {
  let lo = 0,
    hi = Infinity;
  for (let i = 0; i < planes.length; i += 4) {
    const nx = planes[i]!,
      ny = planes[i + 1]!,
      nz = planes[i + 2]!;
    const distance = planes[i + 3]! - (nx * ox + ny * oy + nz * oz);
    const along = nx * dx + ny * dy + nz * dz;
    if (Math.abs(along) < 1e-12) {
      if (distance < 0) return Infinity;
      continue;
    }
    const t = distance / along;
    if (along < 0) lo = Math.max(lo, t);
    else hi = Math.min(hi, t);
    if (lo > hi) return Infinity;
  }
  return lo;
}

/** Nearest hit on any triangle (Möller–Trumbore); a concave part has no inside to start from. */
function rayTriangles(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, vertices: Float32Array, indices: Uint32Array): number {
  let best = Infinity;
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]! * 3,
      b = indices[t + 1]! * 3,
      c = indices[t + 2]! * 3;
    const e1x = vertices[b]! - vertices[a]!,
      e1y = vertices[b + 1]! - vertices[a + 1]!,
      e1z = vertices[b + 2]! - vertices[a + 2]!;
    const e2x = vertices[c]! - vertices[a]!,
      e2y = vertices[c + 1]! - vertices[a + 1]!,
      e2z = vertices[c + 2]! - vertices[a + 2]!;
    const px = dy * e2z - dz * e2y,
      py = dz * e2x - dx * e2z,
      pz = dx * e2y - dy * e2x;
    const det = e1x * px + e1y * py + e1z * pz;
    if (Math.abs(det) < 1e-12) continue;
    const inv = 1 / det;
    const sx = ox - vertices[a]!,
      sy = oy - vertices[a + 1]!,
      sz = oz - vertices[a + 2]!;
    const u = (sx * px + sy * py + sz * pz) * inv;
    if (u < 0 || u > 1) continue;
    const qx = sy * e1z - sz * e1y,
      qy = sz * e1x - sx * e1z,
      qz = sx * e1y - sy * e1x;
    const v = (dx * qx + dy * qy + dz * qz) * inv;
    if (v < 0 || u + v > 1) continue;
    const distance = (e2x * qx + e2y * qy + e2z * qz) * inv;
    if (distance >= 0 && distance < best) best = distance;
  }
  return best;
}
