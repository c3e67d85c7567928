/**
 * The battlefield editor through the UI: on an open table between two riflemen, draw a hedge point by
 * point, drag one of its corners, place a two-storey house from its preset and give it a first-floor
 * window; the sight world sees each change (the line of sight between the riflemen changes), and undo and
 * redo walk the edits back and forth.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppPage, openApp } from "./browser";

const OPEN_TABLE = {
  format: "hulldown-scenario",
  version: 1,
  name: "Open table",
  forces: [
    { id: "us", side: "USA", units: [{ id: "us-squad", models: [{ id: "us-rifleman", model: "us-rifleman", position: [40, 60], heading: 90 }] }] },
    { id: "ger", side: "Germany", units: [{ id: "ger-squad", models: [{ id: "ger-rifleman", model: "ger-rifleman", position: [140, 60], heading: -90 }] }] },
  ],
};

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1400, height: 900 });
  await app.page.waitForSelector("main[data-ready=true]");
  await app.page.waitForFunction(() => window.__hulldown !== undefined);
  const chooser = app.page.waitForEvent("filechooser");
  await app.page.getByRole("button", { name: "Open…" }).click();
  await (await chooser).setFiles({ name: "open-table.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(OPEN_TABLE)) });
  await app.page.waitForFunction(() => window.__hulldown!.game.getState().log.header.scenario.name === "Open table");
  await app.page.getByLabel("Close the briefing").click({ timeout: 60_000 });
});
afterAll(() => app?.close());

/** The US rifleman's view of the German, from the app's sight worker. */
const visible = () =>
  app.page.evaluate(() => window.__hulldown!.sight.report({ shooter: "us-rifleman", target: "ger-rifleman" }).then((r) => r.visibleFraction));
const features = () => app.page.evaluate(() => window.__hulldown!.game.getState().state.scenario.features);

/** Clicks (or presses at) the table point [x, z] where it is drawn. */
async function tablePoint(x: number, z: number, lift = 0): Promise<{ x: number; y: number }> {
  const at = await app.page.evaluate(([px, pz, dy]) => window.__hulldown!.projectPoint([px, dy, pz]), [x, z, lift] as const);
  if (!at) throw new Error(`[${x}, ${z}] is not on screen`);
  return at;
}
const clickTable = async (x: number, z: number) => {
  const at = await tablePoint(x, z);
  await app.page.mouse.click(at.x, at.y);
};

