/**
 * Game and replay files as the command line reads them: which one a text is (its "format" says so first,
 * even when it is cut short further on), and the game it holds, checked event by event by the loader with
 * the app's rule systems, or every reason it cannot be played.
 */
import { GAME_FORMAT } from "../core/game/events";
import { parseGame } from "../core/game/gameFile";
import type { GameLog } from "../core/game/gameLog";
import { scenarioCatalog } from "../core/miniatures/catalog";
import { isReplayText, parseReplay } from "../replay/replayFile";
import { RULESETS } from "../rules/registry";

const LOAD = { rulesets: RULESETS };
const GAME_START = new RegExp(`^\\uFEFF?\\s*\\{\\s*"format"\\s*:\\s*"${GAME_FORMAT}"`);

export type GameFileKind = "game" | "replay";

/** A game or replay file's kind, or undefined for anything else (a battlefield). */
export const gameFileKind = (text: string): GameFileKind | undefined => (isReplayText(text) ? "replay" : GAME_START.test(text) ? "game" : undefined);

/** A loaded game or replay (`problem`: where a damaged one broke, or where a replay stops reproducing), or every reason it cannot be played. */
export type LoadedGameFile = { ok: true; log: GameLog; problem?: string } | { ok: false; problems: readonly string[] };

export function loadGameFile(text: string, kind: GameFileKind): LoadedGameFile {
  if (kind === "replay") {
    const result = parseReplay(text, scenarioCatalog, LOAD);
    if (!result.ok) return { ok: false, problems: [result.error] };
    const { log, warning, divergence } = result.replay;
    const problem = [warning, divergence?.message].filter(Boolean).join("; ");
    return { ok: true, log, ...(problem ? { problem } : {}) };
  }
  const result = parseGame(text, scenarioCatalog, LOAD);
  if (!result.ok) return { ok: false, problems: result.problems };
  return { ok: true, log: result.game.log, ...(result.game.warning ? { problem: result.game.warning } : {}) };
}
