/**
 * The forces editor's tool: a click on the table lays out the unit chosen in the Forces panel where it
 * lands (one event, one undo), with a message when no unit is chosen; models are pressed and dragged as
 * with the select tool.
 */
import { beforeEach, expect, it, vi } from "vitest";
import { useEditor } from "../../../src/state/editorStore";
import { useGame } from "../../../src/state/game";
import { setEditing } from "../../../src/state/tools";
import type { ToolManager } from "../../../src/state/tools/machine";
import { useUi } from "../../../src/state/uiStore";
import { events, freshTable, onModel, pointer, positionOf } from "./table";

let tools: ToolManager;
beforeEach(async () => {
  tools = await freshTable();
  setEditing(true, "forces");
  useEditor.getState().set({ preset: undefined, side: "A", unitName: "Baker", formation: "line", heading: 90 });
});

it("lays out the chosen unit where the click lands, and asks for a unit when none is chosen", async () => {
  tools.click(pointer([60, 60]));
  expect(tools.path()).toBe("forces.idle");
  expect(useGame.getState().message?.text).toMatch(/Choose a unit in the Forces panel/);
  useEditor.getState().set({ preset: "us-bazooka-team" });
  tools.click(pointer([60, 60]));
  await vi.waitUntil(() => events().length === 1);
  const [placed] = events();
  expect(placed?.type === "unit-placed" && placed.unit).toMatchObject({ name: "Baker", models: [{ heading: 90 }, { heading: 90 }] });
  useGame.getState().undo();
  expect(events()).toEqual([]);
});

it("selects and drags models as the select tool does; a click on a model lays nothing", async () => {
  useEditor.getState().set({ preset: "us-bazooka-team" });
  tools.click(onModel("r1", [30, 30]));
  tools.pointerDown(onModel("r1", [30, 30]));
  expect(tools.path()).toBe("forces.dragging");
  tools.pointerMove(pointer([40, 50], { pressed: true }));
  tools.pointerUp();
  await vi.waitUntil(() => useUi.getState().drag === undefined);
  expect(events().map((e) => e.type)).toEqual(["model-moved"]);
  expect(positionOf("r1")).toEqual([40, 50]);
});
