/**
 * Pointer gestures on the table in edit mode: clicks draw the active tool's points (or place its preset)
 * or select the feature under the pointer; moves follow the pointer (the drawing's next segment, where a
 * paste lands) and a dragged corner, committed when the pointer is released anywhere.
 */
import type { ThreeEvent } from "@react-three/fiber";
import { useEffect, useMemo } from "react";
import { moveVertex } from "../core/edit/shape";
import type { Vec2 } from "../core/geometry2d";
import { changeSelected, drawAt, selectAt, snapped } from "../state/editActions";
import { useEditor } from "../state/editorStore";
import type { TerrainHandlers } from "./Terrain";

/** The table point under the pointer and the feature that owns the surface hit (not the table itself). */
function pointed(event: ThreeEvent<PointerEvent | MouseEvent>): { at: Vec2; owner?: string } {
  const hit = event.intersections.find((h) => h.object.userData.owner !== undefined || h.object.userData.kind === "ground") ?? event.intersections[0];
  const point = hit?.point ?? event.point;
  const owner = hit?.object.userData.owner as string | undefined;
  return { at: [point.x, point.z], owner: owner === "table" ? undefined : owner };
}

export function useEditorInteraction(): TerrainHandlers {
  useEffect(() => {
    const release = () => {
      const { vertexDrag, set } = useEditor.getState();
      if (!vertexDrag) return;
      set({ vertexDrag: undefined });
      changeSelected((f) => moveVertex(f, vertexDrag.index, vertexDrag.at));
    };
    window.addEventListener("pointerup", release);
    return () => window.removeEventListener("pointerup", release);
  }, []);

  return useMemo<TerrainHandlers>(
    () => ({
      onTerrainMove(event) {
        const { vertexDrag, selected, set } = useEditor.getState();
        const { at } = pointed(event);
        // The pointer is kept for the drawing's next segment and for pasting where the pointer is.
        if (vertexDrag) set({ vertexDrag: { ...vertexDrag, at: snapped(at, selected ? [selected] : []) } });
        else set({ pointer: snapped(at) });
      },
      onTerrainClick(event) {
        if (event.delta > 4) return; // the end of a camera drag, not a click
        const { at, owner } = pointed(event);
        if (useEditor.getState().draw) drawAt(at);
        else selectAt(at, owner);
      },
    }),
    [],
  );
}
