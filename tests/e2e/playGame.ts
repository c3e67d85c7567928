/**
 * The steps of a game played through the UI, shared by the whole-game browser tests: the turn bar's status,
 * a model dragged to a point of the table, a shot judged and rolled in the fire panel, a reload that must keep
 * the game, the turn bar's button pressed to the result screen, and what that screen says.
 */
import { expect } from "vitest";
import { type AppPage, clickModel, dropDragged, waitUntilRestored } from "./browser";

type Hooks = NonNullable<typeof window.__hulldown>;
type Command = Parameters<ReturnType<Hooks["game"]["getState"]>["perform"]>[0];

/** What the turn bar says: "turn 1 of 6 · Germany · Movement Step". */
export const turnStatus = (app: AppPage) => app.page.getByTestId("turn-status").textContent();

/** The toast's text (a refusal), without its "Allow it" button's words. */
export const toastText = (app: AppPage) =>
  app.page.getByTestId("toast").evaluate((toast) =>
    [...toast.childNodes]
      .filter((n) => n.nodeName !== "BUTTON")
      .map((n) => n.textContent)
      .join(""),
  );

/** A command performed as the app's own panels perform it (for what the UI offers no control of). */
export const perform = (app: AppPage, command: Command) =>
  app.page.evaluate((c) => window.__hulldown!.game.getState().perform(c as Command), command as unknown);

/** The number of events in the game's log. */
/** The type of the game log's last event. */
export const lastEventType = (app: AppPage) => app.page.evaluate(() => window.__hulldown!.game.getState().log.events.at(-1)?.type);

export const eventCount = (app: AppPage) => app.page.evaluate(() => window.__hulldown!.game.getState().log.events.length);

/**
 * Drags `model` with the select tool, as a player does, so that it lands at `to` (table cm): grabbed where
 * it is drawn and dropped where the grab's offset puts it on `to`; `whileHeld` runs before the drop (the
 * live distance label). Resolves when the drop has landed, recorded or refused.
 */
export async function dragModel(
  app: AppPage,
  model: string,
  to: readonly [number, number],
  { whileHeld }: { whileHeld?: () => Promise<void> } = {},
): Promise<void> {
  const { page } = app;
  await page.keyboard.press("s");
  const from = await page.evaluate((m) => window.__hulldown!.screenPosition(m), model);
  if (!from) throw new Error(`${model} is not on screen`);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.waitForFunction((m) => window.__hulldown!.ui.getState().drag?.model === m, model, { timeout: 30_000 });
  const at = await page.evaluate(
    ([m, [x, z]]) => {
      const hooks = window.__hulldown!;
      const [dx, dz] = hooks.ui.getState().drag!.offset;
      const grabbed: [number, number] = [x - dx, z - dz];
      if (!hooks.game.getState().battlefield.models.has(m)) return undefined;
      return hooks.projectPoint([grabbed[0], hooks.game.getState().battlefield.ground.heightAt(grabbed), grabbed[1]]);
    },
    [model, to] as const,
  );
  if (!at) throw new Error(`(${to.join(", ")}) cm is not on screen`);
  await page.mouse.move(at.x, at.y, { steps: 8 });
  await whileHeld?.();
  await dropDragged(app);
}

/** Where a model stands now (table cm). */
export const positionOf = (app: AppPage, model: string) =>
  app.page.evaluate((m) => window.__hulldown!.game.getState().battlefield.models.get(m)?.model.position as [number, number] | undefined, model);

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The deployment of one model: dragged `outside` its side's zone of the mission (its title as the player reads
 * it), refused with the zone named and left where it stood; dragged `inside`, set down there.
 */
export async function deployOutsideThenInside(
  app: AppPage,
  {
    model,
    side,
    mission,
    outside,
    inside,
  }: { model: string; side: string; mission: string; outside: readonly [number, number]; inside: readonly [number, number] },
): Promise<void> {
  const from = await positionOf(app, model);
  await dragModel(app, model, outside);
  expect(await toastText(app)).toMatch(
    new RegExp(
      `^${literally(side)} deploy in ${literally(side)}'s deployment zone \\(${literally(mission)}\\): \\(\\d+\\.\\d, \\d+\\.\\d\\) cm is outside it$`,
    ),
  );
  expect(await positionOf(app, model)).toEqual(from);
  await dragModel(app, model, inside);
  const deployed = (await positionOf(app, model))!;
  expect(Math.hypot(deployed[0] - inside[0], deployed[1] - inside[1])).toBeLessThan(1);
}

