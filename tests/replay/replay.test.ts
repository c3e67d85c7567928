/**
 * The replay model on real games: the clock's arithmetic on moves whose durations follow from their
 * lengths, frames that place models along their recorded paths, and seeking that lands on the fold.
 */
import { describe, expect, it } from "vitest";
import type { GameEvent } from "../../src/core/game/events";
import type { GameLog } from "../../src/core/game/gameLog";
import { findModel } from "../../src/core/game/models";
import { applyEvent, initialState } from "../../src/core/game/state";
import { replayFrame, SHOT_PHASES } from "../../src/replay/frame";
import { buildTimeline, locate, PACE, timeOfEvent, turnMarks } from "../../src/replay/timeline";
import { playedGame } from "../helpers/playedGame";

const fold = (log: GameLog, count: number) => log.events.slice(0, count).reduce(applyEvent, initialState(log.header.scenario));

describe("the replay clock", () => {
  const log = playedGame();
  const timeline = buildTimeline(log.events);

  it("gives a move the time its path takes at the walking pace, and finds the event and progress by time", () => {
    expect(timeline.durations[0]).toBeCloseTo((70 / PACE.moveCmPerSecond) * 1000, 6);
    expect(timeline.durations[1]).toBeCloseTo(Math.max(PACE.traverseMin, ((90 - 0) / PACE.traverseDegPerSecond) * 1000), 6);
    expect(locate(timeline, 1750)).toEqual({ index: 0, progress: 0.5 });
    expect(locate(timeline, timeOfEvent(timeline, 2) + PACE.shot / 4)).toEqual({ index: 2, progress: 0.25 });
    expect(locate(timeline, -5)).toEqual({ index: 0, progress: 0 });
    expect(locate(timeline, timeline.total + 1)).toEqual({ index: log.events.length, progress: 0 });
    expect(turnMarks(log.events)).toEqual([10, 20, 30]);
  });

  it("marks turns where the game's turn events end them, and every tenth event in a game without turn events", () => {
    expect(turnMarks(log.events)).toEqual([10, 20, 30]);
    const turnEnded: GameEvent = { type: "turn-ended", kept: [] };
    // Turns of 3, 7 and 2 events: each mark is the event after a turn-ended; a last turn-ended marks nothing.
    const played = log.events.slice(0, 9);
    const events = [...played.slice(0, 2), turnEnded, ...played.slice(2, 8), turnEnded, ...played.slice(8), turnEnded];
    expect(turnMarks(events)).toEqual([3, 10]);
    expect(turnMarks([...events, ...played.slice(0, 2)])).toEqual([3, 10, 12]);
    // Following its turns: a mark at the deployment and at each turn's first step, not at its other phases.
    const step = (turn: number, phase: string): GameEvent => ({ type: "turn-advanced", turn, phase, kept: [], rolls: [] });
    const steps = [step(0, "deployment"), played[0]!, step(1, "movement"), played[1]!, step(1, "shooting"), played[2]!, step(2, "movement")];
    expect(turnMarks(steps)).toEqual([0, 2, 6]);
  });

  it("draws a moving model along its recorded path, by length, not straight from start to end", () => {
    // Half way through the 70 cm L-walk is 5 cm up its northern leg: [94, 35.5], not the straight line's midpoint.
    const half = replayFrame(log, timeline, 1750);
    expect(half.poses[0]!.model).toBe("us-hq-m1");
    expect(half.poses[0]!.placement.position[0]).toBeCloseTo(94, 6);
    expect(half.poses[0]!.placement.position[1]).toBeCloseTo(35.5, 6);
    expect(half.actors).toEqual(["us-hq-m1"]);
    // The state is the one before the move: the model is drawn by its pose, not moved in the state yet.
    expect(findModel(half.state.scenario, "us-hq-m1")!.position).toEqual([64, 30.5]);
  });

  it("turns a turret part way and shows a shot's real dice as they pop up", () => {
    const turret = replayFrame(log, timeline, timeOfEvent(timeline, 1) + timeline.durations[1]! / 2);
    expect(turret.poses[0]!.turretHeading).toBeCloseTo(45, 6);
    const shotEvent = log.events[2] as Extract<GameEvent, { type: "fire-resolved" }>;
    const early = replayFrame(log, timeline, timeOfEvent(timeline, 2) + 1);
    expect(early.shot!.diceShown).toBe(0);
    expect(early.shot!.firers).toEqual(findUnit(log, "us-sq2"));
    const late = replayFrame(log, timeline, timeOfEvent(timeline, 2) + PACE.shot * (SHOT_PHASES.result + 0.01));
    expect(late.shot!.rolls).toEqual(shotEvent.rolls);
    expect(late.shot!.diceShown).toBe(shotEvent.rolls.length);
    expect(late.shot!.showOutcomes).toBe(true);
    expect(late.shot!.targets).toContain("ger-sq3-m4");
  });

  it("lands every seek, back and forth, on the state a fresh fold gives", () => {
    for (const index of [33, 0, 34, 3, 17, log.events.length, 1]) {
      const frame = replayFrame(log, timeline, timeOfEvent(timeline, index));
      expect(frame.index).toBe(index);
      expect(frame.state).toEqual(fold(log, index));
    }
  });
});

function findUnit(log: GameLog, unit: string): string[] {
  return log.header.scenario.forces
    .flatMap((f) => f.units)
    .find((u) => u.id === unit)!
    .models.map((m) => m.id);
}
