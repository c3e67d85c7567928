/**
 * The benchmark's yardsticks for line of sight (`npm run bench`):
 *   - a dense reference: ≥ 16k stratified rays per pair, each tested exactly (first target surface in closed
 *     form, blockers in the Rapier world), the answer the SightReport and the competitor are scored against;
 *   - a competent three-mesh-bvh line-of-sight check on the identical triangles, the way a careful user of that
 *     library would write it: one merged BVH (SAH, FrontSide, first-hit casts, reused rays) and a small BVH per
 *     model to find the target's surface, the shooter and its unit skipped exactly as the engine skips them;
 *   - a fixed-seed choice of opposing pairs, at least half of them partly visible.
 */
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { type Box3, BufferAttribute, BufferGeometry, FrontSide, Ray, Vector3 } from "three";
import { INTERSECTED, MeshBVH, NOT_INTERSECTED, SAH } from "three-mesh-bvh";
import type { Solid, Vec3 } from "../core/solids/solid";
import { mergeTriangles, solidTriangles } from "../core/solids/solidGeometry";
import { smokeBlocking } from "../sight/areas";
import type { Pair } from "../sight/matrix";
import type { PreparedSolid } from "../sight/rayPrimitive";
import type { SightWorld } from "../sight/sightWorld";
import { directionThrough, projectedRect, type ViewBasis, viewBasis } from "../sight/silhouette";
import { preparedParts, sightOrigin, unitMates } from "../sight/visibility";

/** Rays stop this short of the target's surface, as the engine's do. */
const SURFACE_GAP = 0.01;

/** What one pair looks like from the shooter's eye: the origin, the view frame and the target's body parts. */
interface PairView {
  readonly origin: Vec3;
  readonly view: ViewBasis;
  /** [minA, maxA, minB, maxB] of the target's body (bases excluded) on the view plane. */
  readonly rect: readonly [number, number, number, number];
  readonly parts: readonly PreparedSolid[];
  readonly excluded: ReadonlySet<string>;
}

/** A seeded stream of uniform reals in [0, 1). */
function seededRandom(seed: number): () => number {
  const generator = xoroshiro128plus(seed);
  return () => (generator.next() >>> 0) / 2 ** 32;
}

function pairView(world: SightWorld, [shooter, target]: Pair): PairView {
  const bf = world.battlefield;
  const origin = sightOrigin(bf, bf.models.get(shooter)!);
  // Prepared once per model state, as the engine prepares its targets.
  const parts = preparedParts(world, target);
  const body = parts.filter((p) => p.solid.part !== "base");
  const view = viewBasis(origin, parts);
  return {
    origin,
    view,
    rect: projectedRect(
      origin,
      view,
      body.flatMap((p) => p.corners),
    ),
    parts,
    excluded: new Set([shooter, ...unitMates(world, bf.models.get(shooter)!)]),
  };
}

/** n × n directions over the rectangle, one uniformly jittered point per cell from the seeded stream. */
function stratifiedDirections(pv: PairView, n: number, seed: number): Vec3[] {
  const random = seededRandom(seed);
  const [minA, maxA, minB, maxB] = pv.rect;
  const directions: Vec3[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const a = minA + ((i + random()) / n) * (maxA - minA);
      const b = minB + ((j + random()) / n) * (maxB - minB);
      directions.push(directionThrough(pv.view, a, b));
    }
  }
  return directions;
}

/** Triangles of the world with the owner of each vertex (the BVH reorders triangles, never vertices). */
interface OwnedMesh {
  readonly bvh: MeshBVH;
  readonly index: ArrayLike<number>;
  readonly vertexOwner: Int32Array;
}

function ownedMesh(solids: readonly Solid[], ownerIds: Map<string, number>, isBase?: Uint8Array): OwnedMesh {
  const triangles = solids.map((s) => solidTriangles(s));
  const soup = mergeTriangles(triangles);
  const vertexOwner = new Int32Array(soup.positions.length / 3);
  let v = 0;
  solids.forEach((s, i) => {
    const owner = ownerIds.get(s.owner) ?? -1;
    const count = triangles[i]!.positions.length / 3;
    vertexOwner.fill(owner, v, v + count);
    isBase?.fill(s.part === "base" ? 1 : 0, v, v + count);
    v += count;
  });
  const geometry = new BufferGeometry();
  geometry.setAttribute("position", new BufferAttribute(soup.positions, 3));
  geometry.setIndex(new BufferAttribute(soup.indices, 1));
  const bvh = new MeshBVH(geometry, { strategy: SAH });
  return { bvh, index: geometry.getIndex()!.array, vertexOwner };
}

