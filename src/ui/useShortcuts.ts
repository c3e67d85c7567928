/** Keyboard shortcuts; the help overlay lists the same table. */
import { useEffect } from "react";
import { traverse, turn } from "../state/actions";
import { useGame } from "../state/game";
import { advanceTurn } from "../state/rules";
import { chooseTool, tools } from "../state/tools";
import { type Tool, useUi } from "../state/uiStore";

export const SHORTCUTS: ReadonlyArray<readonly [string, string]> = [
  ["S / L / M / T", "play tools: select, line of sight, measure, template (each leaves edit mode)"],
  ["drag", "move a model, or the whole selection (onto hills; onto floors with roofs hidden)"],
  ["Q / E", "turn the selection 15° (Shift: 5°)"],
  ["Z / X", "traverse the turret 15° (Shift: 5°)"],
  ["N", "the turn bar's button: the game's next step (deployment, activation, phase, turn, its end)"],
  ["F", "focus the camera on the selection"],
  ["V", "model's-eye view on / off"],
  ["W", "viewshed: what the selected model sees, painted on the table"],
  ["R", "show / hide roofs"],
  ["C", "imported miniatures: drawn as imported, or as the colliders that block sight"],
  ["U", "centimetres / inches"],
  ["Ctrl+Z / Ctrl+Shift+Z", "undo / redo"],
  ["Esc", "clear selection and targets"],
  ["?", "this help"],
];

const TOOLS: Record<string, Tool> = { s: "select", l: "los", m: "measure", t: "template" };

export function useShortcuts(onFocus: () => void, onHelp: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
      // A modal question or the pass-the-device cover holds the keyboard: the table's keys wait behind it.
      if (document.querySelector("[aria-modal='true']")) return;
      const key = e.key.toLowerCase();
      const ui = useUi.getState();
      if ((e.ctrlKey || e.metaKey) && key === "z") {
        e.preventDefault();
        if (e.shiftKey) useGame.getState().redo();
        else useGame.getState().undo();
        return;
      }
      if ((e.ctrlKey || e.metaKey) && key === "y") {
        e.preventDefault();
        useGame.getState().redo();
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const step = e.shiftKey ? 5 : 15;
      const tool = TOOLS[key];
      if (tool) chooseTool(tool);
      else if (key === "q") turn(-step);
      else if (key === "e") turn(step);
      else if (key === "z") traverse(-step);
      else if (key === "x") traverse(step);
      else if (key === "n") advanceTurn();
      else if (key === "f") onFocus();
      else if (key === "v") ui.set({ eyeView: !ui.eyeView });
      else if (key === "w") ui.set({ viewshed: !ui.viewshed });
      else if (key === "r") ui.set({ showRoofs: !ui.showRoofs });
      else if (key === "c") ui.set({ showColliders: !ui.showColliders });
      else if (key === "u") ui.set({ unit: ui.unit === "cm" ? "in" : "cm" });
      else if (key === "escape") tools.cancel();
      else if (e.key === "?") onHelp();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onFocus, onHelp]);
}
