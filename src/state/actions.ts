/** User actions shared by buttons and keyboard shortcuts, each one command in the game log. */
import type { GameEvent } from "../core/game/events";
import { movesIn, placementOf } from "../core/game/models";
import { changesPosition } from "../core/game/state";
import { useGame } from "./game";
import { useUi } from "./uiStore";

/** Turns of the same models this close together (ms) are one turn: one log entry, one undo. */
export const TURN_MERGE_MS = 1000;

/** Whether `event` turned exactly these models, on the spot, less than TURN_MERGE_MS ago. */
function recentTurnOf(event: GameEvent | undefined, ids: readonly string[]): boolean {
  if (event?.time === undefined || Date.now() - event.time > TURN_MERGE_MS) return false;
  const moves = movesIn(event);
  return moves.length === ids.length && moves.every((m) => ids.includes(m.model) && !changesPosition(m));
}

/**
 * Turns the selected models by `degrees` (positive clockwise seen from above, like a compass): one event.
 * Pressing Q five times in a row is one turn of 75°: the previous turn is taken back and replaced.
 */
export function turn(degrees: number): void {
  const { battlefield, log } = useGame.getState();
  const moves = useUi
    .getState()
    .selection.flatMap((id) => battlefield.models.get(id)?.model ?? [])
    .map((m) => ({ model: m.id, to: { ...placementOf(m), heading: m.heading - degrees }, path: [] }));
  if (!moves.length) return;
  const last = log.cursor === log.events.length ? log.events[log.cursor - 1] : undefined;
  if (
    recentTurnOf(
      last,
      moves.map((m) => m.model),
    )
  )
    useGame.getState().undo();
  const { perform } = useGame.getState();
  if (moves.length === 1) perform({ type: "move", ...moves[0]! });
  else perform({ type: "move-group", moves });
}

/** Traverses the turrets of the selected vehicles. */
export function traverse(degrees: number): void {
  const { battlefield, perform } = useGame.getState();
  for (const id of useUi.getState().selection) {
    const entry = battlefield.models.get(id);
    if (entry?.def.parts.some((p) => p.turret)) perform({ type: "traverse", model: id, turretHeading: entry.model.turretHeading - degrees });
  }
}
