/**
 * The editor's actions: user intent on the terrain turned into game-log commands (add, change, remove
 * features), so every edit is checked by the loader's schema and undone like a move.
 */
import { copiesOf, FeatureEditError, groupOf, movedTogether } from "../core/edit/features";
import { buildingPreset, featureFromDrawing, freeId, pointsNeeded } from "../core/edit/newFeatures";
import { pickFeature } from "../core/edit/pick";
import { featureCenter, ShapeEditError, shapeKind } from "../core/edit/shape";
import { snapAngle, snapPoint } from "../core/edit/snap";
import { add2, distance2, sub2, type Vec2 } from "../core/geometry2d";
import type { Feature, Point } from "../core/scenario/schema";
import { inchesToCm } from "../core/units";
import { rulesetById } from "../rules/registry";
import { useEditor } from "./editorStore";
import { useGame } from "./game";

/** How close (cm) another feature's corner or edge must be to catch a point. */
const SNAP_REACH = 1.5;
/** Rotation step of the keys and the gizmo, degrees. */
export const ROTATION_STEP = 15;
/** Where a pasted or duplicated copy lands relative to the original (cm). */
const COPY_OFFSET: Vec2 = [5, 5];

const features = () => useGame.getState().state.scenario.features;
const selectedFeature = () => features().find((f) => f.id === useEditor.getState().selected);
/** The selected feature with the rest of its group (a church's tower): what moves, turns, copies and deletes as one. */
const selectedGroup = () => groupOf(features(), useEditor.getState().selected ?? "");

/** The unit a rule system speaks, for the grid: "in" or "cm". */
export function gridUnitOf(rulesetId: string): "in" | "cm" {
  return rulesetById(rulesetId)?.lengthUnit ?? "cm";
}

/**
 * A table point as the editor takes it: caught by a nearby corner or edge (of features other than those
 * excluded: the ones being moved), else on the grid when it is on.
 */
export function snapped(p: Vec2, exclude: readonly string[] = []): Point {
  const { snap } = useEditor.getState();
  const grid = snap.grid ? (gridUnitOf(useGame.getState().log.header.ruleset.id) === "in" ? inchesToCm(snap.gridSize) : snap.gridSize) : undefined;
  const point = snapPoint(p, { grid, reach: snap.features ? SNAP_REACH : 0, features: features().filter((f) => !exclude.includes(f.id)) }).point;
  return [point[0], point[1]];
}

/** A click on the table while drawing: the next point, a closing click on the first point, or a preset placed. */
export function drawAt(p: Vec2): void {
  const { draw, set } = useEditor.getState();
  if (!draw) return;
  const at = snapped(p);
  if ("preset" in draw) {
    add(buildingPreset(draw.preset, useGame.getState().state.scenario, at));
    return;
  }
  const points = [...draw.points, at];
  const kind = shapeKind({ kind: draw.kind });
  // Clicking the first point again closes the shape: an outline ends, a path becomes a loop.
  const closing = draw.points.length >= 2 && distance2(at, draw.points[0]!) < SNAP_REACH;
  if (closing) {
    finishDrawing(kind === "outline" ? draw.points : [...draw.points, draw.points[0]!]);
    return;
  }
  if (kind === "point") {
    finishDrawing(points);
    return;
  }
  set({ draw: { ...draw, points } });
}

/** Makes the feature from the points drawn (the current drawing's, or the given ones). */
export function finishDrawing(points?: readonly Point[]): void {
  const { draw, set } = useEditor.getState();
  if (!draw || "preset" in draw) return;
  const drawn = points ?? draw.points;
  if (drawn.length < pointsNeeded(draw.kind)) {
    useGame.getState().notify("error", `A ${draw.kind} needs at least ${pointsNeeded(draw.kind)} points; ${drawn.length} drawn.`);
    return;
  }
  const id = freeId(useGame.getState().everPlaced, draw.kind);
  if (add([featureFromDrawing(draw.kind, id, drawn)])) set({ draw: { kind: draw.kind, points: [] } });
}

export function undoLastPoint(): void {
  const { draw, set } = useEditor.getState();
  if (draw && "points" in draw) set({ draw: { ...draw, points: draw.points.slice(0, -1) } });
}

function add(added: readonly Feature[]): boolean {
  const ok = useGame.getState().perform({ type: "add-features", features: added });
  if (ok) useEditor.getState().set({ selected: added[added.length - 1]!.id });
  return ok;
}

/** Selects the feature under a point of the table (or the one given), or nothing. */
export function selectAt(p: Vec2, owner?: string): void {
  const byOwner = owner ? features().find((f) => f.id === owner) : undefined;
  useEditor.getState().set({ selected: (byOwner ?? pickFeature(features(), p))?.id, vertexDrag: undefined });
}

/**
 * Changes the selected feature: `edit` gets its data and returns the new data (or throws a
 * ShapeEditError saying why not). A refused change is shown and leaves the feature as it was.
 */
export function changeSelected(edit: (f: Feature) => Feature): boolean {
  const feature = selectedFeature();
  if (!feature) return false;
  let next: Feature;
  try {
    next = edit(feature);
  } catch (error) {
    if (!(error instanceof ShapeEditError || error instanceof FeatureEditError)) throw error;
    useGame.getState().notify("error", error.message);
    return false;
  }
  return useGame.getState().perform({ type: "change-feature", feature: next });
}

export function rotateSelected(degrees: number): void {
  moveSelected([0, 0], degrees, { snapTurn: false });
}

/**
 * The gizmo's move: shift and turn about the selected feature's centre, its group (a church's tower) with
 * it as one change; with snapping on, the turn in 15° steps and the centre caught by corners or the grid.
 */
export function moveSelected(by: Vec2, turn: number, { snapTurn = true } = {}): void {
  const group = selectedGroup();
  const selected = selectedFeature();
  if (!selected) return;
  const { snap } = useEditor.getState();
  const degrees = snapTurn && (snap.grid || snap.features) ? snapAngle(turn, ROTATION_STEP) : turn;
  const pivot = featureCenter(selected);
  const shift =
    by[0] === 0 && by[1] === 0
      ? by
      : sub2(
          snapped(
            add2(pivot, by),
            group.map((f) => f.id),
          ),
          pivot,
        );
  const moved = movedTogether(group, pivot, degrees, shift);
  if (moved.length === 1) useGame.getState().perform({ type: "change-feature", feature: moved[0] });
  else useGame.getState().perform({ type: "change-features", features: moved });
}

export function deleteSelected(): void {
  const group = selectedGroup();
  if (group.length && useGame.getState().perform({ type: "remove-features", ids: group.map((f) => f.id) })) useEditor.getState().set({ selected: undefined });
}

export function duplicateSelected(): void {
  const group = selectedGroup();
  if (group.length) add(copiesOf(useGame.getState().state.scenario, group, COPY_OFFSET));
}

export function copySelected(): void {
  const group = selectedGroup();
  if (group.length) useEditor.getState().set({ clipboard: group });
}

/** Pastes the clipboard: centred on `at` (the pointer on the table), else next to where it was copied. */
export function paste(at?: Vec2): void {
  const { clipboard } = useEditor.getState();
  if (!clipboard.length) return;
  const center = featureCenter(clipboard[0]!);
  const offset: Vec2 = at ? [at[0] - center[0], at[1] - center[1]] : COPY_OFFSET;
  add(copiesOf(useGame.getState().state.scenario, clipboard, offset));
}
