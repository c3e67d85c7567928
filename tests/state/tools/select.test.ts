/**
 * The select / move tool driven by synthetic pointer events, as the scene reports them: a press selects and
 * starts a drag, the drag follows the pointer with its path, the release lands through the sight host and
 * is one move in the log (one undo); a group moves as one event; Escape or another tool drops the drag; a
 * click on the bare table clears the selection, a click through a roof selects the model inside, a double
 * click selects the unit.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useGame } from "../../../src/state/game";
import { chooseTool } from "../../../src/state/tools";
import type { ToolManager } from "../../../src/state/tools/machine";
import { useUi } from "../../../src/state/uiStore";
import { events, freshTable, onModel, pointer, positionOf } from "./table";

let tools: ToolManager;
beforeEach(async () => {
  tools = await freshTable();
});

const landed = () => vi.waitUntil(() => useUi.getState().drag === undefined);

describe("the select tool", () => {
  it("drags a model along its path and drops it as one move that one undo takes back", async () => {
    // Grabbed 1 cm to the right of its centre: the model keeps that offset from the pointer.
    tools.pointerDown(onModel("r1", [31, 30]));
    expect(tools.path()).toBe("select.dragging");
    expect(useUi.getState().selection).toEqual(["r1"]);
    for (const x of [35, 40, 45, 50.2]) tools.pointerMove(pointer([x + 1, 40], { pressed: true }));
    expect(useUi.getState().drag).toMatchObject({ model: "r1", placement: { position: [50.2, 40] } });
    tools.pointerUp();
    expect(tools.path()).toBe("select.idle");
    await landed();
    const [move] = events();
    expect(move).toMatchObject({ type: "model-moved", model: "r1", from: { position: [30, 30] }, to: { position: [50.2, 40] } });
    expect(move?.type === "model-moved" && move.path).toEqual([
      [30, 30],
      [35, 40],
      [40, 40],
      [45, 40],
      [50.2, 40],
    ]);
    useGame.getState().undo();
    expect(positionOf("r1")).toEqual([30, 30]);
  });

  it("moves the whole selection as one event: Shift adds a model, the followers keep their places", async () => {
    tools.pointerDown(onModel("r1", [30, 30]));
    tools.pointerUp();
    tools.pointerDown(onModel("r2", [34, 30], { shift: true }));
    expect(useUi.getState().selection).toEqual(["r1", "r2"]);
    tools.pointerMove(pointer([34, 50], { pressed: true }));
    tools.pointerUp();
    await landed();
    expect(events().map((e) => e.type)).toEqual(["models-moved"]);
    expect(positionOf("r2")).toEqual([34, 50]);
    expect(positionOf("r1")).toEqual([30, 50]);
  });

  it("moves nothing for a press and release on the spot, or when Escape drops the drag", async () => {
    tools.pointerDown(onModel("r1", [30, 30]));
    tools.pointerUp();
    tools.pointerDown(onModel("r1", [30, 30]));
    tools.pointerMove(pointer([60, 60], { pressed: true }));
    tools.cancel();
    expect(tools.path()).toBe("select.idle");
    expect(useUi.getState()).toMatchObject({ drag: undefined, selection: [] });
    tools.pointerUp();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events()).toEqual([]);
  });

  it("drops the drag when another tool is chosen", () => {
    tools.pointerDown(onModel("r1", [30, 30]));
    chooseTool("measure");
    tools.pointerMove(pointer([60, 60], { pressed: true }));
    expect(tools.path()).toBe("measure.idle");
    expect(useUi.getState().drag).toBeUndefined();
  });

  it("clears the selection on the bare table (not with Shift), selects through a roof, and a unit on a double click", () => {
    useUi.getState().set({ selection: ["tank"] });
    tools.click(pointer([80, 100], { shift: true }));
    expect(useUi.getState().selection).toEqual(["tank"]);
    tools.click(pointer([80, 100]));
    expect(useUi.getState().selection).toEqual([]);
    // The roof is met first and no model: the one upstairs is meant.
    tools.click(pointer([110, 60], { picked: "sniper", feature: "house" }));
    expect(useUi.getState().selection).toEqual(["sniper"]);
    tools.doubleClick(onModel("r2", [34, 30]));
    expect(useUi.getState().selection).toEqual(["r1", "r2"]);
  });
});
