/**
 * Physical placement: a miniature cannot stand in a wall, in a building's walls, on another model's base or
 * hull, on a tank trap or a wreck. Checked in plan on each model's footprint, per level (the ground, or one
 * floor of one building), so a model upstairs does not collide with one below it. Touching is allowed:
 * bases in contact are a rule of most systems.
 */

import { type Battlefield, modelFootprint, wreckFootprint } from "./battlefield";
import { type Footprint, footprintCenter, footprintDistance, footprintToPolylineDistance } from "./footprint";
import type { Placement } from "./game/events";
import { add2, distance2, lerp2, pointInPolygon, rectanglePolygon, rotateByHeading, scale2, type Vec2 } from "./geometry2d";
import type { ModelDefinition } from "./modelDefinition";
import type { Building, Model } from "./scenario/schema";
import { isLinear } from "./scenario/schema";
import { buildingFrame } from "./solids/buildingSolids";

/** Overlaps shallower than this (cm) count as touching. */
const TOUCH = 0.05;

/** One model as an obstacle: its footprint on its level. */
export interface Body {
  readonly id: string;
  readonly footprint: Footprint;
  /** "ground", or "building-id/level" for a model on a floor. */
  readonly level: string;
}

/** What a placement would overlap: a feature (wall, building wall, tank trap, wreck) or a model. */
export interface Obstruction {
  readonly id: string;
  readonly what: "wall" | "building-wall" | "model" | "tank-trap" | "wreck" | "building";
}

export const levelOf = (model: Model): string => (model.floor ? `${model.floor.building}/${model.floor.level}` : "ground");

export function bodyOf(def: ModelDefinition, model: Model): Body {
  return { id: model.id, footprint: modelFootprint(def, model), level: levelOf(model) };
}

/** Every model on the table as a body, except the ids in `except` (the models being placed or moved). */
export function tableBodies(battlefield: Battlefield, except: ReadonlySet<string> = new Set()): Body[] {
  return [...battlefield.models.values()].filter((e) => !except.has(e.model.id)).map((e) => bodyOf(e.def, e.model));
}

/** The footprint pulled in by TOUCH, so footprints that only touch do not count as overlapping. */
function shrunk(fp: Footprint): Footprint {
  if (fp.kind === "circle") return { ...fp, radius: Math.max(fp.radius - TOUCH, fp.radius / 2) };
  const centre = footprintCenter(fp);
  return {
    kind: "polygon",
    points: fp.points.map((p) => {
      const d = distance2(p, centre);
      return lerp2(centre, p, Math.max(0.5, (d - TOUCH) / d));
    }),
  };
}

/** The stretches of a building wall a model on `level` collides with: the wall minus its doors and gaps there. */
function wallStretches(building: Building, frame: ReturnType<typeof buildingFrame>, level: number): Array<{ wall: number; a: Vec2; b: Vec2 }> {
  const stretches: Array<{ wall: number; a: Vec2; b: Vec2 }> = [];
  const floorY = level * building.floorHeight;
  for (const wall of frame.walls) {
    if (wall.height <= floorY) continue; // a ruined wall that does not reach this floor
    const doors = building.openings
      .filter((o) => o.wall === wall.index && o.floor === level && o.sill === 0 && o.type !== "window")
      .map((o) => [o.offset - o.width / 2, o.offset + o.width / 2] as const)
      .sort((p, q) => p[0] - q[0]);
    let u = 0;
    const centreLine = (t: number): Vec2 => add2(lerp2(wall.start, wall.end, t / wall.length), scale2(wall.inward, building.wallThickness / 2));
    for (const [u0, u1] of [...doors, [wall.length, wall.length] as const]) {
      if (u0 > u) stretches.push({ wall: wall.index, a: centreLine(u), b: centreLine(Math.min(u0, wall.length)) });
      u = Math.max(u, u1);
    }
  }
  return stretches;
}

