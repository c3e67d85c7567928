/**
 * The default battlefield looks like a wargaming table: screenshots from two angles (test-results/
 * screenshots/table-look-*.png), trees in the wood, a hill that stands out from the table, and a frame
 * that stays within its draw-call budget; scenery added through the game log (smoke, a crater, a pond, a
 * river, rough ground) and a decorative hedge drawn lighter than a real one; the properties panel's
 * decorative flag; the viewshed overlay and the model's-eye view over the new terrain.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import defaultBattlefield from "../../src/scenarios/default.json";
import { type AppPage, clickModel, openApp } from "./browser";
import { type Rgb, regionPixels } from "./pixels";

/** Draw calls of one frame of the default table with shadows on (the shadow pass included). */
const DRAW_CALL_BUDGET = 250;

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1280, height: 800 });
  await app.page.waitForSelector("main[data-ready=true]");
  // Shadows come on a frame after the first; give the table time to draw them.
  await app.page.waitForFunction(() => (window.__hulldown?.frameCost()?.calls ?? 0) > 0);
  await app.page.waitForTimeout(1500);
});
afterAll(() => app?.close());

const onScreen = (point: readonly [number, number, number]) => app.page.evaluate((p) => window.__hulldown!.projectPoint(p)!, point);

/** The pixels of a square of `half` CSS pixels either side of where a table point is drawn. */
async function pixelsAround(png: Buffer, point: readonly [number, number, number], half: number): Promise<Rgb[]> {
  const at = await onScreen(point);
  return regionPixels(app.page, png, { x: Math.round(at.x - half), y: Math.round(at.y - half), width: 2 * half, height: 2 * half });
}

const mean = (pixels: readonly Rgb[]): Rgb => [0, 1, 2].map((k) => pixels.reduce((s, p) => s + p[k]!, 0) / pixels.length) as unknown as Rgb;
const luminance = ([r, g, b]: Rgb) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
const leafy = ([r, g, b]: Rgb) => g > r * 1.05 && g > b * 1.2;
const woody = ([r, g, b]: Rgb) => r > b * 1.15 && r >= g * 0.9 && luminance([r, g, b]) < 150;

const wood = defaultBattlefield.features.find((f) => f.id === "wood-bois-guillaume")!;
const woodCentre = (() => {
  const outline = wood.outline as [number, number][];
  return [outline.reduce((s, p) => s + p[0], 0) / outline.length, 5, outline.reduce((s, p) => s + p[1], 0) / outline.length] as const;
})();

