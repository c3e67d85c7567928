/**
 * The battlefield editor's forces and files, through the UI: add two squads with the Forces tool, drop a
 * model onto a wall (it slides clear, or the move is refused), show a house floor by floor, save the
 * battlefield in the browser and as a file, reload the page, and get the same file back; play it.
 */
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBattlefield } from "../../src/core/battlefield";
import { bodyOf, obstructionOf, tableBodies } from "../../src/core/placement";
import { catalogFor } from "../../src/core/scale";
import type { Scenario } from "../../src/core/scenario/schema";
import { type AppPage, dropDragged, openApp } from "./browser";

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1400, height: 900 });
  await app.page.waitForSelector("main[data-ready=true]");
  await app.page.waitForFunction(() => window.__hulldown !== undefined);
});
afterAll(() => app?.close());

const WALL = { id: "wall-estaminet", at: [147, 69] as const };

const table = () => app.page.evaluate(() => window.__hulldown!.game.getState().state.scenario) as Promise<Scenario>;
const unitNamed = async (name: string) => (await table()).forces.flatMap((f) => f.units.map((u) => ({ ...u, side: f.side }))).find((u) => u.name === name);

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

async function addSquad(preset: string, side: string, name: string, at: [number, number]): Promise<void> {
  await app.page.getByTestId("forces-preset").selectOption(preset);
  await app.page.getByTestId("forces-side").selectOption(side);
  await app.page.getByTestId("forces-name").fill(name);
  await app.page.getByLabel("Formation").selectOption("block");
  await clickTable(...at);
  await expect.poll(() => unitNamed(name), { timeout: 30_000 }).toBeDefined();
}

/** What a model of the table stands in, found with the same check the app runs. */
async function obstructionOfModel(id: string) {
  const scenario = await table();
  const battlefield = createBattlefield(scenario, catalogFor(scenario.scale));
  const entry = battlefield.models.get(id)!;
  return obstructionOf(battlefield, bodyOf(entry.def, entry.model), tableBodies(battlefield), entry.def.vehicle !== undefined);
}

async function download(button: string): Promise<string> {
  const started = app.page.waitForEvent("download");
  await app.page.getByTestId(button).first().click();
  // The browser runs apart from the test: the file comes over the connection.
  const file = join(await mkdtemp(join(tmpdir(), "hulldown-")), "battlefield.json");
  await (await started).saveAs(file);
  return readFile(file, "utf8");
}

