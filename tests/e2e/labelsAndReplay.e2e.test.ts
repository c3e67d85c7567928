/**
 * Issue 19 A4, A5 and the replay's part of A6, as a new user: the sample replay opened from a link shows its
 * pinned figures under one label per unit (no "pinn pinned"); "Continue from here" at event 5 says event 5,
 * and the link's `?replay=` leaves the address, so a reload opens the player's game. A unit placed in that game
 * and watched in its exported replay is named even before the playhead reaches it. At Ferme Lebrun under Bolt
 * Action (its briefing free of commands), the label over the half-track says what it is behind, never as a
 * name of its own, and hidden models get no "0 %" label.
 */
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppPage, clickModel, closeBriefingIfShown, openApp, replaceIfAsked, waitUntilRestored } from "./browser";

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1400, height: 900 }, { search: "?replay=/replays/sample.json" });
  await app.page.getByTestId("replay-bar").waitFor({ timeout: 90_000 });
}, 240_000);
afterAll(() => app?.close());

const events = () => app.page.evaluate(() => window.__hulldown!.game.getState().log.events.length);

/** Screen boxes of the labels whose text matches. */
const labelBoxes = (pattern: RegExp) =>
  app.page.evaluate(
    (source) =>
      [...document.querySelectorAll(".label")]
        .filter((l) => new RegExp(source).test(l.textContent ?? ""))
        .map((l) => {
          const r = l.getBoundingClientRect();
          return { text: l.textContent ?? "", left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        }),
    pattern.source,
  );

describe("replays and labels", () => {
  it("the sample's pinned figures: one label per unit, none overprinting another", async () => {
    const count = await events();
    await app.page.evaluate((n) => window.__hulldown!.replay.getState().seekEvent(n), count);
    // Grenadiers of ger-sq3 were pinned by two shots: they share one label.
    const squad = app.page.getByTestId("status-ger-sq3");
    await squad.waitFor({ timeout: 30_000 });
    expect(await squad.textContent()).toMatch(/^pinned ×[2-9]$/);
    const boxes = await labelBoxes(/pinned/);
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1))
        expect(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top, `${a.text} over ${b.text}`).toBe(true);
    await app.screenshot("replay-pinned-labels");
  }, 120_000);

  it('"Continue from here" at event 5 says event 5; the link leaves the address, and a reload opens the game', async () => {
    await app.page.evaluate(() => window.__hulldown!.replay.getState().seekEvent(0));
    for (let i = 0; i < 4; i++) await app.page.keyboard.press("ArrowRight");
    await expect.poll(() => app.page.getByTestId("replay-position").textContent()).toMatch(/^event 5 \//);
    await app.page.getByTestId("replay-continue").click();
    await app.page.getByTestId("replay-bar").waitFor({ state: "detached" });
    expect(await app.page.getByTestId("toast").textContent()).toMatch(/A new game from event 5 of /);
    expect(new URL(app.page.url()).searchParams.has("replay")).toBe(false);
    expect(await events()).toBe(4);
    await app.page.reload();
    await waitUntilRestored(app.page);
    await app.page.waitForFunction(() => window.__hulldown !== undefined);
    expect(await app.page.getByTestId("replay-bar").count()).toBe(0);
    expect(await events()).toBe(4);
  }, 120_000);

  it("a unit placed in the game is named in its replay before the playhead reaches it", async () => {
    await app.page.keyboard.press("p");
    await app.page.getByTestId("forces-preset").selectOption("us-bazooka-team");
    await app.page.getByTestId("forces-side").selectOption("USA");
    const at = await app.page.evaluate(() => window.__hulldown!.projectPoint([110, 0, 105]));
    await app.page.mouse.click(at!.x, at!.y);
    await expect.poll(events, { timeout: 30_000 }).toBe(5);
    const name = await app.page.evaluate(() => {
      const { log, names } = window.__hulldown!.game.getState();
      const placed = log.events.at(-1) as { unit: { id: string } };
      return names.of(placed.unit.id);
    });
    expect(name).toBe("US bazooka team 1");
    await app.page.keyboard.press("Escape");
    const saved = app.page.waitForEvent("download");
    await app.page.getByRole("button", { name: "Export replay" }).click();
    // The browser runs apart from the test: the file comes over the connection.
    const file = join(await mkdtemp(join(tmpdir(), "hulldown-")), "replay.json");
    await (await saved).saveAs(file);
    const text = await readFile(file, "utf8");
    const chooser = app.page.waitForEvent("filechooser");
    await app.page.getByRole("button", { name: "Replay…" }).click();
    await (await chooser).setFiles({ name: "mine.json", mimeType: "application/json", buffer: Buffer.from(text) });
    await app.page.getByTestId("replay-bar").waitFor();
    await app.page.evaluate(() => window.__hulldown!.replay.getState().seekEvent(0));
    // The playhead at the start: the unit is not on the table yet, its log line names it all the same.
    expect(await app.page.evaluate(() => window.__hulldown!.game.getState().state.scenario.forces.flatMap((f) => f.units).length)).toBeGreaterThan(0);
    const log = await app.page.getByTestId("game-log").innerText();
    expect(log).toContain(`${name} placed (2 models, USA)`);
    expect(log).not.toMatch(/us-bazooka-team-\d/);
    await app.screenshot("replay-names-ahead");
    await app.page.getByTestId("replay-close").click();
    await app.page.getByTestId("replay-bar").waitFor({ state: "detached" });
  }, 120_000);

  it("Ferme Lebrun under Bolt Action: the half-track's label says what it is behind; hidden models get no label", async () => {
    await app.page.getByTestId("new-game-open").click();
    const dialog = app.page.getByTestId("new-game");
    await dialog.getByLabel("Battlefield").selectOption("bolt-action-farm");
    // The battlefield names its own rule system.
    await expect.poll(() => dialog.getByLabel("Rule system").inputValue()).toBe("bolt-action");
    await dialog.getByTestId("new-game-start").click();
    await replaceIfAsked(app.page);
    // A player-facing briefing, without commands for a terminal.
    const briefing = app.page.getByTestId("briefing");
    await briefing.waitFor({ timeout: 60_000 });
    expect(await briefing.textContent()).not.toMatch(/npm|--ruleset|\.json/);
    await closeBriefingIfShown(app.page);

    await app.page.keyboard.press("l");
    await clickModel(app, "us-sq1-m3");
    const halftrack = app.page.getByTestId("los-label-ger-halftrack-1");
    await halftrack.waitFor({ timeout: 90_000 });
    // Its own share and face, then what hides the rest: "58% left · behind Panzergrenadier 5".
    expect(await halftrack.textContent()).toMatch(/^\d+% left · behind Panzergrenadier \d$/);
    expect(await halftrack.textContent()).not.toContain("Grenadier squad");
    const shown = await labelBoxes(/./);
    expect(shown.filter((l) => /^0 ?%/.test(l.text))).toEqual([]);
    // The German models he does not see at all (the sight engine's own answer): no label, until hovered.
    const hidden = await app.page.evaluate(async () => {
      const hooks = window.__hulldown!;
      const germans = [...hooks.game.getState().battlefield.models.values()].filter((e) => e.side === "Germany").map((e) => e.model.id);
      const reports = await Promise.all(germans.map((target) => hooks.sight.report({ shooter: "us-sq1-m3", target })));
      return reports.filter((r) => r.visibleFraction === 0).map((r) => r.target);
    });
    expect(hidden.length).toBeGreaterThan(0);
    for (const id of hidden) expect(await app.page.getByTestId(`los-label-${id}`).count(), id).toBe(0);
    // Hovered, a hidden lone model gets its own label: hidden, and behind what.
    const lone = hidden.find((id) => !id.startsWith("ger-sq1"))!;
    const at = await app.page.evaluate((id) => window.__hulldown!.screenPosition(id), lone);
    await app.page.mouse.move(at!.x, at!.y);
    const label = app.page.getByTestId(`los-label-${lone}`);
    await label.waitFor({ timeout: 30_000 });
    expect(await label.textContent()).toMatch(/^hidden · behind \S/);
    await app.screenshot("ferme-lebrun-labels");
    expect(app.errors).toEqual([]);
  }, 180_000);
});
