/**
 * Watching a replay in the app's stores: the replay's table at the playhead, read-only (commands, undo and
 * redo refused, nothing autosaved), the player's own game back on Close, playback that stops at turn marks
 * when asked, and "Continue from here" as a new game with the same seed and the events so far.
 */
import { afterEach, describe, expect, it } from "vitest";
import { currentState } from "../../src/core/game/gameLog";
import { scenarioCatalog } from "../../src/core/miniatures/catalog";
import { parseReplay, serializeReplay } from "../../src/replay/replayFile";
import { timeOfEvent } from "../../src/replay/timeline";
import { RULESETS } from "../../src/rules/registry";
import { useGame } from "../../src/state/game";
import { type SaveStorage, startAutosave } from "../../src/state/persistence";
import { currentIndex, useReplay } from "../../src/state/replayStore";
import { playedGame } from "../helpers/playedGame";

const recorded = playedGame();
const loaded = parseReplay(serializeReplay({ log: recorded, notes: [{ event: 3, text: "laid" }] }), scenarioCatalog, { rulesets: RULESETS });
if (!loaded.ok) throw new Error(loaded.error);
const replay = loaded.replay;

afterEach(() => useReplay.getState().close());

describe("the replay store", () => {
  it("shows the replay read-only, saves nothing meanwhile, and gives the player's game back on Close", async () => {
    const own = useGame.getState().log;
    const writes: string[] = [];
    const storage: SaveStorage = { get: async () => undefined, set: async (key) => void writes.push(key) };
    const stop = startAutosave(useGame, storage);
    useReplay.getState().open(replay, "test.json");
    useReplay.getState().seekEvent(5);
    expect(useGame.getState().log.cursor).toBe(5);
    expect(useGame.getState().state).toEqual(currentState({ ...recorded, cursor: 5 }));
    expect(useGame.getState().perform({ type: "traverse", model: "us-sherman-1", turretHeading: 200 })).toBe(false);
    expect(useGame.getState().message?.text).toMatch(/watching a replay/);
    useGame.getState().undo();
    expect(useGame.getState().log.cursor).toBe(5);
    await Promise.resolve();
    expect(writes).toEqual([]);
    useReplay.getState().close();
    expect(useGame.getState().log).toBe(own);
    expect(useGame.getState().readOnly).toBeUndefined();
    stop();
  });

  it("plays at its speed, pauses at a turn mark when asked, and steps by events", () => {
    const r = useReplay.getState();
    r.open(replay, "test.json");
    r.set({ speed: 16, pauseAtTurns: true });
    r.setPlaying(true);
    for (let i = 0; i < 1000 && useReplay.getState().playing; i++) useReplay.getState().tick(100);
    const timeline = useReplay.getState().replay!.timeline;
    expect(useReplay.getState().time).toBe(timeOfEvent(timeline, 10));
    expect(currentIndex(useReplay.getState())).toBe(10);
    useReplay.getState().step(-1);
    expect(useGame.getState().log.cursor).toBe(9);
    useReplay.getState().jumpTurn(1);
    expect(useGame.getState().log.cursor).toBe(10);
  });

  it("continues from the playhead as a new game with the same header and the events so far", () => {
    useReplay.getState().open(replay, "test.json");
    useReplay.getState().seekEvent(4);
    useReplay.getState().addNote("a note");
    expect(useReplay.getState().replay!.notes).toContainEqual({ event: 4, text: "a note" });
    useReplay.getState().continueFromHere();
    const log = useGame.getState().log;
    expect(log.header).toBe(replay.log.header);
    expect(log.events).toEqual(recorded.events.slice(0, 4));
    expect(useGame.getState().readOnly).toBeUndefined();
    expect(useGame.getState().perform({ type: "traverse", model: "us-sherman-1", turretHeading: 200 })).toBe(true);
  });
});
