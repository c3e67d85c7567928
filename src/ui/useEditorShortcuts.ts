/**
 * The editor's keys: B toggles edit mode anywhere, P opens it on the forces; in edit mode they act on the
 * drawing or the selected feature (terrain) or the selected models (forces), ahead of the play shortcuts
 * (on the terrain Q/E turn the feature, not a model).
 */
import { useEffect } from "react";
import { copySelected, deleteSelected, duplicateSelected, paste, ROTATION_STEP, rotateSelected } from "../state/editActions";
import { useEditor } from "../state/editorStore";
import { removeModel } from "../state/forceActions";
import { setEditing, tools } from "../state/tools";
import { useUi } from "../state/uiStore";

export const EDITOR_SHORTCUTS: ReadonlyArray<readonly [string, string]> = [
  ["B", "edit mode on / off (back to play)"],
  ["P", "edit mode on the forces: add units from the panel, name them, give them a side"],
  ["Enter / Backspace / Esc", "terrain: finish the drawing / take back a point / stop drawing or deselect"],
  ["Del", "delete the selected feature (terrain) or the selected models (forces)"],
  ["Ctrl+D / Ctrl+C / Ctrl+V", "terrain: duplicate / copy / paste at the pointer"],
  ["Q / E", "turn the selected feature, or the selected models, 15° (Shift: 5°)"],
];

/** The forces part of edit mode: Del deletes the selected models; other keys are play's (Q/E turn models). */
function forcesKey(key: string): boolean {
  if (key !== "delete" && key !== "backspace") return false;
  const ui = useUi.getState();
  for (const id of ui.selection) removeModel(id);
  ui.set({ selection: [] });
  return true;
}

export function useEditorShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.target instanceof HTMLTextAreaElement) return;
      const key = e.key.toLowerCase();
      const editor = useEditor.getState();
      const command = e.ctrlKey || e.metaKey;
      let handled = true;
      if (!command && !e.altKey && key === "b") setEditing(!editor.editing);
      else if (!command && !e.altKey && key === "p") setEditing(true, "forces");
      else if (!editor.editing) handled = false;
      else if (editor.part === "forces") handled = !command && !e.altKey && forcesKey(key);
      else if (command && key === "d") duplicateSelected();
      else if (command && key === "c") copySelected();
      else if (command && key === "v") paste(editor.pointer);
      else if (command || e.altKey) handled = false;
      else if (key === "escape") tools.cancel();
      // Enter and Backspace go to the drawing first (finish it, take back a point); Backspace else deletes.
      else if (key === "enter") tools.keyDown({ key, shift: e.shiftKey });
      else if (key === "delete" || key === "backspace") {
        if (!tools.keyDown({ key, shift: e.shiftKey })) deleteSelected();
      } else if (key === "q") rotateSelected(-(e.shiftKey ? 5 : ROTATION_STEP));
      else if (key === "e") rotateSelected(e.shiftKey ? 5 : ROTATION_STEP);
      else handled = false;
      if (!handled) return;
      // Ahead of the play shortcuts, which listen on the same window after this (capture phase) listener.
      e.preventDefault();
      e.stopPropagation();
    };
    window.addEventListener("keydown", onKey, { capture: true });
    return () => window.removeEventListener("keydown", onKey, { capture: true });
  }, []);
}