/**
 * The first thing `body` would overlap, or undefined when it stands free. `others` are the models it must
 * not touch (tableBodies, plus models placed in the same gesture); a vehicle cannot stand on a floor or
 * inside a building.
 */
export function obstructionOf(battlefield: Battlefield, body: Body, others: readonly Body[], isVehicle = false): Obstruction | undefined {
  const fp = shrunk(body.footprint);
  const onGround = body.level === "ground";
  const [buildingId, levelText] = onGround ? [] : body.level.split("/");
  for (const feature of battlefield.scenario.features) {
    if (feature.kind === "building") {
      const mine = feature.id === buildingId;
      if (!onGround && !mine) continue;
      if (isVehicle && (mine || pointInPolygon(footprintCenter(body.footprint), feature.footprint))) return { id: feature.id, what: "building" };
      const frame = buildingFrame(feature, battlefield.ground);
      for (const s of wallStretches(feature, frame, mine ? Number(levelText) : 0)) {
        if (footprintToPolylineDistance(fp, [s.a, s.b]) < feature.wallThickness / 2) return { id: feature.id, what: "building-wall" };
      }
      continue;
    }
    if (!onGround) continue;
    if (isLinear(feature) && feature.kind !== "wire") {
      if (footprintToPolylineDistance(fp, feature.path) < feature.thickness / 2) return { id: feature.id, what: "wall" };
    } else if (feature.kind === "tankTraps") {
      const hit = feature.points.some((p) => footprintDistance(fp, { kind: "polygon", points: rectanglePolygon(p, feature.size, feature.size, 45) }) === 0);
      if (hit) return { id: feature.id, what: "tank-trap" };
    } else if (feature.kind === "wreck") {
      const hull = wreckFootprint(feature, battlefield.catalog);
      if (hull && footprintDistance(fp, hull) === 0) return { id: feature.id, what: "wreck" };
    }
  }
  const model = others.find((o) => o.id !== body.id && o.level === body.level && footprintDistance(fp, o.footprint) === 0);
  return model && { id: model.id, what: "model" };
}

/** A short sentence for a refused placement: "us-rifleman-3 would stand in wall-2". */
export function describeObstruction(modelId: string, o: Obstruction): string {
  switch (o.what) {
    case "model":
      return `${modelId} would overlap ${o.id}`;
    case "building":
      return `${modelId} is a vehicle and cannot go into ${o.id}`;
    case "building-wall":
      return `${modelId} would stand in the walls of ${o.id}`;
    default:
      return `${modelId} would stand in ${o.id}`;
  }
}

export interface FreeSpotOptions {
  /** Distance between rings of candidate spots (cm). */
  readonly step?: number;
  /** Farthest a model is moved from where it was dropped (cm). */
  readonly maxDistance?: number;
}

/** Offsets to try for a drop, nearest first: none, then rings `step` apart out to `maxDistance`. */
function* ringOffsets(step: number, maxDistance: number): Generator<Vec2> {
  yield [0, 0];
  for (let r = step; r <= maxDistance + 1e-9; r += step) {
    const count = Math.max(8, Math.ceil((2 * Math.PI * r) / step));
    for (let k = 0; k < count; k++) yield rotateByHeading([0, r], (360 * k) / count);
  }
}

/** The model standing at `at` when it stands free there: on the table, inside the building whose floor it is on, touching nothing. */
function freeAt(battlefield: Battlefield, def: ModelDefinition, model: Model, at: Vec2, others: readonly Body[]): Model | undefined {
  const { width, depth } = battlefield.scenario.table;
  if (at[0] < 0 || at[0] > width || at[1] < 0 || at[1] > depth) return undefined;
  const building = model.floor && battlefield.buildings.get(model.floor.building);
  if (building && !pointInPolygon(at, building.footprint)) return undefined;
  const candidate = { ...model, position: [at[0], at[1]] as [number, number] };
  return obstructionOf(battlefield, bodyOf(def, candidate), others, def.vehicle !== undefined) ? undefined : candidate;
}

