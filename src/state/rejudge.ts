/**
 * A game or replay file just opened has its shots and orders judged again in the sight worker, once it is
 * on the table (the first frame stays quick). Progress shows in a status line; a shot the rules do not give
 * as the file records it is reported in the loader's words, and the player chooses to keep the game up to
 * that event or whole. Shots that cannot be judged again leave the game unchecked: the player is warned,
 * with the events named, never passed over in silence.
 */
import { create } from "zustand";
import type { GameLog } from "../core/game/gameLog";
import { divergenceWarning, isJudged } from "../worker/rejudgeReport";
import { useGame } from "./game";
import { getSightClient } from "./sightPool";

export interface RejudgeStore {
  /** The check under way: the file's title, and shots and orders judged of all. */
  readonly checking?: { readonly title: string; readonly done: number; readonly total: number };
  /** The last check that found the file as recorded: shots and orders judged. */
  readonly passed?: { readonly title: string; readonly rejudged: number };
  /** The last check that could not judge some shots or orders again: the game is unchecked there. */
  readonly unchecked?: {
    readonly title: string;
    /** The events that could not be judged, in order. */
    readonly events: readonly number[];
    /** Each event's reason, "events[3]: fire-resolved: not re-judged: why". */
    readonly reasons: readonly string[];
  };
  /** A divergence found, until the player chooses what to keep. */
  readonly found?: {
    readonly title: string;
    /** The first event that is not as the rules give it: the events before it hold. */
    readonly event: number;
    readonly warning: string;
    /** Keeps the opened game (or replay) up to the event, if it is still the one on the table. */
    keepUpTo(): void;
  };
}

export const useRejudge = create<RejudgeStore>()(() => ({}));

/** The latest check: an older one still answering (a file opened over another) is dropped. */
let latest = 0;

/** Judges the opened game again; `keepUpTo(event, warning)` cuts it down to the events before a divergence. */
export async function rejudgeOpened(log: GameLog, title: string, keepUpTo: (event: number, warning: string) => void): Promise<void> {
  const check = ++latest;
  const total = log.events.filter(isJudged).length;
  useRejudge.setState({ checking: total ? { title, done: 0, total } : undefined, found: undefined, passed: undefined, unchecked: undefined });
  if (!total) return;
  const current = () => check === latest;
  try {
    const report = await getSightClient().rejudge(
      { header: log.header, events: log.events },
      (done, all) => current() && useRejudge.setState({ checking: { title, done, total: all } }),
    );
    if (!current()) return;
    const { divergence, notRejudged } = report;
    if (divergence) {
      const warning = divergenceWarning(divergence);
      useRejudge.setState({ checking: undefined, found: { title, event: divergence.event, warning, keepUpTo: () => keepUpTo(divergence.event, warning) } });
      return;
    }
    if (notRejudged.length) {
      const events = notRejudged.map((reason) => Number(/^events\[(\d+)\]/.exec(reason)?.[1] ?? -1));
      useRejudge.setState({ checking: undefined, unchecked: { title, events, reasons: notRejudged } });
    } else useRejudge.setState({ checking: undefined, passed: { title, rejudged: report.rejudged } });
  } catch (error) {
    if (!current()) return;
    useRejudge.setState({ checking: undefined });
    useGame.getState().notify("error", `${title}: its shots could not be judged again: ${(error as Error).message}`);
  }
}

/** An opened game file, judged again; kept up to a divergence only while it is still the game on the table. */
export function rejudgeOpenedGame(log: GameLog, title: string): Promise<void> {
  return rejudgeOpened(log, title, (event) => {
    const game = useGame.getState();
    if (game.log.header !== log.header) return;
    const events = game.log.events.slice(0, event);
    game.replace({ ...game.log, events, cursor: Math.min(game.log.cursor, events.length) }, { kind: "info", text: `${title}: kept up to event ${event}` });
  });
}

/** The passed check's line is put away (by a click, or after a while). */
export const dismissPassed = (): void => useRejudge.setState({ passed: undefined });

/** The warning that a game is unchecked is put away by the player. */
export const dismissUnchecked = (): void => useRejudge.setState({ unchecked: undefined });

/** The player's choice on a divergence: keep the part that holds, or the whole game as the file says. */
export function chooseRejudged(keep: "part" | "whole"): void {
  const found = useRejudge.getState().found;
  useRejudge.setState({ found: undefined });
  if (found && keep === "part") found.keepUpTo();
}
