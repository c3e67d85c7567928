/**
 * The terrain editor's tool (the app's own tool manager, as the edit panel drives it): a drawing started
 * from the panel takes clicks as points, Enter finishes it, Backspace takes back a point, Escape stops it;
 * out of a drawing a click selects the feature under it; the selected feature's corners are dragged (one
 * change, one undo), Alt+clicked or right-clicked away, and an edge's midpoint clicked inserts a corner.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { featurePoints } from "../../../src/core/edit/shape";
import { useEditor } from "../../../src/state/editorStore";
import { useGame } from "../../../src/state/game";
import { chooseTool, setEditing, startDrawing, tools } from "../../../src/state/tools";
import { events, freshTable, pointer } from "./table";

const feature = (id: string) => useGame.getState().state.scenario.features.find((f) => f.id === id);
const key = (name: string) => tools.keyDown({ key: name, shift: false });

beforeEach(async () => {
  await freshTable();
  setEditing(true);
});

describe("drawing", () => {
  it("takes clicks as points, Backspace takes one back, Enter makes the feature, Escape stops drawing", () => {
    startDrawing("hedge");
    expect(tools.path()).toBe("edit-terrain.drawing");
    tools.pointerMove(pointer([70, 20.2]));
    expect(useEditor.getState().pointer).toEqual([70, 20.2]);
    for (const p of [
      [70, 20],
      [90, 20],
      [95, 40],
    ] as const)
      tools.click(pointer(p));
    expect(key("backspace")).toBe(true);
    expect(key("enter")).toBe(true);
    expect(featurePoints(feature("hedge-1")!)).toEqual([
      [70, 20],
      [90, 20],
    ]);
    expect(useEditor.getState()).toMatchObject({ draw: { kind: "hedge", points: [] }, selected: "hedge-1" });
    tools.cancel();
    expect(tools.path()).toBe("edit-terrain.idle");
    expect(useEditor.getState().draw).toBeUndefined();
    expect(key("backspace")).toBe(false);
  });

  it("ends when edit mode is left for a play tool", () => {
    startDrawing("woods");
    tools.click(pointer([70, 20]));
    chooseTool("los");
    expect(tools.path()).toBe("los.idle");
    expect(useEditor.getState()).toMatchObject({ editing: false, draw: undefined });
  });
});

describe("the selected feature", () => {
  beforeEach(() => {
    tools.click(pointer([40, 90], { feature: "wall-1" }));
    expect(useEditor.getState().selected).toBe("wall-1");
  });

  it("is the one clicked, and none after a click on the bare table or Escape", () => {
    tools.click(pointer([150, 100]));
    expect(useEditor.getState().selected).toBeUndefined();
    tools.click(pointer([40, 90], { feature: "wall-1" }));
    tools.cancel();
    expect(useEditor.getState().selected).toBeUndefined();
  });

  it("has its corner dragged as one change that one undo takes back", () => {
    tools.pointerDown(pointer([60, 90], { handle: { kind: "corner", index: 1, at: [60, 90] } }));
    expect(tools.path()).toBe("edit-terrain.draggingCorner");
    tools.pointerMove(pointer([65, 100], { pressed: true }));
    expect(useEditor.getState().vertexDrag).toEqual({ index: 1, at: [65, 100] });
    tools.pointerUp();
    expect(tools.path()).toBe("edit-terrain.idle");
    expect(featurePoints(feature("wall-1")!)).toEqual([
      [20, 90],
      [65, 100],
    ]);
    expect(events().map((e) => e.type)).toEqual(["feature-changed"]);
    useGame.getState().undo();
    expect(featurePoints(feature("wall-1")!)[1]).toEqual([60, 90]);
  });

  it("gets a corner inserted at an edge's midpoint, and loses one to an Alt+click or a right-click", () => {
    tools.click(pointer([40, 90], { handle: { kind: "edge", index: 0, at: [40, 90] } }));
    expect(featurePoints(feature("wall-1")!)).toEqual([
      [20, 90],
      [40, 90],
      [60, 90],
    ]);
    // A plain click on a corner only stops there: it selects nothing else.
    tools.click(pointer([40, 90], { handle: { kind: "corner", index: 1, at: [40, 90] } }));
    expect(featurePoints(feature("wall-1")!)).toHaveLength(3);
    tools.click(pointer([40, 90], { alt: true, handle: { kind: "corner", index: 1, at: [40, 90] } }));
    expect(featurePoints(feature("wall-1")!)).toHaveLength(2);
    tools.click(pointer([40, 90], { handle: { kind: "edge", index: 0, at: [40, 90] } }));
    tools.contextMenu(pointer([20, 90], { button: 2, handle: { kind: "corner", index: 0, at: [20, 90] } }));
    expect(featurePoints(feature("wall-1")!)).toEqual([
      [40, 90],
      [60, 90],
    ]);
    expect(useEditor.getState().selected).toBe("wall-1");
  });
});
