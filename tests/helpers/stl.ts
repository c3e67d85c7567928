/**
 * Binary STL files built in the test, as a printer's slicer would write them (millimetres, z up, y back): a
 * 31 mm rifleman of boxes whose legs stand apart and whose rifle reaches forward, so its convex hull (the
 * collider) fills space the figure itself leaves empty.
 */

/** A box from `min` to `max` (x, y, z in mm). */
export interface StlBox {
  readonly min: readonly [number, number, number];
  readonly max: readonly [number, number, number];
}

/** The boxes as one binary STL: 80-byte header, triangle count, 50 bytes per triangle (normal left zero). */
export function boxesStl(boxes: readonly StlBox[]): Buffer {
  const triangles: number[][] = [];
  for (const { min, max } of boxes) {
    const corner = (i: number) => [i & 1 ? max[0] : min[0], i & 2 ? max[1] : min[1], i & 4 ? max[2] : min[2]];
    // Two triangles per face, wound outwards; corners numbered by the bits x = 1, y = 2, z = 4.
    const faces = [
      [0, 2, 3, 1],
      [4, 5, 7, 6],
      [0, 1, 5, 4],
      [2, 6, 7, 3],
      [0, 4, 6, 2],
      [1, 3, 7, 5],
    ];
    for (const [a, b, c, d] of faces) triangles.push([a!, b!, c!].flatMap(corner), [a!, c!, d!].flatMap(corner));
  }
  const bytes = Buffer.alloc(84 + 50 * triangles.length);
  bytes.write("hulldown test figure", 0, "ascii");
  bytes.writeUInt32LE(triangles.length, 80);
  triangles.forEach((t, i) => t.forEach((v, k) => bytes.writeFloatLE(v, 84 + 50 * i + 12 + 4 * k)));
  return bytes;
}

/** Half the gap between the rifleman's legs (mm): 4 mm of nothing from the ground to his hips at 14 mm. */
export const LEG_GAP_HALF_MM = 2;
export const HIPS_MM = 14;

/** A 31 mm rifleman: two legs 4 mm apart, body, head, and a rifle held 12 mm out in front (-y). */
export const RIFLEMAN_STL = boxesStl([
  { min: [-5, -2, 0], max: [-LEG_GAP_HALF_MM, 2, HIPS_MM] },
  { min: [LEG_GAP_HALF_MM, -2, 0], max: [5, 2, HIPS_MM] },
  { min: [-5, -3, HIPS_MM], max: [5, 3, 25] },
  { min: [-2.5, -2.5, 25], max: [2.5, 2.5, 31] },
  { min: [4, -15, 17], max: [5.5, 3, 18.5] },
]);
