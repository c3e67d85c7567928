/**
 * A whole game through the turn bar: Flames of War on the default battlefield, from free play to the
 * deployment (a model set up in its side's zone of the battlefield's mission, one outside it refused), through each side's player turns (the button and N), a move of the
 * waiting side and a shot in the Movement Step refused with their rules, a reload in the middle that keeps the
 * game's place, to the result screen (the mission's score and winner, casualties by side) and the game's replay.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppPage, openApp, startNewGame } from "./browser";
import { perform as performIn, playToResult, reloadKeepsGame, turnStatus } from "./playGame";

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1400, height: 1000 });
  await app.page.waitForSelector("main[data-ready=true]");
});
afterAll(() => app?.close());

const status = () => turnStatus(app);
const perform = (command: Parameters<typeof performIn>[1]) => performIn(app, command);

describe("a whole game", () => {
  it("deploys, plays every step of six turns through the turn bar, refuses what is out of turn, and ends on the result", async () => {
    await startNewGame(app.page, "default", "flames-of-war");
    expect(await status()).toBe("Free play · turn 1");
    await app.page.getByTestId("turn-next").click();
    expect(await status()).toBe("Deployment");
    // Deployment: in the side's zone of the battlefield's mission (Take the crossroads), either side.
    expect(await perform({ type: "move", model: "us-jeep-1", to: { position: [96, 100], heading: 0 } })).toBe(false);
    expect(await app.page.getByTestId("toast").textContent()).toBe(
      "USA deploy in USA's deployment zone (Take the crossroads (sample)): (96.0, 100.0) cm is outside it",
    );
    expect(await perform({ type: "move", model: "us-jeep-1", to: { position: [96, 12], heading: 0 } })).toBe(true);
    await app.page.getByTestId("turn-next").click();
    expect(await status()).toBe("turn 1 of 6 · Germany · Starting Step");
    await app.page.keyboard.press("n");
    await expect.poll(status).toBe("turn 1 of 6 · Germany · Movement Step");

    // Germany's turn: the Americans wait, and nobody shoots in the Movement Step.
    expect(await perform({ type: "move", model: "us-jeep-1", to: { position: [96, 16], heading: 0 } })).toBe(false);
    expect(await app.page.getByTestId("toast").textContent()).toBe("it is Germany's turn (003 l.55, 75–76, 234): USA must wait");
    const shot = await app.page.evaluate(() =>
      window.__hulldown!.game.getState().recordEvent({
        type: "fire-resolved",
        ruleset: "flames-of-war",
        shooter: "ger-sq1",
        weapon: "rifle",
        target: "us-sq2",
        rolls: [],
        outcomes: [],
        summary: "",
      }),
    );
    expect(shot).toBe(false);
    expect(await app.page.getByTestId("toast").textContent()).toBe(
      "shooting comes in the Shooting Step (003 l.62, 119), not the Movement Step (003 l.55, 75–76, 234)",
    );
    expect(await perform({ type: "move", model: "ger-kubelwagen-1", to: { position: [89.4, 100], heading: 0 } })).toBe(true);
    await app.screenshot("whole-game-turn-bar");

    // A reload keeps the game where it stands.
    await reloadKeepsGame(app);
    expect(await status()).toBe("turn 1 of 6 · Germany · Movement Step");

    // A casualty for the result, then the button to the game's end: 6 turns of 2 player turns of 4 steps.
    expect(await perform({ type: "remove-model", model: "us-sq1-m1", cause: "casualty" })).toBe(true);
    const clicks = await playToResult(app, 60);
    // From the second of the 48 steps (6 turns × 2 player turns × 4) to the last, then the end.
    expect(clicks).toBe(6 * 8 - 2 + 1);
    const result = app.page.getByTestId("game-result");
    // Nobody took the crossroads; Germany hold the church (2) and the Maison Lefèvre (1).
    expect(await result.getByTestId("result-reason").textContent()).toBe("turn 6 of 6 played: most objective points: Germany 3, USA 0");
    expect(await result.getByTestId("result-winner").textContent()).toBe("Germany wins");
    expect(await result.getByTestId("score-Germany").textContent()).toBe("Germany3");
    expect(await result.getByTestId("score-USA").textContent()).toBe("USA0");
    expect(await result.getByTestId("casualties-USA").textContent()).toMatch(/^USA1\d+$/);
    expect(await result.getByTestId("casualties-Germany").textContent()).toMatch(/^Germany0\d+$/);
    await app.screenshot("whole-game-result");
    expect(await status()).toBe("Game over · turn 6 of 6 played: most objective points: Germany 3, USA 0");

    await result.getByTestId("watch-replay").click();
    await app.page.getByTestId("replay-bar").waitFor({ timeout: 30_000 });
    expect(app.errors).toEqual([]);
  }, 400_000);
});
