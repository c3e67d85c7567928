/**
 * The mission editor's tool (edit mode, on the mission): a deployment zone is a rectangle drawn with two clicks,
 * its corners; an objective is dropped with one click. Each is one `set-mission` change, so one undo.
 *
 *   idle ──startZone──▶ zone ──click (first corner)──▶ zoneCorner ──click (opposite corner: the zone made)──▶ zone
 *   idle ──startObjective──▶ objective ──click (an objective dropped there)──▶ objective
 *   Escape: the corner placed is taken back (zoneCorner → zone), else back to idle.
 */
import { snapped } from "../editActions";
import { useEditor } from "../editorStore";
import { addObjective, addZone } from "../missionActions";
import type { TablePointer, ToolMachine } from "./machine";

/** Where on the table a click or the pointer is: the surface under it, plan [x, z]. */
const planPoint = (p: TablePointer) => (p.point ? ([p.point[0], p.point[2]] as const) : undefined);

/** The pointer is kept for the zone's preview. */
function follow(p: TablePointer): void {
  const at = planPoint(p);
  if (at) useEditor.getState().set({ pointer: snapped(at) });
}

const clear = () => useEditor.getState().set({ missionDraw: undefined, zoneCorner: undefined, pointer: undefined });

export const missionTool: ToolMachine<"mission"> = {
  id: "mission",
  initial: "idle",
  states: {
    idle: {},
    zone: {
      onPointerMove: follow,
      onClick(p) {
        const at = planPoint(p);
        if (!at) return;
        useEditor.getState().set({ zoneCorner: snapped(at) });
        return "zoneCorner";
      },
      onCancel() {
        clear();
        return "idle";
      },
      onInterrupt: clear,
    },
    zoneCorner: {
      onPointerMove: follow,
      onClick(p) {
        const at = planPoint(p);
        const { zoneCorner, missionSide } = useEditor.getState();
        if (!at || !zoneCorner) return;
        addZone(missionSide, zoneCorner, at);
        useEditor.getState().set({ zoneCorner: undefined });
        return "zone";
      },
      onCancel() {
        useEditor.getState().set({ zoneCorner: undefined });
        return "zone";
      },
      onInterrupt: clear,
    },
    objective: {
      onPointerMove: follow,
      onClick(p) {
        const at = planPoint(p);
        if (at) addObjective(at);
      },
      onCancel() {
        clear();
        return "idle";
      },
      onInterrupt: clear,
    },
  },
};
