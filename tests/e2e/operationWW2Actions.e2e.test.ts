/**
 * Operation WW2's own actions through the UI (the Actions panel renders the system's specs): on the Ferme Lebrun
 * with a fixed seed, the command cards drawn in the cards step (000 l.63–78), the initiative laid face down and
 * turned over (l.88), the Germans' squad ordered to Charge with a card from their hand, an American reaction no
 * lower refused with its line (l.92) and one lower taken (the waiting side reacts), a move past its allowance
 * refused, the charge into base contact and its close combat (l.517–527), the panic test due once a unit's losses
 * reach its threshold (l.537), and the second turn's cards.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppPage, closeBriefingIfShown, openApp, startNewGame } from "./browser";
import { dragModel, eventCount, passDevice, perform, positionOf, takeAction as takeActionIn, takeDueActions, toastText, turnStatus } from "./playGame";

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1400, height: 1000 });
});
afterAll(() => app?.close());

interface Card {
  readonly order: string;
  readonly priority: number;
}

/** The last event's summary. */
const lastSummary = () => app.page.evaluate(() => (window.__hulldown!.game.getState().log.events.at(-1) as { summary?: string } | undefined)?.summary);

/** A side's hand as the actions left it: the hand its last draw recorded, less the cards it played since. */
const handOf = (side: string) =>
  app.page.evaluate((s) => {
    type Play = { cards?: Record<string, { hand: Card[] }>; played?: Array<{ side: string; card: Card & { id: string } }> };
    const events = window.__hulldown!.game.getState().log.events as ReadonlyArray<{ type: string; details?: { play?: Play } }>;
    let hand: Array<Card & { id: string }> = [];
    for (const e of events) {
      const play = e.details?.play;
      if (play?.cards?.[s]) hand = play.cards[s]!.hand as Array<Card & { id: string }>;
      for (const p of play?.played ?? []) if (p.side === s) hand = hand.filter((c) => c.id !== p.card.id);
    }
    return hand;
  }, side);

/** Takes the action named `name` with `model` selected (the Actions panel's own controls); the panel's result line. */
const takeAction = (model: string, name: string, answers: Record<string, string> = {}, against?: string) => takeActionIn(app, model, name, answers, against);

const cardLabel = (c: Card) => ({ "Card: order": c.order, "Card: priority": String(c.priority) });