/** Judges `shooter`'s unit firing at `target`'s with the line-of-sight tool and rolls it: the shot's event, recorded in the log. */
export async function fireAt(app: AppPage, shooter: string, target: string) {
  const { page } = app;
  await page.keyboard.press("l");
  await clickModel(app, shooter);
  await clickModel(app, target);
  await expect.poll(() => page.getByTestId("fire-panel").textContent(), { timeout: 60_000 }).toMatch(/Can fire/);
  const before = await eventCount(app);
  await page.getByTestId("fire-roll").click();
  await page.getByTestId("fire-result").waitFor({ timeout: 60_000 });
  await expect.poll(() => eventCount(app), { timeout: 60_000 }).toBe(before + 1);
  const shot = (await page.evaluate(() => window.__hulldown!.game.getState().log.events.at(-1))) as { type: string; shooter: string; rolls: unknown[] };
  await page.keyboard.press("Escape");
  return shot;
}

/**
 * Reloads the page and checks that the game came back as it was: every event, the turn bar's place and the
 * log's lines.
 */
export async function reloadKeepsGame(app: AppPage): Promise<void> {
  const { page } = app;
  const before = { events: await eventCount(app), status: await turnStatus(app), log: await page.getByTestId("game-log").textContent() };
  // The autosave writes after every change; give the last one a moment.
  await page.waitForTimeout(1500);
  await page.reload();
  await waitUntilRestored(page);
  // A step that hides something from the other side asks again for the device after the reload.
  await expect
    .poll(
      async () => {
        await passDevice(app);
        return turnStatus(app);
      },
      { timeout: 30_000 },
    )
    .toBe(before.status);
  expect(await eventCount(app)).toBe(before.events);
  expect(await page.getByTestId("game-log").textContent()).toBe(before.log);
}

/**
 * Where a step shows its side something the other must not see, the screen is covered until that side's
 * player confirms: confirms it as that player would, and says to whom the device went (undefined: no cover).
 */
export async function passDevice(app: AppPage): Promise<string | undefined> {
  const cover = app.page.getByTestId("pass-cover");
  if ((await cover.count()) === 0) return undefined;
  const side = /^Pass to (.+)$/.exec((await cover.getByRole("heading").textContent()) ?? "")?.[1];
  await cover.getByTestId("pass-confirm").click();
  return side;
}

/**
 * Takes every action the rules require now (the Actions panel's "Due now" list, under the select tool), first
 * first, up to `most`; how many were taken.
 */
export async function takeDueActions(app: AppPage, most: number): Promise<number> {
  await app.page.keyboard.press("s");
  let taken = 0;
  const take = app.page.getByTestId("take-due");
  while (taken < most && (await take.count()) > 0) {
    const before = await eventCount(app);
    await take.first().click();
    await expect.poll(() => eventCount(app), { timeout: 30_000 }).toBe(before + 1);
    taken++;
  }
  return taken;
}

/** Actions due in one step the player takes before pressing on (rules that keep asking are a bug). */
const MOST_DUE = 30;

/**
 * Presses the turn bar's button (the actions due taken first, the device passed where the step asks it) until the
 * result screen shows; how many presses it took.
 */
export async function playToResult(app: AppPage, most: number): Promise<number> {
  let presses = 0;
  while (!(await app.page.getByTestId("game-result").isVisible())) {
    await takeDueActions(app, MOST_DUE);
    await app.page.getByTestId("turn-next").click();
    await passDevice(app);
    if (++presses > most) throw new Error(`no game end after ${presses} steps; the bar says ${await turnStatus(app)}`);
  }
  return presses;
}

/** What the result screen says: why the game ended, who won, each side's score. */
export async function resultShown(app: AppPage, sides: readonly string[]) {
  const result = app.page.getByTestId("game-result");
  const scores: Record<string, number> = {};
  for (const side of sides) {
    const row = (await result.getByTestId(`score-${side}`).textContent()) ?? "";
    expect(row).toMatch(new RegExp(`^${side}\\d+$`));
    scores[side] = Number(row.slice(side.length));
  }
  return {
    reason: (await result.getByTestId("result-reason").textContent()) ?? "",
    winner: (await result.getByTestId("result-winner").textContent()) ?? "",
    scores,
  };
}

/**
 * Plays a short game's remaining turns to its end and checks the result screen: the last of `turns` turns
 * played, a winner or a draw, the mission's score table, the turn bar's "Game over"; no page error.
 */
export async function playsToMissionResult(
  app: AppPage,
  { turns, mission, fewest, most, screenshot }: { turns: number; mission: string; fewest: number; most: number; screenshot: string },
) {
  const presses = await playToResult(app, most);
  expect(presses).toBeGreaterThan(fewest);
  const result = await resultShown(app, ["Germany", "USA"]);
  expect(result.reason).toMatch(new RegExp(`^turn ${turns} of ${turns} played: `));
  expect(result.winner).toMatch(/^(Germany|USA) wins$|^A draw/);
  expect(await app.page.getByTestId("game-result").getByTestId("result-score").locator("caption").textContent()).toBe(mission);
  await app.screenshot(screenshot);
  expect(await turnStatus(app)).toBe(`Game over · ${result.reason}`);
  expect(app.errors).toEqual([]);
}
