/**
 * Importing a miniature is one game-log event: it stores the mini with the battlefield and puts its model
 * on the table, undoes as one step, and a saved game with it is accepted by the game-file checker.
 */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { toEvent } from "../../src/core/game/commands";
import { parseGame, serializeGame } from "../../src/core/game/gameFile";
import { currentState, newGame, record, undo } from "../../src/core/game/gameLog";
import { buildMiniature, guessSize } from "../../src/core/miniatures/buildMiniature";
import { scenarioCatalog } from "../../src/core/miniatures/catalog";
import { readModelFile } from "../../src/core/miniatures/readModelFile";
import { parseScenario } from "../../src/core/scenario/load";
import type { Miniature, Scenario } from "../../src/core/scenario/schema";

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

function table(): Scenario {
  const parsed = parseScenario({ format: "hulldown-scenario", version: 1, forces: [{ id: "allies", side: "Allies", units: [] }] }, scenarioCatalog);
  if (!parsed.ok) throw new Error("bad test table");
  return parsed.scenario;
}

const start = () => newGame(table(), { seed: 7, ruleset: { id: "operation-ww2", version: "2.0", options: {} }, created: "2026-11-22T00:00:00Z" });

describe("the miniature-imported event", () => {
  it("stores the mini with the battlefield, places its model, undoes as one step and survives a saved game", async () => {
    const log = start();
    const miniature = await boxMini();
    const command = {
      type: "import-miniature" as const,
      miniature,
      force: "allies",
      unit: "my-unit",
      model: { id: "my-model", model: "box-mini", position: [40, 30] as [number, number], heading: 0, turretHeading: 0 },
    };
    const result = toEvent(currentState(log), scenarioCatalog(currentState(log).scenario), command, 0);
    if (!result.ok) throw new Error(result.error);
    const after = record(log, result.event);
    const state = currentState(after);
    expect(state.scenario.miniatures?.map((m) => m.id)).toEqual(["box-mini"]);
    expect(state.scenario.forces[0]!.units).toMatchObject([{ id: "my-unit", models: [{ id: "my-model", model: "box-mini" }] }]);
    expect(currentState(undo(after)).scenario.miniatures ?? []).toEqual([]);
    expect(currentState(undo(after)).scenario.forces[0]!.units).toEqual([]);

    const reloaded = parseGame(serializeGame(after), scenarioCatalog);
    if (!reloaded.ok) throw new Error(reloaded.error);
    expect(reloaded.game.warning).toBeUndefined();
    expect(currentState(reloaded.game.log).scenario.miniatures).toEqual(state.scenario.miniatures);

    // The same id twice, a model off the table and a force that does not exist are each refused.
    const again = toEvent(state, scenarioCatalog(state.scenario), { ...command, model: { ...command.model, id: "other" } }, 0);
    expect(again).toEqual({ ok: false, error: 'there is already a model "box-mini"; give the miniature another id' });
    const off = toEvent(currentState(log), scenarioCatalog(currentState(log).scenario), { ...command, model: { ...command.model, position: [500, 30] } }, 0);
    expect(off).toMatchObject({ ok: false, error: expect.stringContaining("off the 180 × 120 cm table") });
    expect(toEvent(currentState(log), scenarioCatalog(currentState(log).scenario), { ...command, force: "axis" }, 0)).toEqual({
      ok: false,
      error: 'no force "axis"',
    });
  });
});
