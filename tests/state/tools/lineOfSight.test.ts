/**
 * The line-of-sight tool: a click on a model looks from it, a click on an enemy checks the line to it (each
 * such click counts one check for the game log), a model of the looker's side looks instead; the bare
 * table does nothing, Escape clears the looker and the target.
 */
import { beforeEach, expect, it } from "vitest";
import { chooseTool } from "../../../src/state/tools";
import type { ToolManager } from "../../../src/state/tools/machine";
import { useUi } from "../../../src/state/uiStore";
import { freshTable, onModel, pointer } from "./table";

let tools: ToolManager;
beforeEach(async () => {
  tools = await freshTable();
  chooseTool("los");
});

it("looks from the model clicked and checks the enemy clicked next", () => {
  tools.click(onModel("r1", [30, 30]));
  expect(useUi.getState()).toMatchObject({ shooter: "r1", target: undefined, selection: ["r1"], checks: 0 });
  tools.click(onModel("tank", [150, 30]));
  expect(useUi.getState()).toMatchObject({ shooter: "r1", target: "tank", checks: 1 });
  tools.click(onModel("tank", [150, 30]));
  expect(useUi.getState().checks).toBe(2);
  tools.click(onModel("r2", [34, 30]));
  expect(useUi.getState()).toMatchObject({ shooter: "r2", target: undefined });
});

it("looks from the model a click through a roof means, ignores the bare table, and clears on Escape", () => {
  tools.click(pointer([110, 60], { picked: "sniper" }));
  expect(useUi.getState().shooter).toBe("sniper");
  tools.click(pointer([90, 100]));
  expect(useUi.getState().shooter).toBe("sniper");
  tools.cancel();
  expect(useUi.getState()).toMatchObject({ shooter: undefined, target: undefined, selection: [] });
});
