/**
 * Default paint of a model's parts in the generated glTF files (sRGB hex): armour and guns in their nation's
 * base colour, figures in their uniform, bases in earth, small arms in gunmetal. Only the look: the sight
 * engine never reads it.
 */
import type { ModelDefinition, PartName } from "../src/core/modelDefinition";

const ARMOUR: Record<string, string> = { us: "#4b5320", ger: "#c2a46c" };
const UNIFORM: Record<string, string> = { us: "#7a6e4f", ger: "#5d6152" };
const UNKNOWN_NATION = "#6b6b5a";
const EARTH = "#6b5a3e";
const GUNMETAL = "#3a3a3c";

export function partPaint(def: ModelDefinition, part: PartName): string {
  const nation = def.nation ?? "";
  const armour = ARMOUR[nation] ?? UNKNOWN_NATION;
  switch (part) {
    case "hull":
    case "turret":
    case "shield":
      return armour;
    case "gun":
      // A tank's gun and a field gun's carriage are painted; an infantry team's machine gun is bare metal.
      return def.category === "vehicle" || def.category === "gun" ? armour : GUNMETAL;
    case "figure":
    case "crew":
      return UNIFORM[nation] ?? UNKNOWN_NATION;
    case "base":
      return EARTH;
  }
}
