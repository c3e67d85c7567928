/**
 * Every terrain feature that stops a sight line, as solids in the world frame. Areas (woods, crops, smoke,
 * trenches) and flat features (roads, rivers) have no solids: sight crosses them and the sight engine
 * measures the crossing instead.
 */
import { type ModelPose, poseRotation, poseTransform } from "../battlefield";
import { distance2, lerp2 } from "../geometry2d";
import type { ModelCatalog } from "../modelDefinition";
import type { Feature, Hill, LinearFeature } from "../scenario/schema";
import type { Ground } from "../terrain";
import { buildingSolids } from "./buildingSolids";
import { modelLocalSolids } from "./modelSolids";
import { IDENTITY, multiplyQuat, type Solid, type SolidKind, yawPitchQuat } from "./solid";

/** Long walls are cut into pieces no longer than this so they follow the slope of a hill. */
const MAX_PIECE = 10;
const BURIED = 0.3;

/**
 * A wall, hedge or bank as boxes of its thickness along the path: pieces of one straight segment butt end
 * to end, free ends stop exactly at the path's end points, and each interior vertex gets an upright joint
 * cylinder of the wall's thickness that closes the gap a bend leaves on its outer side.
 */
function linearSolids(f: LinearFeature, ground: Ground): Solid[] {
  if (f.kind === "wire") return [];
  const kind = f.kind as SolidKind;
  const solids: Solid[] = [];
  for (let i = 0; i + 1 < f.path.length; i++) {
    const a = f.path[i]!;
    const b = f.path[i + 1]!;
    const pieces = Math.max(1, Math.ceil(distance2(a, b) / MAX_PIECE));
    const yaw = (Math.atan2(b[0] - a[0], b[1] - a[1]) * 180) / Math.PI;
    for (let k = 0; k < pieces; k++) {
      const p = lerp2(a, b, k / pieces);
      const q = lerp2(a, b, (k + 1) / pieces);
      const mid = lerp2(p, q, 0.5);
      const bottom = Math.min(ground.heightAt(p), ground.heightAt(q)) - BURIED;
      const top = ground.heightAt(mid) + f.height;
      solids.push({
        owner: f.id,
        part: `segment-${i}`,
        kind,
        shape: { type: "box", halfExtents: [f.thickness / 2, (top - bottom) / 2, distance2(p, q) / 2] },
        position: [mid[0], (top + bottom) / 2, mid[1]],
        rotation: yawPitchQuat(yaw),
      });
    }
  }
  for (let i = 1; i + 1 < f.path.length; i++) {
    const at = f.path[i]!;
    const bottom = ground.heightAt(at) - BURIED;
    const top = ground.heightAt(at) + f.height;
    solids.push({
      owner: f.id,
      part: `joint-${i}`,
      kind,
      shape: { type: "cylinder", radius: f.thickness / 2, halfHeight: (top - bottom) / 2 },
      position: [at[0], (top + bottom) / 2, at[1]],
      rotation: IDENTITY,
    });
  }
  return solids;
}

/** Places solids given in a model frame into the world at a pose. */
export function toWorld(solids: readonly Solid[], pose: ModelPose): Solid[] {
  const turn = poseRotation(pose);
  return solids.map((s) => ({ ...s, position: poseTransform(pose, s.position), rotation: multiplyQuat(turn, s.rotation) }));
}

export function featureSolids(f: Feature, ground: Ground, catalog: ModelCatalog): Solid[] {
  switch (f.kind) {
    case "building":
      return buildingSolids(f, ground);
    case "wall":
    case "hedge":
    case "bocage":
    case "sandbags":
    case "wire":
      return linearSolids(f, ground);
    case "tankTraps":
      return f.points.map((p, i) => ({
        owner: f.id,
        part: `trap-${i}`,
        kind: "tank-trap",
        shape: { type: "box", halfExtents: [f.size / 2, f.size / 2, f.size / 2] },
        position: [p[0], ground.heightAt(p) + f.size / 2, p[1]],
        rotation: yawPitchQuat(45),
      }));
    case "wreck": {
      const def = catalog.get(f.model);
      if (!def) return [];
      const local = modelLocalSolids(def, f.id, { turretHeading: 0, figureScale: 1 }).filter((s) => s.part !== "crew" && s.part !== "figure");
      const pose = { x: f.at[0], y: ground.heightAt(f.at), z: f.at[1], heading: f.heading, pitch: 0, roll: 0, turretHeading: 0 };
      return toWorld(local, pose).map((s) => ({ ...s, kind: "wreck" }));
    }
    default:
      return [];
  }
}

/**
 * The ground: the flat table top as one box, and the hills as one triangle mesh over the cells (every
 * `cell` cm) where the ground rises. Rays against a mesh of only the raised cells are several times cheaper
 * than against a heightfield of the whole table.
 */
export function groundSolids(ground: Ground, hills: readonly Hill[], width: number, depth: number, cell = 1): Solid[] {
  const table: Solid = {
    owner: "table",
    part: "top",
    kind: "ground",
    shape: { type: "box", halfExtents: [width / 2, 0.5, depth / 2] },
    position: [width / 2, -0.5, depth / 2],
    rotation: IDENTITY,
  };
  if (!hills.length) return [table];
  const xs = hills.flatMap((h) => h.outline.map((p) => p[0]));
  const zs = hills.flatMap((h) => h.outline.map((p) => p[1]));
  const x0 = Math.max(0, Math.floor(Math.min(...xs) / cell) * cell);
  const z0 = Math.max(0, Math.floor(Math.min(...zs) / cell) * cell);
  const columns = Math.round((Math.min(width, Math.ceil(Math.max(...xs) / cell) * cell) - x0) / cell) + 1;
  const rows = Math.round((Math.min(depth, Math.ceil(Math.max(...zs) / cell) * cell) - z0) / cell) + 1;
  const vertices = new Float32Array(rows * columns * 3);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const x = x0 + c * cell;
      const z = z0 + r * cell;
      vertices.set([x, ground.heightAt([x, z]), z], (r * columns + c) * 3);
    }
  }
  const indices: number[] = [];
  for (let r = 0; r + 1 < rows; r++) {
    for (let c = 0; c + 1 < columns; c++) {
      const a = r * columns + c;
      const corners = [a, a + 1, a + columns, a + columns + 1];
      if (corners.every((k) => vertices[k * 3 + 1] === 0)) continue;
      indices.push(a, a + columns, a + 1, a + 1, a + columns, a + columns + 1);
    }
  }
  return [
    table,
    {
      owner: "table",
      part: "hills",
      kind: "ground",
      shape: { type: "trimesh", vertices, indices: Uint32Array.from(indices) },
      position: [0, 0, 0],
      rotation: IDENTITY,
    },
  ];
}
