/**
 * Two players and a spectator in three browser pages, on the game server serving the built app (as
 * `npm start` does): Play online… gives the links, each page joins by its link, a move reaches the others,
 * the other side's move and the spectator's are refused in the toast, a reload rejoins the same seat with
 * the game as it stands, a shot fired from the fire panel shows the same dice to both players, and the game's
 * end reveals the seed and every page finds each roll checks out.
 */
import { rm } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningServer, startGameServer } from "../../src/server/gameServer";
import { sqliteStore } from "../../src/server/sqliteStore";
import { dataFolder } from "../server/online";
import { type AppPage, clickModel, closeBriefingIfShown, openApp } from "./browser";

let dir: string;
let server: RunningServer;
const pages: AppPage[] = [];
beforeAll(async () => {
  dir = await dataFolder();
  server = await startGameServer({ port: 0, store: sqliteStore(dir), staticDir: inject("appDir") });
});
afterAll(async () => {
  for (const p of pages) await p.close();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Where a model stands in a page's game. */
const xOf = (page: Page, model: string) =>
  page.evaluate(
    (id) =>
      window
        .__hulldown!.game.getState()
        .state.scenario.forces.flatMap((f) => f.units.flatMap((u) => u.models))
        .find((m) => m.id === id)?.position[0],
    model,
  );
const perform = (page: Page, model: string, x: number, z: number) =>
  page.evaluate(
    ([id, px, pz]) =>
      window.__hulldown!.game.getState().perform({ type: "move", model: id as string, to: { position: [px as number, pz as number], heading: 0 } }),
    [model, x, z] as const,
  );
const toast = (page: Page) => page.getByTestId("toast");

async function joinByLink(url: string, viewport?: { width: number; height: number }): Promise<AppPage> {
  const link = new URL(url);
  const app = await openApp(viewport, { base: link.origin, search: link.search });
  pages.push(app);
  await app.page.getByTestId("online-seat").waitFor();
  await closeBriefingIfShown(app.page);
  return app;
}

/** Three pages open in the first step; on a busy machine each takes half a minute to load. */
const OPENING_TIMEOUT = 240_000;
const SMALL = { width: 960, height: 640 };
/** Wide enough for the whole toolbar, and to click models on the table. */
const WIDE = { width: 1400, height: 1000 };

describe("one table in three pages", () => {
  let ann: AppPage;
  let bert: AppPage;
  let watcher: AppPage;

  it(
    "gives a link per side and one for spectators, and seats each page by its link",
    async () => {
      ann = await openApp(WIDE, { base: server.url });
      pages.push(ann);
      await ann.page.getByTestId("play-online-open").click();
      await ann.page.getByTestId("online-name").fill("Ann");
      await ann.page.getByTestId("online-side").selectOption("Germany");
      await ann.page.getByTestId("online-create").click();
      const links = ann.page.getByTestId("online-links").locator("input");
      await expect.poll(() => links.count()).toBe(3);
      const [, usa, spectators] = await links.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
      await ann.page.getByTestId("play-online").getByRole("button", { name: "Close" }).click();
      await closeBriefingIfShown(ann.page);
      await expect.poll(() => ann.page.getByTestId("online-seat").textContent()).toBe("you play Germany");

      bert = await joinByLink(usa!, WIDE);
      // Three pages draw on the CPU at once: the spectator's, which clicks nothing, is kept small.
      // Three pages draw on the CPU at once: the spectator's, which clicks nothing, is kept small.
      watcher = await joinByLink(spectators!, SMALL);
      await expect.poll(() => bert.page.getByTestId("online-seat").textContent()).toBe("you play USA");
      await expect.poll(() => watcher.page.getByTestId("online-seat").textContent()).toBe("watching");
      await expect.poll(() => ann.page.getByTestId("online-bar").textContent()).toContain("Germany: Ann ●");
    },
    OPENING_TIMEOUT,
  );

  it("shows a move on every page, and refuses the other side's and the spectator's in the toast", async () => {
    await perform(ann.page, "ger-sq1-m1", 100, 66);
    for (const p of [ann, bert, watcher]) await expect.poll(() => xOf(p.page, "ger-sq1-m1")).toBe(100);
    await perform(bert.page, "ger-sq1-m1", 98, 66);
    await expect.poll(() => toast(bert.page).textContent()).toMatch(/is Germany's; you play USA$/);
    await perform(watcher.page, "us-hq-m1", 60, 30);
    await expect.poll(() => toast(watcher.page).textContent()).toBe("You are watching this game: a spectator cannot change it");
    expect(await xOf(ann.page, "ger-sq1-m1")).toBe(100);
  });

  it("rejoins the same seat on a reload, with the game as it stands", async () => {
    await perform(bert.page, "us-hq-m1", 60, 30);
    await expect.poll(() => xOf(ann.page, "us-hq-m1")).toBe(60);
    await bert.page.reload();
    await bert.page.getByTestId("online-seat").waitFor();
    await closeBriefingIfShown(bert.page);
    await expect.poll(() => bert.page.getByTestId("online-seat").textContent()).toBe("you play USA");
    await expect.poll(() => xOf(bert.page, "us-hq-m1")).toBe(60);
    await expect.poll(() => xOf(bert.page, "ger-sq1-m1")).toBe(100);
  });

  it("rolls a shot from the fire panel in the room: both players' logs show the same dice", async () => {
    await bert.page.keyboard.press("l");
    await clickModel(bert, "us-sq2-m1");
    await clickModel(bert, "ger-sq3-m1");
    await bert.page.getByLabel("Target's last order").selectOption("firing");
    await expect.poll(() => bert.page.getByTestId("fire-verdict").textContent(), { timeout: 60_000 }).toMatch(/^Can fire/);
    await bert.page.getByTestId("fire-roll").click();
    const dice = async (p: Page) => {
      const entry = p.getByTestId("game-log").getByTestId("log-shot").last();
      await entry.waitFor({ timeout: 60_000 });
      await entry.locator(":scope > summary").click();
      return entry.getByTestId("shot-die").getByTestId("die").allTextContents();
    };
    const bertsDice = await dice(bert.page);
    expect(bertsDice.length).toBeGreaterThan(0);
    expect(await dice(ann.page)).toEqual(bertsDice);
  });

  it("ends the game when asked: the seed is revealed and every page finds each roll checks out", async () => {
    await ann.page.getByTestId("online-end").click();
    await ann.page.getByRole("button", { name: "End the game" }).click();
    for (const p of [ann, bert, watcher])
      await expect.poll(() => toast(p.page).textContent()).toBe("The game has ended: the seed is revealed and every roll checks out");
    for (const p of [ann, bert, watcher]) expect(p.errors).toEqual([]);
  });
});
