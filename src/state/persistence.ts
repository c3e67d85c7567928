/**
 * Nothing lost on a refresh: every change of the game log is saved to IndexedDB and restored at start.
 * An autosave that does not restore whole (damaged, played only up to a break, unusable) is never lost: it
 * is kept, with its time and the reason, in a list the user can open, export or restore from, before the
 * autosave slot is written again. Games also save to and load from files; reading a file never changes the
 * current game.
 */
import { get, set, type UseStore } from "idb-keyval";
import { parseGame, serializeGame } from "../core/game/gameFile";
import type { GameLog } from "../core/game/gameLog";
import { describeSyntaxProblem, readJson } from "../core/json";
import { scenarioCatalog } from "../core/miniatures/catalog";
import { formatIssue } from "../core/scenario/load";
import { RULESETS, rulesetById } from "../rules/registry";
import { gameOn } from "./game";
import type { GameStore, GameStoreApi } from "./gameStore";

const AUTOSAVE = "hulldown/autosave";
const KEPT = "hulldown/kept-saves";

/** An autosave record that did not restore whole, as it was. */
export interface KeptSave {
  /** When it was set aside (ISO time). */
  readonly keptAt: string;
  /** Why: the loader's words. */
  readonly reason: string;
  readonly text: string;
}

/** Where the records live: IndexedDB in the app (idb-keyval's default store unless told otherwise). */
export interface SaveStorage {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
}

export function indexedDbStorage(store?: UseStore): SaveStorage {
  return { get: (key) => get(key, store), set: (key, value) => set(key, value, store) };
}

const LOAD_OPTIONS = { rulesets: RULESETS };

export async function keptSaves(storage: SaveStorage = indexedDbStorage()): Promise<KeptSave[]> {
  return (await storage.get<KeptSave[]>(KEPT)) ?? [];
}

/** Adds a record to the kept list (once: the same text kept twice is one entry). */
async function keep(storage: SaveStorage, text: string, reason: string): Promise<void> {
  const kept = await keptSaves(storage);
  if (kept.some((k) => k.text === text)) return;
  await storage.set(KEPT, [...kept, { keptAt: new Date().toISOString(), reason, text }]);
}

/**
 * Restores the autosave into the store. A record that does not restore whole is kept first; if keeping it
 * fails, this throws, and the caller must not start autosaving over it.
 */
export async function restoreAutosave(store: GameStoreApi, storage: SaveStorage = indexedDbStorage()): Promise<void> {
  const text = await storage.get<unknown>(AUTOSAVE);
  if (text === undefined) return;
  if (typeof text !== "string") {
    await keep(storage, JSON.stringify(text) ?? String(text), "the autosave is not a saved game's text");
    store
      .getState()
      .notify("error", "Your last game could not be restored: the autosave is not a saved game. It is kept under Kept saves; this is a new game.");
    return;
  }
  const result = parseGame(text, scenarioCatalog, LOAD_OPTIONS);
  if (!result.ok) {
    await keep(storage, text, result.error);
    store.getState().notify("error", `Your last game could not be restored (${result.error}). It is kept under Kept saves; this is a new game.`);
    return;
  }
  const { log, warning } = result.game;
  if (warning) await keep(storage, text, warning);
  try {
    store
      .getState()
      .replace(log, warning ? { kind: "error", text: `Restored your last game, but ${warning}. The whole record is kept under Kept saves.` } : undefined);
  } catch (error) {
    await keep(storage, text, `the game loaded but could not be shown: ${(error as Error).message}`);
    store.getState().notify("error", `Your last game could not be shown (${(error as Error).message}). It is kept under Kept saves; this is a new game.`);
  }
}

/** Saves after every change; a change during a save is saved right after it. Returns the unsubscribe. */
export function startAutosave(store: GameStoreApi, storage: SaveStorage = indexedDbStorage()): () => void {
  let saving = false;
  let pending: GameLog | undefined;
  let stopped = false;
  const save = async (log: GameLog) => {
    saving = true;
    try {
      await storage.set(AUTOSAVE, serializeGame(log));
    } catch (error) {
      store.getState().notify("error", `Autosave failed: ${(error as Error).message}`);
    }
    saving = false;
    if (pending && !stopped) {
      const next = pending;
      pending = undefined;
      void save(next);
    }
  };
  const unsubscribe = store.subscribe((state, previous) => {
    // A replay being watched is not the player's game: theirs is saved again when the replay closes. A game
    // online is kept by its server: the offline game stays in the autosave, to come back to.
    if (state.log === previous.log || state.readOnly || state.remote) return;
    if (saving) pending = state.log;
    else void save(state.log);
  });
  return () => {
    stopped = true;
    unsubscribe();
  };
}

/**
 * Restore, then save every change: what the app does at start. Returns the stop function; `cancelled`
 * (an effect cleaned up before the restore finished, as StrictMode does) means autosaving never starts.
 */
