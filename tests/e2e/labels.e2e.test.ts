/**
 * The line-of-sight labels stay readable: a squad in a house gets one label under its display name
 * ("Panzergrenadier squad 1: 5 of 10 seen, best 57 %") when zoomed out, its hidden figures are listed in the panel, and zoomed in each figure the shooter
 * sees gets its own label while the hidden ones get none. The expected numbers come from the sight engine in
 * Node, as `npm run los` would give them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODEL_CATALOG } from "../../src/core/miniatures/shipped";
import { displayNames } from "../../src/core/names";
import { parseScenario } from "../../src/core/scenario/load";
import defaultBattlefield from "../../src/scenarios/default.json";
import { visibilityEntry } from "../../src/sight/matrix";
import { createSightWorld } from "../../src/sight/sightWorld";
import { DEFAULT_COARSE_GRID, DEFAULT_FINE_GRID } from "../../src/sight/visibility";
import { type AppPage, clickModel, openApp } from "./browser";

const SHOOTER = "us-sherman-1";
/** The squad holding the Maison Lefèvre: partly seen from the Sherman through its windows. */
const UNIT = "ger-sq1";

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1400, height: 900 });
  await app.page.waitForSelector("main[data-ready=true]");
});
afterAll(() => app?.close());

async function expectedFromNode(): Promise<{ seen: string[]; hidden: string[]; best: number; name: (id: string) => string }> {
  const parsed = parseScenario(defaultBattlefield, MODEL_CATALOG);
  if (!parsed.ok) throw new Error("the default battlefield is invalid");
  const world = await createSightWorld(parsed.scenario, MODEL_CATALOG);
  const names = displayNames([parsed.scenario], MODEL_CATALOG);
  const members = [...world.battlefield.models.values()].filter((e) => e.unitId === UNIT).map((e) => e.model.id);
  // Sampled as the app's worker samples the labels (like a single report).
  const entries = members.map((id) => visibilityEntry(world, SHOOTER, id, { coarseGrid: DEFAULT_COARSE_GRID, fineGrid: DEFAULT_FINE_GRID }));
  return {
    seen: entries.filter((e) => e.visibleFraction > 0).map((e) => e.target),
    hidden: entries.filter((e) => e.visibleFraction === 0).map((e) => e.target),
    best: Math.max(...entries.map((e) => e.visibleFraction)),
    name: (id) => names.of(id),
  };
}

const perModelLabels = () => app.page.locator(`[data-testid^="los-label-${UNIT}-"]`);

describe("line-of-sight labels", () => {
  it("aggregate a squad inside a building when zoomed out, and label each seen figure when zoomed in", async () => {
    const expected = await expectedFromNode();
    expect(expected.seen.length).toBeGreaterThan(0);
    expect(expected.hidden.length).toBeGreaterThan(0);

    await app.page.keyboard.press("l");
    await clickModel(app, SHOOTER);
    const unitLabel = app.page.getByTestId(`los-unit-label-${UNIT}`);
    await unitLabel.waitFor({ timeout: 90_000 });
    const total = expected.seen.length + expected.hidden.length;
    expect(await unitLabel.textContent()).toBe(`${expected.name(UNIT)}: ${expected.seen.length} of ${total} seen, best ${Math.round(expected.best * 100)} %`);
    expect(await perModelLabels().count()).toBe(0);
    // The hidden figures are listed in the panel instead, by the names a player reads (ids only in tooltips).
    const hiddenList = app.page.getByTestId("los-hidden");
    await hiddenList.locator("summary").click();
    const listed = (await hiddenList.textContent()) ?? "";
    expect(listed).toContain(expected.name(UNIT));
    for (const id of expected.hidden) expect(listed).toContain(expected.name(id).replace(`${expected.name(UNIT)} · `, ""));
    expect(listed).not.toContain(UNIT);
    await app.screenshot("los-labels-zoomed-out");

    // Hovering a figure of the squad shows its own label.
    const hovered = expected.seen[0]!;
    const at = await app.page.evaluate((m) => window.__hulldown!.screenPosition(m), hovered);
    await app.page.mouse.move(at!.x, at!.y);
    await expect.poll(() => app.page.getByTestId(`los-label-${hovered}`).count(), { timeout: 30_000 }).toBe(1);
    await app.page.mouse.move(5, 300);

    // Zoom in on the squad: one label per figure the Sherman sees, none over the hidden ones.
    await app.page.evaluate((unit) => {
      const hooks = window.__hulldown!;
      const members = [...hooks.game.getState().battlefield.models.values()].filter((e) => e.unitId === unit).map((e) => e.model.id);
      hooks.ui.getState().set({ selection: members });
    }, UNIT);
    await app.page.keyboard.press("f");
    await expect.poll(() => unitLabel.count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => perModelLabels().count(), { timeout: 30_000 }).toBe(expected.seen.length);
    for (const id of expected.seen) expect(await app.page.getByTestId(`los-label-${id}`).count()).toBe(1);
    await app.screenshot("los-labels-zoomed-in");
    expect(app.errors).toEqual([]);
  }, 240_000);
});
