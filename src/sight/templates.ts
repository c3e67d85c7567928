/**
 * Templates: which models lie under a blast circle, a ring template or a flamethrower teardrop, and where a
 * scattering shot lands. "Under, even partly" means the model's footprint (base or hull outline) touches the
 * template's area in plan, on the surface where the model stands: from above, a roof or an upper floor over
 * a model shields it; laid at a level, only models standing on that level count.
 */
import { type ModelEntry, modelFootprint, modelPose } from "../core/battlefield";
import type { Dice } from "../core/dice";
import { distanceToFootprint, type Footprint, footprintCenter, footprintContains, footprintDistance, footprintSamplePoints } from "../core/footprint";
import { add2, distance2, headingVector, scale2, sub2, type Vec2 } from "../core/geometry2d";
import type { SightWorld } from "./sightWorld";
import { SightQueryError } from "./visibility";

export type TemplateShape =
  /** One radius: a blast circle. Several (ascending): a ring template, ring 0 innermost. */
  | { kind: "blast"; at: Vec2; radii: readonly number[] }
  /**
   * A flamethrower teardrop laid from the muzzle `from` along `heading`: the convex hull of a circle of
   * diameter narrowWidth centred on `from` and a circle of diameter wideWidth centred `length` further on.
   * It reaches length + wideWidth / 2 forwards and narrowWidth / 2 behind the muzzle.
   */
  | { kind: "teardrop"; from: Vec2; heading: number; length: number; narrowWidth: number; wideWidth: number };

export interface TemplatePlacement {
  shape: TemplateShape;
  /** "above": indirect fire / falling shells — roofs and upper floors shield models under them.
   *  "level": direct fire laid at a surface height (e.g. a model's floor): only models standing on that surface (within a tolerance) are hit. */
  from: "above" | "level";
  /** Height (y, cm) of the surface the template is laid on; required for "level". */
  level?: number;
}

export interface ModelUnderTemplate {
  id: string;
  unitId: string;
  side: string;
  /** Share (0..1] of the model's footprint area under the template; a bare touch still counts as a little. */
  overlap: number;
  /** Blast only: index of the innermost ring whose disc touches the footprint. */
  ring?: number;
  feetY: number;
}

export interface TemplateResult {
  /** Models even partly under the template, sorted by id. */
  models: ModelUnderTemplate[];
  /**
   * Models under the template in plan but not hit, sorted by id. From "above": `by` is the building whose
   * roof or floor (`kind` "roof" / "building-floor") is over them. At a "level": `kind` is "other-level" and
   * `by` what they stand on (their building's id, or "ground").
   */
  shielded: Array<{ id: string; by: string; kind: string }>;
}

/** Slack for float rounding only, so a footprint exactly at the template's edge touches it. */
const TOUCH_EPSILON = 1e-9;
/** Grid (per side) of footprint samples that measure the overlap share. */
const OVERLAP_GRID = 32;
/** Shells fall from here, well above any terrain. */
const SKY_Y = 1000;
/** A surface this far above a model's feet is over its head rather than under its feet (cm). */
const SHIELD_CLEARANCE = 0.5;
/** A model stands on the template's level when its feet are this close to it (cm). */
const LEVEL_TOLERANCE = 1;
const SHIELD_KINDS: ReadonlySet<string> = new Set(["roof", "building-floor"]);

/** A template's plan area: which points it covers and whether (and with which ring) a footprint touches it. */
interface PlanTemplate {
  contains(p: Vec2): boolean;
  touch(fp: Footprint): { ring?: number } | undefined;
}

function requirePositive(field: string, value: number): void {
  if (!Number.isFinite(value) || value <= 0) throw new SightQueryError(`${field} must be a positive number, got ${value}`);
}

function requireFinite(field: string, value: number): void {
  if (!Number.isFinite(value)) throw new SightQueryError(`${field} must be a finite number, got ${value}`);
}

function requirePoint(field: string, p: Vec2): void {
  if (!Array.isArray(p) || p.length !== 2 || !p.every(Number.isFinite))
    throw new SightQueryError(`${field} must be a point [x, z] in cm, got ${JSON.stringify(p)}`);
}

