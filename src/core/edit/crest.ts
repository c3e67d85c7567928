/**
 * A hill's crest line for the editor to show: where the ground stops rising, the outline inset by the
 * hill's slope (see src/core/terrain.ts). Traced by marching squares over the inset distance, so concave
 * outlines get their true crest, corners rounded as the ground rounds them.
 */
import { distanceToPolygonBoundary, lerp2, pointInPolygon, type Vec2 } from "../geometry2d";
import type { Hill } from "../scenario/schema";

/** Segments [a, b] of the crest, traced on a grid of `step` cm. */
export function crestSegments(hill: Hill, step = 0.5): Array<[Vec2, Vec2]> {
  // Signed: positive inside the crest, negative between the crest and the foot or outside the hill.
  const field = (p: Vec2) =>
    (pointInPolygon(p, hill.outline) ? distanceToPolygonBoundary(p, hill.outline) : -distanceToPolygonBoundary(p, hill.outline)) - hill.slope;
  const xs = hill.outline.map((p) => p[0]);
  const zs = hill.outline.map((p) => p[1]);
  const [x0, z0] = [Math.min(...xs) - step, Math.min(...zs) - step];
  const nx = Math.ceil((Math.max(...xs) + step - x0) / step);
  const nz = Math.ceil((Math.max(...zs) + step - z0) / step);
  const values: number[][] = Array.from({ length: nx + 1 }, (_, i) => Array.from({ length: nz + 1 }, (__, j) => field([x0 + i * step, z0 + j * step])));
  const segments: Array<[Vec2, Vec2]> = [];
  for (let i = 0; i < nx; i++) {
    for (let j = 0; j < nz; j++) {
      const corners: Array<[Vec2, number]> = [
        [[x0 + i * step, z0 + j * step], values[i]![j]!],
        [[x0 + (i + 1) * step, z0 + j * step], values[i + 1]![j]!],
        [[x0 + (i + 1) * step, z0 + (j + 1) * step], values[i + 1]![j + 1]!],
        [[x0 + i * step, z0 + (j + 1) * step], values[i]![j + 1]!],
      ];
      // Where the field crosses zero on the cell's sides; two crossings make a segment (four: two segments).
      const crossings: Vec2[] = [];
      for (let k = 0; k < 4; k++) {
        const [a, va] = corners[k]!;
        const [b, vb] = corners[(k + 1) % 4]!;
        if (va >= 0 !== vb >= 0) crossings.push(lerp2(a, b, va / (va - vb)));
      }
      for (let k = 0; k + 1 < crossings.length; k += 2) segments.push([crossings[k]!, crossings[k + 1]!]);
    }
  }
  return segments;
}
