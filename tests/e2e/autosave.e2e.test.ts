/**
 * Nothing lost in the browser: autosave records that do not restore whole (damaged, played only up to a
 * break, not a game at all) are kept in IndexedDB with their time, every one of them, and the Kept saves
 * list opens, exports and restores them; the autosave slot is written again only after that.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toEvent } from "../../src/core/game/commands";
import { serializeGame } from "../../src/core/game/gameFile";
import { currentState, type GameLog, newGame, record } from "../../src/core/game/gameLog";
import { scenarioCatalog } from "../../src/core/miniatures/catalog";
import { catalogFor } from "../../src/core/scale";
import { parseScenario } from "../../src/core/scenario/load";
import defaultBattlefield from "../../src/scenarios/default.json";
import { type AppPage, openApp, waitUntilRestored } from "./browser";

const AUTOSAVE = "hulldown/autosave";
const MODEL = "us-sherman-1";

/** A game of 18 moves of one Sherman on the default battlefield. */
function eighteenMoves(): GameLog {
  const parsed = parseScenario(defaultBattlefield, scenarioCatalog);
  if (!parsed.ok) throw new Error("the default battlefield is invalid");
  let log = newGame(parsed.scenario, { seed: 9, ruleset: { id: "operation-ww2", version: "v2.0", options: {} } });
  for (let i = 0; i < 18; i++) {
    const model = currentState(log)
      .scenario.forces.flatMap((f) => f.units.flatMap((u) => u.models))
      .find((m) => m.id === MODEL)!;
    const result = toEvent(
      currentState(log),
      catalogFor("28mm"),
      { type: "move", model: MODEL, to: { position: [model.position[0] + 0.5, model.position[1]], heading: 0 } },
      0,
    );
    if (!result.ok) throw new Error(result.error);
    log = record(log, result.event);
  }
  return log;
}

let app: AppPage;
beforeAll(async () => {
  app = await openApp();
  await app.page.waitForSelector("main[data-ready=true]");
});
afterAll(() => app?.close());

/** Runs one request on idb-keyval's store in the page. */
function idb<T>(mode: IDBTransactionMode, key: string, value?: string): Promise<T> {
  return app.page.evaluate(
    ([m, k, v]) =>
      new Promise<T>((resolve, reject) => {
        const open = indexedDB.open("keyval-store");
        open.onupgradeneeded = () => open.result.createObjectStore("keyval");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction("keyval", m);
          const request = m === "readwrite" ? tx.objectStore("keyval").put(v, k) : tx.objectStore("keyval").get(k);
          tx.oncomplete = () => {
            open.result.close();
            resolve((m === "readwrite" ? undefined : request.result) as T);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    [mode, key, value] as const,
  );
}

const autosaved = () => idb<string | undefined>("readonly", AUTOSAVE);

/** Puts a record in the autosave slot (idb-keyval's store) and starts the app again on it. */
async function restartOn(text: string): Promise<void> {
  await idb("readwrite", AUTOSAVE, text);
  await app.page.reload();
  await waitUntilRestored(app.page);
}

const eventCount = () => app.page.evaluate(() => window.__hulldown!.game.getState().log.events.length);

async function keptRows(): Promise<string[]> {
  await app.page.getByTestId("open-kept-saves").click();
  await app.page.getByTestId("kept-saves").waitFor();
  await app.page.getByText("Reading…").waitFor({ state: "detached" });
  return app.page.getByTestId("kept-save").allInnerTexts();
}

const closeKept = () => app.page.getByTestId("kept-saves").getByRole("button", { name: "Close" }).click();

describe("the autosave in chromium", () => {
  it("keeps a damaged record, and a second one beside it, in a list the user can open and export", async () => {
    await restartOn('{"format": "hulldown-game", "version": 1, "cre');
    await expect.poll(() => app.page.getByTestId("toast").innerText()).toMatch(/could not be restored.*kept under Kept saves/);
    await restartOn("garbage");
    const rows = await keptRows();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/the file breaks|not valid JSON/);
    expect(rows[1]).toMatch(/not valid JSON: line 1, column 1/);
    const download = app.page.waitForEvent("download");
    await app.page.getByTestId("kept-save").nth(0).getByRole("button", { name: "Export" }).click();
    expect((await download).suggestedFilename()).toMatch(/^hulldown-kept-autosave-\d{4}-\d\d-\d\dT\d{4}\.json$/);
    await closeKept();
  }, 240_000);

  it("restores a record damaged at event 5 of 18 to 5 events and keeps the whole record through changes and reloads", async () => {
    const file = JSON.parse(serializeGame(eighteenMoves()));
    file.events[5].to.position = [5000, 20];
    const damaged = JSON.stringify(file);
    await restartOn(damaged);
    expect(await eventCount()).toBe(5);
    // A change autosaves over the slot, and a reload restores the 6-event game; the original stays kept.
    // A turn where it stands (a move onto another model's base or a wall would be refused).
    const moved = await app.page.evaluate((m) => {
      const game = window.__hulldown!.game.getState();
      return game.perform({ type: "move", model: m, to: { position: game.battlefield.models.get(m)!.model.position, heading: 90 } });
    }, MODEL);
    expect(moved).toBe(true);
    await expect.poll(async () => (JSON.parse((await autosaved()) ?? "{}") as { events?: unknown[] }).events?.length, { timeout: 20_000 }).toBe(6);
    await app.page.reload();
    await waitUntilRestored(app.page);
    expect(await eventCount()).toBe(6);
    const rows = await keptRows();
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatch(/events\[5\]\.to\.position\[0\]: 5000 cm is more than the 700 cm a coordinate may be/);
    // The current game has events: the app asks, in its own dialog, before replacing it.
    await app.page.getByTestId("kept-save").nth(2).getByRole("button", { name: "Restore" }).click();
    await app.page.getByTestId("confirm-yes").click();
    expect(await eventCount()).toBe(5);
  }, 240_000);

  it("keeps a record that parses but is no game, and reports it", async () => {
    await restartOn('{"format": "hulldown-game", "version": 1}');
    await expect.poll(() => app.page.getByTestId("toast").innerText()).toMatch(/created: missing.*kept under Kept saves/);
    const rows = await keptRows();
    expect(rows).toHaveLength(4);
    expect(rows[3]).toMatch(/created: missing/);
    await closeKept();
    expect(app.errors).toEqual([]);
  }, 240_000);
});