function blastTemplate(at: Vec2, radii: readonly number[]): PlanTemplate {
  requirePoint("template at", at);
  if (!Array.isArray(radii) || !radii.length) throw new SightQueryError(`template radii must hold at least one radius, got ${JSON.stringify(radii)}`);
  radii.forEach((r, i) => {
    requirePositive(`template radii[${i}]`, r);
    if (i > 0 && r <= radii[i - 1]!) throw new SightQueryError(`template radii must ascend, got radii[${i}] = ${r} after ${radii[i - 1]}`);
  });
  const outer = radii[radii.length - 1]!;
  return {
    contains: (p) => distance2(p, at) <= outer,
    touch(fp) {
      // A ring's disc touches the footprint when the footprint comes within its radius of the centre.
      const d = distanceToFootprint(fp, at);
      const ring = radii.findIndex((r) => d <= r + TOUCH_EPSILON);
      return ring < 0 ? undefined : { ring };
    },
  };
}

/**
 * The convex hull of two circles as convex pieces footprint.ts can measure against: both discs and the
 * quadrilateral between their outer tangent points. Distances to the union are exact.
 */
function taperedCapsule(a: Vec2, ra: number, b: Vec2, rb: number): Footprint[] {
  const length = distance2(a, b);
  // One circle inside the other: the hull is the larger circle.
  if (length <= Math.abs(ra - rb)) return [ra >= rb ? { kind: "circle", center: a, radius: ra } : { kind: "circle", center: b, radius: rb }];
  const along = scale2(sub2(b, a), 1 / length);
  const across: Vec2 = [along[1], -along[0]];
  // The tangent lines' outward normals lean back by asin((ra − rb) / length) from `across`.
  const sin = (ra - rb) / length;
  const cos = Math.sqrt(1 - sin * sin);
  const normal = (side: 1 | -1): Vec2 => add2(scale2(across, side * cos), scale2(along, sin));
  const tangent = (centre: Vec2, r: number, side: 1 | -1) => add2(centre, scale2(normal(side), r));
  return [
    { kind: "circle", center: a, radius: ra },
    { kind: "circle", center: b, radius: rb },
    { kind: "polygon", points: [tangent(a, ra, 1), tangent(b, rb, 1), tangent(b, rb, -1), tangent(a, ra, -1)] },
  ];
}

function teardropTemplate(shape: Extract<TemplateShape, { kind: "teardrop" }>): PlanTemplate {
  requirePoint("template from", shape.from);
  requireFinite("template heading", shape.heading);
  requirePositive("template length", shape.length);
  requirePositive("template narrowWidth", shape.narrowWidth);
  requirePositive("template wideWidth", shape.wideWidth);
  const far = add2(shape.from, scale2(headingVector(shape.heading), shape.length));
  const pieces = taperedCapsule(shape.from, shape.narrowWidth / 2, far, shape.wideWidth / 2);
  return {
    contains: (p) => pieces.some((piece) => footprintContains(piece, p)),
    touch: (fp) => (pieces.some((piece) => footprintDistance(fp, piece) <= TOUCH_EPSILON) ? {} : undefined),
  };
}

function planTemplate(shape: TemplateShape): PlanTemplate {
  switch (shape.kind) {
    case "blast":
      return blastTemplate(shape.at, shape.radii);
    case "teardrop":
      return teardropTemplate(shape);
    default:
      throw new SightQueryError(`unknown template shape.kind ${JSON.stringify((shape as { kind: unknown }).kind)}`);
  }
}

/** Share of the footprint's samples under the template; never 0 for a footprint that touches it. */
function overlapShare(template: PlanTemplate, fp: Footprint): number {
  const samples = footprintSamplePoints(fp, OVERLAP_GRID);
  const inside = samples.filter((p) => template.contains(p)).length;
  return Math.max(inside, 1) / Math.max(samples.length, 1);
}

