/**
 * A model definition's parts as solids in the model's own frame (origin at the footprint centre on the
 * ground, +z forward), with the turret traversed and the figures scaled to the instance's figure height.
 */
import { add2, rotateByHeading, sub2 } from "../geometry2d";
import type { ModelDefinition, Shape } from "../modelDefinition";
import { degenerateHull } from "./convexPoints";
import { IDENTITY, multiplyQuat, type Quat, type Solid, type SolidShape, type Vec3, yawPitchQuat } from "./solid";
import { solidTriangles } from "./solidGeometry";

export interface ModelSolidOptions {
  readonly turretHeading: number;
  /** Instance figure height ÷ definition figure height: stretches figures and crew vertically. */
  readonly figureScale: number;
}

const AXIS_ROTATION: Record<"x" | "y" | "z", Quat> = {
  x: yawPitchQuat(0, 0, 90),
  y: IDENTITY,
  z: yawPitchQuat(0, 90, 0),
};

function shapeSolid(shape: Shape, yScale: number): { shape: SolidShape; position: Vec3; rotation: Quat } {
  const position: Vec3 = shape.type === "mesh" ? [0, 0, 0] : [shape.at[0], shape.at[1] * yScale, shape.at[2]];
  switch (shape.type) {
    case "box":
      return {
        shape: { type: "box", halfExtents: [shape.size[0] / 2, (shape.size[1] * yScale) / 2, shape.size[2] / 2] },
        position,
        rotation: yawPitchQuat(shape.yaw, shape.pitch),
      };
    case "cylinder": {
      const halfHeight = (shape.length * (shape.axis === "y" ? yScale : 1)) / 2;
      return { shape: { type: "cylinder", radius: shape.radius, halfHeight }, position, rotation: AXIS_ROTATION[shape.axis] };
    }
    case "sphere": {
      const squash = shape.squash * yScale;
      return {
        shape: squash === 1 ? { type: "ball", radius: shape.radius } : { type: "ellipsoid", radius: shape.radius, squash },
        position,
        rotation: IDENTITY,
      };
    }
    case "mesh":
      return { shape: meshSolid(shape, yScale), position: [0, 0, 0], rotation: IDENTITY };
  }
}

type MeshShape = Extract<Shape, { type: "mesh" }>;

/**
 * Mesh solids are made once per definition shape and figure scale: they are large (thousands of triangles), and
 * the renderer shares one geometry among the instances of one solid shape.
 */
const meshSolids = new WeakMap<MeshShape, Map<number, SolidShape>>();

function meshSolid(shape: MeshShape, yScale: number): SolidShape {
  let byScale = meshSolids.get(shape);
  if (!byScale) meshSolids.set(shape, (byScale = new Map()));
  const known = byScale.get(yScale);
  if (known) return known;
  const stretched = (vertices: readonly number[]) => Float32Array.from(vertices, (v, i) => (i % 3 === 1 ? v * yScale : v));
  const solid: SolidShape = {
    type: shape.convex ? "convexMesh" : "trimesh",
    vertices: stretched(shape.vertices),
    indices: Uint32Array.from(shape.indices),
    ...(shape.drawn && { drawn: { positions: stretched(shape.drawn.vertices), indices: Uint32Array.from(shape.drawn.indices) } }),
  };
  byScale.set(yScale, solid);
  return solid;
}

/** Turns a point of the hull frame about the turret pivot by the turret heading. */
export function traverse(point: Vec3, pivot: readonly [number, number], turretHeading: number): Vec3 {
  const [x, z] = add2(pivot, rotateByHeading(sub2([point[0], point[2]], pivot), turretHeading));
  return [x, point[1], z];
}

export function modelLocalSolids(def: ModelDefinition, owner: string, options: ModelSolidOptions): Solid[] {
  const turretRotation = yawPitchQuat(options.turretHeading);
  return def.parts.flatMap((part) => {
    const yScale = part.name === "figure" || part.name === "crew" ? options.figureScale : 1;
    return part.shapes.map((shape): Solid => {
      const s = shapeSolid(shape, yScale);
      return part.turret
        ? {
            owner,
            part: part.name,
            kind: "model",
            shape: s.shape,
            position: traverse(s.position, def.turretPivot, options.turretHeading),
            rotation: multiplyQuat(turretRotation, s.rotation),
          }
        : { owner, part: part.name, kind: "model", ...s };
    });
  });
}

/** A named point (eye, muzzle…) in the model frame, traversed with the turret when it belongs to it. */
export function modelLocalPoint(def: ModelDefinition, name: string, options: ModelSolidOptions): Vec3 | undefined {
  const point = def.points[name];
  if (!point) return undefined;
  const at: Vec3 = point.at;
  return point.turret ? traverse(at, def.turretPivot, options.turretHeading) : at;
}

export interface ModelShapeCheck {
  /** The highest point of the model's solids above its feet, cm. */
  readonly top: number;
  /** Why a convex part cannot be built at this figure scale ("figure: its points lie on one line…"), or undefined. */
  readonly unbuildable?: string;
}

const shapeChecks = new WeakMap<ModelDefinition, Map<number, ModelShapeCheck>>();

/**
 * What the validator asks of a model's solids at its figure scale, as the sight engine will build them: how
 * tall the model is (its eye may be no higher), and whether every convex part still spans a hull once its
 * figures are stretched or squashed. Once per definition and scale.
 */
export function checkModelShapes(def: ModelDefinition, figureScale: number): ModelShapeCheck {
  let byScale = shapeChecks.get(def);
  if (!byScale) shapeChecks.set(def, (byScale = new Map()));
  const known = byScale.get(figureScale);
  if (known) return known;
  let top = 0;
  let unbuildable: string | undefined;
  for (const solid of modelLocalSolids(def, def.id, { turretHeading: 0, figureScale })) {
    const { positions } = solidTriangles(solid);
    for (let i = 1; i < positions.length; i += 3) top = Math.max(top, positions[i]!);
    if (!unbuildable && solid.shape.type === "convexMesh") {
      const why = degenerateHull(solid.shape.vertices);
      if (why) unbuildable = `${solid.part}: ${why}`;
    }
  }
  const check = { top, ...(unbuildable && { unbuildable }) };
  byScale.set(figureScale, check);
  return check;
}
