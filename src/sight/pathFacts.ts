/**
 * The facts of a move's path that rule systems price, read in plan from the battlefield's features: its
 * length, the pieces driven forward or in reverse (against the facing, for a vehicle), how much it turns,
 * the ground it crosses with the length inside each feature, and the linear obstacles (walls, hedges…) it
 * crosses with their height. The rules turn these into costs with their own tables; no rule lives here.
 */
import { featureCovers } from "../core/edit/shape";
import { distance2, dot2, headingVector, lerp2, segmentIntersection, sub2, type Vec2 } from "../core/geometry2d";
import { type Feature, isLinear, type LinearFeature } from "../core/scenario/schema";

/** Distance between samples along the path, cm: 0.2 mm, so a boundary misplaces less than 0.01" of the move. */
const STEP = 0.02;
/** A bend smaller than this (degrees) is a hand's wobble along a drag, not a turn. */
const WOBBLE = 5;

/** One short piece of the path: its middle, its length, whether it is driven in reverse, the features over it. */
export interface PathSample {
  readonly at: Vec2;
  readonly length: number;
  readonly reverse: boolean;
  readonly under: readonly Feature[];
}

export interface PathFacts {
  /** cm, in plan. */
  readonly length: number;
  readonly samples: readonly PathSample[];
  /** Changes between forward and reverse along the path. */
  readonly reverseChanges: number;
  /** Each change of direction (degrees, over WOBBLE), from the facing at the start then at each bend of the path. */
  readonly turns: readonly number[];
  /** Each feature the path enters, with the length (cm) of the path inside it, in the order they come. */
  readonly terrain: readonly { readonly feature: Feature; readonly inside: number }[];
  /** Each linear obstacle the path crosses (its line cut), with how many times. */
  readonly obstacles: readonly { readonly feature: LinearFeature; readonly times: number }[];
}

export interface PathOptions {
  /** The model's facing at the start (degrees): reverse is against it, and a vehicle turns from it. */
  readonly heading: number;
  /** A vehicle drives along its facing: a piece against it is reverse, and a turn counts from the start. */
  readonly vehicle: boolean;
}

const angleBetween = (a: Vec2, b: Vec2): number => (Math.acos(Math.max(-1, Math.min(1, dot2(a, b)))) * 180) / Math.PI;

/** How many times `path` cuts the obstacle's line. */
function crossings(path: readonly Vec2[], f: LinearFeature): number {
  let n = 0;
  for (let i = 0; i + 1 < path.length; i++)
    for (let k = 0; k + 1 < f.path.length; k++) if (segmentIntersection(path[i]!, path[i + 1]!, f.path[k]!, f.path[k + 1]!)) n++;
  return n;
}

/**
 * The path's facts: the facing follows the path (a vehicle driving forward along a curve turns with it; one
 * reversing keeps its nose), and a turn is counted where the direction of travel changes by more than WOBBLE.
 */
export function pathFacts(path: readonly Vec2[], features: readonly Feature[], options: PathOptions): PathFacts {
  const samples: PathSample[] = [];
  const turns: number[] = [];
  let facing = headingVector(options.heading);
  let travel: Vec2 | undefined = options.vehicle ? facing : undefined;
  let reverseChanges = 0;
  let last: boolean | undefined;
  let length = 0;
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i]!;
    const b = path[i + 1]!;
    const piece = distance2(a, b);
    if (piece === 0) continue;
    length += piece;
    const dir: Vec2 = [(b[0] - a[0]) / piece, (b[1] - a[1]) / piece];
    const reverse = options.vehicle && dot2(sub2(b, a), facing) < 0;
    facing = reverse ? [-dir[0], -dir[1]] : dir;
    if (last !== undefined && reverse !== last) reverseChanges++;
    last = reverse;
    if (travel) {
      const turn = angleBetween(travel, facing);
      if (turn > WOBBLE) turns.push(turn);
    }
    travel = facing;
    const n = Math.max(1, Math.ceil(piece / STEP));
    for (let k = 0; k < n; k++) {
      const at = lerp2(a, b, (k + 0.5) / n);
      samples.push({ at, length: piece / n, reverse, under: features.filter((f) => featureCovers(f, at)) });
    }
  }
  const terrain = features.flatMap((feature) => {
    const inside = samples.reduce((sum, s) => (s.under.includes(feature) ? sum + s.length : sum), 0);
    return inside > 0 ? [{ feature, inside, first: samples.findIndex((s) => s.under.includes(feature)) }] : [];
  });
  terrain.sort((x, y) => x.first - y.first);
  const obstacles = features.flatMap((f) => {
    const times = isLinear(f) ? crossings(path, f) : 0;
    return times > 0 ? [{ feature: f as LinearFeature, times }] : [];
  });
  return { length, samples, reverseChanges, turns, terrain: terrain.map(({ feature, inside }) => ({ feature, inside })), obstacles };
}