describe("the Forces tool and the battlefield files", () => {
  let saved = "";

  it("adds two squads through the panel, each where the table was clicked, each with its side and name", async () => {
    await app.page.getByTestId("edit-forces").click();
    await addSquad("us-rifle-squad", "USA", "Able", [150, 100]);
    await addSquad("ger-grenadier-squad", "Germany", "Baker", [60, 112]);
    const able = (await unitNamed("Able"))!;
    const baker = (await unitNamed("Baker"))!;
    expect([able.side, able.models.length, baker.side, baker.models.length]).toEqual(["USA", 10, "Germany", 8]);
    const centre = (u: typeof able) => [
      u.models.reduce((s, m) => s + m.position[0], 0) / u.models.length,
      u.models.reduce((s, m) => s + m.position[1], 0) / u.models.length,
    ];
    expect(Math.hypot(centre(able)[0]! - 150, centre(able)[1]! - 100)).toBeLessThan(4);
    expect(Math.hypot(centre(baker)[0]! - 60, centre(baker)[1]! - 112)).toBeLessThan(4);
    for (const m of [...able.models, ...baker.models]) expect(await obstructionOfModel(m.id)).toBeUndefined();
    expect(await app.page.getByTestId("preset-sample").count()).toBe(1);
    await app.screenshot("forces-two-squads");
    // Each squad is one undoable event.
    const types = await app.page.evaluate(() => window.__hulldown!.game.getState().log.events.map((e) => e.type));
    expect(types).toEqual(["unit-placed", "unit-placed"]);
  }, 240_000);

  it("slides a model dropped onto a wall clear of it (or refuses the move), with the play mode's select tool", async () => {
    await app.page.keyboard.press("Escape");
    await app.page.keyboard.press("s");
    const grabbed = (await unitNamed("Able"))!.models[0]!.id;
    const from = await app.page.evaluate((m) => window.__hulldown!.screenPosition(m), grabbed);
    await app.page.mouse.move(from!.x, from!.y);
    await app.page.mouse.down();
    // The model under the pointer: the one aimed at, or a squad mate drawn in front of it.
    const model = (await app.page.evaluate(() => window.__hulldown!.ui.getState().drag?.model))!;
    expect(model).toBeDefined();
    const to = await app.page.evaluate(([x, z]) => {
      const hooks = window.__hulldown!;
      const [dx, dz] = hooks.ui.getState().drag!.offset;
      return hooks.projectPoint([x - dx, 1, z - dz]);
    }, WALL.at);
    await app.page.mouse.move(to!.x, to!.y, { steps: 8 });
    await dropDragged(app);
    const after = (await table()).forces
      .flatMap((f) => f.units)
      .flatMap((u) => u.models)
      .find((m) => m.id === model)!;
    expect(await obstructionOfModel(model)).toBeUndefined();
    const moved = await app.page.evaluate(() => window.__hulldown!.game.getState().log.events.at(-1)?.type);
    if (moved === "model-moved") expect(Math.hypot(after.position[0] - WALL.at[0], after.position[1] - WALL.at[1])).toBeLessThan(4);
    else expect(await app.page.getByTestId("toast").textContent()).toMatch(/would stand in/);
    await app.screenshot("forces-dropped-on-wall");
  }, 240_000);

  it("edits the selected model's heading and shows the house up to its ground floor", async () => {
    await app.page.keyboard.press("p");
    const model = (await unitNamed("Baker"))!.models[0]!.id;
    await app.page.evaluate((m) => window.__hulldown!.ui.getState().set({ selection: [m] }), model);
    await app.page.getByTestId("forces-heading").fill("90");
    await app.page.getByTestId("forces-heading").press("Enter");
    await expect
      .poll(
        async () =>
          (await table()).forces
            .flatMap((f) => f.units)
            .flatMap((u) => u.models)
            .find((m) => m.id === model)?.heading,
      )
      .toBe(90);
    await app.page.getByTestId("floor-shown-house").selectOption("0");
    await app.screenshot("forces-house-ground-floor");
  }, 240_000);

  it("saves the battlefield, and after a reload gets the same file back from the browser's list", async () => {
    await app.page.getByTestId("open-library").click();
    await app.page.getByTestId("library-name").fill("Two squads at Saint-Martin");
    await app.page.getByTestId("library-save").click();
    await app.page.getByTestId("library-entry").first().waitFor();
    saved = await download("library-download-table");
    const file = JSON.parse(saved) as Scenario;
    expect(file.name).toBe("Two squads at Saint-Martin");
    expect(file.forces.flatMap((f) => f.units).map((u) => u.name)).toEqual(expect.arrayContaining(["Able", "Baker"]));
    await app.screenshot("library");

    await app.page.reload();
    // A fresh start builds the sight world again: slow on a busy machine.
    await app.page.waitForSelector("main[data-ready=true]", { timeout: 120_000 });
    // The autosave brought the table back as it was.
    expect((await unitNamed("Able"))?.models).toHaveLength(10);
    await app.page.getByTestId("open-library").click();
    await expect.poll(() => app.page.getByTestId("library-entry").count()).toBe(1);
    expect(await download("library-download")).toBe(saved);
  }, 240_000);

  it("starts a game on the saved battlefield under its own rule system, asking first since the table has changes", async () => {
    await app.page.getByTestId("library-play").click();
    // New game… opens on it, with the rule system it was saved under chosen.
    const dialog = app.page.getByTestId("new-game");
    expect(await dialog.getByLabel("Rule system").inputValue()).toBe("operation-ww2");
    await dialog.getByTestId("new-game-start").click();
    await app.page.getByTestId("confirm-yes").click();
    await expect.poll(() => app.page.evaluate(() => window.__hulldown!.game.getState().log.events.length)).toBe(0);
    const header = await app.page.evaluate(() => window.__hulldown!.game.getState().log.header.scenario);
    expect(header).toEqual(JSON.parse(saved));
    expect(app.errors).toEqual([]);
  }, 240_000);
});
