/**
 * Models put down by the player land where the sight worker's ray finds a floor or the ground: through a
 * roof onto the top floor, onto the floor the editor shows, onto a hill's slope; an imported mini dropped
 * on the table stands where it was dropped, clear of the model already there.
 */
import { readFile } from "node:fs/promises";
import { beforeEach, describe, expect, it } from "vitest";
import { createBattlefield } from "../../src/core/battlefield";
import { newGame } from "../../src/core/game/gameLog";
import { buildMiniature, guessSize } from "../../src/core/miniatures/buildMiniature";
import { readModelFile } from "../../src/core/miniatures/readModelFile";
import { bodyOf, obstructionOf, tableBodies } from "../../src/core/placement";
import type { Miniature } from "../../src/core/scenario/schema";
import { useEditor } from "../../src/state/editorStore";
import { useGame } from "../../src/state/game";
import { landing, lookDownFrom } from "../../src/state/landing";
import { placeMiniature } from "../../src/state/miniatures";
import { createSightClient, type SightClient } from "../../src/state/sightClient";
import { scenario, testCatalog, testHouse } from "../helpers/scene";
import { inProcessWorker } from "../helpers/sightHost";

// A 4 cm high hill rising over 8 cm from its foot (a 40 cm square); the test house (two 5.5 cm storeys, a roof).
const hill = {
  id: "hill",
  kind: "hill" as const,
  outline: [
    [20, 20],
    [60, 20],
    [60, 60],
    [20, 60],
  ] as [number, number][],
  height: 4,
  slope: 8,
};
const table = scenario([hill, testHouse()], [{ id: "rifleman", model: "us-rifleman", position: [80, 100] }]);

let client: SightClient;
beforeEach(async () => {
  useGame.getState().replace(newGame(table, { seed: 3, ruleset: { id: "operation-ww2", version: "2.0", options: {} } }));
  useEditor.getState().set({ floorShown: {} });
  client = createSightClient(inProcessWorker());
  await client.sync(table);
});

describe("where a model put down lands", () => {
  it("through the roof on the top floor; on the ground floor when the editor shows the house up to it", async () => {
    expect(lookDownFrom([112, 57])).toBeUndefined();
    expect(await landing([112, 57], 30, client)).toEqual({ position: [112, 57], heading: 30, floor: { building: "house", level: 1 } });
    useEditor.getState().showFloor("house", 0);
    // Just under the upper floor's slab (5.5 cm up, 0.4 cm thick).
    expect(lookDownFrom([112, 57])).toBeCloseTo(5.1, 9);
    expect(lookDownFrom([95, 57])).toBeUndefined();
    expect(await landing([112, 57], 30, client)).toEqual({ position: [112, 57], heading: 30, floor: { building: "house", level: 0 } });
  });

  it("on the ground, a hill's slope included, with no floor", async () => {
    expect(await landing([40, 55], 0, client)).toEqual({ position: [40, 55], heading: 0 });
  });

  it("says why with a message, and lands nothing, when the sight worker cannot answer", async () => {
    client.dispose();
    expect(await landing([40, 55], 0, client)).toBeUndefined();
    expect(useGame.getState().message).toMatchObject({
      kind: "error",
      text: expect.stringMatching(/^Cannot tell what stands under \(40\.0, 55\.0\): the sight client was disposed/),
    });
  });
});

async function boxMini(): Promise<Miniature> {
  const bytes = await readFile(new URL("../fixtures/box-mini.stl", import.meta.url));
  const file = await readModelFile(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), "box-mini.stl");
  if (!file.ok) throw new Error(file.error);
  const built = buildMiniature(file, {
    id: "box-mini",
    name: "Box mini",
    fileName: "box-mini.stl",
    up: "z",
    size: guessSize(file, "z", "28mm"),
    turn: 0,
    partOf: ["figure"],
    convex: new Set(["figure"]),
  });
  if (!built.ok) throw new Error(built.error);
  return built.miniature;
}

describe("an imported mini dropped on the table", () => {
  const placedMini = () =>
    useGame
      .getState()
      .state.scenario.forces.flatMap((f) => f.units.flatMap((u) => u.models))
      .find((m) => m.model === "box-mini");

  it("stands where it was dropped, on the floor under it", async () => {
    expect(await placeMiniature(await boxMini(), "force-A", [113, 62], client)).toBe(true);
    expect(placedMini()).toMatchObject({ position: [113, 62], floor: { building: "house", level: 1 } });
    expect(useGame.getState().log.events.map((e) => e.type)).toEqual(["miniature-imported"]);
  });

  it("dropped on another model's base, moves to the nearest spot clear of it", async () => {
    expect(await placeMiniature(await boxMini(), "force-A", [80.5, 100], client)).toBe(true);
    const mini = placedMini()!;
    const battlefield = createBattlefield(useGame.getState().state.scenario, testCatalog(useGame.getState().state.scenario));
    const entry = battlefield.models.get(mini.id)!;
    expect(obstructionOf(battlefield, bodyOf(entry.def, entry.model), tableBodies(battlefield))).toBeUndefined();
    // Clear, but no further than it must be: within a couple of centimetres of the drop.
    const moved = Math.hypot(mini.position[0] - 80.5, mini.position[1] - 100);
    expect(moved).toBeGreaterThan(0.4);
    expect(moved).toBeLessThan(3);
  });
});
