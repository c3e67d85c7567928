/**
 * Where a falling shell lands: the first surface straight below a point on the table, seen from the sky
 * (a roof, a building's floor, the top of a wall or the ground). Models are not surfaces: a shell lands
 * among them, and the template decides who it hits.
 */
import { modelFootprint, modelPose } from "../core/battlefield";
import type { Vec2 } from "../core/geometry2d";
import type { SolidKind } from "../core/solids/solid";
import { linearCrossings } from "./linearObstacles";
import type { LinearCrossing } from "./sightReport";
import type { SightWorld } from "./sightWorld";
import { SightQueryError } from "./visibility";

/** Shells fall from here, well above any terrain (cm). */
const SKY_Y = 1000;
/** A point of impact is traced from this far above the surface, so the ground's own bumps do not stop it (cm). */
const IMPACT_HEIGHT = 0.1;

export interface SurfaceBelow {
  /** Height of the surface, cm. */
  readonly y: number;
  readonly kind: SolidKind;
  /** The feature it belongs to ("ground" for the table itself). */
  readonly by: string;
}

export function surfaceBelow(world: SightWorld, at: Vec2): SurfaceBelow {
  if (!Array.isArray(at) || at.length !== 2 || !at.every(Number.isFinite))
    throw new SightQueryError(`surface point must be [x, z] in cm, got ${JSON.stringify(at)}`);
  const ground = world.battlefield.ground.heightAt(at);
  const models = new Set(world.battlefield.models.keys());
  const hit = world.castSegment([at[0], SKY_Y, at[1]], [at[0], ground - 1, at[1]], { ignoreOwners: models });
  if (!hit || hit.tag.kind === "ground") return { y: ground, kind: "ground", by: "ground" };
  return { y: hit.point[1], kind: hit.tag.kind, by: hit.tag.owner };
}

/** Where a model put down on the table stands: a building's floor, or the ground (a hill's slope included). */
export interface StandingSurface {
  /** Height of its feet, cm. */
  readonly y: number;
  /** The building floor it stands on; absent: the ground. */
  readonly floor?: { readonly building: string; readonly level: number };
}

const FLOORS: ReadonlySet<SolidKind> = new Set(["building-floor"]);
/** A floor this close above the ground (cm) is the one stood on: a ground floor lies on the ground. */
const ON_GROUND = 0.01;

/**
 * The surface a model dropped at `at` lands on: the first building floor a ray meets going down from
 * `below` (cm; from the sky when not given), looking past roofs, walls and hedges, else the ground. The
 * player's pointer gives `below` (just above the floor shown), so a click through a roof lands on the top
 * floor, and with the upper floors hidden, on the floor shown.
 */
export function standingSurface(world: SightWorld, at: Vec2, below = SKY_Y): StandingSurface {
  if (!Array.isArray(at) || at.length !== 2 || !at.every(Number.isFinite))
    throw new SightQueryError(`surface point must be [x, z] in cm, got ${JSON.stringify(at)}`);
  if (!Number.isFinite(below)) throw new SightQueryError(`the height to look down from must be a number of cm, got ${JSON.stringify(below)}`);
  const ground = world.battlefield.ground.heightAt(at);
  const hit = below > ground ? world.castSegment([at[0], below, at[1]], [at[0], ground - 1, at[1]], { onlyKinds: FLOORS }) : null;
  const level = hit ? Number(hit.tag.part.replace("floor-", "")) : NaN;
  if (!hit || !Number.isInteger(level) || hit.point[1] < ground - ON_GROUND) return { y: ground };
  return { y: hit.point[1], floor: { building: hit.tag.owner, level } };
}

/**
 * The linear obstacles (walls, hedges, bocage, sandbags, wire) between a point of impact and a model: the
 * second trace Battleground WWII makes from where a shell burst to each man under its template. The
 * line runs from the impact point on its surface to the model's centre at its feet.
 */
export function linearObstaclesFrom(world: SightWorld, at: Vec2, modelId: string): LinearCrossing[] {
  const bf = world.battlefield;
  const entry = bf.models.get(modelId);
  if (!entry) throw new SightQueryError(`no model "${modelId}" on the table`);
  const surface = surfaceBelow(world, at);
  const pose = modelPose(bf, entry.model, entry.def);
  const target = modelFootprint(entry.def, entry.model);
  const point = { kind: "circle" as const, center: at, radius: 0 };
  const centre = entry.model.position;
  // One line, no sample rays: what crosses the straight line from the burst to the man.
  return linearCrossings(bf, [at[0], surface.y + IMPACT_HEIGHT, at[1]], [centre[0], pose.y + IMPACT_HEIGHT, centre[1]], point, target, []);
}
