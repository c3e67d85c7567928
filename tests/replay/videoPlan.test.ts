/** A video's frames: a span of the replay clock cut at a fixed rate, frame k at start + k / fps. */
import { describe, expect, it } from "vitest";
import { buildTimeline, locate, timeOfEvent } from "../../src/replay/timeline";
import { frameTime, planVideo } from "../../src/replay/videoPlan";
import { playedGame } from "../helpers/playedGame";

const log = playedGame();
const timeline = buildTimeline(log.events);

describe("a video's plan", () => {
  it("covers the whole game at the chosen rate and size, one frame per 1/fps of replay time", () => {
    const plan = planVideo(timeline, 0, { size: "1080p", fps: 60, span: "whole" });
    expect(plan).toMatchObject({ width: 1920, height: 1080, fps: 60, start: 0 });
    expect(plan.frames).toBe(Math.round((timeline.total / 1000) * 60));
    // The last frame is inside the replay, less than a frame from its end.
    const last = frameTime(plan, plan.frames - 1);
    expect(last).toBeLessThanOrEqual(timeline.total);
    expect(timeline.total - last).toBeLessThan(1000 / 60 + 1e-9);
  });

  it("starts at the event at the playhead for 'from-current', and a length cuts it to that many seconds", () => {
    const event = Math.floor(log.events.length / 2);
    const plan = planVideo(timeline, event, { size: "720p", fps: 30, span: "from-current", maxSeconds: 3 });
    expect(plan).toMatchObject({ width: 1280, height: 720, start: timeOfEvent(timeline, event), frames: 90 });
    expect(locate(timeline, frameTime(plan, 0)).index).toBe(event);
    expect(frameTime(plan, 30) - frameTime(plan, 0)).toBeCloseTo(1000, 9);
  });

  it("a length longer than what is left ends with the replay; the end of the replay still makes one frame", () => {
    const event = log.events.length - 1;
    const left = timeline.total - timeOfEvent(timeline, event);
    const plan = planVideo(timeline, event, { size: "720p", fps: 30, span: "from-current", maxSeconds: 10_000 });
    expect(plan.frames).toBe(Math.round((left / 1000) * 30));
    expect(planVideo(timeline, log.events.length, { size: "720p", fps: 30, span: "from-current" }).frames).toBe(1);
  });
});
