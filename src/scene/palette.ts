/** Colours of the tabletop: terrain by kind and material, miniatures by side. */
import type { Feature } from "../core/scenario/schema";
import type { SolidKind } from "../core/solids/solid";
import type { TableLook } from "./tableMaterial";

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

/** Brick is redder than the stone colour of its kind. */
const BRICK = "#a8674a";

/** How a terrain solid is painted: its kind's colour, and courses, leaves or soot by kind and material. */
export function solidLook(kind: SolidKind, feature: Feature | undefined): TableLook {
  const color = TERRAIN_COLORS[kind];
  const material = feature && "material" in feature ? feature.material : undefined;
  const decorative = feature !== undefined && "decorative" in feature && feature.decorative === true;
  const masonry = (): TableLook =>
    material === "brick"
      ? { pattern: "brick", color: BRICK, decorative }
      : material === "stone" || material === undefined
        ? { pattern: "stone", color, decorative }
        : { pattern: "plain", color, decorative };
  switch (kind) {
    case "building-wall":
    case "wall":
      return masonry();
    case "roof":
      return { pattern: "brick", color, decorative };
    case "hedge":
      return { pattern: "hedge", color, decorative };
    case "bocage":
      return { pattern: "bocage", color, decorative };
    case "sandbags":
      return { pattern: "sandbags", color, decorative };
    case "wreck":
      return { pattern: "burnt", color: "#55524a", decorative };
    case "ground":
      return { pattern: "flock", color, decorative };
    default:
      return { pattern: "plain", color, decorative };
  }
}

/** Per side: figures, and vehicles (hull, turret, gun) a shade darker, like painted miniatures. */
const SIDE_COLORS = [
  { figure: "#8a8f7c", vehicle: "#6f7563" }, // field grey
  { figure: "#7b8246", vehicle: "#5d6b3a" }, // olive drab
  { figure: "#9a7c4e", vehicle: "#7a5f3c" },
  { figure: "#5f7385", vehicle: "#4d5d6e" },
];

export const PART_TONES = { base: "#3b3a31" } as const;

/** A stable colour per side (in the order sides appear) and part. */
export function sideColor(sides: readonly string[], side: string, part: string): string {
  const colors = SIDE_COLORS[Math.max(0, sides.indexOf(side)) % SIDE_COLORS.length]!;
  return part === "figure" || part === "crew" ? colors.figure : colors.vehicle;
}
