/**
 * Watching a replay: the replay's clock (time, playing, speed) and its file's notes. While a replay is open
 * the game store shows the replay's log with its cursor at the playhead, read-only, so the table, the log
 * panel and the sight tools all show the replay; the player's own game is set aside and comes back when
 * the replay closes. "Continue from here" makes the state at the playhead a new game of the player's.
 */

import { create } from "zustand";
import type { GameLog } from "../core/game/gameLog";
import { type ReplayFrame, replayFrame } from "../replay/frame";
import { type LoadedReplay, type ReplayNote, serializeReplay } from "../replay/replayFile";
import { advance, buildTimeline, locate, type Timeline, timeOfEvent, turnMarks } from "../replay/timeline";
import { useGame } from "./game";
import { rejudgeOpened } from "./rejudge";
import { loadReplayText } from "./replayLoad";

export interface OpenReplay {
  readonly title: string;
  readonly log: GameLog;
  readonly timeline: Timeline;
  readonly marks: readonly number[];
  readonly notes: readonly ReplayNote[];
  readonly warning?: string;
  readonly divergence?: LoadedReplay["divergence"];
}

export interface ReplayStore {
  readonly replay?: OpenReplay;
  /** The player's game while a replay is watched. */
  readonly own?: GameLog;
  readonly time: number;
  readonly playing: boolean;
  readonly speed: number;
  /** Pause when playback reaches a turn mark. */
  readonly pauseAtTurns: boolean;
  /** The camera frames each event's actors. */
  readonly follow: boolean;
  open(replay: LoadedReplay, title: string): void;
  close(): void;
  seek(time: number): void;
  seekEvent(index: number): void;
  step(events: number): void;
  /** To the previous (-1) or next (+1) turn mark. */
  jumpTurn(direction: -1 | 1): void;
  setPlaying(playing: boolean): void;
  set(changes: Partial<Pick<ReplayStore, "speed" | "pauseAtTurns" | "follow">>): void;
  /** Wall time passed while playing: the clock moves on at its speed. */
  tick(wallMs: number): void;
  addNote(text: string): void;
  continueFromHere(): void;
}

const READ_ONLY = "You are watching a replay: it cannot be changed. Use “Continue from here” to play on from this point as a new game.";

/** The event under the playhead: the one playing, or the last one over at an event boundary. */
export const currentIndex = (s: ReplayStore): number => (s.replay ? locate(s.replay.timeline, s.time).index : 0);

/** The frame the table shows now. */
export function currentFrame(s: ReplayStore): ReplayFrame | undefined {
  return s.replay && replayFrame(s.replay.log, s.replay.timeline, s.time);
}

