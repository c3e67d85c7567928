/**
 * A replay loads off the page's thread (issue 19 B, point 6): progress is reported while its events are
 * checked and its table compared, Cancel ends the worker and leaves the player's game as it was, and a load
 * that answers after it was cancelled changes nothing.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { syntheticGame } from "../../src/cli/benchReplay";
import { serializeReplay } from "../../src/replay/replayFile";
import { useGame } from "../../src/state/game";
import { cancelReplayLoad, loadReplayText, type ReplayLoaderPort, type ReplayLoading, useReplayLoad } from "../../src/state/replayLoad";
import { openReplayText, useReplay } from "../../src/state/replayStore";
import { defaultScenario } from "../helpers/playedGame";

const EVENTS = 5000;
const text = serializeReplay({ log: syntheticGame(defaultScenario(), EVENTS), notes: [{ event: EVENTS - 1, text: "the end" }] });

/** A worker that does nothing until the test speaks for it. */
class FakeLoader implements ReplayLoaderPort {
  static last: FakeLoader | undefined;
  onmessage: ReplayLoaderPort["onmessage"] = null;
  onerror: ReplayLoaderPort["onerror"] = null;
  readonly requests: unknown[] = [];
  terminated = false;
  constructor() {
    FakeLoader.last = this;
  }
  postMessage(request: unknown) {
    this.requests.push(request);
  }
  terminate() {
    this.terminated = true;
  }
  say(data: unknown) {
    this.onmessage?.({ data } as MessageEvent);
  }
}

afterEach(() => {
  cancelReplayLoad();
  vi.unstubAllGlobals();
});

describe("loading a replay", () => {
  it(`reports its progress through ${EVENTS} events and clears it when done`, async () => {
    const seen: ReplayLoading[] = [];
    const stop = useReplayLoad.subscribe((s) => s.loading && seen.push(s.loading));
    const result = await loadReplayText(text, "long.json");
    stop();
    expect(result !== "cancelled" && result.ok).toBe(true);
    if (result !== "cancelled" && result.ok) expect(result.replay.log.events).toHaveLength(EVENTS);
    expect(seen[0]).toEqual({ title: "long.json", phase: "reading", done: 0, total: 0 });
    expect(seen.filter((s) => s.phase === "checking").map((s) => s.done)).toEqual([0, 2000, 4000]);
    expect(seen.every((s) => s.phase === "reading" || s.total === EVENTS)).toBe(true);
    expect(useReplayLoad.getState().loading).toBeUndefined();
  });

  it("in a worker: its progress shows, Cancel ends the worker and answers 'cancelled', and a late answer is ignored", async () => {
    const loading = loadReplayText(text, "long.json", () => new FakeLoader());
    const worker = FakeLoader.last!;
    expect(worker.requests).toEqual([{ text }]);
    worker.say({ type: "progress", done: 2000, total: EVENTS });
    expect(useReplayLoad.getState().loading).toEqual({ title: "long.json", phase: "checking", done: 2000, total: EVENTS });
    cancelReplayLoad();
    expect(await loading).toBe("cancelled");
    expect(worker.terminated).toBe(true);
    worker.say({ type: "done", result: { ok: false, error: "too late" } });
    expect(useReplayLoad.getState().loading).toBeUndefined();
  });

  it("opening a replay and cancelling it leaves the player's game on the table and says so", async () => {
    vi.stubGlobal("Worker", FakeLoader);
    const before = useGame.getState().log;
    const opening = openReplayText(text, "long.json");
    FakeLoader.last!.say({ type: "progress", done: 4000, total: EVENTS });
    cancelReplayLoad();
    expect(await opening).toBe(false);
    expect(useReplay.getState().replay).toBeUndefined();
    expect(useGame.getState().log).toBe(before);
    expect(useGame.getState().message).toEqual({ kind: "info", text: "Loading long.json was cancelled; the table is as it was" });
  });
});
