/**
 * Several sight origins for one model: rule systems that trace sight "from any part of the base" ask from
 * each of these and take any that sees. Offsets are plan points in the model's frame (+z forward), at the
 * model's eye height; a weapon with a limited arc sights from the base's front edge only.
 */
import type { Vec2 } from "../core/geometry2d";
import type { ModelDefinition } from "../core/modelDefinition";

/** Points on the rim, inset so the eye stays over the base. */
const RIM_POINTS = 8;
const RIM_INSET = 0.85;
const RECT_RIM: readonly Vec2[] = [
  [0, 1],
  [1, 1],
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, -1],
  [-1, 0],
  [-1, 1],
];

/** The base's centre and points around its rim (the front half only for `frontEdgeOnly`). Empty for hulls. */
export function baseSightOffsets(def: ModelDefinition, frontEdgeOnly = false): Vec2[] {
  if (def.vehicle || !def.base) return [];
  const halfWidth = (def.base.width / 2) * RIM_INSET;
  const halfDepth = ((def.base.depth ?? def.base.width) / 2) * RIM_INSET;
  const rim: Vec2[] = [];
  for (let i = 0; i < RIM_POINTS; i++) {
    const a = (2 * Math.PI * i) / RIM_POINTS;
    // A rectangle's corners and edge midpoints; an ellipse's points every 45°.
    const p: Vec2 = def.base.shape === "rect" ? [RECT_RIM[i]![0] * halfWidth, RECT_RIM[i]![1] * halfDepth] : [Math.sin(a) * halfWidth, Math.cos(a) * halfDepth];
    if (!frontEdgeOnly || p[1] > 0) rim.push(p);
  }
  return frontEdgeOnly ? rim : [[0, 0], ...rim];
}
