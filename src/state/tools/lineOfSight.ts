/**
 * The line-of-sight tool: click a model to look from it (its sight to every enemy is shown), then an enemy
 * model to check the line to it (each such click is a check for the game log); a model of the looker's own
 * side looks instead. One state: every click stands on its own.
 */
import { useGame } from "../game";
import { useUi } from "../uiStore";
import type { ToolMachine } from "./machine";
import { clearPlay } from "./select";

function pick(model: string): void {
  const { shooter, checks, set } = useUi.getState();
  const side = (id: string | undefined) => (id ? useGame.getState().battlefield.models.get(id)?.side : undefined);
  if (!shooter || side(shooter) === side(model)) set({ shooter: model, target: undefined, weapon: undefined, selection: [model] });
  else set({ target: model, checks: checks + 1 });
}

export const lineOfSightTool: ToolMachine<"los"> = {
  id: "los",
  initial: "idle",
  states: {
    idle: {
      onClick(p) {
        if (p.picked) pick(p.picked);
      },
      onCancel: clearPlay,
    },
  },
};
