/** Where a laid template is held and dragged from. */
import type { Vec2 } from "../geometry2d";
import type { PlacedTemplate } from "./events";

/** Where a template is anchored: a blast's centre, a teardrop's muzzle. */
export function templateAnchor(shape: PlacedTemplate["shape"]): Vec2 {
  return shape.kind === "blast" ? shape.at : shape.from;
}

/** The same template with its anchor moved to `at`. */
export function templateMovedTo(shape: PlacedTemplate["shape"], at: Vec2): PlacedTemplate["shape"] {
  return shape.kind === "blast" ? { ...shape, at: [at[0], at[1]] } : { ...shape, from: [at[0], at[1]] };
}
