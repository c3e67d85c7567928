/**
 * The video export: renders the open replay offline, frame by frame at a fixed rate, and encodes the frames
 * with WebCodecs through Mediabunny — MP4/H.264 where the browser can encode it, WebM/VP9 otherwise. The
 * replay clock, not wall time, drives what each frame shows (src/replay/videoPlan.ts), so the video holds
 * every frame of the animation however slowly the machine renders. The player is put back as it was
 * afterwards, whether the export finished, failed or was cancelled. Loaded only when the export dialog opens.
 */
import { BufferTarget, CanvasSource, canEncodeVideo, Mp4OutputFormat, Output, QUALITY_HIGH, type VideoCodec, WebMOutputFormat } from "mediabunny";
import { frameTime, type VideoPlan } from "../replay/videoPlan";
import { useReplay } from "./replayStore";
import { useVideoStage } from "./videoStage";

/** The container and codec used, in the words the dialog shows. */
export interface VideoEncoding {
  readonly container: "mp4" | "webm";
  readonly codec: VideoCodec;
  readonly label: string;
}

const ENCODINGS: readonly VideoEncoding[] = [
  { container: "mp4", codec: "avc", label: "MP4 · H.264" },
  { container: "webm", codec: "vp9", label: "WebM · VP9" },
];

/** The first encoding this browser can encode at the size and rate, H.264 first. */
export async function chooseEncoding(width: number, height: number, fps: number): Promise<VideoEncoding | undefined> {
  for (const encoding of ENCODINGS) if (await canEncodeVideo(encoding.codec, { width, height, frameRate: fps, quality: QUALITY_HIGH })) return encoding;
  return undefined;
}

export interface VideoProgress {
  readonly done: number;
  readonly frames: number;
  /** Wall ms since the first frame was asked for. */
  readonly elapsed: number;
}

export interface VideoResult {
  readonly blob: Blob;
  readonly fileName: string;
  readonly encoding: VideoEncoding;
  readonly plan: VideoPlan;
  /** Frames rendered and encoded per wall second. */
  readonly framesPerSecond: number;
}

export class VideoCancelled extends Error {
  constructor() {
    super("The video export was cancelled");
  }
}

/**
 * Renders and encodes the frames `plan` (src/replay/videoPlan.ts) names of the open replay. `signal` cancels: the encoder is stopped, nothing is
 * returned and the promise rejects with VideoCancelled.
 */
export async function exportVideo(plan: VideoPlan, onProgress: (p: VideoProgress) => void, signal: AbortSignal): Promise<VideoResult> {
  const replayStore = useReplay.getState();
  const replay = replayStore.replay;
  if (!replay) throw new Error("No replay is open: open one (Replay… in the toolbar) to export it as a video.");
  const stage = useVideoStage.getState().stage;
  if (!stage) throw new Error("The table is not shown, so there is nothing to film.");
  const encoding = await chooseEncoding(plan.width, plan.height, plan.fps);
  if (!encoding) throw new Error(`This browser cannot encode H.264 or VP9 video at ${plan.width}×${plan.height}: try 720p, or another browser.`);

  const before = { time: replayStore.time, playing: replayStore.playing };
  replayStore.setPlaying(false);
  useVideoStage.getState().setFilming(true);
  const picture = stage.begin(plan.width, plan.height);
  const output = new Output({
    format: encoding.container === "mp4" ? new Mp4OutputFormat({ fastStart: "in-memory" }) : new WebMOutputFormat(),
    target: new BufferTarget(),
  });
  const source = new CanvasSource(picture, { codec: encoding.codec, quality: QUALITY_HIGH });
  output.addVideoTrack(source, { frameRate: plan.fps });
  const started = performance.now();
  try {
    await output.start();
    for (let k = 0; k < plan.frames; k++) {
      if (signal.aborted) throw new VideoCancelled();
      const time = frameTime(plan, k);
      useReplay.getState().seek(time);
      await stage.draw(time);
      await source.add(k / plan.fps, 1 / plan.fps);
      onProgress({ done: k + 1, frames: plan.frames, elapsed: performance.now() - started });
    }
    if (signal.aborted) throw new VideoCancelled();
    await output.finalize();
    const buffer = (output.target as BufferTarget).buffer!;
    const name = replay.title.replace(/\.json$/i, "").replace(/[^\w-]+/g, "-");
    return {
      blob: new Blob([buffer], { type: output.format.mimeType }),
      fileName: `${name}-${plan.height}p${plan.fps}${output.format.fileExtension}`,
      encoding,
      plan,
      framesPerSecond: plan.frames / ((performance.now() - started) / 1000),
    };
  } catch (error) {
    // Nothing half-written is kept: the output and its buffer are dropped.
    if (output.state !== "finalized" && output.state !== "canceled") await output.cancel();
    throw error;
  } finally {
    stage.end();
    useVideoStage.getState().setFilming(false);
    useReplay.getState().seek(before.time);
    useReplay.getState().setPlaying(before.playing);
  }
}
