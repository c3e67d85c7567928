/**
 * The terrain editor's tool (edit mode, on the terrain): a click selects the feature under the pointer, or,
 * while drawing (a kind or a building preset chosen in the panel), adds the drawing's next point or places
 * the preset. The selected feature's corners are dragged to move them, Alt+clicked or right-clicked to delete
 * them, and a click on an edge's midpoint inserts one. Models are selected as in play, not moved.
 *
 *   idle ◀──Escape / Stop── drawing        (startDrawing / startPreset enter drawing)
 *     └──press a corner──▶ draggingCorner ──release──▶ idle or drawing (the corner moved: one change)
 */
import type { BuildingPreset } from "../../core/edit/newFeatures";
import { deleteVertex, insertVertex, moveVertex } from "../../core/edit/shape";
import type { FeatureKind } from "../../core/scenario/schema";
import { changeSelected, drawAt, finishDrawing, selectAt, snapped, undoLastPoint } from "../editActions";
import { useEditor } from "../editorStore";
import type { TablePointer, ToolMachine, ToolState } from "./machine";
import { selectPressed, selectUnitOf } from "./select";

/** The state the editor is back in after a corner drag or a cancel: drawing while a drawing is chosen. */
const resting = () => (useEditor.getState().draw ? "drawing" : "idle");

/** Makes the panel's choice the drawing: the points of a feature of a kind, or a building preset to place. */
export function chooseDrawing(choice: { readonly kind: FeatureKind } | { readonly preset: BuildingPreset }): void {
  useEditor.getState().set({ draw: "preset" in choice ? { preset: choice.preset } : { kind: choice.kind, points: [] }, selected: undefined });
}

/** The pointer is kept for the drawing's next segment and for pasting where the pointer is. */
function follow(p: TablePointer): void {
  if (p.point) useEditor.getState().set({ pointer: snapped([p.point[0], p.point[2]]) });
}

function pressCorner(p: TablePointer): boolean {
  if (p.handle?.kind !== "corner" || p.button !== 0 || p.alt) return false;
  useEditor.getState().set({ vertexDrag: { index: p.handle.index, at: [p.handle.at[0], p.handle.at[1]] } });
  return true;
}

/** A click on a handle: an edge's midpoint inserts a corner there, an Alt+click deletes a corner. True when a handle was clicked. */
function clickHandle(p: TablePointer): boolean {
  const { handle } = p;
  if (!handle) return false;
  if (handle.kind === "edge") changeSelected((f) => insertVertex(f, handle.index, handle.at));
  else if (p.alt) changeSelected((f) => deleteVertex(f, handle.index));
  return true;
}

/** What idle and drawing share: corners pressed, handles right-clicked, models pressed and double-clicked. */
const handles: ToolState = {
  onPointerDown(p) {
    if (pressCorner(p)) return "draggingCorner";
    if (p.model && p.button === 0) selectPressed(p.model, p.shift);
  },
  onPointerMove: follow,
  onContextMenu(p) {
    if (p.handle?.kind === "corner") changeSelected((f) => deleteVertex(f, p.handle!.index));
  },
  onDoubleClick(p) {
    if (p.model) selectUnitOf(p.model);
  },
};

export const editTerrainTool: ToolMachine<"edit-terrain"> = {
  id: "edit-terrain",
  initial: "idle",
  states: {
    idle: {
      ...handles,
      onClick(p) {
        if (!clickHandle(p) && p.point) selectAt([p.point[0], p.point[2]], p.feature);
      },
      onCancel: () => useEditor.getState().set({ selected: undefined }),
    },
    drawing: {
      ...handles,
      onClick(p) {
        if (!clickHandle(p) && p.point) drawAt([p.point[0], p.point[2]]);
      },
      onKeyDown({ key }) {
        if (key === "enter") finishDrawing();
        else if (key === "backspace") undoLastPoint();
        else return false;
        return true;
      },
      onCancel() {
        useEditor.getState().set({ draw: undefined, pointer: undefined });
        return "idle";
      },
      onInterrupt: () => useEditor.getState().set({ draw: undefined, pointer: undefined }),
    },
    draggingCorner: {
      onPointerMove(p) {
        const { vertexDrag, selected, set } = useEditor.getState();
        if (vertexDrag && p.point) set({ vertexDrag: { ...vertexDrag, at: snapped([p.point[0], p.point[2]], selected ? [selected] : []) } });
      },
      onPointerUp() {
        const { vertexDrag, set } = useEditor.getState();
        set({ vertexDrag: undefined });
        if (vertexDrag) changeSelected((f) => moveVertex(f, vertexDrag.index, vertexDrag.at));
        return resting();
      },
      onCancel() {
        useEditor.getState().set({ vertexDrag: undefined });
        return resting();
      },
      onInterrupt: () => useEditor.getState().set({ vertexDrag: undefined }),
    },
  },
};
