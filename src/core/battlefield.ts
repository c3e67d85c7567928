/**
 * A validated scenario with what every layer derives from it: the ground, the model definitions each model
 * refers to, who belongs to which unit and side, and where each model stands (its pose and footprint).
 */

import { Quaternion, Vector3 } from "three";
import type { Footprint } from "./footprint";
import { add2, ellipsePolygon, rectanglePolygon, rotateByHeading, type Vec2 } from "./geometry2d";
import type { ModelCatalog, ModelDefinition } from "./modelDefinition";
import type { Building, Feature, Model, Scenario } from "./scenario/schema";
import { buildingFrame, FLOOR_THICKNESS } from "./solids/buildingSolids";
import { modelLocalPoint } from "./solids/modelSolids";
import { type Quat, type Vec3, yawPitchQuat } from "./solids/solid";
import { createGround, type Ground } from "./terrain";
import { radToDeg } from "./units";

export interface ModelEntry {
  readonly model: Model;
  readonly def: ModelDefinition;
  readonly unitId: string;
  readonly forceId: string;
  readonly side: string;
}

export interface Battlefield {
  readonly scenario: Scenario;
  readonly catalog: ModelCatalog;
  readonly ground: Ground;
  readonly models: ReadonlyMap<string, ModelEntry>;
  readonly buildings: ReadonlyMap<string, Building>;
}

export interface ModelPose {
  readonly x: number;
  /** Height of the model's feet (the bottom of its base or tracks). */
  readonly y: number;
  readonly z: number;
  readonly heading: number;
  /** Nose-up tilt in degrees: vehicles and guns follow the slope they stand on; figures stay upright. */
  readonly pitch: number;
  /** Left-side-up tilt in degrees. */
  readonly roll: number;
  readonly turretHeading: number;
}

export function createBattlefield(scenario: Scenario, catalog: ModelCatalog): Battlefield {
  const models = new Map<string, ModelEntry>();
  for (const force of scenario.forces) {
    for (const unit of force.units) {
      for (const model of unit.models) {
        const def = catalog.get(model.model);
        if (!def) throw new Error(`model "${model.id}" refers to unknown model definition "${model.model}"`);
        models.set(model.id, { model, def, unitId: unit.id, forceId: force.id, side: force.side });
      }
    }
  }
  const buildings = new Map(scenario.features.filter((f): f is Building => f.kind === "building").map((b) => [b.id, b]));
  return { scenario, catalog, ground: createGround(scenario.features), models, buildings };
}

export function floorHeight(battlefield: Battlefield, building: Building, level: number): number {
  return buildingFrame(building, battlefield.ground).baseY + level * building.floorHeight;
}

/** Just under the slab of the floor above `level`: a building shown up to floor `level` is cut here. */
export function floorCutHeight(battlefield: Battlefield, building: Building, level: number): number {
  return floorHeight(battlefield, building, level + 1) - FLOOR_THICKNESS;
}

export function modelPose(battlefield: Battlefield, model: Model, def: ModelDefinition): ModelPose {
  // Kept per model state on its ground (the ground and the buildings come from the same terrain): the sight
  // engine asks for the same poses many times a report.
  let poses = poseCache.get(battlefield.ground);
  if (!poses) poseCache.set(battlefield.ground, (poses = new WeakMap()));
  let pose = poses.get(model);
  if (!pose || pose.def !== def) poses.set(model, (pose = { def, pose: computePose(battlefield, model, def) }));
  return pose.pose;
}

const poseCache = new WeakMap<object, WeakMap<Model, { def: ModelDefinition; pose: ModelPose }>>();

function computePose(battlefield: Battlefield, model: Model, def: ModelDefinition): ModelPose {
  const [x, z] = model.position;
  const level = { x, z, heading: model.heading, turretHeading: model.turretHeading, pitch: 0, roll: 0 };
  if (model.elevation !== undefined) return { ...level, y: model.elevation };
  const building = model.floor && battlefield.buildings.get(model.floor.building);
  if (building && model.floor) return { ...level, y: floorHeight(battlefield, building, model.floor.level) };
  const ground = battlefield.ground;
  const centre = ground.heightAt(model.position);
  const size = def.vehicle
    ? { width: def.vehicle.width, length: def.vehicle.length }
    : def.category === "gun" && def.base
      ? { width: def.base.width, length: def.base.depth ?? def.base.width }
      : undefined;
  if (!size) return { ...level, y: centre };
  // Rest the hull on the ground under its front, rear and both sides.
  const at = (dx: number, dz: number) => ground.heightAt(add2(model.position, rotateByHeading([dx, dz], model.heading)));
  const front = at(0, size.length / 2);
  const rear = at(0, -size.length / 2);
  const left = at(size.width / 2, 0);
  const right = at(-size.width / 2, 0);
  return {
    ...level,
    y: Math.max(centre, (front + rear + left + right) / 4),
    pitch: radToDeg(Math.atan2(front - rear, size.length)),
    roll: radToDeg(Math.atan2(left - right, size.width)),
  };
}

