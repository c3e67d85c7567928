/**
 * The ruler: each click adds an end, a model (measured from its base's edge) or a point of the table; the
 * last two clicked are measured between. One state: every click stands on its own.
 */
import { type RulerEnd, useUi } from "../uiStore";
import type { ToolMachine } from "./machine";
import { clearPlay } from "./select";

function addEnd(end: RulerEnd): void {
  const { measured, set } = useUi.getState();
  set({ measured: [...measured, end].slice(-2) });
}

export const rulerTool: ToolMachine<"measure"> = {
  id: "measure",
  initial: "idle",
  states: {
    idle: {
      onClick(p) {
        if (p.picked) addEnd({ model: p.picked });
        else if (p.point) addEnd({ point: p.point });
      },
      onCancel: clearPlay,
    },
  },
};
