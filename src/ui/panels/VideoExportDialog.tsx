/**
 * Export the open replay as a video: size, frame rate, which span (the whole game, or from the event at the
 * playhead) and an optional length; which encoding the browser can do (MP4/H.264, else WebM/VP9); a progress
 * bar with frames done and time left, and Cancel. Loaded when the dialog opens, with the encoder
 * (src/state/videoExport.ts), so none of it weighs on the app's first frame.
 */
import { useEffect, useRef, useState } from "react";
import { planVideo, VIDEO_RATES, VIDEO_SIZES, type VideoChoice, type VideoPlan, type VideoRate, type VideoSize, type VideoSpan } from "../../replay/videoPlan";
import { download } from "../../state/persistence";
import { currentIndex, useReplay } from "../../state/replayStore";
import { chooseEncoding, exportVideo, VideoCancelled, type VideoEncoding, type VideoProgress, type VideoResult } from "../../state/videoExport";

type Job =
  | { kind: "choosing" }
  | { kind: "filming"; plan: VideoPlan; progress?: VideoProgress }
  | { kind: "done"; result: VideoResult }
  | { kind: "cancelled" }
  | { kind: "failed"; message: string };

const seconds = (ms: number) => (ms < 60_000 ? `${Math.ceil(ms / 1000)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`);

function ProgressLine({ progress }: { progress?: VideoProgress }) {
  if (!progress) return <p className="muted">Preparing the encoder…</p>;
  const { done, frames, elapsed } = progress;
  const left = (elapsed / done) * (frames - done);
  return (
    <>
      <progress value={done} max={frames} style={{ width: "100%" }} data-testid="video-progress" />
      <p className="muted" data-testid="video-progress-text">
        {done} / {frames} frames · about {seconds(left)} left · {((done / elapsed) * 1000).toFixed(1)} frames/s
      </p>
    </>
  );
}

export default function VideoExportDialog({ onClose }: { onClose(): void }) {
  const replay = useReplay((s) => s.replay);
  const event = useReplay(currentIndex);
  const [size, setSize] = useState<VideoSize>("720p");
  const [fps, setFps] = useState<VideoRate>(30);
  const [span, setSpan] = useState<VideoSpan>("whole");
  const [maxSeconds, setMaxSeconds] = useState("");
  const [encoding, setEncoding] = useState<VideoEncoding | null>();
  const [job, setJob] = useState<Job>({ kind: "choosing" });
  const abort = useRef<AbortController>(undefined);
  const { width, height } = VIDEO_SIZES[size];
  useEffect(() => {
    let current = true;
    setEncoding(undefined);
    void chooseEncoding(width, height, fps).then((e) => current && setEncoding(e ?? null));
    return () => void (current = false);
  }, [width, height, fps]);
  // Closing the dialog mid-export cancels it.
  useEffect(() => () => abort.current?.abort(), []);
  if (!replay) return null;
  const limit = Number(maxSeconds);
  const choice: VideoChoice = { size, fps, span, ...(maxSeconds.trim() && limit > 0 ? { maxSeconds: limit } : {}) };
  // While filming, the playhead moves with the frames: the plan is the one the export started with.
  const plan = job.kind === "filming" ? job.plan : planVideo(replay.timeline, event, choice);
  const limitProblem =
    maxSeconds.trim() && !(limit > 0) ? `“${maxSeconds}” is not a length in seconds: leave it empty for the whole span, or give a number above 0.` : undefined;
  const start = async () => {
    abort.current = new AbortController();
    setJob({ kind: "filming", plan });
    try {
      const result = await exportVideo(plan, (progress) => setJob({ kind: "filming", plan, progress }), abort.current.signal);
      download(result.blob, result.fileName);
      setJob({ kind: "done", result });
    } catch (error) {
      setJob(error instanceof VideoCancelled ? { kind: "cancelled" } : { kind: "failed", message: (error as Error).message });
    }
  };
  const filming = job.kind === "filming";
  return (
    <>
      {/* The player is the export's camera while it films: nothing else may move it. */}
      {filming && <div className="modal-backdrop" />}
      <div className="panel dialog" role="dialog" aria-label="Export a video" data-testid="video-dialog">
        <h2>Export a video of {replay.title}</h2>
        <fieldset disabled={filming} className="video-choices">
          <label>
            Size{" "}
            <select value={size} onChange={(e) => setSize(e.target.value as VideoSize)} data-testid="video-size">
              {Object.entries(VIDEO_SIZES).map(([name, s]) => (
                <option key={name} value={name}>
                  {name} ({s.width}×{s.height})
                </option>
              ))}
            </select>
          </label>
          <label>
            Frame rate{" "}
            <select value={fps} onChange={(e) => setFps(Number(e.target.value) as VideoRate)} data-testid="video-fps">
              {VIDEO_RATES.map((r) => (
                <option key={r} value={r}>
                  {r} fps
                </option>
              ))}
            </select>
          </label>
          <label>
            From{" "}
            <select value={span} onChange={(e) => setSpan(e.target.value as VideoSpan)} data-testid="video-span">
              <option value="whole">the start of the game</option>
              <option value="from-current">event {Math.min(event + 1, replay.log.events.length)} (the playhead)</option>
            </select>
          </label>
          <label>
            At most{" "}
            <input
              value={maxSeconds}
              onChange={(e) => setMaxSeconds(e.target.value)}
              placeholder="all"
              size={5}
              inputMode="decimal"
              aria-label="Length at most, in seconds"
              data-testid="video-seconds"
            />{" "}
            s
          </label>
        </fieldset>
        {limitProblem && <p className="blocked">{limitProblem}</p>}
        <p className="muted" data-testid="video-summary">
          {plan.frames} frames, {(plan.frames / plan.fps).toFixed(1)} s of video at 1× replay speed ·{" "}
          {encoding === undefined
            ? "checking what this browser can encode…"
            : encoding === null
              ? "this browser can encode neither H.264 nor VP9 at this size"
              : encoding.container === "mp4"
                ? `encoded as ${encoding.label}`
                : `encoded as ${encoding.label} (this browser cannot encode H.264)`}
        </p>
        {filming && <ProgressLine progress={job.progress} />}
        {job.kind === "done" && (
          <p data-testid="video-done" data-fps={job.result.framesPerSecond.toFixed(2)}>
            Saved {job.result.fileName} ({(job.result.blob.size / 1e6).toFixed(1)} MB, {job.result.encoding.label}, {job.result.plan.frames} frames rendered at{" "}
            {job.result.framesPerSecond.toFixed(1)} frames/s).
          </p>
        )}
        {job.kind === "cancelled" && <p data-testid="video-cancelled">Cancelled: no video was saved, and the replay is where it was.</p>}
        {job.kind === "failed" && (
          <p className="blocked" data-testid="video-failed">
            The video could not be made: {job.message}
          </p>
        )}
        <div style={{ display: "flex", gap: 6 }}>
          {filming ? (
            <button type="button" onClick={() => abort.current?.abort()} data-testid="video-cancel">
              Cancel
            </button>
          ) : (
            <>
              <button type="button" onClick={() => void start()} disabled={!encoding || limitProblem !== undefined} data-testid="video-start">
                Export video
              </button>
              <button type="button" onClick={onClose} data-testid="video-close">
                Close
              </button>
            </>
          )}
        </div>
      </div>
    </>
  );
}
