/**
 * Hidden information on one screen: in a Bolt Action game the die drawn from the bag is its side's (001 l.11),
 * so after each draw the whole screen is covered with "Pass to <side>" until that side's player confirms;
 * the turn bar then shows the side. The cover comes from the turn's data (PhaseSpec.hides), not the system's name.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppPage, openApp, startNewGame } from "./browser";

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1400, height: 1000 });
  await app.page.waitForSelector("main[data-ready=true]");
});
afterAll(() => app?.close());

const status = () => app.page.getByTestId("turn-status").textContent();

describe("passing one screen between the players", () => {
  it("covers the screen after a die is drawn until its side's player confirms (N waits behind it), and asks again when a die falls to the other side", async () => {
    await startNewGame(app.page, "default", "bolt-action");
    await app.page.getByTestId("turn-next").click();
    expect(await status()).toBe("Deployment");
    expect(await app.page.getByTestId("pass-cover").count()).toBe(0);
    await app.page.getByTestId("turn-next").click();
    const cover = app.page.getByTestId("pass-cover");
    await cover.waitFor();
    const side = /^Pass to (.+)$/.exec((await cover.getByRole("heading").textContent())!)![1]!;
    expect(await status()).toBe(`turn 1 of 6 · pass to ${side} · Orders phase`);
    expect(await cover.textContent()).toMatch(/\(001 l\.11\)/);
    await app.screenshot("pass-device-cover");
    // The cover holds the keyboard: N does not move the turn on behind it.
    await app.page.keyboard.press("n");
    expect(await status()).toBe(`turn 1 of 6 · pass to ${side} · Orders phase`);
    await cover.getByTestId("pass-confirm").click();
    expect(await cover.count()).toBe(0);
    expect(await status()).toBe(`turn 1 of 6 · ${side} · Orders phase`);
    // Dice drawn for the side holding the device show at once; the first for the other side asks again.
    for (let draws = 0; (await cover.count()) === 0 && draws < 30; draws++) await app.page.getByTestId("turn-next").click();
    const other = /^Pass to (.+)$/.exec((await cover.getByRole("heading").textContent())!)![1]!;
    expect(other).not.toBe(side);
    expect(app.errors).toEqual([]);
  }, 120_000);
});
