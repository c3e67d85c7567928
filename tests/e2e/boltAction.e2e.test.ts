/**
 * Bolt Action through the UI: start a new game on the Bolt Action battlefield with the rule system chosen in
 * the New game dialog, see the app switch to inches, give a squad its order die, judge its fire (cover and
 * range in Bolt Action's words, d6 numbers), roll, and see every die with its meaning and the pin it left.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppPage, clickModel, openApp } from "./browser";

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1400, height: 1000 });
  await app.page.waitForSelector("main[data-ready=true]");
});
afterAll(() => app?.close());

describe("Bolt Action", () => {
  it("starts a Bolt Action game, gives an order, fires and shows the dice", async () => {
    await app.page.getByTestId("new-game-open").click();
    const dialog = app.page.getByTestId("new-game");
    await dialog.getByLabel("Battlefield").selectOption("bolt-action-farm");
    await dialog.getByLabel("Rule system").selectOption("bolt-action");
    expect(await dialog.textContent()).toMatch(/distances in inches, d6/);
    await dialog.locator("summary").click();
    expect(await dialog.getByLabel("Unit in cover when").inputValue()).toBe("at-least-half");
    await app.screenshot("bolt-action-new-game");
    await dialog.getByTestId("new-game-start").click();
    // Every new game opens with its briefing.
    await app.page.getByLabel("Close the briefing").click({ timeout: 60_000 });
    await expect.poll(() => app.page.evaluate(() => window.__hulldown!.game.getState().log.header.ruleset.id)).toBe("bolt-action");
    await expect.poll(() => app.page.evaluate(() => window.__hulldown!.ui.getState().unit)).toBe("in");
    await app.page.waitForSelector("main[data-ready=true]");

    await app.page.keyboard.press("l");
    await clickModel(app, "us-sq1-m3");
    await clickModel(app, "ger-sq1-m3");
    const verdict = app.page.getByTestId("fire-verdict");
    await verdict.waitFor({ timeout: 60_000 });
    await expect.poll(() => verdict.textContent(), { timeout: 60_000 }).toMatch(/^Can fire/);
    const text = (await verdict.textContent())!;
    expect(text).toMatch(/needs [2-6]\+/);
    expect(text).toMatch(/-2 to-hit: the target is in hard \(heavy\) cover/);
    expect(text).toMatch(/sample/);

    const orders = app.page.getByTestId("orders-panel");
    await orders.getByLabel("Order to give").selectOption("fire");
    await orders.getByTestId("give-order").click();
    await expect.poll(() => orders.getByTestId("unit-order").textContent()).toMatch(/order die Fire · 0 pins/);
    await app.screenshot("bolt-action-verdict");

    await app.page.getByTestId("fire-roll").click();
    const result = app.page.getByTestId("fire-result");
    await result.waitFor({ timeout: 60_000 });
    const event = (await app.page.evaluate(() => window.__hulldown!.game.getState().log.events.at(-1))) as {
      type: string;
      ruleset: string;
      rolls: Array<{ sides: number; value: number }>;
      units?: Array<{ unit: string; pins?: number }>;
    };
    expect(event).toMatchObject({ type: "fire-resolved", ruleset: "bolt-action" });
    expect(event.rolls.every((r) => r.sides === 6)).toBe(true);
    const dieRows = result.getByTestId("shot-die");
    // Each die shows its value and, not being a d10, its sides.
    expect(await dieRows.getByTestId("die").allTextContents()).toEqual(event.rolls.map((r) => `${r.value}d6`));
    for (const row of await dieRows.allTextContents()) expect(row).toMatch(/to hit \d\+.* → (hit|miss)|damage .* → (casualty|no damage)/);
    const pins = event.units?.find((u) => u.unit === "ger-sq1")?.pins ?? 0;
    await expect.poll(() => app.page.evaluate(() => window.__hulldown!.game.getState().state.units["ger-sq1"]?.pins ?? 0)).toBe(pins);
    // The unit's pins show on the table (none when every shot missed).
    expect(await app.page.getByTestId("unit-status-ger-sq1").count()).toBe(pins ? 1 : 0);
    if (pins) expect(await app.page.getByTestId("unit-status-ger-sq1").textContent()).toBe(`${pins} pin${pins === 1 ? "" : "s"}`);
    expect(await app.page.getByTestId("unit-status-us-sq1").textContent()).toBe("fire");
    await result.scrollIntoViewIfNeeded();
    await app.screenshot("bolt-action-after-roll");
    expect(app.errors).toEqual([]);
  }, 300_000);
});
