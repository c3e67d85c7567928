/**
 * Your own miniature in the browser: a bad file gets its message and changes nothing; the GLB fixture
 * imported through the file picker shows its colliders and triangle counts, is placed on the table, and is
 * still there (stored with the battlefield) after a reload.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppPage, openApp } from "./browser";

let app: AppPage;
beforeAll(async () => {
  app = await openApp();
  await app.page.waitForSelector("main[data-ready=true]");
  await app.page.waitForFunction(() => window.__hulldown !== undefined);
});
afterAll(() => app?.close());

async function choose(name: string, contents: Buffer): Promise<void> {
  const chooser = app.page.waitForEvent("filechooser");
  await app.page.getByTestId("import-mini").click();
  await (await chooser).setFiles({ name, mimeType: "application/octet-stream", buffer: contents });
}

const table = () =>
  app.page.evaluate(() => {
    const { state, log } = window.__hulldown!.game.getState();
    const models = state.scenario.forces.flatMap((f) => f.units.flatMap((u) => u.models));
    return {
      events: log.events.length,
      minis: (state.scenario.miniatures ?? []).map((m) => m.id),
      ofMini: models.filter((m) => m.model.startsWith("mini-")).map((m) => ({ id: m.id, model: m.model, position: m.position })),
    };
  });

describe("import a miniature", () => {
  it("a file that is not a model gets its message and the battlefield is unchanged", async () => {
    const before = await table();
    await choose("notes.stl", Buffer.from("these are my painting notes, not a model"));
    const error = app.page.getByTestId("import-mini-error");
    await error.waitFor();
    expect(await error.textContent()).toBe("notes.stl: is not a model file: expected an STL (binary or ASCII), a .glb or a .gltf");
    expect(await app.page.getByTestId("import-mini-place").isDisabled()).toBe(true);
    await app.page.getByRole("button", { name: "Cancel" }).click();
    expect(await table()).toEqual(before);
  });

  it("imports the GLB tank through the file picker, places it, and finds it again after a reload", async () => {
    await choose("tank-mini.glb", readFileSync("tests/fixtures/tank-mini.glb"));
    const report = app.page.getByTestId("import-mini-report");
    await report.waitFor();
    // 3 m tall at 1/56 is 5.4 cm; two boxes of 12 triangles, each collider its own hull of 12, each drawn as it is.
    expect(await report.textContent()).toBe("5.4 cm tall · triangles: 24 in the file, 24 for sight, 24 drawn");
    await app.page.waitForTimeout(500);
    await app.screenshot("import-mini-dialog");
    await app.page.getByTestId("import-mini-place").click();
    await app.page.getByTestId("import-mini-dialog").waitFor({ state: "detached" });
    const placed = await table();
    expect(placed.minis).toEqual(["mini-tank-mini"]);
    expect(placed.ofMini).toEqual([{ id: "mini-tank-mini-1", model: "mini-tank-mini", position: [90, 60] }]);
    // Drawn: the scene has the mini's hull and turret under its model id.
    await expect.poll(() => app.page.evaluate(() => window.__hulldown!.screenPosition("mini-tank-mini-1") !== undefined)).toBe(true);
    await app.screenshot("import-mini-placed");

    await app.page.reload();
    await app.page.waitForSelector("main[data-ready=true]");
    await app.page.waitForFunction(() => window.__hulldown !== undefined);
    expect(await table()).toEqual(placed);
    await app.screenshot("import-mini-after-reload");
    expect(app.errors).toEqual([]);
  }, 240_000);
});
