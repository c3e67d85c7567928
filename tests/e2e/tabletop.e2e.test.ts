/**
 * A player's first minute, through the UI: pick a shooter and a target with the line-of-sight tool (the
 * same visible % as `npm run los`), drag the target somewhere else (the answer changes), undo and redo it,
 * and reload the page (the move is still there).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppPage, clickModel, dropDragged, openApp, waitUntilRestored } from "./browser";

const SHOOTER = "us-sherman-1";
const TARGET = "ger-panzer-iv-1";
/** Out of the Panzer IV's hull-down spot behind Hill 112, onto the open slope. */
const MOVED_TO: [number, number] = [42, 95];

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1400, height: 900 });
  await app.page.waitForSelector("main[data-ready=true]");
});
afterAll(() => app?.close());

/** The visible % the LOS panel shows for the chosen target, once measured. */
async function shownPercent(): Promise<number> {
  const locator = app.page.getByTestId("visible-percent");
  await locator.waitFor({ timeout: 60_000 });
  return Number((await locator.textContent())!.replace("%", ""));
}

async function lookFromShooterAtTarget(): Promise<void> {
  await app.page.keyboard.press("Escape");
  await app.page.keyboard.press("l");
  await clickModel(app, SHOOTER);
  await clickModel(app, TARGET);
}

const percentWhen = async (expected: (p: number) => boolean) => expect.poll(shownPercent, { timeout: 60_000, interval: 500 }).toSatisfy(expected);

describe("the tabletop", () => {
  let before = 0;

  it("shows, for a shooter and a target picked with the mouse, the visible % of `npm run los`", async () => {
    await lookFromShooterAtTarget();
    const { stdout } = await promisify(execFile)(process.execPath, [
      "--import",
      "tsx",
      "src/cli/los.ts",
      "src/scenarios/default.json",
      SHOOTER,
      TARGET,
      "--json",
    ]);
    const fromCli = Math.round(JSON.parse(stdout).visibleFraction * 100);
    await percentWhen((p) => p === fromCli);
    before = fromCli;
    await expect.poll(() => app.page.getByTestId("sight-report").textContent()).toContain("HULL-DOWN");
    await expect.poll(() => app.page.getByTestId(`los-label-${TARGET}`).count()).toBe(1);
    await app.screenshot("los-tool");
  }, 240_000);

  it("changes the answer when the target is dragged somewhere else, and undo / redo walk it back and forth", async () => {
    await app.page.keyboard.press("s");
    const from = await app.page.evaluate((m) => window.__hulldown!.screenPosition(m), TARGET);
    await app.page.mouse.move(from!.x, from!.y);
    await app.page.mouse.down();
    // The model keeps the offset between its centre and the point grabbed: aim that point.
    const to = await app.page.evaluate(([x, z]) => {
      const hooks = window.__hulldown!;
      const [dx, dz] = hooks.ui.getState().drag!.offset;
      const at: [number, number] = [x - dx, z - dz];
      return hooks.projectPoint([at[0], hooks.game.getState().battlefield.ground.heightAt(at), at[1]]);
    }, MOVED_TO);
    await app.page.mouse.move(to!.x, to!.y, { steps: 8 });
    await dropDragged(app);
    const position = await app.page.evaluate((m) => window.__hulldown!.game.getState().battlefield.models.get(m)!.model.position, TARGET);
    expect(Math.hypot(position[0] - MOVED_TO[0], position[1] - MOVED_TO[1])).toBeLessThan(1.5);

    await lookFromShooterAtTarget();
    await percentWhen((p) => p > before + 25);
    await app.screenshot("after-move");

    await app.page.keyboard.press("Control+z");
    await percentWhen((p) => p === before);
    await app.page.keyboard.press("Control+Shift+z");
    await percentWhen((p) => p > before + 25);
  }, 240_000);

  it("keeps the move after a reload", async () => {
    await app.page.reload();
    await waitUntilRestored(app.page);
    const position = await app.page.evaluate((m) => window.__hulldown!.game.getState().battlefield.models.get(m)!.model.position, TARGET);
    expect(Math.hypot(position[0] - MOVED_TO[0], position[1] - MOVED_TO[1])).toBeLessThan(1.5);
    await lookFromShooterAtTarget();
    await percentWhen((p) => p > before + 25);
    expect(app.errors).toEqual([]);
  }, 240_000);

  it("drags a whole unit as one move (double-click selects it), undone in one step", async () => {
    const UNIT_MEMBER = "us-sq1-m1";
    await app.page.keyboard.press("Escape");
    await app.page.keyboard.press("s");
    const positions = () =>
      app.page.evaluate((member) => {
        const { battlefield } = window.__hulldown!.game.getState();
        const unit = battlefield.models.get(member)!.unitId;
        return [...battlefield.models.values()].filter((e) => e.unitId === unit).map((e) => e.model.position);
      }, UNIT_MEMBER);
    const before = await positions();
    const at = await app.page.evaluate((m) => window.__hulldown!.screenPosition(m), UNIT_MEMBER);
    await app.page.mouse.dblclick(at!.x, at!.y);
    await expect.poll(() => app.page.evaluate(() => window.__hulldown!.ui.getState().selection.length)).toBe(before.length);
    await app.page.mouse.move(at!.x, at!.y);
    await app.page.mouse.down();
    await app.page.mouse.move(at!.x + 40, at!.y + 25, { steps: 6 });
    await dropDragged(app);
    const after = await positions();
    const shift = [after[0]![0] - before[0]![0], after[0]![1] - before[0]![1]];
    expect(Math.hypot(shift[0]!, shift[1]!)).toBeGreaterThan(2);
    after.forEach((p, i) => {
      expect(p[0]).toBeCloseTo(before[i]![0] + shift[0]!, 5);
      expect(p[1]).toBeCloseTo(before[i]![1] + shift[1]!, 5);
    });
    const last = await app.page.evaluate(() => window.__hulldown!.game.getState().log.events.at(-1)?.type);
    expect(last).toBe("models-moved");
    await app.page.keyboard.press("Control+z");
    expect(await positions()).toEqual(before);
    expect(app.errors).toEqual([]);
  }, 240_000);
});