/** The roof or floor over a model's footprint centre, found by dropping a shell straight down through models. */
function shieldAbove(world: SightWorld, fp: Footprint, feetY: number, models: ReadonlySet<string>): { by: string; kind: string } | undefined {
  const [x, z] = footprintCenter(fp);
  const hit = world.castSegment([x, SKY_Y, z], [x, feetY + SHIELD_CLEARANCE, z], { ignoreOwners: models });
  return hit && SHIELD_KINDS.has(hit.tag.kind) ? { by: hit.tag.owner, kind: hit.tag.kind } : undefined;
}

/** At a level, a model standing elsewhere is not hit: report what it stands on instead. */
function otherLevel(entry: ModelEntry, feetY: number, level: number): { by: string; kind: string } | undefined {
  return Math.abs(feetY - level) <= LEVEL_TOLERANCE ? undefined : { by: entry.model.floor?.building ?? "ground", kind: "other-level" };
}

function placementLevel(placement: TemplatePlacement): number | undefined {
  if (placement.from === "above") return undefined;
  if (placement.from !== "level") throw new SightQueryError(`template from must be "above" or "level", got ${JSON.stringify(placement.from)}`);
  if (placement.level === undefined) throw new SightQueryError("template level is required when laid at a level, got undefined");
  requireFinite("template level", placement.level);
  return placement.level;
}

const byId = <T extends { id: string }>(a: T, b: T): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function modelsUnderTemplate(world: SightWorld, placement: TemplatePlacement): TemplateResult {
  const template = planTemplate(placement.shape);
  const level = placementLevel(placement);
  const bf = world.battlefield;
  const allModels = new Set(bf.models.keys());
  const result: TemplateResult = { models: [], shielded: [] };
  for (const entry of bf.models.values()) {
    const fp = modelFootprint(entry.def, entry.model);
    const touch = template.touch(fp);
    if (!touch) continue;
    const id = entry.model.id;
    const feetY = modelPose(bf, entry.model, entry.def).y;
    const shield = level === undefined ? shieldAbove(world, fp, feetY, allModels) : otherLevel(entry, feetY, level);
    if (shield) result.shielded.push({ id, ...shield });
    else result.models.push({ id, unitId: entry.unitId, side: entry.side, overlap: overlapShare(template, fp), ...touch, feetY });
  }
  result.models.sort(byId);
  result.shielded.sort(byId);
  return result;
}

/**
 * Moves a point `distance` cm along `bearing` (degrees, like a heading: 0 towards +z, 90 towards +x), then
 * clamps each coordinate onto the table so a shot never lands off it.
 */
export function scatterPoint(at: Vec2, bearing: number, distance: number, table: { width: number; depth: number }): Vec2 {
  requirePoint("scatter at", at);
  requireFinite("scatter bearing", bearing);
  if (!Number.isFinite(distance) || distance < 0) throw new SightQueryError(`scatter distance must be zero or more cm, got ${distance}`);
  const [x, z] = add2(at, scale2(headingVector(bearing), distance));
  return [Math.min(Math.max(x, 0), table.width), Math.min(Math.max(z, 0), table.depth)];
}

/**
 * Rolls a scatter on the seeded dice: a bearing in whole degrees [0, 360) from a d360, and a distance of
 * d`distanceSides` × multiplier cm. Both rolls go into the dice record under the reason. `distanceRoll` is
 * the die as rolled, for systems where low rolls mean "no effect".
 */
export function rollScatter(
  dice: Dice,
  options: { distanceSides: number; multiplier: number; reason: string },
): { bearing: number; distance: number; distanceRoll: number } {
  const { distanceSides, multiplier, reason } = options;
  if (!Number.isInteger(distanceSides) || distanceSides < 2)
    throw new SightQueryError(`scatter distanceSides must be a whole number of at least 2, got ${distanceSides}`);
  requirePositive("scatter multiplier", multiplier);
  const bearing = dice.roll(360, `${reason} (scatter bearing)`) % 360;
  const distanceRoll = dice.roll(distanceSides, `${reason} (scatter distance)`);
  return { bearing, distance: distanceRoll * multiplier, distanceRoll };
}
