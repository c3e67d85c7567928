/**
 * The tool manager on its own, with two made-up tools: events go to the active tool's current state, a
 * handler's answer moves it, a change of tool in the stores is caught up with (the tool left interrupted),
 * a click that ends a camera drag reaches no tool, and keys say whether they were the tool's.
 */
import { describe, expect, it } from "vitest";
import { createToolManager, type ToolMachine } from "../../../src/state/tools/machine";
import { pointer } from "./table";

function recorder() {
  const heard: string[] = [];
  let active: "pen" | "eraser" = "pen";
  const pen: ToolMachine<"pen"> = {
    id: "pen",
    initial: "idle",
    states: {
      idle: {
        onPointerDown: (p) => (p.button === 0 ? "drawing" : undefined),
        onClick: () => void heard.push("pen click"),
        onCancel: () => void heard.push("pen cancel"),
      },
      drawing: {
        onPointerMove: () => void heard.push("pen stroke"),
        onPointerUp: () => "idle",
        onKeyDown: ({ key }) => (key === "enter" ? "idle" : key === "backspace"),
        onInterrupt: () => void heard.push("pen interrupted"),
      },
    },
  };
  const eraser: ToolMachine<"eraser"> = { id: "eraser", initial: "idle", states: { idle: { onClick: () => void heard.push("eraser click") } } };
  const manager = createToolManager<"pen" | "eraser">([pen, eraser], () => active);
  return { heard, manager, choose: (tool: "pen" | "eraser") => (active = tool) };
}

describe("the tool manager", () => {
  it("hands each event to the active tool's state and follows the state a handler names", () => {
    const { heard, manager } = recorder();
    expect(manager.path()).toBe("pen.idle");
    manager.pointerDown(pointer([1, 1], { button: 2 }));
    expect(manager.path()).toBe("pen.idle");
    manager.pointerMove(pointer([1, 1]));
    expect(heard).toEqual([]);
    manager.pointerDown(pointer([1, 1]));
    expect(manager.path()).toBe("pen.drawing");
    manager.pointerMove(pointer([2, 1]));
    manager.pointerUp();
    expect(manager.path()).toBe("pen.idle");
    manager.click(pointer([2, 1]));
    manager.cancel();
    expect(heard).toEqual(["pen stroke", "pen click", "pen cancel"]);
  });

  it("drops a click that ends a drag of the camera", () => {
    const { heard, manager } = recorder();
    manager.click(pointer([1, 1], { dragged: true }));
    expect(heard).toEqual([]);
  });

  it("says whether a key was the tool's, and moves on the state a key names", () => {
    const { manager } = recorder();
    expect(manager.keyDown({ key: "backspace", shift: false })).toBe(false);
    manager.pointerDown(pointer([1, 1]));
    expect(manager.keyDown({ key: "backspace", shift: false })).toBe(true);
    expect(manager.keyDown({ key: "q", shift: false })).toBe(false);
    expect(manager.path()).toBe("pen.drawing");
    expect(manager.keyDown({ key: "enter", shift: false })).toBe(true);
    expect(manager.path()).toBe("pen.idle");
  });

  it("catches up with another tool chosen in the stores, interrupting the one left mid-gesture", () => {
    const { heard, manager, choose } = recorder();
    manager.pointerDown(pointer([1, 1]));
    choose("eraser");
    manager.click(pointer([1, 1]));
    expect(manager.path()).toBe("eraser.idle");
    expect(heard).toEqual(["pen interrupted", "eraser click"]);
    choose("pen");
    manager.reset();
    expect(manager.path()).toBe("pen.idle");
  });

  it("refuses a state a tool does not have", () => {
    const { manager } = recorder();
    expect(() => manager.transition("flying")).toThrow('the pen tool has no state "flying"');
  });
});