describe("the table's look", () => {
  it("draws the default battlefield from above: trees in the wood, the hill apart from the table, within the draw-call budget", async () => {
    await app.screenshot("table-look-overview");
    const png = await app.canvasPixels();
    const woods = await pixelsAround(png, woodCentre, 40);
    const leaves = woods.filter(leafy).length / woods.length;
    const trunksAndFloor = woods.filter(woody).length / woods.length;
    const lum = woods.map(luminance);
    const spread = Math.sqrt(lum.reduce((s, l) => s + (l - lum.reduce((a, b) => a + b, 0) / lum.length) ** 2, 0) / lum.length);
    console.log(
      `table look: wood pixels leafy ${(leaves * 100).toFixed(0)}%, trunk/floor ${(trunksAndFloor * 100).toFixed(0)}%, luminance spread ${spread.toFixed(1)}`,
    );
    expect(leaves).toBeGreaterThan(0.3);
    expect(trunksAndFloor).toBeGreaterThan(0.01);
    // Trees are lit and shaded canopies, not one flat translucent box.
    expect(spread).toBeGreaterThan(12);

    // Hill 112's crest plateau against open table at the same distance from the camera.
    const hillTop = mean(await pixelsAround(png, [36, 8, 93], 8));
    const table = mean(await pixelsAround(png, [36, 0, 66], 8));
    const difference = Math.hypot(hillTop[0] - table[0], hillTop[1] - table[1], hillTop[2] - table[2]);
    console.log(`table look: hill top ${hillTop.map(Math.round).join(",")} vs table ${table.map(Math.round).join(",")}: distance ${difference.toFixed(1)}`);
    expect(difference).toBeGreaterThan(20);

    const cost = await app.page.evaluate(() => window.__hulldown!.frameCost()!);
    console.log(`table look: one frame of the default table costs ${cost.calls} draw calls, ${cost.triangles} triangles (budget ${DRAW_CALL_BUDGET} calls)`);
    expect(cost.calls).toBeLessThanOrEqual(DRAW_CALL_BUDGET);
    expect(app.errors).toEqual([]);
  });

  it("draws scenery added through the game log (smoke, a crater, a pond, a river, rough ground), and a decorative hedge lighter than a real one", async () => {
    const added = await app.page.evaluate(() =>
      window.__hulldown!.game.getState().perform({
        type: "add-features",
        features: [
          { id: "look-smoke", kind: "smoke", at: [108, 99], radius: 5, height: 9 },
          { id: "look-crater", kind: "crater", at: [99, 111], radius: 3 },
          {
            id: "look-pond",
            kind: "pond",
            outline: [
              [112, 106],
              [121, 105],
              [122, 114],
              [113, 116],
            ],
          },
          {
            id: "look-river",
            kind: "river",
            path: [
              [60, 118],
              [75, 110],
              [86, 104],
            ],
            width: 5,
          },
          {
            id: "look-rough",
            kind: "rough",
            outline: [
              [100, 86],
              [110, 84],
              [112, 92],
              [101, 93],
            ],
          },
          {
            id: "look-hedge",
            kind: "hedge",
            path: [
              [100, 78],
              [118, 78],
            ],
          },
          {
            id: "look-hedge-decorative",
            kind: "hedge",
            path: [
              [100, 82],
              [118, 82],
            ],
            decorative: true,
          },
        ],
      }),
    );
    expect(added).toBe(true);
    await app.page.waitForTimeout(2000);
    await app.screenshot("table-look-scenery");
    const png = await app.canvasPixels();
    const real = luminance(mean(await pixelsAround(png, [109, 2.1, 78], 2)));
    const decorative = luminance(mean(await pixelsAround(png, [109, 2.1, 82], 2)));
    console.log(`table look: hedge luminance ${real.toFixed(0)}, the same hedge marked decorative ${decorative.toFixed(0)}`);
    expect(decorative).toBeGreaterThan(real + 30);
    expect(app.errors).toEqual([]);
  });

  it("marks a hedge decorative from the editor's properties panel, one undoable edit in the game log", async () => {
    const hedge = () => app.page.evaluate(() => window.__hulldown!.game.getState().state.scenario.features.find((f) => f.id === "look-hedge"));
    await app.page.keyboard.press("b");
    await app.page.getByTestId("edit-panel").waitFor();
    const at = await onScreen([104, 1, 78]);
    await app.page.mouse.click(at.x, at.y);
    const flag = app.page.getByTestId("prop-decorative");
    await flag.waitFor({ timeout: 60_000 });
    expect(await flag.isChecked()).toBe(false);
    await flag.check();
    await expect.poll(hedge, { timeout: 30_000 }).toMatchObject({ decorative: true });
    const last = await app.page.evaluate(() => window.__hulldown!.game.getState().log.events.at(-1));
    expect(last).toMatchObject({ type: "feature-changed", to: { id: "look-hedge", decorative: true } });
    await app.screenshot("table-look-decorative-flag");
    // Shortcuts are not typed into the panel's fields: leave the checkbox first.
    await flag.blur();
    await app.page.keyboard.press("Escape");
    await app.page.keyboard.press("b");
    await app.page.getByTestId("edit-panel").waitFor({ state: "detached" });
    expect(app.errors).toEqual([]);
  }, 120_000);

  it("keeps the viewshed overlay over the new terrain", async () => {
    const before = await app.canvasPixels();
    await clickModel(app, "us-sherman-1");
    await app.page.getByRole("button", { name: "viewshed" }).click();
    await app.page.waitForTimeout(6000);
    await app.screenshot("table-look-viewshed");
    const after = await app.canvasPixels();
    const greenish = (pixels: Rgb[]) => pixels.filter(([r, g, b]) => g > r * 1.35 && g > b * 1.35 && g > 90).length;
    const region = { x: 200, y: 150, width: 880, height: 550 };
    const [g0, g1] = [greenish(await regionPixels(app.page, before, region, 4)), greenish(await regionPixels(app.page, after, region, 4))];
    console.log(`table look: bright green pixels before the viewshed ${g0}, with it ${g1}`);
    expect(g1).toBeGreaterThan(g0 * 1.5 + 100);
    await app.page.getByRole("button", { name: "viewshed" }).click();
    expect(app.errors).toEqual([]);
  }, 180_000);

  it("keeps the model's-eye view over the new terrain", async () => {
    await app.page.getByRole("button", { name: "eye view" }).click();
    await app.page.waitForTimeout(3000);
    await app.screenshot("table-look-eye-view");
    await app.page.getByRole("button", { name: "eye view" }).click();
    await app.page.keyboard.press("Escape");
    expect(app.errors).toEqual([]);
  }, 180_000);

  it("draws it from a low angle over the hill towards the village", async () => {
    await app.page.mouse.move(640, 560);
    await app.page.mouse.down({ button: "left" });
    await app.page.mouse.move(760, 470, { steps: 2 });
    await app.page.mouse.up({ button: "left" });
    await app.page.mouse.wheel(0, -600);
    await app.page.waitForTimeout(3000);
    await app.screenshot("table-look-low-angle");
    expect(app.errors).toEqual([]);
  }, 180_000);
});
