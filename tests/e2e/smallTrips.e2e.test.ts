/**
 * Issue 19 A6, the smaller things a new user tripped over, played through the UI: Esc closes the help, and
 * New game… draws over it; the fire panel says "in the open: needs 7+"; while a hill is drawn the edit panel
 * shrinks to the drawing, and a click that lands on it says so instead of vanishing (the hill keeps its four
 * corners); "+ window" on a cottage finds free wall instead of covering its door; the panel that cannot dodge
 * the selected model stops short of it; the log stays folded after a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Scenario } from "../../src/core/scenario/schema";
import { type AppPage, clickModel, openApp, startNewGame, waitUntilRestored } from "./browser";

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1400, height: 900 });
});
afterAll(() => app?.close());

const table = () => app.page.evaluate(() => window.__hulldown!.game.getState().state.scenario) as Promise<Scenario>;
const box = async (testId: string) => (await app.page.getByTestId(testId).boundingBox())!;

async function screenOf(x: number, z: number): Promise<{ x: number; y: number }> {
  const at = await app.page.evaluate(([px, pz]) => window.__hulldown!.projectPoint([px, 0, pz]), [x, z] as const);
  if (!at) throw new Error(`[${x}, ${z}] is not on screen`);
  return at;
}
const clickTable = async (x: number, z: number) => {
  const at = await screenOf(x, z);
  await app.page.mouse.click(at.x, at.y);
};

async function placeSquad(side: string, at: [number, number], heading: number): Promise<void> {
  await app.page.getByTestId("forces-preset").selectOption("us-rifle-squad");
  const sides = await app.page.getByTestId("forces-side").locator("option").allTextContents();
  if (sides.includes(side)) await app.page.getByTestId("forces-side").selectOption(side);
  else {
    await app.page.getByTestId("forces-side").selectOption({ label: "a new side…" });
    await app.page.getByLabel("New side's name").fill(side);
  }
  await app.page.getByLabel("Facing of the new unit").fill(String(heading));
  await app.page.getByLabel("Facing of the new unit").press("Enter");
  const before = (await table()).forces.length;
  await clickTable(...at);
  await expect.poll(async () => (await table()).forces.flatMap((f) => f.units).length, { timeout: 30_000 }).toBe(before + 1);
}

describe("the smaller things", () => {
  it("Esc closes the help; New game… opens over it and Esc closes that first", async () => {
    await app.page.keyboard.press("?");
    await app.page.getByTestId("help").waitFor();
    await app.page.keyboard.press("Escape");
    await app.page.getByTestId("help").waitFor({ state: "detached" });
    await app.page.keyboard.press("?");
    await app.page.getByTestId("new-game-open").click();
    const dialog = await box("new-game");
    // The dialog is what the pointer reaches in its middle, not the help under it.
    const top = await app.page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("[data-testid]")?.getAttribute("data-testid"), {
      x: dialog.x + dialog.width / 2,
      y: dialog.y + 20,
    });
    expect(top).toBe("new-game");
    await app.screenshot("small-trips-new-game-over-help");
    await app.page.keyboard.press("Escape");
    await app.page.getByTestId("new-game").waitFor({ state: "detached" });
    expect(await app.page.getByTestId("help").count()).toBe(1);
    await app.page.keyboard.press("Escape");
    await app.page.getByTestId("help").waitFor({ state: "detached" });
  });

  it('Operation WW2\'s fire panel: "in the open: needs 7+", never "at in the open"', async () => {
    await startNewGame(app.page, "empty", "operation-ww2");
    await app.page.keyboard.press("p");
    await placeSquad("USA", [50, 40], 0);
    await placeSquad("Germany", [50, 75], 180);
    await app.page.keyboard.press("l");
    const [us, ger] = (await table()).forces.map((f) => f.units[0]!.models[0]!.id);
    await clickModel(app, us!);
    await clickModel(app, ger!);
    const verdict = app.page.getByTestId("fire-verdict");
    await expect.poll(() => verdict.textContent(), { timeout: 90_000 }).toMatch(/in the open: needs \d+\+/);
    expect(await verdict.textContent()).not.toMatch(/at in the open/);
    await app.screenshot("small-trips-in-the-open");
  }, 180_000);

  it("while a hill is drawn the panel shrinks to the drawing; a click on it is said, and the hill keeps four corners", async () => {
    await app.page.keyboard.press("Escape");
    await app.page.keyboard.press("b");
    await app.page.getByTestId("edit-part-terrain").click();
    const full = await box("side-panel");
    await app.page.getByTestId("draw-hill").click();
    // Four corners, one of them where the full panel stood.
    const corners: Array<[number, number]> = [
      [100, 30],
      [160, 30],
      [160, 60],
      [100, 60],
    ];
    const under = await screenOf(...corners[1]!);
    expect(under.x > full.x && under.x < full.x + full.width && under.y > full.y && under.y < full.y + full.height).toBe(true);
    await clickTable(...corners[0]!);
    const drawing = await box("side-panel");
    expect(drawing.height).toBeLessThan(full.height / 2);
    expect(await app.page.getByTestId("draw-woods").count()).toBe(0);
    // A click on the panel's text: said in the toast, not a corner.
    const hint = await box("draw-hint");
    await app.page.mouse.click(hint.x + 20, hint.y + 8);
    await expect.poll(() => app.page.getByTestId("toast").textContent()).toMatch(/That click was on the panel, not the table: the drawing still has 1 point/);
    expect(await app.page.getByTestId("draw-hint").textContent()).toContain("1 point");
    for (const corner of corners.slice(1)) await clickTable(...corner);
    await app.screenshot("small-trips-drawing-hill");
    await clickTable(...corners[0]!);
    await expect.poll(async () => (await table()).features.filter((f) => f.kind === "hill").length).toBe(1);
    const hill = (await table()).features.find((f) => f.kind === "hill") as { outline: [number, number][] };
    expect(hill.outline).toHaveLength(4);
  }, 120_000);

  it('"+ window" on a cottage finds free wall: never on top of its door', async () => {
    await app.page.keyboard.press("Escape");
    await app.page.keyboard.press("Escape");
    await app.page.getByTestId("preset-cottage").click();
    await clickTable(130, 95);
    await app.page.keyboard.press("Escape");
    await app.page.getByTestId("feature-properties").waitFor();
    await app.page.getByTestId("add-window").click();
    await app.page.getByTestId("add-window").click();
    const cottage = async () => (await table()).features.find((f) => f.kind === "building") as Extract<Scenario["features"][number], { kind: "building" }>;
    await expect.poll(async () => (await cottage()).openings.filter((o) => o.id.startsWith("window-")).length).toBe(2);
    const { openings } = await cottage();
    for (const [i, a] of openings.entries())
      for (const b of openings.slice(i + 1))
        expect(a.wall !== b.wall || a.floor !== b.floor || Math.abs(a.offset - b.offset) >= (a.width + b.width) / 2, `${a.id} on ${b.id}`).toBe(true);
    expect(await app.page.getByTestId("opening-overlap").count()).toBe(0);
    await app.screenshot("small-trips-windows");
  }, 120_000);

  it("the panel that cannot dodge the selected model stops short of it, however much it grows", async () => {
    await app.page.keyboard.press("Escape");
    // A small window: the Forces panel (right) and the game log mirrored (lower right) both cover the lower right.
    await app.page.setViewportSize({ width: 1000, height: 600 });
    await app.page.keyboard.press("p");
    // The panel on the right, the log on the left (where they start; the earlier steps may have swapped them).
    await app.page.evaluate(() => window.__hulldown!.ui.getState().set({ dock: "right" }));
    const log = await box("game-log");
    // A point of the table drawn there, below the log's top and inside both columns.
    const spot = await app.page.evaluate(
      ({ top }) => {
        const hooks = window.__hulldown!;
        for (let x = 0; x <= 183; x += 3)
          for (let z = 0; z <= 122; z += 3) {
            const at = hooks.projectPoint([x, 0, z]);
            // Clear of the cottage laid at (130, 95).
            if (at && at.x > 700 && at.x < 950 && at.y > top + 20 && at.y < 560 && Math.hypot(x - 130, z - 95) > 15) return { x, z };
          }
        return undefined;
      },
      { top: log.y },
    );
    expect(spot).toBeDefined();
    // A grenadier stands there (set up through the game, as a loaded battlefield would have him), selected.
    const model = { id: "dodged-1", model: "ger-rifleman", position: [spot!.x, spot!.z] as [number, number], heading: 180, turretHeading: 0 };
    await app.page.evaluate(
      (m) =>
        window
          .__hulldown!.game.getState()
          .perform({ type: "place-unit", force: "force-germany", side: "Germany", unit: { id: "dodged", name: "Dodged", models: [m] } }),
      model,
    );
    await app.page.evaluate(() => window.__hulldown!.ui.getState().set({ selection: ["dodged-1"] }));
    await app.page.getByTestId("forces-selected").waitFor();
    const at = (await app.page.evaluate(() => window.__hulldown!.screenPosition("dodged-1")))!;
    // Shortened to end above him; its body scrolls for the rest.
    await expect.poll(() => app.page.evaluate(() => window.__hulldown!.ui.getState().panelLimits.side), { timeout: 30_000 }).toBeDefined();
    await expect.poll(async () => (await box("side-panel")).y + (await box("side-panel")).height).toBeLessThan(at.y);
    const scrolls = await app.page.evaluate(() => {
      const body = document.querySelector(".panel.side .panel-body")!;
      return body.scrollHeight > body.clientHeight;
    });
    expect(scrolls).toBe(true);
    await app.screenshot("small-trips-panel-short-of-model");
    await app.page.setViewportSize({ width: 1400, height: 900 });
  }, 120_000);

  it("the log stays folded after a reload", async () => {
    await app.page.keyboard.press("Escape");
    await app.page.keyboard.press("s");
    await app.page.getByTestId("game-log-fold").click();
    expect(await app.page.getByTestId("game-log-fold").getAttribute("aria-expanded")).toBe("false");
    await app.page.reload();
    await waitUntilRestored(app.page);
    await app.page.waitForFunction(() => window.__hulldown !== undefined);
    expect(await app.page.getByTestId("game-log-fold").getAttribute("aria-expanded")).toBe("false");
    await app.screenshot("small-trips-log-folded");
    expect(app.errors).toEqual([]);
  }, 120_000);
});
