/**
 * Missions through the UI: the default battlefield's own mission drawn on the table (zones and named
 * objectives); New game… chooses a rule system's sample mission for another battlefield and says "sample";
 * the Mission tab draws a deployment zone with two clicks and places an objective, and Ctrl+Z takes it back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Scenario } from "../../src/core/scenario/schema";
import { type AppPage, closeBriefingIfShown, openApp, replaceIfAsked } from "./browser";

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1400, height: 900 });
  await app.page.waitForSelector("main[data-ready=true]");
  await app.page.waitForFunction(() => window.__hulldown !== undefined);
});
afterAll(() => app?.close());

const mission = () => app.page.evaluate(() => window.__hulldown!.game.getState().state.scenario.mission) as Promise<Scenario["mission"]>;

/** Clicks the table at [x, z] like a user. */
async function clickTable(x: number, z: number): Promise<void> {
  const at = await app.page.evaluate(
    ([px, pz]) => {
      const hooks = window.__hulldown!;
      return hooks.projectPoint([px, hooks.game.getState().battlefield.ground.heightAt([px, pz]), pz]);
    },
    [x, z] as const,
  );
  await app.page.mouse.click(at!.x, at!.y);
}

describe("missions", () => {
  it("the default battlefield's mission is drawn: each side's zone and each objective with its name and points", async () => {
    expect((await mission())?.name).toBe("Take the crossroads");
    await expect.poll(() => app.page.getByTestId("mission-label-objective/crossroads").textContent(), { timeout: 30_000 }).toMatch(/^Crossroads · 3 pts/);
    expect(await app.page.getByTestId("mission-label-zone/0").textContent()).toBe("USA deployment zone");
    expect(await app.page.getByTestId("mission-label-objective/church").textContent()).toMatch(/^Église Saint-Martin · 2 pts · held by Germany/);
    await app.screenshot("mission-default-table");
  }, 120_000);

  it("New game… offers the rule system's sample missions for the battlefield chosen, marked sample", async () => {
    await app.page.getByTestId("new-game-open").click();
    const dialog = app.page.getByTestId("new-game");
    await dialog.getByLabel("Battlefield").selectOption("normandy-bocage");
    await dialog.getByLabel("Rule system").selectOption("bolt-action");
    const select = dialog.getByTestId("new-game-mission");
    await expect
      .poll(() => select.locator("option").allTextContents(), { timeout: 10_000 })
      .toEqual(["None: play freely", "Hold the crossroads (sample)", "Break through (sample)", "Meeting engagement (sample)"]);
    await select.selectOption({ label: "Break through (sample)" });
    expect(await dialog.getByTestId("new-game-mission-about").textContent()).toMatch(/^ 6 turns\. sample: made up for Hulldown\. USA must get two units off/);
    await dialog.getByTestId("new-game-start").click();
    await replaceIfAsked(app.page);
    await app.page.waitForFunction(() => window.__hulldown!.game.getState().log.header.ruleset.id === "bolt-action");
    await closeBriefingIfShown(app.page);
    expect(await mission()).toMatchObject({ name: "Break through", sample: true, turns: 6 });
    await app.page.getByTestId("mission-label-objective/breakthrough").waitFor({ timeout: 30_000 });
    await app.screenshot("mission-break-through");
  }, 120_000);

  it("the Mission tab draws a zone with two clicks and places an objective; Ctrl+Z takes the objective back", async () => {
    await app.page.getByTestId("toggle-edit").click();
    await app.page.getByTestId("edit-part-mission").click();
    await app.page.getByTestId("mission-side").selectOption("Germany");
    await app.page.getByTestId("mission-draw-zone").click();
    const before = (await mission())!.zones.length;
    await clickTable(42, 3);
    await expect.poll(() => app.page.getByTestId("mission-hint").textContent()).toMatch(/opposite corner/);
    await clickTable(52, 11);
    await expect.poll(async () => (await mission())!.zones.length, { timeout: 20_000 }).toBe(before + 1);
    const zone = (await mission())!.zones[before]!;
    expect(zone).toMatchObject({ kind: "rectangle", side: "Germany" });
    if (zone.kind !== "rectangle") throw new Error("a rectangle was drawn");
    // Where the clicks landed on the ground, within a centimetre of the points aimed at.
    for (const [got, aimed] of [
      [zone.from, [42, 3]],
      [zone.to, [52, 11]],
    ] as const) {
      expect(Math.abs(got[0] - aimed[0])).toBeLessThan(1);
      expect(Math.abs(got[1] - aimed[1])).toBeLessThan(1);
    }
    await app.page.getByTestId("mission-add-objective").click();
    await clickTable(78, 30);
    await expect.poll(async () => (await mission())!.objectives.length, { timeout: 20_000 }).toBe(3);
    await app.page.getByTestId(`mission-label-objective/objective-3`).waitFor({ timeout: 30_000 });
    await app.screenshot("mission-edited");
    await app.page.keyboard.press("Escape");
    await app.page.keyboard.press("Control+z");
    await expect.poll(async () => (await mission())!.objectives.length, { timeout: 20_000 }).toBe(2);
    expect((await mission())!.zones.length).toBe(before + 1);
    expect(app.errors).toEqual([]);
  }, 180_000);
});
