/**
 * The replay timeline under the table: play / pause, speed, step an event, jump a turn, a scrubber with
 * turn marks, notes shown as playback reaches their event, and "Continue from here". Keys: space plays or
 * pauses, ←/→ step one event, Shift+←/→ jump a turn.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { locate, SPEEDS } from "../../replay/timeline";
import { useGame } from "../../state/game";
import { download } from "../../state/persistence";
import { currentIndex, replayText, useReplay } from "../../state/replayStore";
import { useVideoStage } from "../../state/videoStage";
import { askToReplaceGame } from "./ConfirmDialog";

// The encoder and its dialog load when the dialog first opens, not with the app.
const VideoExportDialog = lazy(() => import("./VideoExportDialog"));

function usePlaybackLoop(): void {
  const playing = useReplay((s) => s.playing);
  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      useReplay.getState().tick(now - last);
      last = now;
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing]);
}

function useReplayKeys(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const r = useReplay.getState();
      // While a video is filmed the export owns the playhead.
      if (
        !r.replay ||
        useVideoStage.getState().filming ||
        e.target instanceof HTMLInputElement ||
        e.target instanceof HTMLSelectElement ||
        e.target instanceof HTMLTextAreaElement
      )
        return;
      if (e.key === " ") r.setPlaying(!r.playing);
      else if (e.key === "ArrowLeft") e.shiftKey ? r.jumpTurn(-1) : r.step(-1);
      else if (e.key === "ArrowRight") e.shiftKey ? r.jumpTurn(1) : r.step(1);
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}

export function ReplayBar() {
  const r = useReplay();
  const names = useGame((s) => s.names);
  const [note, setNote] = useState("");
  const [video, setVideo] = useState(false);
  usePlaybackLoop();
  useReplayKeys();
  // The video dialog belongs to the replay it was opened on.
  const open = r.replay !== undefined;
  useEffect(() => {
    if (!open) setVideo(false);
  }, [open]);
  if (!r.replay) return null;
  const { timeline, marks, notes, log, title, warning, divergence } = r.replay;
  const { index } = locate(timeline, r.time);
  const count = log.events.length;
  const shown = notes.find((n) => n.event === Math.min(index, count - 1));
  const exportReplay = () => download(replayText(), `${title.replace(/\.json$/i, "").replace(/[^\w-]+/g, "-")}-replay.json`);
  return (
    <>
      <div className="replay-bar" data-testid="replay-bar">
        <div className="replay-row">
          <strong title={title}>Replay · {title}</strong>
          <button type="button" onClick={() => r.jumpTurn(-1)} title="Previous turn (Shift+←)">
            ◀◀
          </button>
          <button type="button" onClick={() => r.step(-1)} title="One event back (←)" data-testid="replay-back">
            ◀
          </button>
          <button type="button" onClick={() => r.setPlaying(!r.playing)} title="Play / pause (space)" data-testid="replay-play">
            {r.playing ? "❚❚ pause" : "▶ play"}
          </button>
          <button type="button" onClick={() => r.step(1)} title="One event forward (→)" data-testid="replay-forward">
            ▶
          </button>
          <button type="button" onClick={() => r.jumpTurn(1)} title="Next turn (Shift+→)">
            ▶▶
          </button>
          <select value={r.speed} onChange={(e) => r.set({ speed: Number(e.target.value) })} aria-label="Replay speed" data-testid="replay-speed">
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
          </select>
          <span className="muted" data-testid="replay-position">
            event {Math.min(index + 1, count)} / {count} · {(r.time / 1000).toFixed(1)} s / {(timeline.total / 1000).toFixed(1)} s
          </span>
          <label>
            <input type="checkbox" checked={r.pauseAtTurns} onChange={(e) => r.set({ pauseAtTurns: e.target.checked })} /> pause at turns
          </label>
          <label>
            <input type="checkbox" checked={r.follow} onChange={(e) => r.set({ follow: e.target.checked })} /> follow camera
          </label>
          <button type="button" onClick={exportReplay} title="Save this replay, with its notes, as a file">
            Export
          </button>
          <button type="button" onClick={() => setVideo(true)} title="Render this replay as an MP4 or WebM video" data-testid="replay-video">
            Video…
          </button>
          <button
            type="button"
            onClick={async () => {
              // The player's own game, set aside while the replay is watched, is what a new game replaces.
              if (await askToReplaceGame("Continue from here?", `A new game from event ${Math.min(index + 1, count)} of ${title}`, r.own)) r.continueFromHere();
            }}
            title="A new game from the state at this event: same battlefield, rules and dice"
            data-testid="replay-continue"
          >
            Continue from here
          </button>
          <button type="button" onClick={() => r.close()} title="Back to your own game" data-testid="replay-close">
            Close
          </button>
        </div>
        <div className="replay-track">
          <input
            type="range"
            min={0}
            max={timeline.total}
            step={1}
            value={r.time}
            onChange={(e) => r.seek(Number(e.target.value))}
            aria-label="Replay time"
            data-testid="replay-scrubber"
          />
          {marks.map((m) => (
            <button
              type="button"
              key={m}
              className="replay-mark"
              style={{ left: `${(timeline.starts[m]! / timeline.total) * 100}%` }}
              onClick={() => r.seekEvent(m)}
              title={`event ${m + 1}`}
            />
          ))}
          {notes.map((n) => (
            <span
              key={`note-${n.event}`}
              className="replay-note-mark"
              style={{ left: `${(timeline.starts[n.event]! / timeline.total) * 100}%` }}
              title={n.text}
            />
          ))}
        </div>
        {(warning || divergence) && <p className="replay-warning">{[warning, divergence?.message].filter(Boolean).join("; ")}</p>}
        <div className="replay-row">
          {shown ? (
            <span className="replay-note" data-testid="replay-note">
              ✎ {names.inText(shown.text)}
            </span>
          ) : (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                r.addNote(note);
                setNote("");
              }}
            >
              <input
                value={note}
                onChange={(e) => setNote(e.target.value)}
                placeholder={`A note on event ${Math.min(currentIndex(r) + 1, count)}…`}
                maxLength={500}
                aria-label="Note on this event"
              />
              <button type="submit" disabled={!note.trim()}>
                Add note
              </button>
            </form>
          )}
        </div>
      </div>
      {video && (
        <Suspense fallback={null}>
          <VideoExportDialog onClose={() => setVideo(false)} />
        </Suspense>
      )}
    </>
  );
}
