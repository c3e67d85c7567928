/**
 * The app's game store: what the last change recorded stays known (a shot's dice and markers stay on show)
 * until anything else happens, and names follow the game, keeping a fallen model's comrades' numbers.
 */
import { describe, expect, it } from "vitest";
import { newGame } from "../../src/core/game/gameLog";
import { createGameStore } from "../../src/state/gameStore";
import { scenario } from "../helpers/scene";

const table = () =>
  scenario(
    [],
    [
      { id: "a-1", model: "us-rifleman", position: [20, 20], side: "A", unit: "a" },
      { id: "a-2", model: "us-rifleman", position: [24, 20], side: "A", unit: "a" },
      { id: "a-3", model: "us-rifleman", position: [28, 20], side: "A", unit: "a" },
    ],
  );

const store = () => createGameStore(newGame(table(), { seed: 7, ruleset: { id: "operation-ww2", version: "2.0", options: {} } }));

describe("the game store", () => {
  it("knows the event the last change recorded, and forgets it on undo, redo and replace", () => {
    const game = store();
    expect(game.getState().perform({ type: "move", model: "a-1", to: { position: [30, 30], heading: 0 } })).toBe(true);
    expect(game.getState().justRecorded).toMatchObject({ type: "model-moved", model: "a-1" });
    game.getState().undo();
    expect(game.getState().justRecorded).toBeUndefined();
    game.getState().redo();
    expect(game.getState().justRecorded).toBeUndefined();
    game.getState().perform({ type: "move", model: "a-2", to: { position: [40, 30], heading: 0 } });
    expect(game.getState().justRecorded).toMatchObject({ model: "a-2" });
    game.getState().replace(game.getState().log);
    expect(game.getState().justRecorded).toBeUndefined();
  });

  it("keeps the names models started with after one of them is removed", () => {
    const game = store();
    const before = game.getState().names.of("a-3");
    expect(before).toMatch(/ 3$/);
    expect(game.getState().recordEvent({ type: "model-removed", model: "a-2", cause: "casualty" })).toBe(true);
    expect(game.getState().battlefield.models.has("a-2")).toBe(false);
    expect(game.getState().names.of("a-3")).toBe(before);
    expect(game.getState().names.of("a-2")).not.toBe("a-2");
  });
});
