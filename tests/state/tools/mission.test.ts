/**
 * The mission editor's tool (the app's own tool manager, as the Mission tab drives it): a deployment zone is
 * two clicks, its opposite corners, for the side chosen; an objective is one click; each is one change, one
 * undo; Escape takes back a corner, then stops; a zone off the table is refused with the reason.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { useEditor } from "../../../src/state/editorStore";
import { useGame } from "../../../src/state/game";
import { removeObjective } from "../../../src/state/missionActions";
import { chooseTool, setEditing, startObjective, startZone, tools } from "../../../src/state/tools";
import { freshTable, pointer } from "./table";

const mission = () => useGame.getState().state.scenario.mission;

beforeEach(async () => {
  await freshTable();
  setEditing(true, "mission");
  useEditor.getState().set({ missionSide: "B" });
});

describe("deployment zones", () => {
  it("two clicks make a rectangle for the side chosen, one undo takes it away, a redo puts it back", () => {
    expect(tools.path()).toBe("mission.idle");
    startZone();
    expect(useEditor.getState().missionDraw).toBe("zone");
    tools.click(pointer([10, 80]));
    expect(tools.path()).toBe("mission.zoneCorner");
    tools.pointerMove(pointer([60, 110]));
    expect(useEditor.getState()).toMatchObject({ zoneCorner: [10, 80], pointer: [60, 110] });
    tools.click(pointer([60, 110]));
    expect(tools.path()).toBe("mission.zone");
    expect(mission()).toMatchObject({ name: "Mission", zones: [{ kind: "rectangle", side: "B", from: [10, 80], to: [60, 110] }] });
    useGame.getState().undo();
    expect(mission()).toBeUndefined();
    useGame.getState().redo();
    expect(mission()!.zones).toHaveLength(1);
  });

  it("Escape takes back the first corner, then stops drawing; another tool stops it too", () => {
    startZone();
    tools.click(pointer([10, 80]));
    tools.cancel();
    expect(tools.path()).toBe("mission.zone");
    expect(useEditor.getState().zoneCorner).toBeUndefined();
    tools.cancel();
    expect(tools.path()).toBe("mission.idle");
    expect(useEditor.getState().missionDraw).toBeUndefined();
    startZone();
    tools.click(pointer([10, 80]));
    chooseTool("measure");
    expect(tools.path()).toBe("measure.idle");
    expect(useEditor.getState().zoneCorner).toBeUndefined();
    expect(mission()).toBeUndefined();
  });

  it("a zone reaching off the table, or for no side, is refused with the reason, and nothing changes", () => {
    startZone();
    tools.click(pointer([10, 80]));
    tools.click(pointer([250, 110]));
    expect(mission()).toBeUndefined();
    expect(useGame.getState().message?.text).toMatch(/mission\.zones\[0\]\.to: \[250, 110\] is off the 180 × 120 cm table/);
    useEditor.getState().set({ missionSide: "" });
    tools.click(pointer([10, 80]));
    tools.click(pointer([60, 110]));
    expect(mission()).toBeUndefined();
    expect(useGame.getState().message?.text).toBe("Choose the side the deployment zone is for first.");
  });
});

describe("objectives", () => {
  it("each click drops a named objective, one undo each; removing one takes its hold condition with it", () => {
    startObjective();
    tools.click(pointer([90, 60]));
    tools.click(pointer([120, 40]));
    expect(mission()!.objectives).toEqual([
      { id: "objective-1", kind: "point", name: "Objective 1", at: [90, 60], radius: 7.5, points: 1 },
      { id: "objective-2", kind: "point", name: "Objective 2", at: [120, 40], radius: 7.5, points: 1 },
    ]);
    useGame.getState().undo();
    expect(mission()!.objectives.map((o) => o.id)).toEqual(["objective-1"]);
    useGame.getState().perform({ type: "set-mission", mission: { ...mission()!, victory: [{ kind: "hold", objective: "objective-1", side: "A" }] } });
    expect(removeObjective("objective-1")).toBe(true);
    expect(mission()).toMatchObject({ objectives: [], victory: [] });
  });
});