describe("Operation WW2's cards, orders, close combat and panic in the browser", () => {
  it("draws, lays the initiative, orders a charge, refuses a reaction no lower, fights a close combat and takes the panic test due", async () => {
    const { page } = app;
    await startNewGame(page, "bolt-action-farm", "operation-ww2", "Break through (sample)");
    // One seed, so the cards and dice of this test are the same at every run.
    await page.evaluate(() => {
      const game = window.__hulldown!.game.getState();
      game.replace({ ...game.log, header: { ...game.log.header, seed: 1944 } });
    });
    await closeBriefingIfShown(page);
    await page.getByTestId("turn-next").click();
    await page.getByTestId("turn-next").click();
    expect(await turnStatus(app)).toBe("turn 1 of 6 · Command cards");
    expect(await takeDueActions(app, 2)).toBe(2);
    expect(await lastSummary()).toMatch(/^USA \(american\) draws 10 command card\(s\): 10 in hand$/);
    // Germany: 7 cards and one for each of its 5 units (000 l.64–65).
    expect(await handOf("Germany")).toHaveLength(12);

    await page.getByTestId("turn-next").click();
    expect(await turnStatus(app)).toBe("turn 1 of 6 · Panic recovery");
    await page.getByTestId("turn-next").click();
    expect(await turnStatus(app)).toBe("turn 1 of 6 · Initiative");
    await takeDueActions(app, 12);
    expect(await lastSummary()).toMatch(/^initiative: Germany .*, USA .*: the lower priority \d+ wins, (Germany|USA) gives the first order$/);
    await app.screenshot("ow2-actions-initiative");
    // The initiative's winner gives the first order (000 l.88): seed 1944's cards give it to Germany.
    expect(await page.getByTestId("turn-next").textContent()).toBe("Next: Orders, Germany first");

    await page.getByTestId("turn-next").click();
    expect(await passDevice(app)).toBe("Germany");
    expect(await turnStatus(app)).toBe("turn 1 of 6 · Germany · Orders");
    // The order due lists the Germans' hand; they give their squad a Charge instead, their slowest Charge card.
    await expect.poll(() => page.getByTestId("due-actions").textContent()).toMatch(/Germany's hand: /);
    const charge = (await handOf("Germany")).filter((c) => c.order === "charge").sort((a, b) => b.priority - a.priority)[0];
    if (!charge) throw new Error(`the Germans hold no Charge card: ${JSON.stringify(await handOf("Germany"))}`);
    expect(await takeAction("ger-sq1-m10", "Give an order", cardLabel(charge))).toMatch(/ opens a chain with Charge \d+$/);

    // The Americans react: a card no lower is refused with its line, a lower one is taken.
    const usHand = await handOf("USA");
    const notLower = usHand.find((c) => c.priority >= charge.priority);
    const lower = usHand.find((c) => c.priority < charge.priority);
    if (!notLower || !lower) throw new Error(`the Americans' hand has no card on each side of Charge ${charge.priority}: ${JSON.stringify(usHand)}`);
    expect(await takeAction("us-bzk-m1", "Give an order", cardLabel(notLower))).toMatch(
      /^Refused: a reaction needs a lower priority than Charge \d+: .* is not lower \(000 l\.92, l\.94\)$/,
    );
    expect(await takeAction("us-bzk-m1", "Give an order", cardLabel(lower))).toMatch(/reacts to Charge \d+ with /);
    await app.screenshot("ow2-actions-reaction");
    expect(app.errors).toEqual([]);

    // A grenadier dragged past his 20 cm is refused.
    const from = (await positionOf(app, "ger-sq1-m9"))!;
    await dragModel(app, "ger-sq1-m9", [from[0], from[1] + 40]);
    expect(await toastText(app)).toMatch(/ may not move so: /);
    expect(await positionOf(app, "ger-sq1-m9")).toEqual(from);
    await page.getByTestId("toast").click();

    // The charge: the squad runs round the American squad into base contact (behind it: a hedge runs in front) (past the allowance: allowed as a house
    // rule, to make the contact of the test), then fights its close combat.
    const us = ["us-sq1-m1", "us-sq1-m2", "us-sq1-m3", "us-sq1-m4", "us-sq1-m5", "us-sq1-m6", "us-sq1-m7", "us-sq1-m8", "us-sq1-m9", "us-sq1-m10"];
    const moves = await Promise.all(
      us.map(async (target, i) => {
        const [x, z] = (await positionOf(app, target))!;
        return { model: `ger-sq1-m${i + 1}`, to: { position: [x, z - 2.8] as [number, number], heading: 0 } };
      }),
    );
    const moved = await eventCount(app);
    await perform(app, { type: "move-group", moves });
    if ((await eventCount(app)) === moved) {
      expect(await toastText(app)).toMatch(/ may not move so: /);
      await page.getByTestId("allow-over-move").click();
    }
    await expect.poll(() => eventCount(app)).toBe(moved + 1);
    const fought = await takeAction("ger-sq1-m1", "Close combat", {}, "us-sq1");
    expect(fought).toMatch(/^Grenadiers .* in close combat with .*: \d+ killed$|in close combat with .*: \d+ killed$/);
    await app.screenshot("ow2-actions-close-combat");

    // A unit whose losses reached its panic threshold (3) owes its panic test, whichever side acts: listed as due, and the
    // turn does not move on before it is taken (000 l.537).
    const panic = page.getByTestId("due-actions").locator("li", { hasText: "Panic test" });
    await expect.poll(() => panic.count()).toBeGreaterThan(0);
    await page.getByTestId("turn-next").click();
    expect(await toastText(app)).toMatch(/^Not yet: the rules require this first: .*Panic test for /);
    await page.getByTestId("toast").click();
    const before = await eventCount(app);
    await panic.first().getByTestId("take-due").click();
    await expect.poll(() => eventCount(app)).toBe(before + 1);
    expect(await lastSummary()).toMatch(
      / (passes its morale test|passes \d+ morale tests|fails its morale test: panicked, it takes no order until it rallies)$/,
    );
    expect(app.errors).toEqual([]);

    // On to the second turn: the hands are refilled there.
    for (let i = 0; i < 30 && !(await turnStatus(app))!.startsWith("turn 2 of 6"); i++) {
      await takeDueActions(app, 30);
      await page.getByTestId("turn-next").click();
      await passDevice(app);
    }
    expect(await turnStatus(app)).toBe("turn 2 of 6 · Command cards");
    await takeDueActions(app, 10);
    expect(await lastSummary()).toMatch(/draws \d+ command card/);
    expect(app.errors).toEqual([]);
  }, 400_000);
});
