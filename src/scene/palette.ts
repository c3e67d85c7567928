/** Colours of the tabletop: terrain by kind, miniatures by side. */
import type { SolidKind } from "../core/solids/solid";

export const TERRAIN_COLORS: Record<SolidKind, string> = {
  ground: "#7f8f4e",
  "building-wall": "#d8c9a8",
  "building-floor": "#8a7560",
  roof: "#9c4a32",
  wall: "#a59d8f",
  hedge: "#3f5e2a",
  bocage: "#4b6a30",
  sandbags: "#b9a57a",
  "tank-trap": "#5a5a5a",
  wreck: "#3b3835",
  model: "#777777",
};

const SIDE_COLORS = ["#5d6b4a", "#6b6f78", "#7a5f3c", "#4d5d6e"];

/** A stable colour per side, in the order the sides appear in the scenario. */
export function sideColor(sides: readonly string[], side: string): string {
  return SIDE_COLORS[Math.max(0, sides.indexOf(side)) % SIDE_COLORS.length]!;
}
