/**
 * The editor's actions on the app's stores: drawing point by point (chained, closed, finished), presets,
 * snapping, and the selected feature turned, moved, duplicated, copied, pasted and deleted, each one
 * undoable edit in the game log.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { featureCenter, featurePoints } from "../../src/core/edit/shape";
import { newGame } from "../../src/core/game/gameLog";
import {
  copySelected,
  deleteSelected,
  drawAt,
  duplicateSelected,
  finishDrawing,
  moveSelected,
  paste,
  rotateSelected,
  selectAt,
  undoLastPoint,
} from "../../src/state/editActions";
import { useEditor } from "../../src/state/editorStore";
import { useGame } from "../../src/state/game";
import { setEditing, startDrawing, startPreset } from "../../src/state/tools";
import { scenario } from "../helpers/scene";

const features = () => useGame.getState().state.scenario.features;
const close = (a: readonly number[], b: readonly number[]) => a.forEach((v, i) => expect(v).toBeCloseTo(b[i]!, 9));

beforeEach(() => {
  const table = scenario(
    [
      {
        id: "wall-1",
        kind: "wall",
        path: [
          [100, 100],
          [120, 100],
        ],
      },
    ],
    [{ id: "r", model: "us-rifleman", position: [10, 10] }],
  );
  useGame.getState().replace(newGame(table, { seed: 1, ruleset: { id: "operation-ww2", version: "2.0", options: {} } }));
  useEditor.getState().set({ snap: { grid: false, gridSize: 1, features: true }, clipboard: [] });
  setEditing(true);
});

describe("drawing", () => {
  it("a hedge point by point; the tool stays on for the next one", () => {
    startDrawing("hedge");
    drawAt([10, 50]);
    drawAt([30, 52]);
    drawAt([40, 60]);
    undoLastPoint();
    finishDrawing();
    expect(features()[1]).toMatchObject({
      id: "hedge-1",
      kind: "hedge",
      path: [
        [10, 50],
        [30, 52],
      ],
    });
    expect(useEditor.getState()).toMatchObject({ draw: { kind: "hedge", points: [] }, selected: "hedge-1" });
    drawAt([50, 50]);
    drawAt([60, 50]);
    finishDrawing();
    expect(features().map((f) => f.id)).toEqual(["wall-1", "hedge-1", "hedge-2"]);
  });

  it("an outline ends with a click on its first point; a path becomes a loop", () => {
    startDrawing("woods");
    for (const p of [
      [20, 20],
      [40, 20],
      [40, 40],
      [20.5, 20.4],
    ] as const)
      drawAt(p);
    expect(features()[1]).toMatchObject({
      kind: "woods",
      outline: [
        [20, 20],
        [40, 20],
        [40, 40],
      ],
    });
    startDrawing("wall");
    for (const p of [
      [60, 20],
      [80, 20],
      [80, 40],
      [60.3, 20.2],
    ] as const)
      drawAt(p);
    expect(featurePoints(features()[2]!)).toEqual([
      [60, 20],
      [80, 20],
      [80, 40],
      [60, 20],
    ]);
  });

  it("a smoke cloud takes one click; too few points say so and add nothing", () => {
    startDrawing("smoke");
    drawAt([90, 30]);
    expect(features()[1]).toMatchObject({ kind: "smoke", at: [90, 30], radius: 6 });
    startDrawing("crops");
    drawAt([10, 90]);
    drawAt([20, 90]);
    finishDrawing();
    expect(useGame.getState().message).toEqual({ kind: "error", text: "A crops needs at least 3 points; 2 drawn." });
    expect(features()).toHaveLength(2);
  });

  it("points catch the corners and edges of other features, then the grid", () => {
    useEditor.getState().set({ snap: { grid: true, gridSize: 2, features: true } });
    startDrawing("hedge");
    drawAt([119.2, 100.7]);
    drawAt([110.4, 101.2]);
    drawAt([33.1, 40.9]);
    finishDrawing();
    expect(featurePoints(features()[1]!)).toEqual([
      [120, 100],
      [110.4, 100],
      [34, 40],
    ]);
  });

  it("a preset stands where the table was clicked", () => {
    startPreset("cottage");
    drawAt([60, 60]);
    expect(features()[1]).toMatchObject({ id: "cottage-1", kind: "building", floors: 1 });
    close(featureCenter(features()[1]!), [60, 60]);
  });
});

describe("the selected feature", () => {
  beforeEach(() => selectAt([110, 100.3]));

  it("is the one under the click", () => {
    expect(useEditor.getState().selected).toBe("wall-1");
    selectAt([50, 50]);
    expect(useEditor.getState().selected).toBeUndefined();
  });

  it("turns in steps, and the gizmo's turn snaps to 15°", () => {
    rotateSelected(90);
    featurePoints(features()[0]!).forEach((p, i) =>
      close(
        p,
        [
          [110, 110],
          [110, 90],
        ][i]!,
      ),
    );
    moveSelected([5, 0], 40);
    // 40° snaps to 45°: the wall, running at heading 180° after the quarter turn, now runs at 225° (-135°)
    // through its moved centre (115, 100).
    const [a, b] = featurePoints(features()[0]!);
    close(featureCenter(features()[0]!), [115, 100]);
    expect(Math.atan2(b![0] - a![0], b![1] - a![1]) * (180 / Math.PI)).toBeCloseTo(-135, 6);
  });

  it("duplicates, copies and pastes at the pointer, deletes; each one undoable", () => {
    duplicateSelected();
    expect(features().map((f) => f.id)).toEqual(["wall-1", "wall-2"]);
    expect(featurePoints(features()[1]!)).toEqual([
      [105, 105],
      [125, 105],
    ]);
    copySelected();
    paste([30, 30]);
    expect(featurePoints(features()[2]!)).toEqual([
      [20, 30],
      [40, 30],
    ]);
    expect(useEditor.getState().selected).toBe("wall-3");
    deleteSelected();
    expect(features().map((f) => f.id)).toEqual(["wall-1", "wall-2"]);
    useGame.getState().undo();
    useGame.getState().undo();
    expect(features().map((f) => f.id)).toEqual(["wall-1", "wall-2"]);
    useGame.getState().undo();
    expect(features().map((f) => f.id)).toEqual(["wall-1"]);
  });

  it("a church selected by its tower turns, moves, copies and deletes with its nave, each one undo", () => {
    startPreset("church");
    drawAt([60, 60]);
    useEditor.getState().set({ draw: undefined });
    const placed = features().slice(1);
    selectAt([60 - 15.5, 60]);
    expect(useEditor.getState().selected).toBe("church-1-tower");
    rotateSelected(90);
    // A quarter turn about the tower's centre (+z towards +x) takes the nave's offset from it, 15.5 cm along +x, to -z.
    close(featureCenter(features()[2]!), [44.5, 60]);
    close(featureCenter(features()[1]!), [44.5, 60 - 15.5]);
    expect(useGame.getState().log.events.at(-1)?.type).toBe("features-changed");
    moveSelected([10, 0], 0);
    close(featureCenter(features()[2]!), [54.5, 60]);
    close(featureCenter(features()[1]!), [54.5, 44.5]);
    duplicateSelected();
    expect(features().map((f) => [f.id, f.group])).toEqual([
      ["wall-1", undefined],
      ["church-1", "church-1"],
      ["church-1-tower", "church-1"],
      ["church-2", "church-2"],
      ["church-1-tower-1", "church-2"],
    ]);
    deleteSelected();
    expect(features().map((f) => f.id)).toEqual(["wall-1", "church-1", "church-1-tower"]);
    for (let i = 0; i < 4; i++) useGame.getState().undo();
    expect(features().slice(1)).toEqual(placed);
  });

  it("a move off the table's data rules is refused with the loader's message, and nothing changes", () => {
    selectAt([50, 50], "wall-1");
    const before = features();
    moveSelected([Number.NaN, 0], 0);
    expect(useGame.getState().message?.text).toMatch(/^cannot change wall-1: features\[0\]\.path\[0\]\[0\]: /);
    expect(features()).toBe(before);
  });
});
