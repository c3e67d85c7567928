/**
 * Table actions on the app's real stores: repeated turns of one model merge into one log entry (one event,
 * one undo) while they follow each other within a second; a turn after a pause is a new entry. The log
 * reads headings 0–359° and moves as distances.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { newGame } from "../../src/core/game/gameLog";
import { formatIssues } from "../../src/core/scenario/load";
import { TURN_MERGE_MS, turn } from "../../src/state/actions";
import { DEFAULT_BATTLEFIELD } from "../../src/state/battlefields";
import { distanceFormat } from "../../src/state/distances";
import { gameOn, useGame } from "../../src/state/game";
import { useUi } from "../../src/state/uiStore";
import { describeEvent } from "../../src/ui/panels/LogPanel";

const MODEL = "us-sherman-1";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-01-01T12:00:00Z"));
  const game = gameOn(DEFAULT_BATTLEFIELD);
  if (!game.ok) throw new Error(formatIssues(game.issues));
  useGame.getState().replace(newGame(game.log.header.scenario, { seed: 1, ruleset: game.log.header.ruleset }));
  useUi.getState().set({ selection: [MODEL] });
});
afterEach(() => vi.useRealTimers());

const heading = () => useGame.getState().battlefield.models.get(MODEL)!.model.heading;

describe("turning a model", () => {
  it("merges turns within a second into one event that one undo takes back", () => {
    const start = heading();
    for (let i = 0; i < 4; i++) {
      turn(15);
      vi.advanceTimersByTime(TURN_MERGE_MS / 2);
    }
    const { log } = useGame.getState();
    expect(log.events).toHaveLength(1);
    expect(heading()).toBe(start - 60);
    const event = log.events[0]!;
    expect(event.type === "model-moved" && [event.from.heading, event.to.heading]).toEqual([start, start - 60]);
    useGame.getState().undo();
    expect(heading()).toBe(start);
  });

  it("starts a new entry after a pause, or for another model", () => {
    const start = heading();
    turn(15);
    vi.advanceTimersByTime(TURN_MERGE_MS + 1);
    turn(15);
    expect(useGame.getState().log.events).toHaveLength(2);
    useUi.getState().set({ selection: ["us-sherman-2"] });
    turn(15);
    expect(useGame.getState().log.events).toHaveLength(3);
    useGame.getState().undo();
    useGame.getState().undo();
    expect(heading()).toBe(start - 15);
  });

  it("is logged as a heading between 0 and 359°", () => {
    const start = heading();
    turn(start + 30); // to -30°, which players read as 330°
    expect(describeEvent(useGame.getState().log.events[0]!, useGame.getState().names)).toBe(`${useGame.getState().names.of(MODEL)} turned to 330°`);
  });
});

describe("the log of a move", () => {
  it("says how far the model went along its path", () => {
    const from = useGame.getState().battlefield.models.get(MODEL)!.model.position;
    // East along the table's edge: northwards the Sherman would end on the HQ's bases, and the move be refused.
    const path: [number, number][] = [from, [from[0] + 3, from[1] + 4], [from[0] + 13, from[1] + 4]];
    useGame.getState().perform({ type: "move", model: MODEL, to: { position: path[2]!, heading: heading() }, path });
    expect(describeEvent(useGame.getState().log.events.at(-1)!, useGame.getState().names)).toBe(`${useGame.getState().names.of(MODEL)} moved 15.0 cm`);
    // In a game read in inches (Bolt Action, Battleground) the line says inches, as the drag's label and the refusal do.
    const inches = distanceFormat("bolt-action", "in");
    expect(describeEvent(useGame.getState().log.events.at(-1)!, useGame.getState().names, undefined, inches)).toBe(
      `${useGame.getState().names.of(MODEL)} moved 5.9"`,
    );
  });
});
