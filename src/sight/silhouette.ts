/**
 * Where to aim sample rays: the target's parts are projected onto the plane through its centre facing the
 * sight origin, and a jittered grid over a part's projected rectangle gives directions from the origin.
 */
import type { Vec3 } from "../core/solids/solid";
import type { PreparedSolid } from "./rayPrimitive";

/** Low-discrepancy jitter (the R2 sequence), so samples are reproducible without a random generator. */
const R2_A = 0.7548776662466927;
const R2_B = 0.5698402909980532;

/** A view frame: forward f from the origin to the target's centre at distance `dist`, right r, up u. */
export interface ViewBasis {
  readonly centre: Vec3;
  readonly dist: number;
  readonly f: Vec3;
  readonly r: Vec3;
  readonly u: Vec3;
}

export function viewBasis(origin: Vec3, parts: readonly PreparedSolid[]): ViewBasis {
  let cx = 0,
    cy = 0,
    cz = 0,
    n = 0;
  for (const p of parts)
    for (const c of p.corners) {
      cx += c[0];
      cy += c[1];
      cz += c[2];
      n++;
    }
  const centre: Vec3 = [cx / n, cy / n, cz / n];
  const d: Vec3 = [centre[0] - origin[0], centre[1] - origin[1], centre[2] - origin[2]];
  const dist = Math.hypot(...d);
  const f: Vec3 = [d[0] / dist, d[1] / dist, d[2] / dist];
  // right = f × up, then up' = right × f.
  const rl = Math.hypot(f[2], f[0]) || 1;
  const r: Vec3 = [-f[2] / rl, 0, f[0] / rl];
  const u: Vec3 = [-r[2] * f[1], r[2] * f[0] - r[0] * f[2], r[0] * f[1]];
  return { centre, dist, f, r, u };
}

/** The rectangle [minA, maxA, minB, maxB] that the corners project to on the plane through the centre. */
export function projectedRect(origin: Vec3, v: ViewBasis, corners: readonly Vec3[]): [number, number, number, number] {
  let minA = Infinity,
    maxA = -Infinity,
    minB = Infinity,
    maxB = -Infinity;
  for (const c of corners) {
    const dx = c[0] - origin[0],
      dy = c[1] - origin[1],
      dz = c[2] - origin[2];
    const along = dx * v.f[0] + dy * v.f[1] + dz * v.f[2];
    if (along <= 1e-6) continue;
    const s = v.dist / along;
    const qx = dx * s - v.f[0] * v.dist,
      qy = dy * s - v.f[1] * v.dist,
      qz = dz * s - v.f[2] * v.dist;
    const a = qx * v.r[0] + qz * v.r[2];
    const b = qx * v.u[0] + qy * v.u[1] + qz * v.u[2];
    minA = Math.min(minA, a);
    maxA = Math.max(maxA, a);
    minB = Math.min(minB, b);
    maxB = Math.max(maxB, b);
  }
  return [minA, maxA, minB, maxB];
}

/**
 * The jittered point of cell (i, j) (column, row) of a grid × grid grid over a rectangle of the view plane:
 * reproducible, and the same for a cell whether the whole grid or only that cell is sampled.
 */
export function gridPoint([minA, maxA, minB, maxB]: readonly number[], grid: number, i: number, j: number): [number, number] {
  const k = i * grid + j + 1;
  return [minA! + ((i + ((0.5 + k * R2_A) % 1)) / grid) * (maxA! - minA!), minB! + ((j + ((0.5 + k * R2_B) % 1)) / grid) * (maxB! - minB!)];
}

/** The unit direction from the origin through the point (a, b) of the view plane. */
export function directionThrough(v: ViewBasis, a: number, b: number): Vec3 {
  const px = v.f[0] * v.dist + v.r[0] * a + v.u[0] * b;
  const py = v.f[1] * v.dist + v.u[1] * b;
  const pz = v.f[2] * v.dist + v.r[2] * a + v.u[2] * b;
  const l = Math.hypot(px, py, pz);
  return [px / l, py / l, pz / l];
}
