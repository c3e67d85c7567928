/**
 * Nothing lost on a refresh: every change of the game log is saved to IndexedDB and restored at start.
 * Games also save to and load from files; reading a file never changes the current game.
 */
import { get, set } from "idb-keyval";
import { catalogFor } from "../core/scale";
import { parseGame, serializeGame } from "../core/game/gameFile";
import type { GameLog } from "../core/game/gameLog";
import { formatIssue, jsonErrorWithLine } from "../core/scenario/load";
import { gameOn } from "./game";
import { downloadText } from "./library";
import type { GameStore, GameStoreApi } from "./gameStore";

const AUTOSAVE = "hulldown/autosave";
const DAMAGED = "hulldown/autosave-damaged";

export async function restoreAutosave(store: GameStoreApi): Promise<void> {
  const text = await get<string>(AUTOSAVE);
  if (!text) return;
  const result = parseGame(text, catalogFor);
  if (!result.ok) {
    await set(DAMAGED, text);
    store.getState().notify("error", `Your last game could not be restored (${result.error}). It is kept aside; this is a new game.`);
    return;
  }
  store.getState().replace(result.game.log, result.game.warning ? { kind: "error", text: `Restored your last game, but ${result.game.warning}` } : undefined);
}

/** Saves after every change; a change during a save is saved right after it. */
export function startAutosave(store: GameStoreApi): () => void {
  let saving = false;
  let pending: GameLog | undefined;
  const save = async (log: GameLog) => {
    saving = true;
    try {
      await set(AUTOSAVE, serializeGame(log));
    } catch (error) {
      store.getState().notify("error", `Autosave failed: ${(error as Error).message}`);
    }
    saving = false;
    if (pending) {
      const next = pending;
      pending = undefined;
      void save(next);
    }
  };
  return store.subscribe((state, previous) => {
    if (state.log === previous.log) return;
    if (saving) pending = state.log;
    else void save(state.log);
  });
}

export function downloadGame(log: GameLog): void {
  downloadText(serializeGame(log), `hulldown-${log.header.scenario.name.replace(/[^\w-]+/g, "-").toLowerCase()}-${new Date().toISOString().slice(0, 16).replace(":", "")}.json`);
}

export type OpenedFile = { ok: true; log: GameLog; message: NonNullable<GameStore["message"]> } | { ok: false; problems: readonly string[] };

/** Bytes a text file does not hold: a glTF model, an image, a zip. */
const looksBinary = (text: string) => text.startsWith("glTF") || /[\u0000-\u0008\u000E-\u001A\uFFFD]/.test(text.slice(0, 4096));

/**
 * A file the player chose, read as JSON; or one plain sentence saying why it is not the `what` asked for
 * (a binary file is named as such, never quoted).
 */
export async function readJsonFile(file: File, what: string): Promise<{ ok: true; text: string; data: unknown } | { ok: false; problem: string }> {
  const text = await file.text();
  if (looksBinary(text)) return { ok: false, problem: `${file.name} is not ${what}: those are JSON text, and this is a binary file${text.startsWith("glTF") ? " (a 3D model)" : ""}.` };
  try {
    return { ok: true, text, data: JSON.parse(text) };
  } catch (error) {
    return { ok: false, problem: `${file.name} is not ${what}: it is not valid JSON (${jsonErrorWithLine(text, (error as Error).message)}).` };
  }
}

/**
 * Reads a saved game or a battlefield file into a game, or every reason it cannot be played, each with its
 * path. Changes nothing: the caller decides whether it replaces the current game.
 */
export async function readGameFile(file: File): Promise<OpenedFile> {
  const read = await readJsonFile(file, "a game or battlefield file");
  if (!read.ok) return { ok: false, problems: [read.problem] };
  const { text, data } = read;
  if ((data as { format?: unknown } | null)?.format === "hulldown-scenario") {
    const game = gameOn(data);
    if (!game.ok) return { ok: false, problems: game.issues.map(formatIssue) };
    return { ok: true, log: game.log, message: { kind: "info", text: `New game on ${file.name}` } };
  }
  const result = parseGame(text, catalogFor);
  if (!result.ok) return { ok: false, problems: result.problems };
  return { ok: true, log: result.game.log, message: result.game.warning ? { kind: "error", text: `${file.name}: ${result.game.warning}` } : { kind: "info", text: `Loaded ${file.name}` } };
}
