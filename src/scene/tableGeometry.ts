/**
 * Geometry laid on the table for terrain that stops no sight line: outlines and paths draped over the
 * ground (a road climbing a hill follows it), discs for craters. Each carries the uv its pattern in
 * shaders/tabletop.frag.glsl reads: across a path (-1 at one verge, 1 at the other), or a disc's radius.
 * Every triangle faces up, so decals are drawn one-sided (one program fewer to compile).
 */
import { BufferAttribute, BufferGeometry, ShapeUtils, Vector2 } from "three";
import { add2, distance2, lerp2, pointInPolygon, regularPolygon, scale2, sub2, type Vec2 } from "../core/geometry2d";
import type { Ground } from "../core/terrain";

/** Paths and outlines are cut into pieces no longer than this so they follow the ground over hills. */
const STEP = 1;

/** The triangles turned, where needed, so that each faces up (+y). */
function facingUp(positions: readonly number[], indices: readonly number[]): number[] {
  const turned: number[] = [];
  for (let i = 0; i < indices.length; i += 3) {
    const [a, b, c] = [indices[i]!, indices[i + 1]!, indices[i + 2]!];
    // y of (b − a) × (c − a), in the x–z plane.
    const up =
      (positions[c * 3]! - positions[a * 3]!) * (positions[b * 3 + 2]! - positions[a * 3 + 2]!) -
      (positions[b * 3]! - positions[a * 3]!) * (positions[c * 3 + 2]! - positions[a * 3 + 2]!);
    turned.push(...(up >= 0 ? [a, b, c] : [a, c, b]));
  }
  return turned;
}

function geometryOf(positions: number[], uvs: number[], indices: number[]): BufferGeometry {
  const geometry = new BufferGeometry();
  geometry.setAttribute("position", new BufferAttribute(new Float32Array(positions), 3));
  geometry.setAttribute("uv", new BufferAttribute(new Float32Array(uvs), 2));
  geometry.setIndex(facingUp(positions, indices));
  geometry.computeVertexNormals();
  return geometry;
}

/** The triangles split in four, again and again, until no edge is longer than STEP (over hills only). */
function refined(points: Vec2[], triangles: number[], ground: Ground): { points: Vec2[]; triangles: number[] } {
  const xs = points.map((p) => p[0]);
  const zs = points.map((p) => p[1]);
  const [x0, x1, z0, z1] = [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)];
  // Flat ground (sampled every 2 cm, finer than any hill's slope) needs no more triangles than the outline's.
  let flat = true;
  for (let x = x0; x <= x1 + 2 && flat; x += 2) for (let z = z0; z <= z1 + 2 && flat; z += 2) flat = ground.heightAt([Math.min(x, x1), Math.min(z, z1)]) === 0;
  if (flat) return { points, triangles };
  const out = [...points];
  const done: number[] = [];
  const work = [...triangles];
  while (work.length) {
    const [a, b, c] = work.splice(0, 3) as [number, number, number];
    const [pa, pb, pc] = [out[a]!, out[b]!, out[c]!];
    if (Math.max(distance2(pa, pb), distance2(pb, pc), distance2(pc, pa)) <= STEP) {
      done.push(a, b, c);
      continue;
    }
    const ab = out.push(lerp2(pa, pb, 0.5)) - 1;
    const bc = out.push(lerp2(pb, pc, 0.5)) - 1;
    const ca = out.push(lerp2(pc, pa, 0.5)) - 1;
    work.push(a, ab, ca, ab, b, bc, ca, bc, c, ab, bc, ca);
  }
  return { points: out, triangles: done };
}

/** An outline filled and laid `lift` cm over the ground (uv.y: `across` everywhere). */
export function outlineDecal(outline: readonly Vec2[], ground: Ground, lift: number, across = 0): BufferGeometry {
  const triangles = ShapeUtils.triangulateShape(
    outline.map(([x, z]) => new Vector2(x, z)),
    [],
  ).flat();
  const { points, triangles: fine } = refined([...outline], triangles, ground);
  const positions = points.flatMap((p) => [p[0], ground.heightAt(p) + lift, p[1]]);
  return geometryOf(
    positions,
    points.flatMap(() => [0, across]),
    fine,
  );
}

/** The unit normal of a path at each of its points (mitered at bends, capped so sharp bends stay sane). */
function pathNormals(path: readonly Vec2[]): Vec2[] {
  const segmentNormal = (a: Vec2, b: Vec2): Vec2 => {
    const d = sub2(b, a);
    const l = Math.hypot(d[0], d[1]) || 1;
    return [-d[1] / l, d[0] / l];
  };
  return path.map((_, i) => {
    const before = i > 0 ? segmentNormal(path[i - 1]!, path[i]!) : undefined;
    const after = i + 1 < path.length ? segmentNormal(path[i]!, path[i + 1]!) : undefined;
    if (!before || !after) return (before ?? after)!;
    const sum = add2(before, after);
    const l = Math.hypot(sum[0], sum[1]);
    if (l < 1e-6) return after;
    const miter = scale2(sum, 1 / l);
    const cos = miter[0] * after[0] + miter[1] * after[1];
    return scale2(miter, 1 / Math.max(cos, 0.5));
  });
}

