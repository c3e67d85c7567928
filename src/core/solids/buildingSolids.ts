/**
 * A building as solids: wall slabs with real gaps where the windows and doors are, a floor slab per storey
 * and a roof. Heights are measured from the building's base (the ground at its footprint centroid).
 */
import { ShapeUtils, Vector2 } from "three";
import { distance2, polygonCentroid, signedArea, type Vec2 } from "../geometry2d";
import type { Building, Opening } from "../scenario/schema";
import type { Ground } from "../terrain";
import { IDENTITY, type Solid, yawPitchQuat } from "./solid";

export const FLOOR_THICKNESS = 0.4;
const ROOF_THICKNESS = 0.4;

export interface BuildingFrame {
  /** Height of the ground floor's surface. */
  readonly baseY: number;
  /** Bottom of the walls: the lowest ground under the footprint's corners. */
  readonly footY: number;
  readonly walls: readonly WallFrame[];
  /** Top of the highest wall above the base. */
  readonly height: number;
}

export interface WallFrame {
  readonly index: number;
  readonly start: Vec2;
  readonly end: Vec2;
  readonly length: number;
  /** Unit direction from start to end. */
  readonly along: Vec2;
  /** Unit normal pointing into the building. */
  readonly inward: Vec2;
  /** Remaining height above the base (full height unless ruined). */
  readonly height: number;
}

export function buildingFrame(b: Building, ground: Ground): BuildingFrame {
  const baseY = ground.heightAt(polygonCentroid(b.footprint));
  const footY = Math.min(baseY, ...b.footprint.map((p) => ground.heightAt(p)));
  const ccw = signedArea(b.footprint) > 0;
  const fullHeight = b.floors * b.floorHeight;
  const walls = b.footprint.map((start, index): WallFrame => {
    const end = b.footprint[(index + 1) % b.footprint.length]!;
    const length = distance2(start, end);
    const along: Vec2 = [(end[0] - start[0]) / length, (end[1] - start[1]) / length];
    const inward: Vec2 = ccw ? [-along[1], along[0]] : [along[1], -along[0]];
    return { index, start, end, length, along, inward, height: b.ruined?.wallHeights?.[index] ?? fullHeight };
  });
  return { baseY, footY, walls, height: Math.max(...walls.map((w) => w.height)) };
}

/** The rectangle an opening cuts from its wall: u along the wall, v above the building base. */
export function openingRect(b: Building, o: Opening): { u0: number; u1: number; v0: number; v1: number } {
  const v0 = o.floor * b.floorHeight + o.sill;
  return { u0: o.offset - o.width / 2, u1: o.offset + o.width / 2, v0, v1: v0 + o.height };
}

/** Splits the wall face [0, length] × [bottom, top] minus the openings into rectangles. */
function wallPanels(length: number, bottom: number, top: number, holes: ReturnType<typeof openingRect>[]) {
  const cuts = [...new Set([0, length, ...holes.flatMap((h) => [h.u0, h.u1])])].filter((u) => u >= 0 && u <= length).sort((a, b) => a - b);
  const panels: Array<{ u0: number; u1: number; v0: number; v1: number }> = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const u0 = cuts[i]!;
    const u1 = cuts[i + 1]!;
    const mid = (u0 + u1) / 2;
    const gaps = holes.filter((h) => h.u0 < mid && mid < h.u1).sort((a, b) => a.v0 - b.v0);
    let v = bottom;
    for (const g of gaps) {
      if (g.v0 > v) panels.push({ u0, u1, v0: v, v1: Math.min(g.v0, top) });
      v = Math.max(v, g.v1);
    }
    if (v < top) panels.push({ u0, u1, v0: v, v1: top });
  }
  return panels.filter((p) => p.v1 - p.v0 > 1e-6);
}