/** Entry distance of a ray into a box (0 when it starts inside), Infinity when it misses. */
function rayBoxDistance(ray: Ray, box: Box3): number {
  let tmin = 0;
  let tmax = Infinity;
  const o = ray.origin,
    d = ray.direction;
  for (const axis of ["x", "y", "z"] as const) {
    const inv = 1 / d[axis];
    let t1 = (box.min[axis] - o[axis]) * inv;
    let t2 = (box.max[axis] - o[axis]) * inv;
    if (t1 > t2) [t1, t2] = [t2, t1];
    tmin = Math.max(tmin, t1);
    tmax = Math.min(tmax, t2);
    if (tmin > tmax) return Infinity;
  }
  return tmin;
}

/** A line-of-sight check on three-mesh-bvh, built once for a battlefield as it stands. */
export class BvhSight {
  readonly buildMs: number;
  readonly triangles: number;
  private readonly ownerIds = new Map<string, number>();
  private readonly scene: OwnedMesh;
  private readonly models = new Map<string, { mesh: OwnedMesh; isBase: Uint8Array }>();
  private readonly ray = new Ray();
  private readonly hitPoint = new Vector3();

  constructor(private readonly world: SightWorld) {
    const start = performance.now();
    const solids = world.allSolids();
    for (const s of solids) if (!this.ownerIds.has(s.owner)) this.ownerIds.set(s.owner, this.ownerIds.size);
    this.scene = ownedMesh(solids, this.ownerIds);
    for (const id of world.battlefield.models.keys()) {
      const own = world.modelSolids(id);
      const isBase = new Uint8Array(mergeTriangles(own.map((s) => solidTriangles(s))).positions.length / 3);
      this.models.set(id, { mesh: ownedMesh(own, this.ownerIds, isBase), isBase });
    }
    this.buildMs = performance.now() - start;
    this.triangles = this.scene.index.length / 3;
  }

  /**
   * The visible share of the target's body from `grid` × `grid` jittered rays over its projection; with
   * `refineTo`, a target whose rays disagree is sampled again with `refineTo` × `refineTo` rays.
   */
  visibleFraction(pair: Pair, grid: number, refineTo?: number, seed = 7): number {
    const pv = pairView(this.world, pair);
    const excluded = new Set([...pv.excluded, pair[1]].map((id) => this.ownerIds.get(id)!));
    const first = this.sample(pv, pair[1], excluded, grid, seed);
    if (refineTo && first.clear > 0 && first.clear < first.counted) return this.sample(pv, pair[1], excluded, refineTo, seed).fraction;
    return first.fraction;
  }

  private sample(pv: PairView, target: string, excluded: ReadonlySet<number>, grid: number, seed: number) {
    const own = this.models.get(target)!;
    const ray = this.ray;
    let counted = 0;
    let clear = 0;
    for (const d of stratifiedDirections(pv, grid, seed)) {
      ray.origin.set(...pv.origin);
      ray.direction.set(...d);
      const surface = own.mesh.bvh.raycastFirst(ray, FrontSide);
      if (!surface || own.isBase[own.mesh.index[surface.faceIndex! * 3]!]) continue;
      counted++;
      const far = Math.max(0, surface.distance - SURFACE_GAP);
      if (!this.blocked(excluded, far) && !smokeBlocking(this.world.battlefield, pv.origin, ray.at(far, this.hitPoint).toArray() as Vec3)) clear++;
    }
    return { counted, clear, fraction: counted ? clear / counted : 0 };
  }

  /** Whether a triangle of anything but the excluded owners lies on the ray before `far`. */
  private blocked(excluded: ReadonlySet<number>, far: number): boolean {
    const { bvh, index, vertexOwner } = this.scene;
    const hit = bvh.raycastFirst(this.ray, FrontSide, 0, far);
    if (!hit) return false;
    if (!excluded.has(vertexOwner[index[hit.faceIndex! * 3]!]!)) return true;
    // The first hit is the shooter, a unit-mate or the target: walk the tree again, skipping their triangles.
    const ray = this.ray;
    const point = this.hitPoint;
    let found = false;
    bvh.shapecast({
      boundsTraverseOrder: (box) => rayBoxDistance(ray, box),
      intersectsBounds: (_box, _leaf, score) => (score !== undefined && score <= far ? INTERSECTED : NOT_INTERSECTED),
      intersectsTriangle: (triangle, triangleIndex) => {
        if (excluded.has(vertexOwner[index[triangleIndex * 3]!]!)) return false;
        found = ray.intersectTriangle(triangle.a, triangle.b, triangle.c, true, point) !== null && ray.origin.distanceTo(point) <= far;
        return found;
      },
    });
    return found;
  }
}
