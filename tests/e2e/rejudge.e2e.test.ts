/**
 * An opened game file's shots judged again in the sight worker, after the game is on the table: the shipped
 * sample game opens clean, and the same game with one casualty turned into a pin is reported at that shot,
 * in the loader's words, and the player keeps it up to there. A replay doctored the same way, its hashes made
 * again so that they match, is caught only by judging its shots again, and is watched up to that shot. A
 * game whose shots cannot be judged (their game state stripped) is said to be unchecked, its shots named.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scenarioCatalog } from "../../src/core/miniatures/catalog";
import { parseReplay, serializeReplay } from "../../src/replay/replayFile";
import { RULESETS } from "../../src/rules/registry";
import { type AppPage, closeBriefingIfShown, openApp, replaceIfAsked } from "./browser";

let app: AppPage;
beforeAll(async () => {
  app = await openApp();
  await app.page.waitForSelector("main[data-ready=true]");
  await app.page.waitForFunction(() => window.__hulldown !== undefined);
});
afterAll(() => app?.close());

/** The sample replay's game as a saved game file, with `edit` applied to its events. */
function sampleGame(edit: (events: Array<{ type: string; outcomes?: Array<{ model: string; effect: string }> }>) => void = () => {}): string {
  const replay = JSON.parse(readFileSync("public/replays/sample.json", "utf8"));
  edit(replay.events);
  return JSON.stringify({ ...replay.game, cursor: replay.events.length, events: replay.events });
}

async function open(name: string, contents: string): Promise<void> {
  await closeBriefingIfShown(app.page);
  const chooser = app.page.waitForEvent("filechooser");
  await app.page.getByRole("button", { name: "Open…" }).click();
  await (await chooser).setFiles({ name, mimeType: "application/json", buffer: Buffer.from(contents) });
  // A game in progress asks first; replace it.
  await replaceIfAsked(app.page);
  await closeBriefingIfShown(app.page);
}

const events = () => app.page.evaluate(() => window.__hulldown!.game.getState().log.events.length);

describe("a game file's shots judged again", { timeout: 240_000 }, () => {
  it("opens the sample game clean: no warning once every shot is judged", async () => {
    await open("sample-game.json", sampleGame());
    await expect.poll(events, { timeout: 30_000 }).toBe(21);
    // Progress while it runs, then the line that says it passed.
    const status = app.page.getByTestId("rejudge-status");
    await status.waitFor({ timeout: 30_000 });
    expect(await status.textContent()).toMatch(
      /^(Judging the shots of sample-game\.json again: \d+ of 10|sample-game\.json: 10 shots and orders judged again, as recorded)$/,
    );
    await app.screenshot("rejudge-status");
    await expect.poll(() => status.textContent(), { timeout: 180_000 }).toBe("sample-game.json: 10 shots and orders judged again, as recorded");
    expect(await app.page.getByTestId("rejudge-dialog").count()).toBe(0);
  });

  it("reports a casualty turned into a pin at its shot, and keeps the game up to it", async () => {
    await open(
      "doctored.json",
      sampleGame((all) => {
        all[13]!.outcomes![1]!.effect = "pinned";
      }),
    );
    await expect.poll(events, { timeout: 30_000 }).toBe(21);
    const dialog = app.page.getByTestId("rejudge-dialog");
    await dialog.waitFor({ timeout: 180_000 });
    const warning = await app.page.getByTestId("rejudge-warning").textContent();
    expect(warning).toMatch(/^events\[13\]: fire-resolved: the rules give .+ with these dice, the file says .+ pinned.*; the game holds up to event 13$/);
    await app.screenshot("rejudge-divergence");
    await app.page.getByTestId("rejudge-keep-part").click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(events).toBe(13);
  });

  it("warns that a game whose shots cannot be judged could not be checked, naming them", async () => {
    // Two shots with the game state they were judged in stripped: nothing to check them against.
    await open(
      "stripped.json",
      sampleGame((all) => {
        for (const at of [4, 9]) delete (all[at] as { details?: { game?: unknown } }).details!.game;
      }),
    );
    await expect.poll(events, { timeout: 30_000 }).toBe(21);
    const warning = app.page.getByTestId("rejudge-unchecked");
    await warning.waitFor({ timeout: 180_000 });
    expect(await warning.textContent()).toMatch(
      /^stripped\.json could not be checked: the shots and orders at events 4, 9 could not be judged again\. events\[4\]: fire-resolved: not re-judged: the file does not record the game state the shot was judged in \(details\.game\).* \(and 1 more\)/,
    );
    expect(await app.page.getByTestId("rejudge-status").count()).toBe(0);
    await app.screenshot("rejudge-unchecked");
    await warning.getByRole("button", { name: "Dismiss" }).click();
    await warning.waitFor({ state: "detached" });
  });

  it("catches a doctored replay whose hashes were made to match, and plays it up to the shot", async () => {
    const loaded = parseReplay(readFileSync("public/replays/sample.json", "utf8"), scenarioCatalog, { rulesets: RULESETS });
    if (!loaded.ok) throw new Error(loaded.error);
    const events = loaded.replay.log.events.map((e, i) => (i === 13 && e.type === "fire-resolved" ? { ...e, outcomes: e.outcomes.slice(1) } : e));
    const text = serializeReplay({ log: { ...loaded.replay.log, events, cursor: events.length }, notes: loaded.replay.notes });
    const chooser = app.page.waitForEvent("filechooser");
    await app.page.getByRole("button", { name: "Replay…" }).click();
    await (await chooser).setFiles({ name: "doctored-replay.json", mimeType: "application/json", buffer: Buffer.from(text) });
    const dialog = app.page.getByTestId("rejudge-dialog");
    await dialog.waitFor({ timeout: 180_000 });
    expect(await app.page.getByTestId("rejudge-warning").textContent()).toMatch(
      /^events\[13\]: fire-resolved: the rules give .+ with these dice, the file says .+; the game holds up to event 13$/,
    );
    await app.page.getByTestId("rejudge-keep-part").click();
    await expect.poll(() => app.page.evaluate(() => window.__hulldown!.replay.getState().replay?.log.events.length)).toBe(13);
    expect(await app.page.locator(".replay-warning").textContent()).toMatch(/^events\[13\]: fire-resolved: /);
    await app.screenshot("rejudge-replay-kept");
  });
});
