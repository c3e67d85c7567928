/** A unit, model or feature as the player reads it: its display name, with the id in the tooltip. */
import { useGame } from "../../state/game";

export function Name({ id }: { id: string }) {
  const names = useGame((s) => s.names);
  return <span title={id}>{names.of(id)}</span>;
}
