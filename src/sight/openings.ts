/**
 * Windows, doors and gaps a sight ray passes through. Each opening is a rectangle in the middle plane of
 * its wall; a ray passes it when it crosses that plane inside the rectangle.
 */
import type { Battlefield } from "../core/battlefield";
import type { Vec2 } from "../core/geometry2d";
import { type Building, blocksSight, type Opening } from "../core/scenario/schema";
import { buildingFrame, openingRect } from "../core/solids/buildingSolids";
import type { Vec3 } from "../core/solids/solid";

export interface OpeningPlane {
  readonly opening: Opening;
  readonly building: Building;
  /** A point of the wall's middle plane at the wall's start, and its axes. */
  readonly origin: Vec2;
  readonly along: Vec2;
  readonly normal: Vec2;
  readonly baseY: number;
  readonly u0: number;
  readonly u1: number;
  readonly v0: number;
  readonly v1: number;
}

const planeCache = new WeakMap<object, OpeningPlane[]>();

export function openingPlanes(battlefield: Battlefield): OpeningPlane[] {
  const key = battlefield.scenario.features;
  let planes = planeCache.get(key);
  if (!planes) {
    planes = [...battlefield.buildings.values()].filter(blocksSight).flatMap((building) => {
      const frame = buildingFrame(building, battlefield.ground);
      return building.openings.flatMap((opening): OpeningPlane[] => {
        const wall = frame.walls[opening.wall]!;
        const half = building.wallThickness / 2;
        const rect = openingRect(building, opening);
        // A ruined wall cut down below the opening has no opening left: there is no wall around it.
        if (rect.v0 >= wall.height) return [];
        return [
          {
            opening,
            building,
            origin: [wall.start[0] + wall.inward[0] * half, wall.start[1] + wall.inward[1] * half],
            along: wall.along,
            normal: wall.inward,
            baseY: frame.baseY,
            ...rect,
            v1: Math.min(rect.v1, wall.height),
          },
        ];
      });
    });
    planeCache.set(key, planes);
  }
  return planes;
}

/** Where the segment from → to passes through the opening, or null. */
export function passThrough(plane: OpeningPlane, from: Vec3, to: Vec3): Vec3 | null {
  const n = plane.normal;
  const sFrom = (from[0] - plane.origin[0]) * n[0] + (from[2] - plane.origin[1]) * n[1];
  const sTo = (to[0] - plane.origin[0]) * n[0] + (to[2] - plane.origin[1]) * n[1];
  if (sFrom * sTo > 0 || sFrom === sTo) return null;
  const t = sFrom / (sFrom - sTo);
  const p: Vec3 = [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t, from[2] + (to[2] - from[2]) * t];
  const u = (p[0] - plane.origin[0]) * plane.along[0] + (p[2] - plane.origin[1]) * plane.along[1];
  const v = p[1] - plane.baseY;
  return u >= plane.u0 && u <= plane.u1 && v >= plane.v0 && v <= plane.v1 ? p : null;
}
