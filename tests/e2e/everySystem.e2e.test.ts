/**
 * Issue 19 A1, A2 and A4, played as a new user: under each of the four rule systems, New game… → Empty table,
 * then Forces (P) offers squads, teams, guns and vehicles, and one of each is placed where the table is
 * clicked (the Bolt Action squad then fires at the Bolt Action vehicle). A model and a unit deleted keep their
 * names in the log. The Bolt Action table saved under Battlefields… plays under Bolt Action again (Play opens
 * New game… on it, its own system chosen), and New game… lists it beside the shipped ones; replacing the game
 * in progress asks in the app's own dialog, never the browser's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Scenario } from "../../src/core/scenario/schema";
import { type AppPage, clickModel, openApp, startNewGame } from "./browser";

let app: AppPage;
const browserDialogs: string[] = [];
beforeAll(async () => {
  app = await openApp({ width: 1400, height: 900 });
  // The app asks in its own dialogs: a browser confirm box would be a failure (and is dismissed).
  app.page.on("dialog", (d) => {
    browserDialogs.push(d.message());
    void d.dismiss();
  });
});
afterAll(() => app?.close());

const table = () => app.page.evaluate(() => window.__hulldown!.game.getState().state.scenario) as Promise<Scenario>;
const units = async () => (await table()).forces.flatMap((f) => f.units.map((u) => ({ ...u, side: f.side })));
const logText = () => app.page.getByTestId("game-log").innerText();

async function clickTable(x: number, z: number): Promise<void> {
  const at = await app.page.evaluate(([px, pz]) => window.__hulldown!.projectPoint([px, 0, pz]), [x, z] as const);
  await app.page.mouse.click(at!.x, at!.y);
}

const KINDS = [
  { kind: "squad", side: "USA", at: [30, 40] },
  { kind: "team", side: "USA", at: [65, 40] },
  { kind: "gun", side: "USA", at: [35, 70] },
  { kind: "vehicle", side: "Germany", at: [75, 75] },
] as const;

/** Places the first preset of each kind through the Forces panel; returns the presets' names and model counts. */
async function placeOneOfEach(): Promise<Array<{ name: string; models: number }>> {
  const placed: Array<{ name: string; models: number }> = [];
  for (const { kind, side, at } of KINDS) {
    const option = app.page.locator(`[data-testid=forces-preset] optgroup[label=${kind}] option`).first();
    const label = (await option.textContent())!;
    await app.page.getByTestId("forces-preset").selectOption((await option.getAttribute("value"))!);
    const sides = await app.page.getByTestId("forces-side").locator("option").allTextContents();
    if (sides.includes(side)) await app.page.getByTestId("forces-side").selectOption(side);
    else {
      await app.page.getByTestId("forces-side").selectOption({ label: "a new side…" });
      await app.page.getByLabel("New side's name").fill(side);
    }
    const before = (await units()).length;
    await clickTable(at[0], at[1]);
    await expect.poll(async () => (await units()).length, { timeout: 30_000 }).toBe(before + 1);
    const [, name, count] = /^(.*) \((\d+)\)$/.exec(label)!;
    placed.push({ name: name!, models: Number(count) });
  }
  return placed;
}

