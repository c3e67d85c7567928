/**
 * Issue 19 A3 and the wheel: a 31 mm STL rifleman (legs apart, body, head, rifle held out; built in the test)
 * imported onto an empty table stands there as the mesh the player imported, not as the lump of its convex
 * hull: through the gap between his legs the table shows. C shows the collider the sight engine uses, which
 * fills that gap. And the wheel zooms towards the pointer: the table point under it stays under it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HIPS_MM, RIFLEMAN_STL } from "../helpers/stl";
import { type AppPage, clickModel, openApp, startNewGame } from "./browser";
import { type Rgb, regionPixels } from "./pixels";

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1400, height: 900 });
});
afterAll(() => app?.close());

const MINI = "mini-rifleman-1";

async function screenOf(point: readonly [number, number, number]): Promise<{ x: number; y: number }> {
  const at = await app.page.evaluate((p) => window.__hulldown!.projectPoint(p), point);
  if (!at) throw new Error(`[${point.join(", ")}] is not on screen`);
  return at;
}

/** The mean colour of the 5 × 5 pixels around a screen point of what WebGL drew. */
async function colourAt(at: { x: number; y: number }): Promise<Rgb> {
  const pixels = await regionPixels(app.page, await app.canvasPixels(), { x: Math.round(at.x) - 2, y: Math.round(at.y) - 2, width: 5, height: 5 });
  const mean = (k: 0 | 1 | 2) => pixels.reduce((s, p) => s + p[k], 0) / pixels.length;
  return [mean(0), mean(1), mean(2)];
}

const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
const distanceOnScreen = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

/** Two frames drawn after a change, so the screenshot shows it (software WebGL draws about two a second). */
const settle = () => app.page.waitForTimeout(2_500);

describe("an imported miniature on the table", () => {
  it("stands as the mesh imported; C draws the collider that blocks sight", async () => {
    await startNewGame(app.page, "empty");
    // A side to import the mini for: a squad placed in a corner, as a new user would.
    await app.page.keyboard.press("p");
    await app.page.getByTestId("forces-preset").selectOption("us-rifle-squad");
    await app.page.getByTestId("forces-side").selectOption({ label: "a new side…" });
    await app.page.getByLabel("New side's name").fill("USA");
    const corner = await screenOf([25, 0, 25]);
    await app.page.mouse.click(corner.x, corner.y);
    await expect.poll(() => app.page.evaluate(() => window.__hulldown!.game.getState().state.scenario.forces.length), { timeout: 30_000 }).toBe(1);
    await app.page.keyboard.press("s");

    const chooser = app.page.waitForEvent("filechooser");
    await app.page.getByTestId("import-mini").click();
    await (await chooser).setFiles({ name: "rifleman.stl", mimeType: "application/octet-stream", buffer: RIFLEMAN_STL });
    const report = app.page.getByTestId("import-mini-report");
    await report.waitFor();
    // Convex by default: the hull blocks sight, the file's 60 triangles are drawn.
    expect(await report.textContent()).toMatch(/^3\.1 cm tall · triangles: 60 in the file, \d+ for sight, 60 drawn$/);
    await app.page.getByTestId("import-mini-place").click();
    await app.page.getByTestId("import-mini-dialog").waitFor({ state: "detached" });
    await expect.poll(() => app.page.evaluate((id) => window.__hulldown!.screenPosition(id) !== undefined, MINI)).toBe(true);

    // Close to him: select, F, then deselect so no ring is drawn at his feet.
    await clickModel(app, MINI);
    await app.page.keyboard.press("f");
    await app.page.keyboard.press("Escape");
    const { x, z, heading } = await app.page.evaluate((id) => {
      const m = window.__hulldown!.game.getState().battlefield.models.get(id)!.model;
      return { x: m.position[0], z: m.position[1], heading: m.heading };
    }, MINI);
    expect(heading).toBe(0);
    // Half way up the gap between his legs (the file's 4 mm gap, up to his hips at 14 mm).
    const gap = await screenOf([x, (HIPS_MM / 10) * 0.5, z]);
    // The table beside him, in the same light.
    const table = await screenOf([x + 4, 0, z - 1]);
    await settle();
    const drawn = await colourAt(gap);
    const ground = await colourAt(table);
    await app.screenshot("imported-mini-drawn");

    await app.page.keyboard.press("c");
    await expect.poll(() => app.page.evaluate(() => window.__hulldown!.ui.getState().showColliders)).toBe(true);
    await settle();
    const collider = await colourAt(gap);
    await app.screenshot("imported-mini-collider");

    // Drawn as imported, the table shows between his legs; as the collider (his hull), the figure fills it.
    expect(distance(drawn, ground)).toBeLessThan(distance(drawn, collider));
    expect(distance(drawn, collider)).toBeGreaterThan(40);
    await app.page.keyboard.press("c");
    expect(app.errors).toEqual([]);
  }, 240_000);

  it("the wheel zooms towards the pointer: the table point under it stays under it", async () => {
    // A point of the table well off the screen's centre, and how long 10 cm of table there looks.
    const point = [60, 0, 40] as const;
    const beside = [70, 0, 40] as const;
    const before = await screenOf(point);
    const scaleBefore = distanceOnScreen(before, await screenOf(beside));
    expect(Math.hypot(before.x - 700, before.y - 450)).toBeGreaterThan(150);
    await app.page.mouse.move(before.x, before.y);
    for (let i = 0; i < 8; i++) {
      await app.page.mouse.wheel(0, -300);
      await app.page.waitForTimeout(300);
    }
    await settle();
    const after = await screenOf(point);
    // Zoomed in (the table looks bigger), the point still under the pointer: zooming to the screen's centre
    // would have carried it outwards.
    expect(distanceOnScreen(after, await screenOf(beside))).toBeGreaterThan(1.15 * scaleBefore);
    expect(distanceOnScreen(after, before)).toBeLessThan(6);
    await app.screenshot("wheel-zoom-to-pointer");
  }, 120_000);
});