/** Where the strip has vertices across a path: both verges and the centre line, so it bends over a crest. */
const ACROSS = [-1, 0, 1] as const;

/** A path widened to `width` and laid `lift` cm over the ground; uv = (distance along, -1..1 across). */
export function pathStrip(path: readonly Vec2[], width: number, ground: Ground, lift: number): BufferGeometry {
  const normals = pathNormals(path);
  const positions: number[] = [];
  const uvs: number[] = [];
  let along = 0;
  for (let i = 0; i + 1 < path.length; i++) {
    const [a, b] = [path[i]!, path[i + 1]!];
    const steps = Math.max(1, Math.ceil(distance2(a, b) / STEP));
    for (let k = i === 0 ? 0 : 1; k <= steps; k++) {
      const t = k / steps;
      const centre = lerp2(a, b, t);
      const normal = lerp2(normals[i]!, normals[i + 1]!, t);
      for (const side of ACROSS) {
        const p = add2(centre, scale2(normal, (side * width) / 2));
        positions.push(p[0], ground.heightAt(p) + lift, p[1]);
        uvs.push(along + distance2(a, b) * t, side);
      }
    }
    along += distance2(a, b);
  }
  const indices: number[] = [];
  const n = ACROSS.length;
  for (let r = 0; r + 1 < positions.length / (3 * n); r++) {
    for (let k = 0; k + 1 < n; k++) {
      const [l0, r0, l1, r1] = [r * n + k, r * n + k + 1, (r + 1) * n + k, (r + 1) * n + k + 1];
      indices.push(l0, l1, r0, r0, l1, r1);
    }
  }
  return geometryOf(positions, uvs, indices);
}

/** A disc around `at` laid over the ground in rings; uv.x is the distance from the centre over the radius. */
export function discDecal(at: Vec2, radius: number, ground: Ground, lift: number, rings = 3, sides = 24): BufferGeometry {
  const positions = [at[0], ground.heightAt(at) + lift, at[1]];
  const uvs = [0, 0];
  for (let r = 1; r <= rings; r++) {
    for (const p of regularPolygon(at, (radius * r) / rings, sides)) {
      positions.push(p[0], ground.heightAt(p) + lift, p[1]);
      uvs.push(r / rings, 0);
    }
  }
  const indices: number[] = [];
  const ring = (r: number, k: number) => 1 + (r - 1) * sides + (k % sides);
  for (let k = 0; k < sides; k++) indices.push(0, ring(1, k + 1), ring(1, k));
  for (let r = 1; r < rings; r++) {
    for (let k = 0; k < sides; k++) indices.push(ring(r, k), ring(r, k + 1), ring(r + 1, k), ring(r, k + 1), ring(r + 1, k + 1), ring(r + 1, k));
  }
  return geometryOf(positions, uvs, indices);
}

/**
 * A large outline (a deployment zone, half a table) laid over the ground as a grid of `cell` cm squares, those
 * whose centre is inside kept: cheap at any size, where outlineDecal's halving to 1 cm edges over a hill is not.
 * Its border steps by a cell, which a tint can afford.
 */
export function gridDecal(outline: readonly Vec2[], ground: Ground, lift: number, cell = 2): BufferGeometry {
  const xs = outline.map((p) => p[0]);
  const zs = outline.map((p) => p[1]);
  const [x0, x1, z0, z1] = [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)];
  const columns = Math.max(1, Math.ceil((x1 - x0) / cell));
  const rows = Math.max(1, Math.ceil((z1 - z0) / cell));
  const positions: number[] = [];
  const uvs: number[] = [];
  for (let j = 0; j <= rows; j++)
    for (let i = 0; i <= columns; i++) {
      const p: Vec2 = [Math.min(x0 + i * cell, x1), Math.min(z0 + j * cell, z1)];
      positions.push(p[0], ground.heightAt(p) + lift, p[1]);
      uvs.push(0, 0);
    }
  const indices: number[] = [];
  const at = (i: number, j: number) => j * (columns + 1) + i;
  for (let j = 0; j < rows; j++)
    for (let i = 0; i < columns; i++)
      if (pointInPolygon([x0 + (i + 0.5) * cell, z0 + (j + 0.5) * cell], outline))
        indices.push(at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i, j + 1));
  return geometryOf(positions, uvs, indices);
}
