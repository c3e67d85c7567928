/**
 * The scene's side of the tools (src/state/tools): each pointer event on the table is reported once, as what
 * the pointer's ray met (pointerHits.ts), to the tool manager, which decides what it means.
 */
import type { ThreeEvent } from "@react-three/fiber";
import { useEffect, useMemo, useRef } from "react";
import type { Battlefield } from "../core/battlefield";
import { hoverModel, tools } from "../state/tools";
import type { TablePointer } from "../state/tools/machine";
import { tablePointer } from "./pointerHits";

/** The handlers the interactive layers attach; each reports the event it gets (once per event, whoever gets it first). */
export interface PointerReports {
  down(event: ThreeEvent<PointerEvent>): void;
  move(event: ThreeEvent<PointerEvent>): void;
  click(event: ThreeEvent<MouseEvent>): void;
  doubleClick(event: ThreeEvent<MouseEvent>): void;
  contextMenu(event: ThreeEvent<MouseEvent>): void;
  hover(model: string | undefined): void;
}

/** The pointer reports for the scene's interactive layers, and the release anywhere on the page; `pinned`: the models drawn lying down. */
export function useToolPointer(battlefield: Battlefield, pinned: ReadonlySet<string>): PointerReports {
  // The battlefield as drawn (a drag, a replay's poses), read when an event comes: the handlers stay the same.
  const shown = useRef({ battlefield, pinned });
  shown.current = { battlefield, pinned };
  useEffect(() => {
    const release = () => tools.pointerUp();
    window.addEventListener("pointerup", release);
    return () => window.removeEventListener("pointerup", release);
  }, []);
  return useMemo(() => {
    // An event reaches every layer the ray meets; the tools hear it once. Nothing stops it: the camera and the gizmo get it too.
    let last: Event | undefined;
    const report =
      (send: (p: TablePointer) => void) =>
      (event: ThreeEvent<PointerEvent | MouseEvent>): void => {
        if (event.nativeEvent === last) return;
        last = event.nativeEvent;
        send(tablePointer(shown.current.battlefield, shown.current.pinned, event));
      };
    return {
      down: report(tools.pointerDown),
      move: report(tools.pointerMove),
      click: report(tools.click),
      doubleClick: report(tools.doubleClick),
      contextMenu: report(tools.contextMenu),
      hover: hoverModel,
    };
  }, []);
}
