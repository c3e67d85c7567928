/**
 * Models upstairs are picked with the roofs on, as a player clicks them: the MG 42 on the upper floor of
 * the Maison Lefèvre, the MG 42 and the riflemen on the floors of the church tower, clicked where they are
 * drawn (through a window or a wall); and a click on a roof picks the model on the top floor under it, not
 * a model hidden behind the building.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import defaultBattlefield from "../../src/scenarios/default.json";
import { type AppPage, clickModel, openApp } from "./browser";

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1400, height: 900 });
  await app.page.waitForSelector("main[data-ready=true]");
});
afterAll(() => app?.close());

/** Models on the floors of buildings (upper floors first), with their building. */
const UPSTAIRS = [
  ["ger-mg42-1", "house"],
  ["ger-mg42-3", "church-tower"],
  ["ger-sq6-m8", "church-tower"],
] as const;
/** The models alone on their building's top floor, right under its roof. */
const TOP_FLOOR = [UPSTAIRS[0], UPSTAIRS[2]];

const shooter = () => app.page.evaluate(() => window.__hulldown!.ui.getState().shooter);

async function chooseLosTool(): Promise<void> {
  await app.page.keyboard.press("Escape");
  await app.page.keyboard.press("l");
  expect(await app.page.evaluate(() => window.__hulldown!.ui.getState().showRoofs)).toBe(true);
}

describe("models upstairs, roofs on", () => {
  it.each(UPSTAIRS)(
    "picks %s where it is drawn",
    async (id) => {
      await chooseLosTool();
      await clickModel(app, id);
      await expect.poll(shooter, { timeout: 30_000 }).toBe(id);
    },
    120_000,
  );

  it.each(TOP_FLOOR)(
    "picks %s by a click on the roof of the %s",
    async (id, building) => {
      await chooseLosTool();
      const feature = defaultBattlefield.features.find((f) => f.id === building) as { floors: number; floorHeight: number };
      // Just above the walls' top, over the model: the click lands on the roof (or the wall in front of it).
      const at = await app.page.evaluate(
        ([m, top]) => {
          const hooks = window.__hulldown!;
          const { battlefield } = hooks.game.getState();
          const [x, z] = battlefield.models.get(m)!.model.position;
          return hooks.projectPoint([x, battlefield.ground.heightAt([x, z]) + top, z])!;
        },
        [id, feature.floors * feature.floorHeight + 0.5] as const,
      );
      await app.page.mouse.click(at.x, at.y);
      await expect.poll(shooter, { timeout: 30_000 }).toBe(id);
      await app.screenshot(`picked-${id}`);
      expect(app.errors).toEqual([]);
    },
    120_000,
  );
});
