/**
 * What a video of a replay shows, frame by frame: a span of the replay clock cut into frames at a fixed rate.
 * Video time is replay time at 1× (a second of video is a second of the replay), so frame k shows the table
 * at `start + k / fps` seconds whatever the machine's speed. Headless: the export drives the clock with it.
 */
import { type Timeline, timeOfEvent } from "./timeline";

export const VIDEO_SIZES = {
  "720p": { width: 1280, height: 720 },
  "1080p": { width: 1920, height: 1080 },
} as const;
export type VideoSize = keyof typeof VIDEO_SIZES;

export const VIDEO_RATES = [30, 60] as const;
export type VideoRate = (typeof VIDEO_RATES)[number];

/** The whole game, or from the event at the playhead to the end. */
export type VideoSpan = "whole" | "from-current";

export interface VideoChoice {
  readonly size: VideoSize;
  readonly fps: VideoRate;
  readonly span: VideoSpan;
  /** Stop after this many seconds of video (a clip); the span's end otherwise. */
  readonly maxSeconds?: number;
}

export interface VideoPlan {
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  /** Replay ms of the first frame. */
  readonly start: number;
  readonly frames: number;
}

/** The frames of a video of `timeline` from event `currentEvent` (for the "from-current" span). */
export function planVideo(timeline: Timeline, currentEvent: number, choice: VideoChoice): VideoPlan {
  const start = choice.span === "whole" ? 0 : timeOfEvent(timeline, currentEvent);
  const spanMs = timeline.total - start;
  const ms = choice.maxSeconds !== undefined && choice.maxSeconds > 0 ? Math.min(spanMs, choice.maxSeconds * 1000) : spanMs;
  // Rounded, not floored: 3 s at 30 fps is 90 frames even when 3000 ms / (1000 / 30) lands just under 90.
  const frames = Math.max(1, Math.round((ms / 1000) * choice.fps));
  return { ...VIDEO_SIZES[choice.size], fps: choice.fps, start, frames };
}

/** Replay ms shown by frame `k`. */
export const frameTime = (plan: VideoPlan, k: number): number => plan.start + (k * 1000) / plan.fps;