export async function startPersistence(store: GameStoreApi, cancelled: () => boolean, storage: SaveStorage = indexedDbStorage()): Promise<() => void> {
  try {
    await restoreAutosave(store, storage);
  } catch (error) {
    // Nothing could be read or kept: autosaving now could overwrite the only copy, so do not start.
    store
      .getState()
      .notify("error", `Could not read or keep the autosave (${(error as Error).message}); changes in this session are not autosaved. Use Save to keep them.`);
    return () => {};
  }
  return cancelled() ? () => {} : startAutosave(store, storage);
}

/** Replaces the game with a kept record (as far as it loads); the record stays in the list. */
export function restoreKept(kept: KeptSave, store: GameStoreApi): void {
  const result = parseGame(kept.text, scenarioCatalog, LOAD_OPTIONS);
  if (!result.ok) store.getState().notify("error", `This kept save does not load: ${result.error}. Export it to repair it by hand.`);
  else
    store.getState().replace(result.game.log, {
      kind: result.game.warning ? "error" : "info",
      text: result.game.warning ? `Restored the kept save up to where it breaks: ${result.game.warning}` : "Restored the kept save",
    });
}

/** Starts the download of a JSON text file. */
/** Saves a file: JSON text, or a blob of its own type (a video). */
export function download(content: string | Blob, name: string): void {
  const blob = typeof content === "string" ? new Blob([content], { type: "application/json" }) : content;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

const stamp = (iso: string) => iso.slice(0, 16).replace(":", "");

export function downloadGame(log: GameLog): void {
  download(serializeGame(log), `hulldown-${log.header.scenario.name.replace(/[^\w-]+/g, "-").toLowerCase()}-${stamp(new Date().toISOString())}.json`);
}

export function downloadKept(kept: KeptSave): void {
  download(kept.text, `hulldown-kept-autosave-${stamp(kept.keptAt)}.json`);
}

export type OpenedFile = { ok: true; log: GameLog; message: NonNullable<GameStore["message"]> } | { ok: false; problems: readonly string[] };

/** Bytes a text file does not hold: a glTF model, an image, a zip. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this looks for
const looksBinary = (text: string) => text.startsWith("glTF") || /[\u0000-\u0008\u000E-\u001A\uFFFD]/.test(text.slice(0, 4096));

const binaryFile = (file: File, text: string, what: string) =>
  `${file.name} is not ${what}: those are JSON text, and this is a binary file${text.startsWith("glTF") ? " (a 3D model)" : ""}.`;

/**
 * A file the player chose, read as JSON; or one plain sentence saying why it is not the `what` asked for
 * (a binary file is named as such, never quoted).
 */
export async function readJsonFile(file: File, what: string): Promise<{ ok: true; text: string; data: unknown } | { ok: false; problem: string }> {
  const text = await file.text();
  if (looksBinary(text)) return { ok: false, problem: binaryFile(file, text, what) };
  const json = readJson(text);
  return json.ok
    ? { ok: true, text, data: json.value }
    : { ok: false, problem: `${file.name} is not ${what}: it is not valid JSON (${describeSyntaxProblem(json.problem)}).` };
}

/**
 * Reads a saved game or a battlefield file into a game, or every reason it cannot be played, each with its
 * path. Changes nothing: the caller decides whether it replaces the current game. A game file cut short
 * still opens up to its last whole event (parseGame recovers it).
 */
export async function readGameFile(file: File): Promise<OpenedFile> {
  const what = "a game or battlefield file";
  const text = await file.text();
  if (looksBinary(text)) return { ok: false, problems: [binaryFile(file, text, what)] };
  const json = readJson(text);
  if (json.ok && (json.value as { format?: unknown } | null)?.format === "hulldown-scenario") {
    const game = gameOn(json.value);
    if (!game.ok) return { ok: false, problems: game.issues.map(formatIssue) };
    // Under the battlefield's own rule system, when it names one: the message says which.
    const system = rulesetById(game.log.header.ruleset.id)?.name ?? game.log.header.ruleset.id;
    return { ok: true, log: game.log, message: { kind: "info", text: `New game on ${file.name}, ${system}` } };
  }
  const result = parseGame(text, scenarioCatalog, LOAD_OPTIONS);
  if (!result.ok) {
    // Not JSON at all, and nothing of a game in it: one plain sentence.
    if (!json.ok && result.problems.length === 1)
      return { ok: false, problems: [`${file.name} is not ${what}: it is not valid JSON (${describeSyntaxProblem(json.problem)}).`] };
    return { ok: false, problems: result.problems };
  }
  return {
    ok: true,
    log: result.game.log,
    message: result.game.warning ? { kind: "error", text: `${file.name}: ${result.game.warning}` } : { kind: "info", text: `Loaded ${file.name}` },
  };
}
