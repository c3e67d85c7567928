/**
 * A turn of Bolt Action through the UI, from a game file whose free-play shots left pins and a German squad at
 * half its models (tests/e2e/boltActionTurn.ts played it headless first, with the seed whose dice show each
 * rule): the morale check that is due taken from the Actions panel, destroying the squad (001 l.110); the
 * deployment; then turn 1's order dice drawn from the bag one by one (l.11), each side giving one unit the
 * die it holds in the orders panel: a pinned inexperienced squad asking Advance and failing its order test (it
 * goes Down, l.13), Run, Down, Rally removing pins, Advance; a second order on a die refused (l.12), a move
 * under Run past the Advance rate allowed (l.26), and the bag empty at the end of the turn (l.15).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN, prepare, SEED, wanted } from "./boltActionTurn";
import { type AppPage, clickModel, closeBriefingIfShown, openApp, replaceIfAsked } from "./browser";
import { dragModel, eventCount, passDevice, positionOf, toastText, turnStatus } from "./playGame";

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1400, height: 1000 });
  await app.page.waitForSelector("main[data-ready=true]");
});
afterAll(() => app?.close());

type Hooks = NonNullable<typeof window.__hulldown>;
const lastEvent = () =>
  app.page.evaluate(() => window.__hulldown!.game.getState().log.events.at(-1) as ReturnType<Hooks["game"]["getState"]>["log"]["events"][number]);

/** A model of `unit` still on the table (the free-play shots took some). */
const modelOf = (unit: string) =>
  app.page.evaluate((u) => [...window.__hulldown!.game.getState().battlefield.models.values()].find((e) => e.unitId === u)!.model.id, unit);

/** Picks a model of `unit` as the shooter and one of `enemy` as the target with the line-of-sight tool: the fire panel shows the orders panel. */
async function pick(unit: string, enemy: string): Promise<void> {
  await app.page.keyboard.press("l");
  await clickModel(app, await modelOf(unit));
  await clickModel(app, await modelOf(enemy));
}

/** Gives `unit` an order in the orders panel. */
async function giveOrder(unit: string, order: string, enemy: string): Promise<string> {
  await pick(unit, enemy);
  const panel = app.page.getByTestId("orders-panel");
  await panel.getByLabel("Order to give").selectOption(order);
  const before = await eventCount(app);
  await panel.getByTestId("give-order").click();
  await expect.poll(() => eventCount(app), { timeout: 30_000 }).toBe(before + 1);
  const shown = (await panel.getByTestId("unit-order").textContent()) ?? "";
  await app.page.keyboard.press("Escape");
  return shown;
}

describe("a turn of Bolt Action's order dice", () => {
  it("takes the due morale check, draws the dice from the bag and gives each unit its order, with a failed order test and a Rally", async () => {
    // The game and turn the seed gives, played headless: the browser must roll the same.
    const expected = await prepare(SEED);
    expect(wanted(expected)).toBe(true);
    const chooser = app.page.waitForEvent("filechooser");
    await app.page.getByRole("button", { name: "Open…" }).click();
    await (await chooser).setFiles({ name: "bolt-action-turn.json", mimeType: "application/json", buffer: Buffer.from(expected.file) });
    await replaceIfAsked(app.page);
    await expect.poll(() => eventCount(app), { timeout: 30_000 }).toBe(expected.prepared);
    await closeBriefingIfShown(app.page);
    expect(await turnStatus(app)).toBe("Free play · turn 1");

    // Step 7 of the shots: ger-2, inexperienced, is at half its models; the Actions panel lists its check.
    await app.page.keyboard.press("s");
    const due = app.page.getByTestId("due-actions");
    await expect.poll(() => due.textContent(), { timeout: 30_000 }).toMatch(/Morale check: USA.*of its 4 models left, half or fewer: it checks its morale/);
    await due.getByTestId("take-due").click();
    await expect.poll(() => lastEvent().then((e) => e?.type)).toBe("action-taken");
    expect(await lastEvent()).toMatchObject({ action: "morale-check", target: "ger-2", summary: "ger-2 fails its morale check and is destroyed" });
    expect(await positionOf(app, "ger-2-m1")).toBeUndefined();
    await expect.poll(() => app.page.getByTestId("due-actions").count()).toBe(0);
    await app.screenshot("ba-turn-morale-check");

    await app.page.getByTestId("turn-next").click();
    expect(await turnStatus(app)).toBe("Deployment");

    // Turn 1: five dice in the bag (ger-2 is gone), drawn one at a time, each to the side the seed gives.
    const plan = { USA: [...PLAN.USA!], Germany: [...PLAN.Germany!] } as Record<string, (readonly [string, string])[]>;
    const enemyOf: Record<string, string> = { USA: "ger-1", Germany: "us-3" };
    for (const [k, side] of expected.drawn.entries()) {
      await app.page.getByTestId("turn-next").click();
      await passDevice(app);
      expect(await turnStatus(app)).toBe(`turn 1 of 6 · ${side} · Orders phase`);
      const [unit, order] = plan[side]!.shift()!;
      const shown = await giveOrder(unit, order, enemyOf[side]!);
      const given = expected.given[k]!;
      expect({ unit, asked: given.asked, order: given.order }).toEqual(expected.given[k]);
      expect(await lastEvent()).toMatchObject({ type: "order-given", unit, asked: order, order: given.order });
      if (unit === "us-1") {
        // Pinned and inexperienced, it tests on 2D6 against 8 − 1 and fails: Down instead of Advance (l.13).
        expect(shown).toMatch(/order die Down · 1 pin$/);
        expect(await lastEvent()).toMatchObject({ summary: "us-1: Advance asked, Down given" });
        // The die is spent on us-1: another US unit is refused it (l.12).
        await pick("us-3", "ger-1");
        const before = await eventCount(app);
        await app.page.getByTestId("orders-panel").getByTestId("give-order").click();
        await expect.poll(() => toastText(app)).toMatch(/the order die drawn went to .+: one unit a die \(001 l\.9–15\); draw the next die/);
        expect(await eventCount(app)).toBe(before);
        await app.page.keyboard.press("Escape");
      }
      if (unit === "ger-3") expect(shown).toMatch(/order die Rally · 0 pins$/);
      if (unit === "us-2") {
        // Run: 20 cm (7.9") is past the Advance rate of 6" and within the Run's 12" (l.26).
        const runner = await modelOf("us-2");
        const from = (await positionOf(app, runner))!;
        await dragModel(app, runner, [from[0], from[1] - 20]);
        expect((await lastEvent()).type).toBe("model-moved");
      }
    }
    await app.screenshot("ba-turn-orders");

    // The bag is empty: the turn bar goes on to the turn's end (l.15).
    await app.page.getByTestId("turn-next").click();
    expect(await turnStatus(app)).toBe("turn 1 of 6 · Turn end phase");
    expect(app.errors).toEqual([]);
  }, 400_000);
});
