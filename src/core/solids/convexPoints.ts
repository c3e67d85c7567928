/**
 * Whether a cloud of points spans enough of space to be a convex collider. Rapier (parry) builds a convex hull
 * after moving the points into a box of diagonal 1 about their centre; when the covariance of those points has
 * fewer than two eigenvalues above 1e-7 the hull is a point or a segment, and no collider can be made of it.
 * The validator refuses such a part with the same measure, a hundred times stricter, so every part it accepts
 * builds: a file and the sight engine agree.
 */

/** Second-largest covariance eigenvalue (points in a box of diagonal 1) a convex part needs: parry gives up at 1e-7. */
const MIN_SPREAD = 1e-5;

/** The eigenvalues of a symmetric 3 × 3 matrix, largest first (the trigonometric solution of its cubic). */
function symmetricEigenvalues(a: number, b: number, c: number, d: number, e: number, f: number): [number, number, number] {
  // [[a, d, f], [d, b, e], [f, e, c]]
  const p1 = d * d + e * e + f * f;
  if (p1 === 0) return [a, b, c].sort((x, y) => y - x) as [number, number, number];
  const q = (a + b + c) / 3;
  const p = Math.sqrt(((a - q) ** 2 + (b - q) ** 2 + (c - q) ** 2 + 2 * p1) / 6);
  const [ba, bb, bc, bd, be, bf] = [(a - q) / p, (b - q) / p, (c - q) / p, d / p, e / p, f / p];
  const det = ba * (bb * bc - be * be) - bd * (bd * bc - be * bf) + bf * (bd * be - bb * bf);
  const phi = Math.acos(Math.min(1, Math.max(-1, det / 2))) / 3;
  const first = q + 2 * p * Math.cos(phi);
  const third = q + 2 * p * Math.cos(phi + (2 * Math.PI) / 3);
  return [first, 3 * q - first - third, third];
}

/**
 * Why these points (x, y, z in turn) cannot be a convex collider ("its points are all one point", "… lie on
 * one line"), or undefined when they can. Flat is fine: a plane of points makes a flat hull.
 */
export function degenerateHull(vertices: ArrayLike<number>): string | undefined {
  const n = Math.floor(vertices.length / 3);
  if (n === 0) return "it has no points";
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < n * 3; i++) {
    min[i % 3] = Math.min(min[i % 3]!, vertices[i]!);
    max[i % 3] = Math.max(max[i % 3]!, vertices[i]!);
  }
  const diagonal = Math.hypot(max[0]! - min[0]!, max[1]! - min[1]!, max[2]! - min[2]!);
  if (!(diagonal > 0)) return "its points are all one point";
  const centre = [0, 1, 2].map((k) => (min[k]! + max[k]!) / 2);
  const mean = [0, 0, 0];
  for (let i = 0; i < n * 3; i++) mean[i % 3]! += (vertices[i]! - centre[i % 3]!) / diagonal / n;
  let [xx, yy, zz, xy, yz, xz] = [0, 0, 0, 0, 0, 0];
  for (let i = 0; i < n; i++) {
    const x = (vertices[i * 3]! - centre[0]!) / diagonal - mean[0]!;
    const y = (vertices[i * 3 + 1]! - centre[1]!) / diagonal - mean[1]!;
    const z = (vertices[i * 3 + 2]! - centre[2]!) / diagonal - mean[2]!;
    xx += x * x;
    yy += y * y;
    zz += z * z;
    xy += x * y;
    yz += y * z;
    xz += x * z;
  }
  const [, second] = symmetricEigenvalues(xx / n, yy / n, zz / n, xy / n, yz / n, xz / n);
  return second < MIN_SPREAD ? "its points lie on one line (or nearly): a convex part needs width as well as length" : undefined;
}
