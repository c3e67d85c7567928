/**
 * Issue 10's "done means", walked as a new user through the UI only: a new game on the empty table, edit
 * mode (B) with a two-storey house, a hedge and a hill; its Forces tab (P) with two squads of two new sides;
 * one of the user's own STL minis dropped on the house, which lands there, on its upper floor; a reload
 * finds the table intact. Then a church placed and turned keeps its tower against its nave.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Scenario } from "../../src/core/scenario/schema";
import { type AppPage, closeBriefingIfShown, openApp, waitUntilRestored } from "./browser";

let app: AppPage;
beforeAll(async () => {
  app = await openApp({ width: 1400, height: 900 });
  await app.page.waitForSelector("main[data-ready=true]");
  await app.page.waitForFunction(() => window.__hulldown !== undefined);
});
afterAll(() => app?.close());

const table = () => app.page.evaluate(() => window.__hulldown!.game.getState().state.scenario) as Promise<Scenario>;
const models = async () => (await table()).forces.flatMap((f) => f.units.flatMap((u) => u.models));

/** Where the table point [x, z] (at height y) is drawn on the screen. */
async function screenPoint(x: number, z: number, y = 0): Promise<{ x: number; y: number }> {
  const at = await app.page.evaluate(([px, py, pz]) => window.__hulldown!.projectPoint([px, py, pz]), [x, y, z] as const);
  if (!at) throw new Error(`[${x}, ${z}] is not on screen`);
  return at;
}

async function clickTable(x: number, z: number, y = 0): Promise<void> {
  const at = await screenPoint(x, z, y);
  await app.page.mouse.click(at.x, at.y);
}

/** Drops a file on the page at a screen point, as dragging it from the desktop does. */
async function dropFile(name: string, bytes: Buffer, at: { x: number; y: number }): Promise<void> {
  await app.page.evaluate(
    ({ name, data, x, y }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], name));
      const target = document.elementFromPoint(x, y)!;
      for (const type of ["dragenter", "dragover", "drop"])
        target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, clientX: x, clientY: y, bubbles: true, cancelable: true }));
    },
    { name, data: bytes.toString("base64"), x: at.x, y: at.y },
  );
}

async function addSquad(preset: string, side: string, at: [number, number]): Promise<void> {
  await app.page.getByTestId("forces-preset").selectOption(preset);
  await app.page.getByTestId("forces-side").selectOption({ label: "a new side…" });
  await app.page.getByLabel("New side's name").fill(side);
  await clickTable(...at);
  await expect.poll(async () => (await table()).forces.some((f) => f.side === side && f.units.length === 1), { timeout: 30_000 }).toBe(true);
}

