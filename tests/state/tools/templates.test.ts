/**
 * The template tool: a blast laid on a point or centred on a model; a flamethrower's teardrop from the
 * selected model towards the point; ids that follow from the game's log (the same after an undo or a
 * reload); a laid template dragged as one move (one undo), or left where it was on Escape.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { parseGame, serializeGame } from "../../../src/core/game/gameFile";
import { scenarioCatalog } from "../../../src/core/miniatures/catalog";
import { useGame } from "../../../src/state/game";
import { chooseTool } from "../../../src/state/tools";
import type { ToolManager } from "../../../src/state/tools/machine";
import { useUi } from "../../../src/state/uiStore";
import { events, freshTable, onModel, pointer } from "./table";

let tools: ToolManager;
beforeEach(async () => {
  tools = await freshTable();
  chooseTool("template");
});

const templates = () => useGame.getState().state.templates;

describe("laying templates", () => {
  it("lays a blast on the point clicked, or centred on the model clicked", () => {
    tools.click(pointer([80, 100]));
    tools.click(onModel("tank", [151, 31]));
    expect(Object.values(templates())).toEqual([
      { id: "template-1", from: "above", shape: { kind: "blast", at: [80, 100], radii: [5] }, label: "" },
      { id: "template-2", from: "above", shape: { kind: "blast", at: [150, 30], radii: [5] }, label: "on tank" },
    ]);
  });

  it("names templates from the log: an undone one's id is taken again, a reloaded game goes on counting", () => {
    tools.click(pointer([10, 10]));
    tools.click(pointer([20, 10]));
    useGame.getState().undo();
    tools.click(pointer([30, 10]));
    expect(Object.keys(templates())).toEqual(["template-1", "template-2"]);
    expect(templates()["template-2"]!.shape).toMatchObject({ at: [30, 10] });
    useGame.getState().perform({ type: "remove-template", id: "template-1" });
    const reloaded = parseGame(serializeGame(useGame.getState().log), scenarioCatalog);
    if (!reloaded.ok) throw new Error(reloaded.error);
    useGame.getState().replace(reloaded.game.log);
    tools.click(pointer([40, 10]));
    expect(Object.keys(templates())).toEqual(["template-2", "template-3"]);
  });

  it("lays a teardrop from the selected model towards the point; a model of its side becomes the firer", () => {
    useUi.getState().set({ template: { ...useUi.getState().template, kind: "teardrop" } });
    tools.click(pointer([60, 30]));
    expect(useGame.getState().message?.text).toMatch(/flamethrower's model first/);
    tools.click(onModel("r1", [30, 30]));
    expect(useUi.getState().selection).toEqual(["r1"]);
    tools.click(pointer([30, 42]));
    const [placed] = events();
    expect(placed?.type === "template-placed" && placed.template).toMatchObject({
      id: "template-1",
      from: "level",
      firer: "r1",
      shape: { kind: "teardrop", from: [30, 30], heading: 0, length: 12 },
    });
  });
});

describe("dragging a laid template", () => {
  beforeEach(() => tools.click(pointer([80, 100])));

  it("moves it with the pointer, keeping where it was grabbed, as one move that one undo takes back", () => {
    // A click on the laid template lays no other.
    tools.click(pointer([82, 100], { template: { id: "template-1", at: [82, 100] } }));
    expect(Object.keys(templates())).toHaveLength(1);
    // Held where the pointer meets the template, even with a building's wall in front of it (met first).
    tools.pointerDown(pointer([86, 109], { feature: "house", template: { id: "template-1", at: [82, 100] } }));
    expect(tools.path()).toBe("template.dragging");
    // The template follows the ground under the pointer, past the house's roof met first.
    tools.pointerMove(pointer([92, 105], { pressed: true, point: [95, 11, 112], feature: "house" }));
    expect(useUi.getState().templateDrag?.shape).toMatchObject({ at: [90, 105] });
    tools.pointerUp();
    expect(tools.path()).toBe("template.idle");
    expect(useUi.getState().templateDrag).toBeUndefined();
    expect(events().map((e) => e.type)).toEqual(["template-placed", "template-moved"]);
    expect(templates()["template-1"]!.shape).toMatchObject({ at: [90, 105] });
    useGame.getState().undo();
    expect(templates()["template-1"]!.shape).toMatchObject({ at: [80, 100] });
  });

  it("leaves it where it was on Escape, and records nothing for a press without a move", () => {
    tools.pointerDown(pointer([80, 100], { template: { id: "template-1", at: [80, 100] } }));
    tools.pointerMove(pointer([95, 100], { pressed: true }));
    tools.cancel();
    tools.pointerUp();
    tools.pointerDown(pointer([80, 100], { template: { id: "template-1", at: [80, 100] } }));
    tools.pointerUp();
    expect(events().map((e) => e.type)).toEqual(["template-placed"]);
    expect(templates()["template-1"]!.shape).toMatchObject({ at: [80, 100] });
  });
});
