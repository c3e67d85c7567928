/**
 * Open… in the browser: a valid file over a game in progress asks before replacing it (and keeping it keeps
 * it), a file with three errors lists all three with their paths, and a .glb gets one plain sentence.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppPage, closeBriefingIfShown, openApp } from "./browser";

let app: AppPage;
beforeAll(async () => {
  app = await openApp();
  await app.page.waitForSelector("main[data-ready=true]");
  await app.page.waitForFunction(() => window.__hulldown !== undefined);
});
afterAll(() => app?.close());

const bocage = () => JSON.parse(readFileSync("src/scenarios/normandy-bocage.json", "utf8"));
const game = () =>
  app.page.evaluate(() => ({
    name: window.__hulldown!.game.getState().log.header.scenario.name,
    events: window.__hulldown!.game.getState().log.events.length,
  }));

async function open(name: string, contents: string | Buffer): Promise<void> {
  const chooser = app.page.waitForEvent("filechooser");
  await app.page.getByRole("button", { name: "Open…" }).click();
  await (await chooser).setFiles({ name, mimeType: "application/octet-stream", buffer: typeof contents === "string" ? Buffer.from(contents) : contents });
}

describe("Open…", () => {
  it("asks before a valid file replaces a game in progress; keep keeps it, replace replaces it", async () => {
    // A game in progress: one model turned.
    await app.page.evaluate(() => window.__hulldown!.game.getState().perform({ type: "move", model: "us-sherman-1", to: { position: [20, 20], heading: 45 } }));
    const before = await game();
    expect(before.events).toBe(1);

    await open("bocage.json", JSON.stringify(bocage()));
    const dialog = app.page.getByTestId("confirm-dialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/Open bocage\.json\?.*replaces the game on the table/);
    await app.page.getByTestId("confirm-no").click();
    await dialog.waitFor({ state: "detached" });
    expect(await game()).toEqual(before);

    await open("bocage.json", JSON.stringify(bocage()));
    await app.page.getByTestId("confirm-yes").click();
    await expect.poll(game).toEqual({ name: bocage().name, events: 0 });
    await closeBriefingIfShown(app.page);
  });

  it("lists every problem of a file with three errors, each with its path, and changes nothing", async () => {
    // A game in progress: the Sherman turned where it stands (on the bocage table [30, 20] is in a hedgerow, and refused).
    await app.page.evaluate(() => {
      const game = window.__hulldown!.game.getState();
      game.perform({ type: "move", model: "us-sherman-1", to: { position: game.battlefield.models.get("us-sherman-1")!.model.position, heading: 45 } });
    });
    const before = await game();
    const broken = bocage();
    broken.table.width = -5;
    broken.features[0].heigth = 3;
    broken.forces[0].units[0].models[1].heading = "north";
    await open("broken.json", JSON.stringify(broken));
    const problems = app.page.getByTestId("open-problems").locator("li");
    await problems.first().waitFor();
    const lines = await problems.allTextContents();
    expect(lines).toHaveLength(3);
    expect(lines.map((l) => l.split(":")[0]).sort()).toEqual(["features[0].heigth", "forces[0].units[0].models[1].heading", "table.width"]);
    await app.screenshot("open-three-errors");
    await app.page.getByTestId("open-dialog").getByRole("button", { name: "Close" }).click();
    expect(await game()).toEqual(before);
  });

  it("answers a .glb with one plain sentence", async () => {
    await open("sherman.glb", readFileSync("models/gltf/28mm/us-sherman-m4.glb"));
    const problems = app.page.getByTestId("open-problems").locator("li");
    await problems.first().waitFor();
    expect(await problems.allTextContents()).toEqual([
      "sherman.glb is not a game or battlefield file: those are JSON text, and this is a binary file (a 3D model).",
    ]);
    await app.page.getByTestId("open-dialog").getByRole("button", { name: "Close" }).click();
    expect(app.errors).toEqual([]);
  });
});
