/** User actions shared by buttons and keyboard shortcuts, each one command in the game log. */
import { useGame } from "./game";
import { useUi } from "./store/uiStore";

/** Turns the selected models by `degrees` (positive clockwise seen from above, like a compass). */
export function turn(degrees: number): void {
  const { battlefield, perform } = useGame.getState();
  for (const id of useUi.getState().selection) {
    const m = battlefield.models.get(id)?.model;
    if (!m) continue;
    perform({
      type: "move",
      model: id,
      to: { position: m.position, heading: m.heading - degrees, ...(m.elevation !== undefined ? { elevation: m.elevation } : {}), ...(m.floor ? { floor: m.floor } : {}) },
      path: [],
    });
  }
}

/** Traverses the turrets of the selected vehicles. */
export function traverse(degrees: number): void {
  const { battlefield, perform } = useGame.getState();
  for (const id of useUi.getState().selection) {
    const entry = battlefield.models.get(id);
    if (entry?.def.parts.some((p) => p.turret)) perform({ type: "traverse", model: id, turretHeading: entry.model.turretHeading - degrees });
  }
}
