/**
 * A viewshed: which parts of the table's surface a model can see, on a grid. For each cell, a ray straight
 * down finds the surface (ground, floor, roof, wall top), and a ray from the model's eye to that point says
 * whether it is in sight. Same rays, same answers as the line-of-sight reports.
 */

import type { SightWorld } from "./sightWorld";
import { modelEntry, sightOrigin } from "./visibility";

export interface Viewshed {
  readonly observer: string;
  /** Cell size in cm; cell (c, r) is centred at ((c + 0.5)·cell, (r + 0.5)·cell). */
  readonly cell: number;
  readonly columns: number;
  readonly rows: number;
  /** 1 where the surface is in sight, 0 where it is hidden; row-major, rows along z. */
  readonly visible: Uint8Array;
  /** Height of the surface in each cell. */
  readonly heights: Float32Array;
}

/** Rays stop this far short of the surface point, so the surface itself never counts as a blocker. */
const SURFACE_GAP = 0.05;
const SKY = 500;

/** The surface under each cell's centre. Terrain only, so computed once per world and cell size. */
const surfaceCache = new WeakMap<object, Map<number, Float32Array>>();

function surfaceHeights(world: SightWorld, cell: number, columns: number, rows: number): Float32Array {
  let byCell = surfaceCache.get(world.staticSolids);
  if (!byCell) surfaceCache.set(world.staticSolids, (byCell = new Map()));
  let heights = byCell.get(cell);
  if (heights) return heights;
  heights = new Float32Array(columns * rows);
  // Models stand on the table, they are not the table: the surface ray passes through them.
  const models = new Set(world.battlefield.models.keys());
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const x = (c + 0.5) * cell;
      const z = (r + 0.5) * cell;
      const down = world.castSegment([x, SKY, z], [x, -1, z], { ignoreOwners: models });
      heights[r * columns + c] = down ? down.point[1] : 0;
    }
  }
  byCell.set(cell, heights);
  return heights;
}

export function computeViewshed(world: SightWorld, observerId: string, options: { cell?: number; weapon?: string } = {}): Viewshed {
  const cell = options.cell ?? 2;
  if (!(cell >= 0.5)) throw new Error(`viewshed cell must be at least 0.5 cm, got ${cell}`);
  const observer = modelEntry(world, observerId, "observer");
  const eye = sightOrigin(world.battlefield, observer, options.weapon);
  const { width, depth } = world.battlefield.scenario.table;
  const columns = Math.ceil(width / cell);
  const rows = Math.ceil(depth / cell);
  const visible = new Uint8Array(columns * rows);
  const heights = surfaceHeights(world, cell, columns, rows);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const x = (c + 0.5) * cell;
      const z = (r + 0.5) * cell;
      const y = heights[r * columns + c]!;
      const dx = x - eye[0],
        dy = y - eye[1],
        dz = z - eye[2];
      const length = Math.hypot(dx, dy, dz);
      const k = Math.max(0, length - SURFACE_GAP) / length;
      const end: [number, number, number] = [eye[0] + dx * k, eye[1] + dy * k, eye[2] + dz * k];
      visible[r * columns + c] = world.castSegment(eye, end, { fromModel: observerId }) ? 0 : 1;
    }
  }
  return { observer: observerId, cell, columns, rows, visible, heights };
}
