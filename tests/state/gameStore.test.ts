/**
 * The app's game store: what the last change recorded stays known (a shot's dice and markers stay on show)
 * until anything else happens, and names follow the game, keeping a fallen model's comrades' numbers; a move
 * out of turn or past its allowance is refused with the rule, and an over-move the players allow is recorded
 * as a house rule.
 */
import { describe, expect, it } from "vitest";
import type { Command } from "../../src/core/game/commands";
import { newGame } from "../../src/core/game/gameLog";
import { createGameStore } from "../../src/state/gameStore";
import { describeEvent } from "../../src/ui/panels/LogPanel";
import { rejudgeGame } from "../../src/worker/rejudgeGame";
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

  it("names what the game ever had: a unit placed and deleted, a renamed unit, a model of a unit placed later", () => {
    const game = store();
    const placed = (id: string, x: number) => ({ id, model: "ger-rifleman", position: [x, 80] as [number, number], heading: 180, turretHeading: 0 });
    const unit = { id: "g", name: "", models: [placed("g-1", 60), placed("g-2", 64)] };
    expect(game.getState().perform({ type: "place-unit", force: "ger", side: "B", unit })).toBe(true);
    const named = game.getState().names.of("g-2");
    expect(named).toBe("Panzergrenadier squad 1 · Panzergrenadier 2");
    expect(game.getState().perform({ type: "remove-unit", unit: "g" })).toBe(true);
    expect(game.getState().perform({ type: "edit-unit", unit: "unit-a", name: "Able" })).toBe(true);
    // Gone from the table, named in the log as before; the renamed unit under its new name, models too.
    expect(game.getState().names.of("g-2")).toBe(named);
    expect(game.getState().names.of("g")).toBe("Panzergrenadier squad 1");
    expect(game.getState().names.inText("a-3 saw g-2")).toBe("Able · US rifleman 3 saw Panzergrenadier squad 1 · Panzergrenadier 2");
    // A replay's playhead before the unit came: its names are the whole game's all the same.
    const log = game.getState().log;
    const watched = createGameStore({ ...log, cursor: 0 });
    expect(watched.getState().battlefield.models.has("g-1")).toBe(false);
    expect(watched.getState().names.of("g-1")).toBe("Panzergrenadier squad 1 · Panzergrenadier 1");
    // A new unit never takes the id of one that left.
    expect(game.getState().everPlaced.forces.flatMap((f) => f.units.map((u) => u.id))).toEqual(["unit-a", "g"]);
  });

  it("refuses a move out of turn as it refuses any command: the rule in the message, the log as it was (000 l.47–57)", () => {
    const game = createGameStore(
      newGame(
        scenario(
          [],
          [
            { id: "a-1", model: "us-rifleman", position: [20, 20], side: "A", unit: "a" },
            { id: "b-1", model: "ger-rifleman", position: [20, 100], side: "B", unit: "b" },
          ],
        ),
        { seed: 7, ruleset: { id: "operation-ww2", version: "2.0", options: {} } },
      ),
    );
    // Deployment, then turn 1's cards, panic and initiative, then the orders: side A's activation first.
    for (const phase of ["deployment", "cards", "panic", "initiative"]) {
      const turn = phase === "deployment" ? 0 : 1;
      expect(game.getState().recordEvent({ type: "turn-advanced", turn, phase, kept: [], rolls: [] })).toBe(true);
    }
    expect(game.getState().recordEvent({ type: "turn-advanced", turn: 1, phase: "orders", side: "A", kept: [], rolls: [] })).toBe(true);
    const events = game.getState().log.events.length;
    expect(game.getState().perform({ type: "move", model: "b-1", to: { position: [30, 90], heading: 0 } })).toBe(false);
    expect(game.getState().message).toEqual({ kind: "error", text: "it is A's activation (000 l.47–57): B must wait" });
    expect(game.getState().log.events).toHaveLength(events);
    expect(game.getState().perform({ type: "move", model: "a-1", to: { position: [30, 30], heading: 0 } })).toBe(true);
  });

  it("refuses a move past its allowance in a turn with the rule; allowed as a house rule, the log says so and a re-judge accepts it (002 l.2–22)", async () => {
    const game = createGameStore(
      newGame(
        scenario(
          [],
          [
            { id: "a-1", model: "us-rifleman", position: [20, 20], side: "A", unit: "a" },
            { id: "b-1", model: "ger-rifleman", position: [20, 100], side: "B", unit: "b" },
          ],
        ),
        { seed: 7, ruleset: { id: "battleground", version: "sheet", options: {} } },
      ),
    );
    // Free play measures nothing: 20 cm (7.9") is fine, and so is the deployment.
    const twenty: Command = { type: "move", model: "a-1", to: { position: [40, 20], heading: 90 } };
    expect(game.getState().perform(twenty)).toBe(true);
    game.getState().undo();
    expect(game.getState().recordEvent({ type: "turn-advanced", turn: 0, phase: "deployment", kept: [], rolls: [] })).toBe(true);
    expect(game.getState().recordEvent({ type: "turn-advanced", turn: 1, phase: "activations", side: "A", kept: [], rolls: [] })).toBe(true);
    // One infantry move action is 6 MP at 1" per MP (sample): 7.9" is past it, 5.9" (15 cm) within.
    const events = game.getState().log.events.length;
    expect(game.getState().perform(twenty)).toBe(false);
    const refusal = game.getState().message!.text;
    expect(refusal).toMatch(/^a-1 may not move so: 7\.87 MP of the 6 MP of one infantry move action: more than one move action allows \(§1, §13\)$/);
    expect(game.getState().log.events).toHaveLength(events);
    expect(game.getState().allowOverMove()).toBe(true);
    const moved = game.getState().log.events.at(-1)!;
    expect(moved).toMatchObject({ type: "model-moved", model: "a-1", houseRule: refusal });
    expect(game.getState().overMove).toBeUndefined();
    // The log names the model, as the toast does, where the event keeps its id.
    const name = game.getState().names.of("a-1");
    expect(name).not.toBe("a-1");
    expect(describeEvent(moved, game.getState().names)).toContain(` — house rule: allowed past the rules (${name} may not move so: 7.87 MP`);
    expect((await rejudgeGame(game.getState().log)).divergence).toBeUndefined();
    // The same move without the players' say is past the rules when the game is judged again.
    const { houseRule: _h, ...unallowed } = moved as typeof moved & { houseRule?: string };
    const doctored = { ...game.getState().log, events: [...game.getState().log.events.slice(0, -1), unallowed] };
    expect((await rejudgeGame(doctored)).divergence?.message).toMatch(
      /^events\[2\]: model-moved: past its allowance, and not allowed as a house rule: a-1 may not move so/,
    );
    expect(game.getState().perform({ type: "move", model: "b-1", to: { position: [20, 85], heading: 0 } })).toBe(false);
    expect(game.getState().perform({ type: "move", model: "a-1", to: { position: [40, 35], heading: 0 } })).toBe(true);
  });
});
