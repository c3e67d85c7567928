/**
 * The replay player in the browser, on the shipped sample replay opened from a link: it plays and the table
 * changes, seeking back and forth lands on the state a fresh fold gives, the log seeks when clicked, the end
 * is the recorded final board, a dropped file opens too, and "Continue from here" starts a game of one's own.
 */

import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyEvent, initialState } from "../../src/core/game/state";
import { scenarioCatalog } from "../../src/core/miniatures/catalog";
import { parseReplay } from "../../src/replay/replayFile";
import { RULESETS } from "../../src/rules/registry";
import { type AppPage, openApp, replaceIfAsked } from "./browser";

const SAMPLE = readFileSync("public/replays/sample.json", "utf8");
const parsed = parseReplay(SAMPLE, scenarioCatalog, { rulesets: RULESETS });
if (!parsed.ok) throw new Error(parsed.error);
const { log } = parsed.replay;
/** The table after `count` events, folded afresh here in Node, as plain JSON. */
const fold = (count: number) => JSON.parse(JSON.stringify(log.events.slice(0, count).reduce(applyEvent, initialState(log.header.scenario))));

let app: AppPage;
beforeAll(async () => {
  app = await openApp(undefined, { search: "?replay=/replays/sample.json" });
  await app.page.getByTestId("replay-bar").waitFor({ timeout: 90_000 });
}, 240_000);
afterAll(() => app?.close());

/** The table the page shows, as plain JSON. */
const shownState = () => app.page.evaluate(() => JSON.parse(JSON.stringify(window.__hulldown!.game.getState().state)));
const shown = () =>
  app.page.evaluate(() => ({
    cursor: window.__hulldown!.game.getState().log.cursor,
    time: window.__hulldown!.replay.getState().time,
    playing: window.__hulldown!.replay.getState().playing,
  }));
const seekEvent = (i: number) => app.page.evaluate((n) => window.__hulldown!.replay.getState().seekEvent(n), i);

describe("the replay player", () => {
  it("opens the sample from ?replay= read-only, plays it, and the table changes between two times", async () => {
    expect(await app.page.evaluate(() => window.__hulldown!.game.getState().log.events.length)).toBe(log.events.length);
    // Read-only: a command is refused, the replay's log is unchanged.
    const refused = await app.page.evaluate(() => window.__hulldown!.game.getState().perform({ type: "traverse", model: "us-sherman-1", turretHeading: 10 }));
    expect(refused).toBe(false);
    await app.page.getByTestId("replay-speed").selectOption("4");
    await app.page.getByTestId("replay-play").click();
    await expect.poll(async () => (await shown()).cursor, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await app.page.getByTestId("replay-play").click();
    const first = await app.canvasPixels();
    await app.screenshot("replay-playing-early");
    // Into the middle of the third shot: line of fire, the dice beside the target.
    const shots = log.events.flatMap((e, i) => (e.type === "fire-resolved" ? [i] : []));
    const shot = shots[2]!;
    await app.page.evaluate((n) => {
      const r = window.__hulldown!.replay.getState();
      r.seek(r.replay!.timeline.starts[n]! + r.replay!.timeline.durations[n]! * 0.8);
    }, shot);
    await app.page.getByTestId("replay-dice").first().waitFor();
    const dice = await app.page.getByTestId("replay-dice").first().textContent();
    const rolled = (log.events[shot] as { rolls: Array<{ value: number }> }).rolls
      .slice(0, 24)
      .map((r) => String(r.value))
      .join("");
    expect(dice!.replace(/\s|\+\d+$/g, "")).toBe(rolled);
    await app.page.waitForTimeout(500);
    const second = await app.canvasPixels();
    await app.screenshot("replay-shot-dice");
    expect(first.equals(second)).toBe(false);
    expect(app.errors).toEqual([]);
  });

  it("seeking back and forward lands on the state a fresh fold gives; the log seeks when clicked and highlights the entry", async () => {
    for (const i of [15, 3, 18, 0, 9]) {
      await seekEvent(i);
      expect((await shown()).cursor).toBe(i);
      expect(await shownState()).toEqual(fold(i));
    }
    await app.page.getByTestId("log-entry-7").click();
    expect((await shown()).cursor).toBe(7);
    expect(await app.page.getByTestId("log-entry-7").getAttribute("class")).toContain("current");
    expect(await shownState()).toEqual(fold(7));
    // Keys: → one event on, Shift+→ to the next turn mark (every 10 events).
    await app.page.locator("canvas").first().focus();
    await app.page.keyboard.press("ArrowRight");
    expect((await shown()).cursor).toBe(8);
    await app.page.keyboard.press("Shift+ArrowRight");
    expect((await shown()).cursor).toBe(10);
    await app.page.keyboard.press("ArrowLeft");
    expect((await shown()).cursor).toBe(9);
  });

  it("shows a note when playback reaches its event, and ends on the recorded final board", async () => {
    const note = parsed.replay.notes[0]!;
    await seekEvent(note.event);
    expect(await app.page.getByTestId("replay-note").textContent()).toContain(note.text.slice(0, 10));
    await app.page.getByTestId("replay-speed").selectOption("16");
    await app.page.evaluate(() => window.__hulldown!.replay.getState().seekEvent(window.__hulldown!.replay.getState().replay!.log.events.length - 1));
    await app.page.getByTestId("replay-play").click();
    await expect.poll(async () => (await shown()).playing, { timeout: 30_000 }).toBe(false);
    expect((await shown()).cursor).toBe(log.events.length);
    expect(await shownState()).toEqual(fold(log.events.length));
    await app.screenshot("replay-final-board");
  });

  it("opens a replay file dropped on the window", async () => {
    await app.page.getByTestId("replay-close").click();
    await app.page.getByTestId("replay-bar").waitFor({ state: "detached" });
    await app.page.evaluate((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], "dropped.json", { type: "application/json" }));
      window.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
    }, SAMPLE);
    await app.page.getByTestId("replay-bar").waitFor();
    expect(await app.page.getByTestId("replay-bar").textContent()).toContain("dropped.json");
    // Opened once, in the player: not also offered as a game to open.
    expect(await app.page.getByTestId("open-dialog").count()).toBe(0);
  });

  it("continues from here: a new game of one's own from the state at the playhead, same seed", async () => {
    await seekEvent(12);
    await app.page.getByTestId("replay-continue").click();
    // The player's own game (set aside while watching) may be in progress: the app asks in its own dialog.
    await replaceIfAsked(app.page);
    await app.page.getByTestId("replay-bar").waitFor({ state: "detached" });
    const game = await app.page.evaluate(() => {
      const g = window.__hulldown!.game.getState();
      return { events: g.log.events.length, cursor: g.log.cursor, seed: g.log.header.seed, readOnly: g.readOnly ?? null };
    });
    expect(game).toEqual({ events: 12, cursor: 12, seed: log.header.seed, readOnly: null });
    expect(await shownState()).toEqual(fold(12));
  });
});