/** The rotation of a pose: heading, then pitch and roll. */
export function poseRotation(pose: ModelPose): Quat {
  // three.js pitches +z downwards for a positive x rotation, so nose-up is negative.
  return yawPitchQuat(pose.heading, -pose.pitch, pose.roll);
}

/** A point of the model frame in the world. */
export function poseTransform(pose: ModelPose, local: Vec3): Vec3 {
  const v = new Vector3(...local).applyQuaternion(new Quaternion(...poseRotation(pose)));
  return [pose.x + v.x, pose.y + v.y, pose.z + v.z];
}

/** Instance figure height over the definition's: how much this model's figures are stretched. */
export function figureScale(def: ModelDefinition, model: Model): number {
  return model.figureHeight !== undefined && def.figureHeight ? model.figureHeight / def.figureHeight : 1;
}

export function modelFootprint(def: ModelDefinition, model: Model): Footprint {
  const center: Vec2 = model.position;
  if (def.vehicle) return { kind: "polygon", points: rectanglePolygon(center, def.vehicle.width, def.vehicle.length, model.heading) };
  const base = model.base ?? def.base;
  if (!base) return { kind: "polygon", points: partsOutline(def).map((p) => add2(center, rotateByHeading(p, model.heading))) };
  const depth = base.depth ?? base.width;
  if (base.shape === "round") return { kind: "circle", center, radius: base.width / 2 };
  if (base.shape === "oval") return { kind: "polygon", points: ellipsePolygon(center, base.width / 2, depth / 2, model.heading, 24) };
  return { kind: "polygon", points: rectanglePolygon(center, base.width, depth, model.heading) };
}

/** A wreck's hull in plan: the rectangle its vehicle stood on (undefined when the catalog has no such vehicle). */
export function wreckFootprint(wreck: Extract<Feature, { kind: "wreck" }>, catalog: ModelCatalog): Footprint | undefined {
  const vehicle = catalog.get(wreck.model)?.vehicle;
  return vehicle && { kind: "polygon", points: rectanglePolygon(wreck.at, vehicle.width, vehicle.length, wreck.heading) };
}

/** The plan rectangle around a base-less model's parts, in its own frame. */
function partsOutline(def: ModelDefinition): Vec2[] {
  let minX = Infinity,
    maxX = -Infinity,
    minZ = Infinity,
    maxZ = -Infinity;
  for (const shape of def.parts.flatMap((p) => p.shapes)) {
    if (shape.type === "mesh") {
      for (let i = 0; i < shape.vertices.length; i += 3) {
        minX = Math.min(minX, shape.vertices[i]!);
        maxX = Math.max(maxX, shape.vertices[i]!);
        minZ = Math.min(minZ, shape.vertices[i + 2]!);
        maxZ = Math.max(maxZ, shape.vertices[i + 2]!);
      }
      continue;
    }
    const [hx, hz] = shape.type === "box" ? [shape.size[0] / 2, shape.size[2] / 2] : [shape.radius, shape.radius];
    minX = Math.min(minX, shape.at[0] - hx);
    maxX = Math.max(maxX, shape.at[0] + hx);
    minZ = Math.min(minZ, shape.at[2] - hz);
    maxZ = Math.max(maxZ, shape.at[2] + hz);
  }
  return [
    [minX, minZ],
    [maxX, minZ],
    [maxX, maxZ],
    [minX, maxZ],
  ];
}

/** A named point of a model (eye, muzzle…) in world coordinates, with the instance's eye height. */
export function modelWorldPoint(battlefield: Battlefield, entry: ModelEntry, name: string): Vec3 | undefined {
  const { def, model } = entry;
  const local = modelLocalPoint(def, name, { turretHeading: model.turretHeading, figureScale: figureScale(def, model) });
  if (!local) return undefined;
  const y = name === "eye" && model.eyeHeight !== undefined ? model.eyeHeight : name === "eye" ? local[1] * figureScale(def, model) : local[1];
  return poseTransform(modelPose(battlefield, model, def), [local[0], y, local[2]]);
}