export const useReplay = create<ReplayStore>()((set, get) => {
  /** Shows the replay's table at the playhead: its log with the cursor at the events that are over. */
  const show = (time: number) => {
    const replay = get().replay;
    if (!replay) return;
    const clamped = Math.min(replay.timeline.total, Math.max(0, time));
    set({ time: clamped });
    const index = locate(replay.timeline, clamped).index;
    const game = useGame.getState();
    if (game.log.events !== replay.log.events || game.log.cursor !== index) game.replace({ ...replay.log, cursor: index });
  };
  return {
    time: 0,
    playing: false,
    speed: 1,
    pauseAtTurns: false,
    follow: false,
    open(loaded, title) {
      const own = get().own ?? useGame.getState().log;
      const timeline = buildTimeline(loaded.log.events);
      const replay: OpenReplay = {
        title,
        log: loaded.log,
        timeline,
        marks: turnMarks(loaded.log.events),
        notes: loaded.notes,
        ...(loaded.warning ? { warning: loaded.warning } : {}),
        ...(loaded.divergence ? { divergence: loaded.divergence } : {}),
      };
      useGame.getState().setReadOnly(READ_ONLY);
      set({ replay, own, time: 0, playing: false });
      show(0);
      const problem = [loaded.warning, loaded.divergence?.message].filter(Boolean).join("; ");
      useGame.getState().notify(problem ? "error" : "info", problem ? `${title}: ${problem}` : `Watching ${title}: ${loaded.log.events.length} events`);
    },
    close() {
      const own = get().own;
      set({ replay: undefined, own: undefined, playing: false, time: 0 });
      useGame.getState().setReadOnly(undefined);
      if (own) useGame.getState().replace(own);
    },
    seek: (time) => show(time),
    seekEvent(index) {
      const replay = get().replay;
      if (replay) show(timeOfEvent(replay.timeline, index));
    },
    step(events) {
      const s = get();
      if (!s.replay) return;
      const { index, progress } = locate(s.replay.timeline, s.time);
      // Back from part way through an event goes to its start; forward goes to the next event's start.
      s.seekEvent(events < 0 && progress > 0 ? index + events + 1 : index + events);
    },
    jumpTurn(direction) {
      const s = get();
      if (!s.replay) return;
      const index = currentIndex(s);
      const marks = [0, ...s.replay.marks, s.replay.log.events.length];
      const target =
        direction > 0 ? marks.find((m) => m > index) : marks.findLast((m) => m < index || (m === index && locate(s.replay!.timeline, s.time).progress > 0));
      s.seekEvent(target ?? (direction > 0 ? s.replay.log.events.length : 0));
    },
    setPlaying(playing) {
      const s = get();
      // Playing from the end starts again from the beginning.
      if (playing && s.replay && s.time >= s.replay.timeline.total) show(0);
      set({ playing: playing && s.replay !== undefined });
    },
    set: (changes) => set(changes),
    tick(wallMs) {
      const s = get();
      if (!s.playing || !s.replay) return;
      const timeline = s.replay.timeline;
      let next = advance(timeline, s.time, wallMs, s.speed);
      if (s.pauseAtTurns) {
        const mark = s.replay.marks.map((m) => timeOfEvent(timeline, m)).find((t) => t > s.time && t <= next);
        if (mark !== undefined) {
          next = mark;
          set({ playing: false });
        }
      }
      show(next);
      if (next >= timeline.total) set({ playing: false });
    },
    addNote(text) {
      const s = get();
      if (!s.replay || !text.trim()) return;
      const event = Math.min(currentIndex(s), s.replay.log.events.length - 1);
      if (event < 0) return;
      const notes = [...s.replay.notes.filter((n) => n.event !== event), { event, text: text.trim() }].sort((a, b) => a.event - b.event);
      set({ replay: { ...s.replay, notes } });
    },
    continueFromHere() {
      const s = get();
      if (!s.replay) return;
      const index = currentIndex(s);
      // The same header (scenario, seed, rules) and the events so far: the dice go on from where the replay is.
      const log: GameLog = { ...s.replay.log, events: s.replay.log.events.slice(0, index), cursor: index };
      set({ replay: undefined, own: undefined, playing: false, time: 0 });
      useGame.getState().setReadOnly(undefined);
      // Named as the timeline names the playhead's event ("event 5 / 12"): the events before it are played.
      const from = index < s.replay.log.events.length ? `event ${index + 1}` : "its end";
      useGame.getState().replace(log, { kind: "info", text: `A new game from ${from} of ${s.replay.title}: your moves are recorded from here` });
    },
  };
});

/**
 * Reads a replay file's text (in a worker, with progress and Cancel: replayLoad.ts) and opens it; says why not
 * when it cannot be played, and that nothing changed when the player cancelled.
 */
export async function openReplayText(text: string, title: string): Promise<boolean> {
  const result = await loadReplayText(text, title);
  if (result === "cancelled") {
    useGame.getState().notify("info", `Loading ${title} was cancelled; the table is as it was`);
    return false;
  }
  if (!result.ok) {
    useGame.getState().notify("error", `${title} is not a replay Hulldown can play: ${result.error}`);
    return false;
  }
  useReplay.getState().open(result.replay, title);
  const { log } = result.replay;
  void rejudgeOpened(log, title, (event, warning) => {
    const replay = useReplay.getState().replay;
    if (replay?.log.header !== log.header) return;
    const cut = { ...replay.log, events: replay.log.events.slice(0, event), cursor: event };
    // The notes on the events cut off go with them, and the warning says so.
    const notes = replay.notes.filter((n) => n.event < event);
    const lost = replay.notes.length - notes.length;
    const said = lost ? `${warning}; ${lost} note${lost === 1 ? "" : "s"} on later events ${lost === 1 ? "is" : "are"} not kept` : warning;
    useReplay.getState().open({ log: cut, notes, warning: said }, replay.title);
  });
  return true;
}

/** Fetches a replay from a link (`?replay=<url>`) and opens it. */
export async function openReplayUrl(url: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`the server answered ${response.status} ${response.statusText}`);
    return await openReplayText(await response.text(), url.split("/").pop() || url);
  } catch (error) {
    useGame.getState().notify("error", `Could not load the replay at ${url}: ${(error as Error).message}`);
    return false;
  }
}

/**
 * The replay file of the game being played, or of the replay being watched (with its notes and its
 * divergence: a flagged replay stays flagged in the file, and the player is told so).
 */
export function replayText(): string {
  const replay = useReplay.getState().replay;
  if (!replay) return serializeReplay({ log: useGame.getState().log, notes: [] });
  const { divergence } = replay;
  if (divergence) {
    useGame
      .getState()
      .notify("error", `${replay.title} is exported with its flag: the file says it diverges at event ${divergence.event}, as loading it found`);
  }
  return serializeReplay({ log: { ...replay.log, cursor: replay.log.events.length }, notes: replay.notes, ...(divergence ? { divergence } : {}) });
}
