/**
 * The built app in chromium: it draws the default battlefield without console errors, and its sight engine
 * runs in a Web Worker with the same answers as in Node.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODEL_CATALOG } from "../../src/core/miniatures/shipped";
import { parseScenario } from "../../src/core/scenario/load";
import defaultBattlefield from "../../src/scenarios/default.json";
import { sightReport } from "../../src/sight/lineOfSight";
import { createSightWorld } from "../../src/sight/sightWorld";
import { type AppPage, openApp } from "./browser";
import { type Colours, colours } from "./pixels";

let app: AppPage;
beforeAll(async () => {
  app = await openApp();
});
afterAll(() => app?.close());

describe("the app in a browser", () => {
  it("draws the default battlefield with no console errors", async () => {
    // SwiftShader draws on the CPU (about 2 frames a second): wait for the scene, not just the clear colour.
    await expect
      .poll(async () => colours(app.page, await app.canvasPixels()), { timeout: 60_000, interval: 0 })
      .toSatisfy((drawn: Colours) => drawn.distinct > 500 && drawn.dominantShare < 0.6);
    await app.screenshot("default-view");
    expect(app.errors).toEqual([]);
  });

  it("runs the sight engine in a Web Worker, answering as it does in Node", async () => {
    await app.page.waitForFunction(() => window.__hulldown !== undefined);
    const query = { shooter: "us-sherman-1", target: "ger-pak40-1", weapon: "main-gun" };
    const inBrowser = await app.page.evaluate((q) => window.__hulldown!.sight.report(q), query);
    expect(app.page.workers().length).toBeGreaterThan(0);

    const parsed = parseScenario(defaultBattlefield, MODEL_CATALOG);
    if (!parsed.ok) throw new Error("the default battlefield is invalid");
    const inNode = sightReport(await createSightWorld(parsed.scenario, MODEL_CATALOG), query.shooter, query.target, query);
    expect(inBrowser.visibleFraction).toBe(inNode.visibleFraction);
    expect(inBrowser.visibleFraction).toBeGreaterThan(0);
    expect(inBrowser).toEqual(inNode);
  });
});