/**
 * The model itself where it was dropped if it stands free there, else the nearest spot where it does (rings
 * of candidates around the drop, nearest first), on the same level and on the table; undefined when there
 * is none within `maxDistance`.
 */
export function nearestFreeSpot(
  battlefield: Battlefield,
  def: ModelDefinition,
  model: Model,
  others: readonly Body[],
  options: FreeSpotOptions = {},
): Model | undefined {
  for (const offset of ringOffsets(options.step ?? 0.5, options.maxDistance ?? 20)) {
    const found = freeAt(battlefield, def, model, add2(model.position, offset), others);
    if (found) return found;
  }
  return undefined;
}

/** How far a unit dropped as one is slid, all together, to keep its formation (cm); beyond it each model finds its own spot. */
const GROUP_REACH = 5;

/**
 * Dropped models (a drag released, one model or a unit) moved to where they stand free of the table and of
 * each other: a unit first slides as one, keeping its formation, up to GROUP_REACH; else each model goes to
 * its own nearest free spot. A move with no free spot near is left as it is, for the command to refuse with
 * its reason.
 */
export function settleMoves<M extends { readonly model: string; readonly to: Placement }>(
  battlefield: Battlefield,
  moves: readonly M[],
  options?: FreeSpotOptions,
): M[] {
  const others = tableBodies(battlefield, new Set(moves.map((m) => m.model)));
  const dropped = moves.flatMap((move) => {
    const entry = battlefield.models.get(move.model);
    if (!entry) return [];
    const { elevation: _e, floor: _f, ...rest } = entry.model;
    const model: Model = {
      ...rest,
      position: move.to.position,
      heading: move.to.heading,
      ...(move.to.floor ? { floor: move.to.floor } : {}),
      ...(move.to.elevation !== undefined ? { elevation: move.to.elevation } : {}),
    };
    return [{ move, def: entry.def, model }];
  });
  const put = (move: M, at: Vec2): M => {
    const path = (move as { path?: readonly Vec2[] }).path;
    if (at[0] === move.to.position[0] && at[1] === move.to.position[1]) return move;
    return { ...move, to: { ...move.to, position: [at[0], at[1]] }, ...(path ? { path: [...path, at] } : {}) };
  };
  if (dropped.length > 1) {
    for (const offset of ringOffsets(options?.step ?? 0.5, Math.min(GROUP_REACH, options?.maxDistance ?? GROUP_REACH))) {
      const group = dropped.map((d) => bodyOf(d.def, { ...d.model, position: [d.model.position[0] + offset[0], d.model.position[1] + offset[1]] }));
      if (dropped.every((d) => freeAt(battlefield, d.def, d.model, add2(d.model.position, offset), [...others, ...group]))) {
        return moves.map((move) => put(move, add2(move.to.position, offset)));
      }
    }
  }
  return moves.map((move) => {
    const d = dropped.find((x) => x.move === move);
    const free = d && nearestFreeSpot(battlefield, d.def, d.model, others, options);
    if (!d || !free) return move;
    others.push(bodyOf(d.def, free));
    return put(move, free.position);
  });
}

/**
 * A placement moved by `by` (a follower of a dragged unit): it keeps its floor, or its elevation, while it
 * stays inside the building it stands in, and steps down to the ground outside it.
 */
export function shiftedPlacement(battlefield: Battlefield, from: Placement, by: Vec2): Placement {
  const position: [number, number] = [from.position[0] + by[0], from.position[1] + by[1]];
  const building = from.floor && battlefield.buildings.get(from.floor.building);
  if (building && pointInPolygon(position, building.footprint)) return { position, heading: from.heading, floor: from.floor };
  return { position, heading: from.heading, ...(from.elevation !== undefined && !from.floor ? { elevation: from.elevation } : {}) };
}
