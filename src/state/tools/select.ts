/**
 * The select / move tool: press a model to select it (Shift adds it) and drag it, with the rest of the
 * selection following; the drop lands where the sight world finds ground or a floor and is one move in the
 * log (one undo). A double click selects the whole unit; a click on the bare table clears the selection.
 *
 *   idle ──press a model──▶ dragging ──release──▶ idle (the drop lands, then is recorded)
 *                              └──Escape──▶ idle (nothing moved)
 */
import type { Battlefield } from "../../core/battlefield";
import type { Placement } from "../../core/game/events";
import { placementOf } from "../../core/game/models";
import { distance2, sub2 } from "../../core/geometry2d";
import { settleMoves, shiftedPlacement } from "../../core/placement";
import { useGame } from "../game";
import { type UiStore, useUi } from "../uiStore";
import type { TablePointer, ToolMachine, ToolState } from "./machine";

type Drag = NonNullable<UiStore["drag"]>;

/** Where a model put down at `at` facing `heading` stands (src/state/landing.ts asks the sight world). */
export type Land = (at: readonly [number, number], heading: number) => Promise<Placement | undefined>;

/** Drag path points closer than this are not recorded (cm). */
const PATH_STEP = 0.5;
/** A drag shorter than this (cm) is a click: nothing moves. */
const NO_MOVE = 0.05;

/** A follower of a group drag: moved as far as the dragged model, facing as it did, on its floor while still in its building. */
export function followerPlacement(battlefield: Battlefield, from: Placement, drag: Drag): Placement {
  return shiftedPlacement(battlefield, from, sub2(drag.placement.position, drag.path[0]!));
}

/** Escape in play: nothing selected, targeted or measured, and no drag. */
export function clearPlay(): void {
  useUi.getState().set({ selection: [], shooter: undefined, target: undefined, measured: [], drag: undefined });
}

/** A model pressed: it joins the selection with Shift, stays in it if it was there, else is the selection alone. */
export function selectPressed(model: string, shift: boolean): readonly string[] {
  const { selection, set } = useUi.getState();
  const next = shift ? [...new Set([...selection, model])] : selection.includes(model) ? selection : [model];
  set({ selection: next });
  return next;
}

/** A double click on a model selects its whole unit. */
export function selectUnitOf(model: string): void {
  const { battlefield } = useGame.getState();
  const unit = battlefield.models.get(model)?.unitId;
  useUi.getState().set({ selection: [...battlefield.models.values()].filter((e) => e.unitId === unit).map((e) => e.model.id) });
}

/** A click on the table: a model seen through a building's roof or walls is selected; the bare table clears the selection (not with Shift). */
export function selectClicked(p: TablePointer): void {
  if (p.model) return; // pressed already: selected on the way down
  if (p.picked) useUi.getState().set({ selection: [p.picked] });
  else if (!p.shift) useUi.getState().set({ selection: [] });
}

/** Starts dragging the pressed model and the rest of the selection; false when there is no such model. */
function startDrag(p: TablePointer): boolean {
  const { battlefield } = useGame.getState();
  const model = p.model ? battlefield.models.get(p.model)?.model : undefined;
  if (!model) return false;
  const selection = selectPressed(model.id, p.shift);
  const followers = selection
    .filter((other) => other !== model.id)
    .flatMap((other) => {
      const m = battlefield.models.get(other)?.model;
      return m ? [{ model: other, from: placementOf(m) }] : [];
    });
  // Keep the model where it was grabbed relative to the pointer, so it does not jump to the cursor.
  const offset = p.stand ? sub2(model.position, p.stand.position) : ([0, 0] as const);
  useUi.getState().set({ drag: { model: model.id, placement: placementOf(model), path: [model.position], offset, followers } });
  return true;
}

/** The drag follows the pointer over the ground and floors; its path is recorded for replays. */
function dragTo(p: TablePointer): void {
  const { drag, set } = useUi.getState();
  // Released (no button held): the drop is landing; the model stays where it was let go.
  if (!drag || !p.pressed || !p.stand) return;
  const position: [number, number] = [p.stand.position[0] + drag.offset[0], p.stand.position[1] + drag.offset[1]];
  const placement: Placement = { ...p.stand, position, heading: drag.placement.heading };
  const last = drag.path[drag.path.length - 1]!;
  const path = distance2(last, position) >= PATH_STEP ? [...drag.path, position] : drag.path;
  set({ drag: { ...drag, placement, path } });
}

/** The drop, landed: the move (or the unit's moves, each follower along the leader's path) as one command. */
function dropped(drag: Drag): void {
  const game = useGame.getState();
  // A model dropped on a wall or another model slides to the nearest free spot; with none near, the move is refused.
  if (!drag.followers.length) {
    const [move] = settleMoves(game.battlefield, [{ model: drag.model, to: drag.placement, path: [...drag.path] }]);
    game.perform({ type: "move", ...move! });
    return;
  }
  const start = drag.path[0]!;
  const moves = [
    { model: drag.model, to: drag.placement, path: [...drag.path] },
    ...drag.followers.map((f) => {
      const shift = sub2(f.from.position, start);
      return {
        model: f.model,
        to: followerPlacement(game.battlefield, f.from, drag),
        path: drag.path.map((p) => [p[0] + shift[0], p[1] + shift[1]] as [number, number]),
      };
    }),
  ];
  game.perform({ type: "move-group", moves: settleMoves(game.battlefield, moves) });
}

/** Releases the drag: the model lands on the floor or ground the sight world has under it, shown where it was let go until then. */
function release(land: Land): void {
  const { drag, set } = useUi.getState();
  if (!drag) return;
  const entry = useGame.getState().battlefield.models.get(drag.model);
  if (!entry || distance2(entry.model.position, drag.placement.position) < NO_MOVE) {
    set({ drag: undefined });
    return;
  }
  void land(drag.placement.position, drag.placement.heading).then((to) => {
    if (useUi.getState().drag === drag) set({ drag: undefined });
    if (to) dropped({ ...drag, placement: to });
  });
}

/** The select tool's states; the forces tool shares them, with its own click on the table. */
export function selectStates(land: Land): { idle: ToolState; dragging: ToolState } {
  return {
    idle: {
      onPointerDown: (p) => (p.button === 0 && startDrag(p) ? "dragging" : undefined),
      onClick: selectClicked,
      onDoubleClick(p) {
        if (p.model) selectUnitOf(p.model);
      },
      onCancel: clearPlay,
    },
    dragging: {
      onPointerMove(p) {
        dragTo(p);
      },
      onPointerUp() {
        release(land);
        return "idle";
      },
      onCancel() {
        clearPlay();
        return "idle";
      },
      onInterrupt: () => useUi.getState().set({ drag: undefined }),
    },
  };
}

export const selectTool = (land: Land): ToolMachine<"select"> => ({ id: "select", initial: "idle", states: selectStates(land) });
