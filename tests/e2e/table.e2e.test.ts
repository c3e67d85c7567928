/**
 * The table at a glance, through the UI: the briefing on load and help on "?", a template centred on a
 * model by clicking it and then dragged, the ruler between two free points of the table, and the distance a
 * dragged model has moved, shown live and written in the log.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import defaultBattlefield from "../../src/scenarios/default.json";
import { type AppPage, clickModel, dropDragged, openApp } from "./browser";

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1400, height: 900 }, { keepBriefing: true });
  await app.page.waitForSelector("main[data-ready=true]");
});
afterAll(() => app?.close());

/** Where a point [x, z] of the table (on its surface) is on screen. */
const screenAt = ([x, z]: readonly [number, number]) =>
  app.page.evaluate(
    ([px, pz]) => {
      const hooks = window.__hulldown!;
      return hooks.projectPoint([px, hooks.game.getState().battlefield.ground.heightAt([px, pz]), pz])!;
    },
    [x, z] as const,
  );

const lastEvent = () => app.page.evaluate(() => window.__hulldown!.game.getState().log.events.at(-1));

describe("the table", () => {
  it("shows the scenario's briefing on load, again from the toolbar, and help with the camera and firing", async () => {
    const briefing = app.page.getByTestId("briefing");
    await briefing.waitFor({ timeout: 60_000 });
    expect(await briefing.textContent()).toContain(defaultBattlefield.description.slice(0, 60));
    await app.page.getByLabel("Close the briefing").click();
    expect(await briefing.count()).toBe(0);
    await app.page.getByRole("button", { name: "Briefing" }).click();
    await briefing.waitFor();
    await app.page.getByLabel("Close the briefing").click();

    await app.page.keyboard.press("?");
    const help = app.page.getByTestId("help");
    await help.waitFor();
    expect(await help.textContent()).toMatch(/Camera.*orbit.*pan.*zoom/s);
    expect(await help.textContent()).toMatch(/Fire.*Roll/s);
    await app.screenshot("help");
    await app.page.keyboard.press("?");
    expect(await help.count()).toBe(0);
  }, 120_000);

  it("centres a template on a model clicked with the template tool, and drags it after it is laid", async () => {
    const MODEL = "ger-sq3-m1";
    await app.page.keyboard.press("t");
    await clickModel(app, MODEL);
    await expect.poll(() => app.page.evaluate(() => Object.keys(window.__hulldown!.game.getState().state.templates).length)).toBe(1);
    const { template, position } = await app.page.evaluate((m) => {
      const { state, battlefield } = window.__hulldown!.game.getState();
      return { template: Object.values(state.templates)[0]!, position: battlefield.models.get(m)!.model.position };
    }, MODEL);
    expect(template.shape.kind === "blast" && template.shape.at).toEqual(position);
    const under = app.page.getByTestId(`under-${template.id}`);
    const name = await app.page.evaluate((m) => window.__hulldown!.game.getState().names.of(m), MODEL);
    await expect.poll(() => under.textContent(), { timeout: 30_000 }).toContain(name);
    await app.screenshot("template-on-model");

    // Grab it inside its ring, away from the models, and drag it 10 cm along x.
    const grab: [number, number] = [position[0], position[1] - 3.5];
    const from = await screenAt(grab);
    const to = await screenAt([grab[0] + 10, grab[1]]);
    await app.page.mouse.move(from.x, from.y);
    await app.page.mouse.down();
    await app.page.mouse.move(to.x, to.y, { steps: 6 });
    await app.page.mouse.up();
    const moved = await lastEvent();
    expect(moved?.type).toBe("template-moved");
    const at = await app.page.evaluate((id) => {
      const shape = window.__hulldown!.game.getState().state.templates[id]!.shape;
      return shape.kind === "blast" ? shape.at : shape.from;
    }, template.id);
    expect(Math.hypot(at[0] - (position[0] + 10), at[1] - position[1])).toBeLessThan(1);
    expect(await app.page.evaluate(() => Object.keys(window.__hulldown!.game.getState().state.templates).length)).toBe(1);
    await app.page.keyboard.press("Control+z");
    const back = await app.page.evaluate((id) => window.__hulldown!.game.getState().state.templates[id]!.shape, template.id);
    expect(back.kind === "blast" && back.at).toEqual(position);
  }, 120_000);

  it("measures between two free points of the table", async () => {
    const A: [number, number] = [28, 8];
    const B: [number, number] = [44, 20];
    await app.page.keyboard.press("m");
    for (const p of [A, B]) {
      const s = await screenAt(p);
      await app.page.mouse.click(s.x, s.y);
    }
    const label = app.page.getByTestId("ruler-label");
    await label.waitFor({ timeout: 30_000 });
    const ends = await app.page.evaluate(() => window.__hulldown!.ui.getState().measured);
    const points = ends.flatMap((e) => ("point" in e ? [e.point] : []));
    expect(points).toHaveLength(2);
    const [a, b] = points as [readonly [number, number, number], readonly [number, number, number]];
    // The clicks land where aimed (within a pixel's worth of table), and the label gives their distance.
    expect(Math.hypot(a[0] - A[0], a[2] - A[1])).toBeLessThan(1);
    expect(Math.hypot(b[0] - B[0], b[2] - B[1])).toBeLessThan(1);
    const distance = Math.hypot(b[0] - a[0], b[2] - a[2]);
    expect(await label.textContent()).toMatch(new RegExp(`^${distance.toFixed(1)} cm`));
    await app.screenshot("ruler-points");
  }, 120_000);

  it("keeps the panels off the model worked on, folds them, and keeps the game log's height", async () => {
    // The line-of-sight panel, full of targets, covers the right of the table.
    await app.page.keyboard.press("Escape");
    await app.page.keyboard.press("l");
    const side = app.page.getByTestId("side-panel");
    /** The models drawn under the tool's panel or the game log, as they stand now. */
    const coveredModels = (panels: string[]) =>
      app.page.evaluate((selectors) => {
        const hooks = window.__hulldown!;
        const rects = selectors.map((s) => document.querySelector(s)!.getBoundingClientRect());
        return [...hooks.game.getState().battlefield.models.keys()].filter((id) => {
          const at = hooks.screenPosition(id);
          return at && rects.some((r) => at.x >= r.left && at.x <= r.right && at.y >= r.top && at.y <= r.bottom);
        });
      }, panels);
    await app.page.evaluate(() => window.__hulldown!.ui.getState().set({ dock: "right", shooter: "us-sherman-2", selection: ["us-sherman-2"] }));
    await app.page.getByTestId("los-hidden").waitFor({ timeout: 60_000 });
    await app.page.getByTestId("los-hidden").locator("summary").click();
    // Looking from a model the panel covers sends the panels to the other side of the screen.
    const under = await coveredModels([".panel.side"]);
    expect(under.length).toBeGreaterThan(0);
    const model = under[0]!;
    await app.page.evaluate((m) => window.__hulldown!.ui.getState().set({ shooter: m, selection: [m] }), model);
    await expect.poll(() => app.page.locator("main").getAttribute("class"), { timeout: 30_000 }).toContain("dock-left");
    expect(await coveredModels([".panel.side", ".panel.log"])).not.toContain(model);

    await app.page.getByTestId("side-panel-fold").click();
    expect(await side.locator(".panel-body").count()).toBe(0);
    await app.page.getByTestId("side-panel-fold").click();
    expect(await side.locator(".panel-body").count()).toBe(1);

    // Forty turns later the log is no taller than before: it scrolls, its newest entry in view.
    const log = app.page.getByTestId("game-log");
    const height = (await log.boundingBox())!.height;
    await app.page.evaluate((m) => {
      const { game } = window.__hulldown!;
      for (let i = 0; i < 40; i++) game.getState().perform({ type: "traverse", model: m, turretHeading: i * 5 });
    }, "us-sherman-2");
    const viewport = app.page.viewportSize()!;
    expect((await log.boundingBox())!.height).toBeLessThanOrEqual(Math.max(height, viewport.height * 0.3) + 1);
    const scrolledToEnd = () =>
      log.locator(".panel-body").evaluate((body) => body.scrollHeight > body.clientHeight && body.scrollTop + body.clientHeight >= body.scrollHeight - 2);
    await expect.poll(scrolledToEnd).toBe(true);
    await app.screenshot("panels-docked-left");
  }, 120_000);

  it("shows the distance a dragged model has moved, live, and logs it as a distance", async () => {
    const MODEL = "us-sherman-1";
    await app.page.keyboard.press("Escape");
    await app.page.keyboard.press("s");
    const from = await app.page.evaluate((m) => window.__hulldown!.screenPosition(m), MODEL);
    await app.page.mouse.move(from!.x, from!.y);
    await app.page.mouse.down();
    await app.page.mouse.move(from!.x + 60, from!.y - 30, { steps: 6 });
    const live = app.page.getByTestId("drag-distance");
    await expect.poll(() => live.textContent(), { timeout: 30_000 }).toMatch(/^moved \d+\.\d cm$/);
    await dropDragged(app);
    const event = await lastEvent();
    expect(event?.type).toBe("model-moved");
    const path = (event as { path: [number, number][] }).path;
    const length = path.slice(1).reduce((sum, p, i) => sum + Math.hypot(p[0] - path[i]![0], p[1] - path[i]![1]), 0);
    expect(length).toBeGreaterThan(2);
    const entry = app.page.getByTestId("game-log").locator("li").last();
    const name = await app.page.evaluate((m) => window.__hulldown!.game.getState().names.of(m), MODEL);
    expect(await entry.textContent()).toBe(`${name} moved ${length.toFixed(1)} cm`);
    expect(app.errors).toEqual([]);
  }, 120_000);
});
