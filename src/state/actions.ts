/** User actions shared by buttons and keyboard shortcuts, each one command in the game log. */
import { placementOf } from "../core/game/state";
import { useGame } from "./game";
import { useUi } from "./uiStore";

/** Turns the selected models by `degrees` (positive clockwise seen from above, like a compass): one event. */
export function turn(degrees: number): void {
  const { battlefield, perform } = useGame.getState();
  const moves = useUi
    .getState()
    .selection.flatMap((id) => battlefield.models.get(id)?.model ?? [])
    .map((m) => ({ model: m.id, to: { ...placementOf(m), heading: m.heading - degrees }, path: [] }));
  if (moves.length === 1) perform({ type: "move", ...moves[0]! });
  else if (moves.length > 1) perform({ type: "move-group", moves });
}

/** Traverses the turrets of the selected vehicles. */
export function traverse(degrees: number): void {
  const { battlefield, perform } = useGame.getState();
  for (const id of useUi.getState().selection) {
    const entry = battlefield.models.get(id);
    if (entry?.def.parts.some((p) => p.turret)) perform({ type: "traverse", model: id, turretHeading: entry.model.turretHeading - degrees });
  }
}