describe("a new user's forces, in every rule system", () => {
  for (const ruleset of ["operation-ww2", "battleground", "flames-of-war", "bolt-action"]) {
    it(`${ruleset}: New game… → Empty table, Forces (P) offers and places a squad, a team, a gun and a vehicle`, async () => {
      await startNewGame(app.page, "empty", ruleset);
      await app.page.keyboard.press("p");
      await app.page.getByTestId("forces-panel").waitFor();
      for (const kind of ["squad", "team", "gun", "vehicle"])
        expect(await app.page.locator(`[data-testid=forces-preset] optgroup[label=${kind}] option`).count(), kind).toBeGreaterThan(0);
      const placed = await placeOneOfEach();
      const onTable = await units();
      expect(onTable.map((u) => [u.side, u.models.length])).toEqual(KINDS.map((k, i) => [k.side, placed[i]!.models]));
      // The log names each unit as a player reads it, never by its id.
      const log = await logText();
      for (const u of onTable) expect(log).not.toContain(u.id);
      expect(log.match(/ placed \(/g)).toHaveLength(4);
      await app.screenshot(`every-system-forces-${ruleset}`);
    }, 240_000);
  }

  it("Bolt Action: the placed squad fires at the placed vehicle, with a Bolt Action verdict", async () => {
    await app.page.keyboard.press("l");
    const [squad, , , vehicle] = await units();
    await clickModel(app, squad!.models[0]!.id);
    await clickModel(app, vehicle!.models[0]!.id);
    const verdict = app.page.getByTestId("fire-verdict");
    await verdict.waitFor({ timeout: 60_000 });
    await expect.poll(() => verdict.textContent(), { timeout: 60_000 }).toMatch(/needs|cannot|Cannot/);
    expect(await app.page.getByTestId("orders-panel").count()).toBe(1);
    await app.screenshot("every-system-bolt-action-fire");
  }, 120_000);

  it("Bolt Action: the Forces tab sets the selected unit's quality and officer (001 l.40–52), each one undo", async () => {
    await app.page.keyboard.press("Escape");
    await app.page.keyboard.press("p");
    const [squad] = await units();
    await app.page.evaluate((id) => window.__hulldown!.ui.getState().set({ selection: [id] }), squad!.models[0]!.id);
    await app.page.getByTestId("forces-unit-quality").selectOption({ label: "Veteran (morale 10)" });
    await app.page.getByTestId("forces-unit-rank").selectOption({ label: "Captain (+3 morale)" });
    const edited = async () => (await units()).find((u) => u.id === squad!.id)!;
    await expect.poll(edited).toMatchObject({ quality: "veteran", rank: "captain" });
    expect(await logText()).toMatch(/rank captain/);
    await app.page.evaluate(() => window.__hulldown!.game.getState().undo());
    await expect.poll(async () => (await edited()).rank).toBeUndefined();
    expect(await app.page.getByTestId("forces-unit-rank").inputValue()).toBe("");
    await app.screenshot("every-system-bolt-action-unit-quality");
  }, 120_000);

  it("a deleted model and a deleted unit keep their names in the log's earlier lines", async () => {
    await app.page.keyboard.press("Escape");
    await app.page.keyboard.press("p");
    const [squad, team] = await units();
    const names = await app.page.evaluate((ids) => ids.map((id) => window.__hulldown!.game.getState().names.of(id)), [squad!.models[1]!.id, team!.id]);
    await app.page.evaluate((id) => window.__hulldown!.ui.getState().set({ selection: [id] }), squad!.models[1]!.id);
    await app.page.getByTestId("forces-delete-model").click();
    await app.page.evaluate((id) => window.__hulldown!.ui.getState().set({ selection: [id] }), team!.models[0]!.id);
    await app.page.getByTestId("forces-delete-unit").click();
    await expect.poll(async () => (await units()).length).toBe(3);
    const log = await logText();
    expect(log).toContain(`${names[0]} removed (deleted in the editor)`);
    expect(log).toContain(`${names[1]} removed`);
    expect(log).not.toMatch(/ba-[a-z0-9-]+/);
  }, 120_000);

  it("the Bolt Action table, saved under Battlefields…, plays under Bolt Action; New game… lists it beside the shipped ones", async () => {
    await app.page.getByTestId("open-library").click();
    await app.page.getByTestId("library-name").fill("My Bolt Action table");
    await app.page.getByTestId("library-save").click();
    await app.page.getByTestId("library-entry").first().waitFor();
    await app.page.getByTestId("library-play").first().click();
    // Play asks the rule system: New game… on the saved table, its own (Bolt Action) chosen.
    const dialog = app.page.getByTestId("new-game");
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel("Rule system").inputValue()).toBe("bolt-action");
    const battlefield = dialog.getByLabel("Battlefield");
    expect(await battlefield.locator("option:checked").textContent()).toBe("My Bolt Action table");
    // Beside the shipped battlefields.
    const choices = await battlefield.locator("option").allTextContents();
    expect(choices).toEqual(expect.arrayContaining(["Saint-Martin crossroads (default)", "Ferme Lebrun (Bolt Action, 6 × 4 ft)", "My Bolt Action table"]));
    // Choosing a battlefield made for another system chooses that one; the saved one brings its own back.
    await battlefield.selectOption({ label: "Saint-Martin crossroads (default)" });
    await dialog.getByLabel("Rule system").selectOption("operation-ww2");
    await battlefield.selectOption({ label: "My Bolt Action table" });
    await expect.poll(() => dialog.getByLabel("Rule system").inputValue()).toBe("bolt-action");
    await app.screenshot("every-system-new-game-saved");
    await dialog.getByTestId("new-game-start").click();
    // A game in progress: the app's own three-way question, not the browser's box.
    const confirm = app.page.getByTestId("confirm-dialog");
    await confirm.waitFor();
    expect(await confirm.getByRole("button").allTextContents()).toEqual(["Save this game first, then go on", "Replace without saving", "Keep this game"]);
    await app.screenshot("every-system-replace-asked");
    await app.page.getByTestId("confirm-yes").click();
    await expect.poll(() => app.page.evaluate(() => window.__hulldown!.game.getState().log.events.length)).toBe(0);
    const header = await app.page.evaluate(() => window.__hulldown!.game.getState().log.header);
    expect([header.ruleset.id, header.scenario.name, header.scenario.ruleset?.id]).toEqual(["bolt-action", "My Bolt Action table", "bolt-action"]);
    expect(await app.page.evaluate(() => window.__hulldown!.ui.getState().unit)).toBe("in");
    expect(browserDialogs).toEqual([]);
    expect(app.errors).toEqual([]);
  }, 240_000);
});