describe("a new user builds a small table", () => {
  let built: Scenario;

  it("starts a new game on the empty table", async () => {
    await app.page.getByTestId("new-game-open").click();
    await app.page.getByLabel("Battlefield").selectOption("empty");
    await app.page.getByTestId("new-game-start").click();
    await app.page.waitForFunction(() => window.__hulldown!.game.getState().log.header.scenario.name === "Empty table");
    await closeBriefingIfShown(app.page);
    expect((await table()).features).toEqual([]);
  });

  it("edit mode: a two-storey house, a hedge and a hill, each one click or a few", async () => {
    await app.page.keyboard.press("b");
    await app.page.getByTestId("edit-panel").waitFor();
    await app.page.getByTestId("preset-house").click();
    await clickTable(60, 60);
    await app.page.keyboard.press("Escape");
    await app.page.getByTestId("draw-hedge").click();
    await clickTable(100, 30);
    await clickTable(100, 90);
    await app.page.keyboard.press("Enter");
    await app.page.keyboard.press("Escape");
    await app.page.getByTestId("draw-hill").click();
    // In front of the hedge, clear of the panel docked over the table's far right corner.
    for (const [x, z] of [
      [110, 70],
      [150, 70],
      [150, 95],
      [110, 95],
      [110, 70],
    ] as const)
      await clickTable(x, z);
    await app.page.keyboard.press("Escape");
    await expect.poll(async () => (await table()).features.map((f) => f.kind)).toEqual(["building", "hedge", "hill"]);
    await app.screenshot("new-user-terrain");
  }, 120_000);

  it("the Forces tab (P): two squads, each of a new side, where the table was clicked", async () => {
    await app.page.keyboard.press("p");
    await app.page.getByTestId("forces-panel").waitFor();
    expect(await app.page.getByTestId("edit-part-forces").getAttribute("aria-selected")).toBe("true");
    await addSquad("us-rifle-squad", "USA", [40, 100]);
    await addSquad("ger-grenadier-squad", "Germany", [110, 108]);
    const sides = (await table()).forces.map((f) => [f.side, f.units[0]!.models.length]);
    expect(sides).toEqual([
      ["USA", 10],
      ["Germany", 8],
    ]);
    await app.screenshot("new-user-forces");
  }, 120_000);

  it("drops an STL mini on the house: it stands there, on the house's upper floor", async () => {
    // The house's centre (60, 60) on its upper floor, seen through the roof: the drop lands on that floor.
    const upper = await app.page.evaluate(() => window.__hulldown!.game.getState().battlefield.buildings.get("house-1")!.floorHeight);
    await dropFile("box-mini.stl", readFileSync("tests/fixtures/box-mini.stl"), await screenPoint(60, 60, upper));
    await app.page.getByTestId("import-mini-report").waitFor();
    await app.page.getByTestId("import-mini-place").click();
    await app.page.getByTestId("import-mini-dialog").waitFor({ state: "detached" });
    const mini = (await models()).find((m) => m.model.startsWith("mini-box-mini"))!;
    expect(mini.floor).toEqual({ building: "house-1", level: 1 });
    // Where it was dropped (nothing stands there to move it aside).
    expect(Math.hypot(mini.position[0] - 60, mini.position[1] - 60)).toBeLessThan(0.5);
    built = await table();
    await app.page.keyboard.press("r");
    await app.screenshot("new-user-mini-upstairs");
    expect(app.errors).toEqual([]);
  }, 120_000);

  it("reloads and finds the table intact", async () => {
    await app.page.reload();
    await waitUntilRestored(app.page);
    await app.page.waitForFunction(() => window.__hulldown !== undefined);
    expect(await table()).toEqual(built);
    await app.screenshot("new-user-after-reload");
  }, 180_000);

  it("a church turned with Q keeps its tower against its nave, one undo", async () => {
    await app.page.keyboard.press("b");
    await app.page.getByTestId("edit-part-terrain").click();
    await app.page.getByTestId("preset-church").click();
    await clickTable(90, 20);
    await app.page.keyboard.press("Escape");
    const church = async () =>
      (await table()).features.filter((f) => f.group === "church-1").map((f) => f as Extract<Scenario["features"][number], { kind: "building" }>);
    const centre = (b: { footprint: [number, number][] }) => [b.footprint.reduce((s, p) => s + p[0], 0) / 4, b.footprint.reduce((s, p) => s + p[1], 0) / 4];
    await expect.poll(async () => (await church()).length).toBe(2);
    const before = await church();
    // The tower, selected as placed last, says what moves with it.
    expect(await app.page.getByTestId("prop-group").textContent()).toBe("Church 1");
    const events = await app.page.evaluate(() => window.__hulldown!.game.getState().log.events.length);
    await app.page.keyboard.press("e");
    await expect.poll(async () => app.page.evaluate(() => window.__hulldown!.game.getState().log.events.length)).toBe(events + 1);
    const [nave, tower] = await church();
    // Turned 15° (the tower, selected last, with its nave): still 15.5 cm apart, along the nave's turned long axis.
    const [nx, nz] = centre(nave!);
    const [tx, tz] = centre(tower!);
    expect(Math.hypot(tx! - nx!, tz! - nz!)).toBeCloseTo(15.5, 6);
    expect((Math.atan2(tx! - nx!, tz! - nz!) * 180) / Math.PI).toBeCloseTo(-90 + 15, 6);
    await app.screenshot("new-user-church-turned");
    await app.page.keyboard.press("Control+z");
    await expect.poll(church).toEqual(before);
    expect(app.errors).toEqual([]);
  }, 120_000);
});