function extrudedPolygon(outline: readonly Vec2[], bottom: number, top: number): { vertices: Float32Array; indices: Uint32Array } {
  const n = outline.length;
  const vertices = new Float32Array(n * 6);
  outline.forEach(([x, z], i) => {
    vertices.set([x, bottom, z], i * 3);
    vertices.set([x, top, z], (n + i) * 3);
  });
  const caps = ShapeUtils.triangulateShape(
    outline.map(([x, z]) => new Vector2(x, z)),
    [],
  );
  const indices: number[] = [];
  for (const [a, b, c] of caps as Array<[number, number, number]>) indices.push(a, b, c, n + a, n + c, n + b);
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    indices.push(i, j, n + j, i, n + j, n + i);
  }
  return { vertices, indices: Uint32Array.from(indices) };
}

function gableRoof(outline: readonly Vec2[], eaveY: number, ridgeY: number): { vertices: Float32Array; indices: Uint32Array } {
  const [p0, p1, p2, p3] = outline as [Vec2, Vec2, Vec2, Vec2];
  const r1: Vec2 = [(p1[0] + p2[0]) / 2, (p1[1] + p2[1]) / 2];
  const r0: Vec2 = [(p3[0] + p0[0]) / 2, (p3[1] + p0[1]) / 2];
  const vertices = Float32Array.from([...[p0, p1, p2, p3].flatMap(([x, z]) => [x, eaveY, z]), ...[r0, r1].flatMap(([x, z]) => [x, ridgeY, z])]);
  // 0-3 eaves, 4 = r0, 5 = r1. Both slopes, both gable ends and the bottom: a closed solid.
  const indices = Uint32Array.from([0, 1, 5, 0, 5, 4, 2, 3, 4, 2, 4, 5, 1, 2, 5, 3, 0, 4, 0, 2, 1, 0, 3, 2]);
  return { vertices, indices };
}

export function buildingSolids(b: Building, ground: Ground): Solid[] {
  const frame = buildingFrame(b, ground);
  const solids: Solid[] = [];
  const t = b.wallThickness;
  for (const wall of frame.walls) {
    const holes = b.openings.filter((o) => o.wall === wall.index).map((o) => openingRect(b, o));
    for (const panel of wallPanels(wall.length, frame.footY - frame.baseY, wall.height, holes)) {
      const u = (panel.u0 + panel.u1) / 2;
      const centre: Vec2 = [wall.start[0] + wall.along[0] * u + wall.inward[0] * (t / 2), wall.start[1] + wall.along[1] * u + wall.inward[1] * (t / 2)];
      solids.push({
        owner: b.id,
        part: `wall-${wall.index}`,
        kind: "building-wall",
        shape: { type: "box", halfExtents: [(panel.u1 - panel.u0) / 2, (panel.v1 - panel.v0) / 2, t / 2] },
        position: [centre[0], frame.baseY + (panel.v0 + panel.v1) / 2, centre[1]],
        rotation: yawPitchQuat((Math.atan2(wall.along[0], wall.along[1]) * 180) / Math.PI - 90),
      });
    }
  }
  const lowestWall = Math.min(...frame.walls.map((w) => w.height));
  for (let level = 0; level < b.floors; level++) {
    const surface = level * b.floorHeight;
    if (b.ruined && level > 0 && surface >= lowestWall) continue;
    const slab = extrudedPolygon(b.footprint, frame.baseY + surface - FLOOR_THICKNESS, frame.baseY + surface);
    solids.push({ owner: b.id, part: `floor-${level}`, kind: "building-floor", shape: { type: "trimesh", ...slab }, position: [0, 0, 0], rotation: IDENTITY });
  }
  if (b.roof.state === "intact" && !b.ruined) {
    const eaveY = frame.baseY + frame.height;
    const roof =
      b.roof.shape === "gable" && b.footprint.length === 4
        ? gableRoof(b.footprint, eaveY, eaveY + b.roof.ridgeHeight)
        : extrudedPolygon(b.footprint, eaveY, eaveY + ROOF_THICKNESS);
    solids.push({ owner: b.id, part: "roof", kind: "roof", shape: { type: "trimesh", ...roof }, position: [0, 0, 0], rotation: IDENTITY });
  }
  return solids;
}
