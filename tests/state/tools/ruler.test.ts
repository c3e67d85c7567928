/** The ruler: each click adds an end (a model, or a point of the table); the last two are measured between. */
import { beforeEach, expect, it } from "vitest";
import { chooseTool } from "../../../src/state/tools";
import type { ToolManager } from "../../../src/state/tools/machine";
import { useUi } from "../../../src/state/uiStore";
import { freshTable, onModel, pointer } from "./table";

let tools: ToolManager;
beforeEach(async () => {
  tools = await freshTable();
  chooseTool("measure");
});

it("measures between the last two ends clicked, models or points, and forgets them on Escape", () => {
  tools.click(pointer([10, 20]));
  tools.click(onModel("tank", [150, 30]));
  expect(useUi.getState().measured).toEqual([{ point: [10, 0, 20] }, { model: "tank" }]);
  tools.click(pointer([40, 50], { point: [40, 1.5, 50] }));
  expect(useUi.getState().measured).toEqual([{ model: "tank" }, { point: [40, 1.5, 50] }]);
  tools.cancel();
  expect(useUi.getState().measured).toEqual([]);
});
