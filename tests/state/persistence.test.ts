/**
 * The autosave never loses a record: whatever does not restore whole is kept (with its time) before the
 * slot is written again, every such record in a list, and the start-up subscription is stopped by its
 * cleanup. Storage here is a Map with IndexedDB's contract (tests/e2e/autosave.e2e.test.ts runs the real one).
 */
import { describe, expect, it } from "vitest";
import { toEvent } from "../../src/core/game/commands";
import { serializeGame } from "../../src/core/game/gameFile";
import { currentState, type GameLog, newGame, record } from "../../src/core/game/gameLog";
import { catalogFor } from "../../src/core/scale";
import { createGameStore } from "../../src/state/gameStore";
import { keptSaves, restoreAutosave, type SaveStorage, startAutosave, startPersistence } from "../../src/state/persistence";
import { scenario } from "../helpers/scene";

function memoryStorage(initial: Record<string, unknown> = {}): SaveStorage & { data: Map<string, unknown> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: async <T>(key: string) => structuredClone(data.get(key)) as T | undefined,
    set: async (key, value) => void data.set(key, structuredClone(value)),
  };
}

const table = () => scenario([], [{ id: "rifleman", model: "us-rifleman", position: [20, 20], side: "A" }]);

/** A game of `moves` moves of the rifleman. */
function game(moves: number): GameLog {
  let log = newGame(table(), { seed: 1, ruleset: { id: "operation-ww2", version: "v2.0", options: {} }, created: "2026-11-22T00:00:00.000Z" });
  for (let i = 0; i < moves; i++) {
    const result = toEvent(currentState(log), catalogFor("28mm"), { type: "move", model: "rifleman", to: { position: [21 + i, 20], heading: 0 } }, 0);
    if (!result.ok) throw new Error(result.error);
    log = record(log, result.event);
  }
  return log;
}

const AUTOSAVE = "hulldown/autosave";
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("restoring the autosave", () => {
  it("keeps every damaged record, with its time, in a list", async () => {
    const storage = memoryStorage({ [AUTOSAVE]: '{"format": "hulldown-game", "vers' });
    const store = createGameStore(game(0));
    await restoreAutosave(store, storage);
    storage.data.set(AUTOSAVE, "not json at all");
    await restoreAutosave(store, storage);
    const kept = await keptSaves(storage);
    expect(kept.map((k) => k.text)).toEqual(['{"format": "hulldown-game", "vers', "not json at all"]);
    expect(kept.every((k) => !Number.isNaN(Date.parse(k.keptAt)))).toBe(true);
    expect(kept[1]!.reason).toMatch(/^\(file\): not valid JSON: line 1, column 1/);
    expect(store.getState().message?.text).toMatch(/kept under Kept saves/);
  });

  it("restores a record damaged at event 5 of 18 to 5 events, and keeps the whole record before anything overwrites it", async () => {
    const whole = JSON.parse(serializeGame(game(18)));
    whole.events[5].to.position = [5000, 20];
    const text = JSON.stringify(whole);
    const storage = memoryStorage({ [AUTOSAVE]: text });
    const store = createGameStore(game(0));
    const stop = await startPersistence(store, () => false, storage);
    expect(store.getState().log.events).toHaveLength(5);
    expect(store.getState().message?.text).toMatch(/events\[5\]\.to\.position\[0\]: 5000 cm is more than the 700 cm a coordinate may be/);
    // The first change overwrites the slot; the original is still in the list.
    store.getState().perform({ type: "move", model: "rifleman", to: { position: [50, 50], heading: 0 } });
    await settle();
    expect(JSON.parse(storage.data.get(AUTOSAVE) as string).events).toHaveLength(6);
    expect((await keptSaves(storage)).map((k) => k.text)).toEqual([text]);
    stop();
  });

  it("keeps a record that loads but the store cannot use", async () => {
    const text = serializeGame(game(2));
    const storage = memoryStorage({ [AUTOSAVE]: text });
    const store = createGameStore(game(0));
    store.setState({
      replace: () => {
        throw new Error("no room for this table");
      },
    });
    await restoreAutosave(store, storage);
    expect(await keptSaves(storage)).toMatchObject([{ text, reason: "the game loaded but could not be shown: no room for this table" }]);
  });

  it("does not autosave when the record could be neither read nor kept", async () => {
    const storage = memoryStorage();
    storage.get = async () => {
      throw new Error("IndexedDB is unavailable");
    };
    const store = createGameStore(game(0));
    await startPersistence(store, () => false, storage);
    expect(store.getState().message?.text).toMatch(/IndexedDB is unavailable.*not autosaved/);
    store.getState().perform({ type: "move", model: "rifleman", to: { position: [50, 50], heading: 0 } });
    await settle();
    expect(storage.data.size).toBe(0);
  });
});

describe("the start-up subscription", () => {
  it("is stopped by its cleanup, and a cancelled start (StrictMode's first run) never subscribes", async () => {
    const storage = memoryStorage();
    const store = createGameStore(game(0));
    const first = await startPersistence(store, () => true, storage);
    const second = await startPersistence(store, () => false, storage);
    first();
    store.getState().perform({ type: "move", model: "rifleman", to: { position: [30, 30], heading: 0 } });
    await settle();
    expect(JSON.parse(storage.data.get(AUTOSAVE) as string).events).toHaveLength(1);
    second();
    store.getState().perform({ type: "move", model: "rifleman", to: { position: [40, 40], heading: 0 } });
    await settle();
    expect(JSON.parse(storage.data.get(AUTOSAVE) as string).events).toHaveLength(1);
    const stop = startAutosave(store, storage);
    stop();
    store.getState().undo();
    await settle();
    expect(JSON.parse(storage.data.get(AUTOSAVE) as string).events).toHaveLength(1);
  });
});
