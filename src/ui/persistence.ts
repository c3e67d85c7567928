/**
 * Nothing lost on a refresh: every change of the game log is saved to IndexedDB and restored at start.
 * Games also save to and load from files; a file that fails to load leaves the current game untouched.
 */
import { get, set } from "idb-keyval";
import { catalogFor } from "../core/scale";
import { parseGame, serializeGame } from "../core/game/gameFile";
import type { GameLog } from "../core/game/gameLog";
import { gameOn } from "./game";
import type { GameStoreApi } from "./store/gameStore";

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
  const blob = new Blob([serializeGame(log)], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `hulldown-${log.header.scenario.name.replace(/[^\w-]+/g, "-").toLowerCase()}-${new Date().toISOString().slice(0, 16).replace(":", "")}.json`;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** Opens a saved game or a battlefield file. Problems are reported; the current game stays as it was. */
export async function openFile(file: File, store: GameStoreApi): Promise<void> {
  const text = await file.text();
  let format: unknown;
  try {
    format = (JSON.parse(text) as { format?: unknown }).format;
  } catch (error) {
    store.getState().notify("error", `${file.name} is not valid JSON: ${(error as Error).message}`);
    return;
  }
  if (format === "hulldown-scenario") {
    const game = gameOn(JSON.parse(text));
    if (game.ok) store.getState().replace(game.log, { kind: "info", text: `New game on ${file.name}` });
    else store.getState().notify("error", `${file.name} is not a valid battlefield:\n${game.error}`);
    return;
  }
  const result = parseGame(text, catalogFor);
  if (!result.ok) store.getState().notify("error", `${file.name} could not be loaded: ${result.error}`);
  else store.getState().replace(result.game.log, result.game.warning ? { kind: "error", text: `${file.name}: ${result.game.warning}` } : { kind: "info", text: `Loaded ${file.name}` });
}
