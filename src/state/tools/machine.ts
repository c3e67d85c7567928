/**
 * Tools as small state machines, after tldraw's StateNode tools. The scene reports what the pointer did and
 * what it was on (a TablePointer); the tool manager hands the event to the active tool's current state, whose
 * handler turns it into an action of src/state and may name the state to go to next. Which tool is active is
 * read from the stores (the toolbar's play tool, edit mode and its part), so nothing else has to keep it.
 */

import type { Placement } from "../../core/game/events";
import type { Vec2 } from "../../core/geometry2d";

/** A corner of the selected feature (drag to move, Alt+click or right-click to delete) or an edge's midpoint (click to insert one). */
export interface EditorHandle {
  readonly kind: "corner" | "edge";
  /** The corner's index, or the index of the corner the edge starts at. */
  readonly index: number;
  /** Where the handle stands: the corner, or the edge's midpoint. */
  readonly at: Vec2;
}

/** What the pointer is on and what it did, as the scene found it along the pointer's ray. */
export interface TablePointer {
  /** The nearest model the ray meets, as drawn (a pinned figure lying down), before it meets the ground. */
  readonly model?: string;
  /**
   * The model a click means: through a roof, the one inside under it that the ray passes closest to; through a
   * wall or a window, the one the ray meets; with no model met, one inside the building whose roof or wall it meets.
   */
  readonly picked?: string;
  /** A laid template under the pointer, and the point of it the pointer is on (laid templates are only in reach with the template tool). */
  readonly template?: { readonly id: string; readonly at: Vec2 };
  /** An editor handle under the pointer. */
  readonly handle?: EditorHandle;
  /** The nearest point of the table's surfaces (ground, hills, buildings, walls…) under the pointer [x, y, z], cm. */
  readonly point?: readonly [number, number, number];
  /** The terrain feature that surface belongs to; absent on the bare table. */
  readonly feature?: string;
  /** Where a model put down here would stand: the ground or a building floor, hedges and walls in front looked past. */
  readonly stand?: Omit<Placement, "heading">;
  /** Where the ray meets the ground (the table top or a hill), past everything standing on it [x, z]. */
  readonly ground?: Vec2;
  /** The button that went down (0: the main one). */
  readonly button: number;
  /** Whether a button is held while the pointer moves. */
  readonly pressed: boolean;
  readonly shift: boolean;
  readonly alt: boolean;
  /** A click at the end of a drag of the camera (the pointer travelled more than a few pixels): no click on the table. */
  readonly dragged: boolean;
}

/** A key pressed, lower-cased ("escape", "enter", "backspace"…). */
export interface ToolKey {
  readonly key: string;
  readonly shift: boolean;
}

/** A handler's answer: the name of the state to go to, or nothing to stay. */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler that keeps its state returns nothing, as tldraw's do
export type Next = string | void;

/** One state of a tool: what each event does while the tool is in it. */
export interface ToolState {
  onPointerDown?(p: TablePointer): Next;
  onPointerMove?(p: TablePointer): Next;
  /** The pointer released anywhere (also off the table). */
  onPointerUp?(): Next;
  onClick?(p: TablePointer): Next;
  onDoubleClick?(p: TablePointer): Next;
  onContextMenu?(p: TablePointer): Next;
  /** A key: true or the next state when the key was the tool's, false when the key should go to the other shortcuts. */
  onKeyDown?(key: ToolKey): Next | boolean;
  /** Escape (or the panel's Stop): the gesture or the drawing abandoned, or what is chosen cleared. */
  onCancel?(): Next;
  /** The tool is left in this state (another tool chosen): what the gesture shows is taken away. */
  onInterrupt?(): void;
}

export interface ToolMachine<Id extends string = string> {
  readonly id: Id;
  readonly initial: string;
  readonly states: Readonly<Record<string, ToolState>>;
}

export interface ToolManager {
  pointerDown(p: TablePointer): void;
  pointerMove(p: TablePointer): void;
  pointerUp(): void;
  click(p: TablePointer): void;
  doubleClick(p: TablePointer): void;
  contextMenu(p: TablePointer): void;
  /** Whether the key was the active tool's. */
  keyDown(key: ToolKey): boolean;
  cancel(): void;
  /** Puts the active tool in one of its states (a drawing started from the panel). */
  transition(state: string): void;
  /** The active tool, as the stores now say, starts again in its first state; the state left is interrupted. */
  reset(): void;
  /** The active tool and its state, "select.dragging". */
  path(): string;
}

export function createToolManager<Id extends string>(machines: readonly ToolMachine<Id>[], activeTool: () => Id): ToolManager {
  const byId = new Map(machines.map((m) => [m.id, m]));
  const machineOf = (id: Id) => {
    const machine = byId.get(id);
    if (!machine) throw new Error(`no tool "${id}"; the tools are ${machines.map((m) => m.id).join(", ")}`);
    return machine;
  };
  let machine = machineOf(activeTool());
  let state = machine.initial;
  const current = () => machine.states[state]!;

  const reset = () => {
    current().onInterrupt?.();
    machine = machineOf(activeTool());
    state = machine.initial;
  };
  /** Catches up with a change of the active tool made in the stores. */
  const sync = () => {
    if (activeTool() !== machine.id) reset();
  };
  const go = (next: Next) => {
    if (typeof next !== "string" || next === state) return;
    if (!machine.states[next]) throw new Error(`the ${machine.id} tool has no state "${next}"`);
    state = next;
  };
  /** Hands a pointer event to the active tool's state, after catching up with a change of tool. */
  const send = (event: "onPointerDown" | "onPointerMove" | "onClick" | "onDoubleClick" | "onContextMenu", p: TablePointer) => {
    sync();
    go(current()[event]?.(p));
  };

  return {
    pointerDown: (p) => send("onPointerDown", p),
    pointerMove: (p) => send("onPointerMove", p),
    pointerUp() {
      sync();
      go(current().onPointerUp?.());
    },
    click: (p) => {
      if (!p.dragged) send("onClick", p);
    },
    doubleClick: (p) => send("onDoubleClick", p),
    contextMenu: (p) => send("onContextMenu", p),
    keyDown(key) {
      sync();
      const answer = current().onKeyDown?.(key) ?? false;
      if (typeof answer === "string") go(answer);
      return answer !== false;
    },
    cancel() {
      sync();
      go(current().onCancel?.());
    },
    transition(next) {
      sync();
      go(next);
    },
    reset,
    path: () => `${machine.id}.${state}`,
  };
}
