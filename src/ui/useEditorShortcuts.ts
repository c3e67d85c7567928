/**
 * The editor's keys: B toggles edit mode anywhere; in edit mode they act on the drawing or the selected
 * feature, ahead of the play shortcuts (Q/E turn the feature, not a model).
 */
import { useEffect } from "react";
import { copySelected, deleteSelected, duplicateSelected, finishDrawing, paste, rotateSelected, ROTATION_STEP, setEditing, undoLastPoint } from "../state/editActions";
import { useEditor } from "../state/editorStore";

export const EDITOR_SHORTCUTS: ReadonlyArray<readonly [string, string]> = [
  ["B", "edit the battlefield on / off"],
  ["Enter / Backspace / Esc", "editor: finish the drawing / take back a point / stop drawing or deselect"],
  ["Del", "editor: delete the selected feature"],
  ["Ctrl+D / Ctrl+C / Ctrl+V", "editor: duplicate / copy / paste at the pointer"],
  ["Q / E", "editor: turn the selected feature 15° (Shift: 5°)"],
];

export function useEditorShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.target instanceof HTMLTextAreaElement) return;
      const key = e.key.toLowerCase();
      const editor = useEditor.getState();
      const command = e.ctrlKey || e.metaKey;
      let handled = true;
      if (!command && !e.altKey && key === "b") setEditing(!editor.editing);
      else if (!editor.editing) handled = false;
      else if (command && key === "d") duplicateSelected();
      else if (command && key === "c") copySelected();
      else if (command && key === "v") paste(editor.pointer);
      else if (command || e.altKey) handled = false;
      else if (key === "enter") finishDrawing();
      else if (key === "backspace" && editor.draw) undoLastPoint();
      else if (key === "delete" || key === "backspace") deleteSelected();
      else if (key === "escape") editor.set(editor.draw ? { draw: undefined, pointer: undefined } : { selected: undefined });
      else if (key === "q") rotateSelected(-(e.shiftKey ? 5 : ROTATION_STEP));
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
