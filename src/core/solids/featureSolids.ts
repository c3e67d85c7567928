/**
 * Every terrain feature that stops a sight line, as solids in the world frame. Areas (woods, crops, smoke,
 * trenches) and flat features (roads, rivers) have no solids: sight crosses them and the sight engine
 * measures the crossing instead.
 */
import { poseRotation, poseTransform, type ModelPose } from "../battlefield";
import { distance2, lerp2 } from "../geometry2d";
import type { ModelCatalog } from "../modelDefinition";
import type { Feature, LinearFeature } from "../scenario/schema";
import type { Ground } from "../terrain";
import { buildingSolids } from "./buildingSolids";
import { modelLocalSolids } from "./modelSolids";
import { IDENTITY, multiplyQuat, yawPitchQuat, type Solid, type SolidKind } from "./solid";

/** Long walls are cut into pieces no longer than this so they follow the slope of a hill. */
const MAX_PIECE = 10;
const BURIED = 0.3;

function linearSolids(f: LinearFeature, ground: Ground): Solid[] {
  if (f.kind === "wire") return [];
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
      // Overlap consecutive pieces by half a thickness so corners are closed.
      const halfLength = distance2(p, q) / 2 + f.thickness / 2;
      solids.push({
        owner: f.id,
        part: `segment-${i}`,
        kind: f.kind as SolidKind,
        shape: { type: "box", halfExtents: [f.thickness / 2, (top - bottom) / 2, halfLength] },
        position: [mid[0], (top + bottom) / 2, mid[1]],
        rotation: yawPitchQuat(yaw),
      });
    }
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

/** The ground as a heightfield solid sampled every `cell` cm. */
export function groundSolid(ground: Ground, width: number, depth: number, cell = 1): Solid {
  const columns = Math.ceil(width / cell) + 1;
  const rows = Math.ceil(depth / cell) + 1;
  const heights = new Float32Array(rows * columns);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      heights[r * columns + c] = ground.heightAt([(c / (columns - 1)) * width, (r / (rows - 1)) * depth]);
    }
  }
  return { owner: "table", part: "ground", kind: "ground", shape: { type: "heightfield", rows, columns, heights, width, depth }, position: [0, 0, 0], rotation: IDENTITY };
}
