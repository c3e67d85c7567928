/**
 * The forces editor's tool (edit mode, on the forces): models are selected and dragged as with the select
 * tool, and a click on the table lays out the unit chosen in the Forces panel there, each model on the
 * nearest free spot: one command in the log (one undo).
 *
 *   idle ──press a model──▶ dragging ──release──▶ idle      (as the select tool)
 *   idle ──click the table──▶ idle (the unit laid out where it lands)
 */
import { useEditor } from "../editorStore";
import { placeUnit, unitPresets } from "../forceActions";
import { useGame } from "../game";
import type { TablePointer, ToolMachine } from "./machine";
import { type Land, selectClicked, selectStates } from "./select";

function layOutUnit(p: TablePointer, land: Land): void {
  selectClicked(p);
  if (p.model || p.picked) return;
  const editor = useEditor.getState();
  const preset = unitPresets().find((u) => u.id === editor.preset);
  if (!preset) {
    useGame.getState().notify("error", "Choose a unit in the Forces panel first, then click where it goes.");
    return;
  }
  if (!p.stand) return;
  void land(p.stand.position, editor.heading).then(
    (at) => at && placeUnit({ preset, side: editor.side, name: editor.unitName, formation: editor.formation, at }),
  );
}

export function forcesTool(land: Land): ToolMachine<"forces"> {
  const { idle, dragging } = selectStates(land);
  return {
    id: "forces",
    initial: "idle",
    states: { idle: { ...idle, onClick: (p) => layOutUnit(p, land) }, dragging },
  };
}