describe("the battlefield editor", () => {
  let open = 0;
  let behindHedge = 0;

  it("draws a hedge point by point; the sight line between the riflemen loses what it hides", async () => {
    open = await visible();
    expect(open).toBeGreaterThan(0.95);
    await app.page.keyboard.press("b");
    await app.page.getByTestId("edit-panel").waitFor();
    await app.page.getByTestId("draw-hedge").click();
    await clickTable(90, 45);
    await clickTable(90, 75);
    expect(await app.page.getByTestId("draw-hint").textContent()).toContain("2 points");
    await app.page.keyboard.press("Enter");
    await expect.poll(features).toHaveLength(1);
    const [hedge] = await features();
    expect(hedge).toMatchObject({ id: "hedge-1", kind: "hedge", height: 2 });
    const path = (hedge as { path: [number, number][] }).path;
    expect(Math.hypot(path[0]![0] - 90, path[0]![1] - 45)).toBeLessThan(1);
    expect(Math.hypot(path[1]![0] - 90, path[1]![1] - 75)).toBeLessThan(1);
    await expect.poll(visible, { timeout: 30_000 }).toBeLessThan(open - 0.05);
    behindHedge = await visible();
    expect(behindHedge).toBeGreaterThan(0);
  }, 120_000);

  it("moves a corner of the hedge by dragging its handle, and types a new height", async () => {
    await app.page.keyboard.press("Escape");
    await app.page.keyboard.press("Escape");
    await clickTable(90, 60);
    await app.page.getByTestId("feature-properties").waitFor();
    const from = await tablePoint(90, 75, 0.4);
    const to = await tablePoint(96, 80, 0.4);
    await app.page.mouse.move(from.x, from.y);
    await app.page.mouse.down();
    await app.page.mouse.move(to.x, to.y, { steps: 6 });
    await app.page.mouse.up();
    await expect.poll(async () => (await features())[0]!).toMatchObject({ id: "hedge-1" });
    const moved = ((await features())[0] as { path: [number, number][] }).path[1]!;
    expect(Math.hypot(moved[0] - 96, moved[1] - 80)).toBeLessThan(1.5);
    const height = app.page.getByTestId("prop-height");
    await height.fill("1.5");
    await height.press("Enter");
    await expect.poll(async () => (await features())[0]).toMatchObject({ height: 1.5 });
    // A refused value: the schema's message, the hedge as it was.
    await height.fill("-2");
    await height.press("Enter");
    await expect
      .poll(() => app.page.locator(".toast").textContent())
      .toMatch(/cannot change Hedge 1: features\[0\]\.height: -2 cm: a hedge must be more than 0 cm/);
    expect(await features()).toMatchObject([{ height: 1.5 }]);
    await expect.poll(visible, { timeout: 30_000 }).toBeGreaterThan(behindHedge);
    behindHedge = await visible();
    await app.screenshot("editor-hedge");
  }, 120_000);

  it("places a two-storey house from its preset, adds a first-floor window, and the house hides the German", async () => {
    await app.page.getByTestId("preset-house").click();
    await clickTable(115, 60);
    await expect.poll(async () => (await features()).map((f) => f.id)).toEqual(["hedge-1", "house-1"]);
    await app.page.keyboard.press("Escape");
    await app.page.getByTestId("add-window").click();
    await app.page.getByTestId("opening-window-1").waitFor();
    await app.page.getByTestId("opening-window-1-floor").selectOption("1");
    await app.page.getByTestId("opening-window-1-wall").selectOption("3");
    const house = async () => (await features())[1] as { floors: number; openings: Array<{ id: string; floor: number; wall: number; type: string }> };
    await expect.poll(async () => (await house()).openings.find((o) => o.id === "window-1")).toMatchObject({ type: "window", floor: 1, wall: 3 });
    expect((await house()).floors).toBe(2);
    await expect.poll(visible, { timeout: 30_000 }).toBe(0);
    await app.screenshot("editor-house");
  }, 120_000);

  it("undo takes the edits back one by one, redo brings them back, and the sight world follows", async () => {
    // Window on wall 3, window to floor 1, window added, house added: four undos to the hedge alone.
    for (let i = 0; i < 4; i++) await app.page.keyboard.press("Control+z");
    await expect.poll(async () => (await features()).map((f) => f.id)).toEqual(["hedge-1"]);
    await expect.poll(visible, { timeout: 30_000 }).toBeCloseTo(behindHedge, 5);
    for (let i = 0; i < 4; i++) await app.page.keyboard.press("Control+Shift+z");
    await expect.poll(async () => (await features()).map((f) => f.id)).toEqual(["hedge-1", "house-1"]);
    await expect.poll(visible, { timeout: 30_000 }).toBe(0);
    const log = await app.page.evaluate(() => window.__hulldown!.game.getState().log.events.map((e) => e.type));
    expect(log).toEqual(["features-added", "feature-changed", "feature-changed", "features-added", "feature-changed", "feature-changed", "feature-changed"]);
  }, 120_000);

  it("moves the house with the gizmo's arrow; Ctrl+D duplicates it and Del deletes the copy", async () => {
    const centre = async () =>
      app.page.evaluate(() => {
        const house = window.__hulldown!.game.getState().state.scenario.features.find((f) => f.id === "house-1") as { footprint: [number, number][] };
        return [house.footprint.reduce((s, p) => s + p[0], 0) / 4, house.footprint.reduce((s, p) => s + p[1], 0) / 4];
      });
    const [cx, cz] = await centre();
    await clickTable(cx!, cz!);
    await expect.poll(() => app.page.evaluate(() => window.__hulldown!.game.getState().state.scenario.features.length)).toBe(2);
    // The blue arrow points along +z from the gizmo's centre (towards the camera), a fixed length on screen:
    // grab it near its middle and pull it back 10 cm.
    const origin = await tablePoint(cx!, cz!, 0.4);
    const alongZ = await tablePoint(cx!, cz! + 5, 0.4);
    const d = Math.hypot(alongZ.x - origin.x, alongZ.y - origin.y);
    const grab = { x: origin.x + ((alongZ.x - origin.x) / d) * 55, y: origin.y + ((alongZ.y - origin.y) / d) * 55 };
    await app.page.mouse.move(grab.x, grab.y);
    await app.page.mouse.down();
    await app.page.mouse.move(grab.x - (alongZ.x - origin.x) * 2, grab.y - (alongZ.y - origin.y) * 2, { steps: 8 });
    await app.page.mouse.up();
    // Moved towards -z, along the arrow only.
    await expect.poll(async () => (await centre())[1]!, { timeout: 20_000 }).toBeLessThan(cz! - 5);
    expect((await centre())[0]).toBeCloseTo(cx!, 0);
    await app.screenshot("editor-gizmo");

    await app.page.keyboard.press("Control+d");
    await expect.poll(async () => (await features()).map((f) => f.id)).toEqual(["hedge-1", "house-1", "house-2"]);
    await app.page.keyboard.press("Delete");
    await expect.poll(async () => (await features()).map((f) => f.id)).toEqual(["hedge-1", "house-1"]);
  }, 120_000);

  it("draws a hill closed on its first point, and places a church with its tower and a ruin", async () => {
    await app.page.getByTestId("draw-hill").click();
    for (const [x, z] of [
      [40, 58],
      [75, 56],
      [78, 78],
      [42, 80],
      [40.3, 58.2],
    ] as const)
      await clickTable(x, z);
    await expect.poll(async () => (await features()).map((f) => f.kind)).toEqual(["hedge", "building", "hill"]);
    expect(((await features())[2] as { outline: unknown[] }).outline).toHaveLength(4);
    expect(await app.page.getByTestId("prop-slope").inputValue()).toBe("6");
    await app.page.getByTestId("preset-church").click();
    await clickTable(60, 25);
    await app.page.getByTestId("preset-ruin").click();
    await clickTable(140, 95);
    await app.page.keyboard.press("Escape");
    await expect.poll(async () => (await features()).map((f) => f.id)).toEqual(["hedge-1", "house-1", "hill-1", "church-1", "church-1-tower", "ruin-1"]);
    await clickTable(58, 68);
    await app.page.getByTestId("feature-properties").waitFor();
    await app.screenshot("editor-hill-church-ruin");
  }, 120_000);

  it("keeps every edit after a reload (the autosave's game file replays them)", async () => {
    const before = await features();
    await app.page.reload();
    await app.page.waitForSelector("main[data-ready=true]");
    await app.page.waitForFunction(() => window.__hulldown !== undefined);
    expect(await features()).toEqual(before);
    expect(app.errors).toEqual([]);
  }, 120_000);
});
