/**
 * A browser test's view of the app: a fresh context in the shared chromium (so no autosave from another
 * test), the page's console errors collected, and screenshots saved to test-results/screenshots/<name>.png
 * (CI artifacts).
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Page } from "playwright-core";
import { inject } from "vitest";

const SCREENSHOTS = fileURLToPath(new URL("../../test-results/screenshots/", import.meta.url));
const ONLY_CANVAS = "*:not(canvas) { visibility: hidden !important } canvas { visibility: visible !important }";

export interface AppPage {
  readonly page: Page;
  /** console.error messages and uncaught exceptions, in order. */
  readonly errors: readonly string[];
  /** Saves the whole page as test-results/screenshots/<name>.png and returns the PNG. */
  screenshot(name: string): Promise<Buffer>;
  /** The page with every element but the canvas hidden: what WebGL drew, without the panels over it. */
  canvasPixels(): Promise<Buffer>;
  /** Closes this test's context; the shared browser keeps running for the other files. */
  close(): Promise<void>;
}

/**
 * Opens the built app (with `search`, e.g. "?replay=…", after its address; from `base` when another server
 * serves it), waits for its canvas, and (unless asked to keep it) closes the briefing shown on load.
 */
export async function openApp(viewport = { width: 1280, height: 800 }, { keepBriefing = false, search = "", base = "" } = {}): Promise<AppPage> {
  const browser = await chromium.connect(inject("browserEndpoint"));
  const page = await (await browser.newContext({ viewport })).newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.goto(`${base || inject("appUrl")}${search}`);
  await page.locator("canvas").first().waitFor();
  if (!keepBriefing) await page.getByLabel("Close the briefing").click({ timeout: 60_000 });
  // The autosave restored and the test hooks exposed.
  await page.waitForSelector("main[data-ready=true]", { timeout: 90_000 });
  await page.waitForFunction(() => window.__hulldown !== undefined);
  return {
    page,
    errors,
    async screenshot(name) {
      await mkdir(SCREENSHOTS, { recursive: true });
      return page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
    },
    // A page screenshot, not an element one: those wait for several stable frames, slow on SwiftShader.
    canvasPixels: () => page.screenshot({ style: ONLY_CANVAS }),
    close: () => browser.close(),
  };
}

/**
 * After a reload: waits until the app has restored its game, and closes the briefing if this game opened it
 * (a game the autosave could not restore is a new game, with its briefing).
 */
export async function waitUntilRestored(page: Page): Promise<void> {
  await page.waitForSelector("main[data-ready=true]", { timeout: 90_000 });
  await closeBriefingIfShown(page);
}

/** A new game opens its briefing a render after it is ready; close it if it comes within a few seconds. */
export async function closeBriefingIfShown(page: Page): Promise<void> {
  const close = page.getByLabel("Close the briefing");
  const shown = await close.waitFor({ state: "visible", timeout: 4_000 }).then(
    () => true,
    () => false,
  );
  if (shown) await close.click();
}

/**
 * Answers "replace the game on the table?" with "Replace without saving" when the app asks (it asks only when
 * the game has something in it).
 */
export async function replaceIfAsked(page: Page): Promise<void> {
  const replace = page.getByTestId("confirm-yes");
  if (
    await replace.waitFor({ timeout: 3_000 }).then(
      () => true,
      () => false,
    )
  )
    await replace.click();
}

/**
 * New game… on a battlefield (its id in the list) under a rule system and with a mission (its title in the
 * list, e.g. "Hold the crossroads (sample)"); absent: the ones the dialog chooses.
 */
export async function startNewGame(page: Page, battlefield: string, ruleset?: string, mission?: string): Promise<void> {
  await page.getByTestId("new-game-open").click();
  const dialog = page.getByTestId("new-game");
  await dialog.getByLabel("Battlefield").selectOption(battlefield);
  if (ruleset) await dialog.getByLabel("Rule system").selectOption(ruleset);
  if (mission) await dialog.getByTestId("new-game-mission").selectOption({ label: mission });
  const chosen = await dialog.getByLabel("Rule system").inputValue();
  // The rule system asked for stays chosen when the battlefield, loading meanwhile, names its own.
  if (ruleset && chosen !== ruleset) throw new Error(`the New game dialog shows the rule system ${chosen}, not the ${ruleset} chosen`);
  await dialog.getByTestId("new-game-start").click();
  await replaceIfAsked(page);
  await page.waitForFunction(
    (id) => window.__hulldown!.game.getState().log.header.ruleset.id === id && window.__hulldown!.game.getState().log.events.length === 0,
    chosen,
  );
  await closeBriefingIfShown(page);
}

/** Clicks a model where it is drawn, like a user would. */
export async function clickModel(app: AppPage, id: string): Promise<void> {
  const at = await app.page.evaluate((m) => window.__hulldown!.screenPosition(m), id);
  if (!at) throw new Error(`${id} is not on screen`);
  await app.page.mouse.click(at.x, at.y);
}

/** Releases a dragged model and waits until it has landed (the sight worker says on which floor or ground). */
export async function dropDragged(app: AppPage): Promise<void> {
  await app.page.mouse.up();
  await app.page.waitForFunction(() => window.__hulldown!.ui.getState().drag === undefined, undefined, { timeout: 30_000 });
}
