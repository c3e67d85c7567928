/**
 * Flames of War in the app: chosen for a new game on the default battlefield (laid out for 28 mm, played at
 * 28 mm), a platoon's shot judged with each firer's easiest target in the source's terms, rolled into the game
 * log, with every save and the rule that allocated each hit in the panel.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppPage, clickModel, openApp } from "./browser";

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1400, height: 1000 });
  await app.page.waitForSelector("main[data-ready=true]");
});
afterAll(() => app?.close());

describe("Flames of War", () => {
  it("starts a game at the battlefield's 28 mm, judges a platoon's fire, and shows the allocation and every save", async () => {
    await app.page.getByTestId("new-game-open").click();
    const dialog = app.page.getByTestId("new-game");
    await dialog.getByLabel("Battlefield").selectOption("default");
    await dialog.getByLabel("Rule system").selectOption("flames-of-war");
    await dialog.getByTestId("new-game-start").click();
    // Every new game opens with its briefing.
    await app.page.getByLabel("Close the briefing").click({ timeout: 60_000 });
    await expect.poll(() => app.page.evaluate(() => window.__hulldown!.game.getState().log.header.ruleset.id)).toBe("flames-of-war");
    expect(await app.page.evaluate(() => window.__hulldown!.game.getState().log.header.scenario.scale)).toBe("28mm");

    await app.page.keyboard.press("l");
    await clickModel(app, "us-sq4-m3");
    await clickModel(app, "ger-sq5-m1");
    const verdict = app.page.getByTestId("fire-verdict");
    await verdict.waitFor({ timeout: 90_000 });
    // The target moved: not Concealed for standing still, so the riflemen can hit it.
    await app.page.getByLabel("target moved").selectOption("yes");
    await expect.poll(() => verdict.textContent(), { timeout: 90_000 }).toMatch(/^Can fire/);
    expect(await verdict.textContent()).toMatch(/Grenadiers 5 · .+: needs [3-6]\+/);
    expect(await app.page.getByTestId("fire-panel").textContent()).toContain('16"/40 cm');
    await app.screenshot("fow-fire-verdict");

    await app.page.getByTestId("fire-roll").click();
    const result = app.page.getByTestId("fire-result");
    await result.waitFor({ timeout: 90_000 });
    const event = (await app.page.evaluate(() => window.__hulldown!.game.getState().log.events.at(-1))) as {
      type: string;
      ruleset: string;
      details: { dice: Array<{ purpose: string }>; allocation: unknown[] };
    };
    expect(event).toMatchObject({ type: "fire-resolved", ruleset: "flames-of-war" });
    const rows = await result.getByTestId("shot-die").allTextContents();
    expect(rows).toHaveLength(event.details.dice.length);
    for (const row of rows) expect(row).toMatch(/(to hit \d\+ → (hit|miss)|infantry 3\+ → (saved|failed)|Firepower Test \d\+|re-roll)/);
    const saves = event.details.dice.filter((d) => d.purpose === "save").length;
    expect(rows.filter((r) => /infantry 3\+/.test(r))).toHaveLength(saves);
    if (event.details.allocation.length) expect(await result.getByTestId("allocated-by").first().textContent()).toMatch(/allocated: .*§3/);
    await result.scrollIntoViewIfNeeded();
    await app.screenshot("fow-fire-result");
    expect(app.errors).toEqual([]);
  }, 300_000);
});
