/** The editor's force commands through the game log: place a unit, edit a model, rename, re-side, delete, undo; the physical check on moves. */
import { describe, expect, it } from "vitest";
import { formationOffsets, laidOut } from "../../src/core/formation";
import { type Command, toEvent } from "../../src/core/game/commands";
import { parseGame, serializeGame } from "../../src/core/game/gameFile";
import { currentState, type GameLog, newGame, record, undo } from "../../src/core/game/gameLog";
import { findModel } from "../../src/core/game/models";
import type { Model } from "../../src/core/scenario/schema";
import { scenario, TEST_CATALOG, testHouse } from "../helpers/scene";

const wall = {
  id: "wall",
  kind: "wall" as const,
  path: [
    [50, 0],
    [50, 120],
  ] as [number, number][],
  thickness: 1,
  height: 1.8,
};

const start = () =>
  newGame(scenario([wall, testHouse()], [{ id: "gi", model: "us-rifleman", position: [20, 20], side: "A" }]), {
    seed: 1,
    ruleset: { id: "operation-ww2", version: "2.0", options: {} },
    created: "2026-11-22T00:00:00Z",
  });

function perform(log: GameLog, command: Command): GameLog {
  const result = toEvent(currentState(log), TEST_CATALOG, command, 0);
  if (!result.ok) throw new Error(result.error);
  return record(log, result.event);
}

const refusal = (log: GameLog, command: Command) => {
  const result = toEvent(currentState(log), TEST_CATALOG, command, 0);
  return result.ok ? undefined : result.error;
};

const rifleman = (id: string, x: number, z: number, extra: Partial<Model> = {}): Model => ({
  id,
  model: "us-rifleman",
  position: [x, z],
  heading: 0,
  turretHeading: 0,
  ...extra,
});

const squad = (side = "B", force = "force-B"): Command => ({
  type: "place-unit",
  force,
  side,
  unit: { id: "squad-1", name: "Able", models: [rifleman("squad-1-1", 30, 60), rifleman("squad-1-2", 34, 60)] },
});

describe("placing a unit", () => {
  it("adds the unit with a new force for a new side, undone in one step", () => {
    let log = perform(start(), squad());
    const force = currentState(log).scenario.forces.find((f) => f.id === "force-B")!;
    expect(force.side).toBe("B");
    expect(force.units.map((u) => [u.id, u.name, u.models.length])).toEqual([["squad-1", "Able", 2]]);
    log = undo(log);
    expect(currentState(log).scenario.forces.map((f) => f.id)).toEqual(["force-A"]);
  });

  it("joins an existing force of the same side, and refuses a force of another side", () => {
    const log = perform(start(), squad("A", "force-A"));
    expect(
      currentState(log)
        .scenario.forces.find((f) => f.id === "force-A")!
        .units.map((u) => u.id),
    ).toEqual(["unit-gi", "squad-1"]);
    expect(refusal(start(), squad("B", "force-A"))).toMatch(/force "force-A" is on side A, not B/);
  });

  it("refuses ids already used, models off the table and unknown definitions, each with its path", () => {
    const clash: Command = { type: "place-unit", force: "force-A", side: "A", unit: { id: "squad-1", name: "", models: [rifleman("gi", 30, 30)] } };
    expect(refusal(start(), clash)).toMatch(/id "gi" is already used/);
    const off: Command = { type: "place-unit", force: "force-A", side: "A", unit: { id: "squad-1", name: "", models: [rifleman("x", 300, 30)] } };
    expect(refusal(start(), off)).toMatch(/position: \[300, 30\] is off the 180 × 120 cm table/);
    const unknown: Command = {
      type: "place-unit",
      force: "force-A",
      side: "A",
      unit: { id: "squad-1", name: "", models: [{ ...rifleman("x", 30, 30), model: "king-tiger" }] },
    };
    expect(refusal(start(), unknown)).toMatch(/unknown model definition "king-tiger"/);
  });

  it("refuses a model dropped onto a wall or onto another base", () => {
    const onWall: Command = { type: "place-unit", force: "force-A", side: "A", unit: { id: "squad-1", name: "", models: [rifleman("x", 49.5, 30)] } };
    expect(refusal(start(), onWall)).toBe("x would stand in wall");
    const onBase: Command = { type: "place-unit", force: "force-A", side: "A", unit: { id: "squad-1", name: "", models: [rifleman("x", 21, 20)] } };
    expect(refusal(start(), onBase)).toBe("x would overlap gi");
  });

  it("survives a save and a load of the game file", () => {
    const log = perform(start(), squad());
    const loaded = parseGame(serializeGame(log), TEST_CATALOG);
    expect(loaded.ok).toBe(true);
    expect(loaded.ok && loaded.game.warning).toBeUndefined();
    expect(loaded.ok && findModel(currentState(loaded.game.log).scenario, "squad-1-2")?.position).toEqual([34, 60]);
  });
});

describe("editing a model", () => {
  it("sets heading, floor, figure and eye height, and puts them back to defaults with null", () => {
    let log = perform(start(), { type: "place-unit", force: "force-A", side: "A", unit: { id: "u", name: "", models: [rifleman("up", 110, 60)] } });
    log = perform(log, {
      type: "edit-model",
      model: "up",
      changes: { heading: 45, floor: { building: "house", level: 1 }, figureHeight: 3.6, eyeHeight: 3.2, name: "Sgt Rock" },
    });
    expect(findModel(currentState(log).scenario, "up")).toMatchObject({
      heading: 45,
      floor: { building: "house", level: 1 },
      figureHeight: 3.6,
      eyeHeight: 3.2,
      name: "Sgt Rock",
    });
    log = perform(log, { type: "edit-model", model: "up", changes: { floor: null, eyeHeight: null } });
    const model = findModel(currentState(log).scenario, "up")!;
    expect(model.floor).toBeUndefined();
    expect(model.eyeHeight).toBeUndefined();
    expect(model.figureHeight).toBe(3.6);
    log = undo(log);
    expect(findModel(currentState(log).scenario, "up")!.floor).toEqual({ building: "house", level: 1 });
  });

  it("refuses a floor the building does not have, and a floor of a building the model is not in", () => {
    expect(refusal(start(), { type: "edit-model", model: "gi", changes: { floor: { building: "house", level: 1 } } })).toMatch(
      /outside the footprint of building "house"/,
    );
    let log = perform(start(), { type: "place-unit", force: "force-A", side: "A", unit: { id: "u", name: "", models: [rifleman("up", 110, 60)] } });
    expect(refusal(log, { type: "edit-model", model: "up", changes: { floor: { building: "house", level: 2 } } })).toMatch(/has floors 0–1/);
    log = perform(log, { type: "edit-model", model: "up", changes: { floor: { building: "house", level: 0 } } });
    expect(findModel(currentState(log).scenario, "up")!.floor).toEqual({ building: "house", level: 0 });
  });
});

describe("editing and removing units", () => {
  it("renames a unit, gives it to the other side, and removes it, each undone in one step", () => {
    let log = perform(start(), squad());
    log = perform(log, { type: "edit-unit", unit: "squad-1", name: "Baker" });
    log = perform(log, { type: "edit-unit", unit: "squad-1", force: "force-A" });
    const forceA = currentState(log).scenario.forces.find((f) => f.id === "force-A")!;
    expect(forceA.units.find((u) => u.id === "squad-1")?.name).toBe("Baker");
    log = perform(log, { type: "remove-unit", unit: "squad-1" });
    expect(findModel(currentState(log).scenario, "squad-1-1")).toBeUndefined();
    log = undo(log);
    expect(findModel(currentState(log).scenario, "squad-1-1")).toBeDefined();
    log = undo(log);
    expect(
      currentState(log)
        .scenario.forces.find((f) => f.id === "force-B")!
        .units.map((u) => u.id),
    ).toEqual(["squad-1"]);
    expect(refusal(log, { type: "edit-unit", unit: "squad-1", force: "force-Z" })).toMatch(/no force "force-Z"/);
    expect(refusal(log, { type: "remove-unit", unit: "nobody" })).toMatch(/unit "nobody"/);
  });
});

describe("moves in play are physical too", () => {
  it("refuses a move into the wall and onto another model, and allows one next to it", () => {
    const log = perform(start(), squad());
    expect(refusal(log, { type: "move", model: "gi", to: { position: [49.6, 20], heading: 0 } })).toBe("gi would stand in wall");
    expect(refusal(log, { type: "move", model: "gi", to: { position: [31, 60], heading: 0 } })).toBe("gi would overlap squad-1-1");
    expect(refusal(log, { type: "move", model: "gi", to: { position: [27.5, 60], heading: 0 } })).toBeUndefined();
  });

  it("moves a unit as a group whose models do not block each other", () => {
    const log = perform(start(), squad());
    const group: Command = {
      type: "move-group",
      moves: [
        { model: "squad-1-1", to: { position: [34, 60], heading: 0 } },
        { model: "squad-1-2", to: { position: [38, 60], heading: 0 } },
      ],
    };
    expect(refusal(log, group)).toBeUndefined();
  });
});

describe("formations", () => {
  it("lays a line abreast across the facing and a column along it, centred on the click", () => {
    expect(formationOffsets(3, 4, "line")).toEqual([
      [-4, 0],
      [0, 0],
      [4, 0],
    ]);
    expect(formationOffsets(3, 4, "column")).toEqual([
      [0, 4],
      [0, 0],
      [0, -4],
    ]);
    // Facing +x (heading 90) a line runs along z.
    const spots = laidOut([50, 50], 90, formationOffsets(3, 4, "line"));
    spots.forEach((p, i) => {
      expect(p[0]).toBeCloseTo(50);
      expect(p[1]).toBeCloseTo(54 - 4 * i);
    });
  });

  it("puts a wedge's leader at the point with the others alternately left and right behind it", () => {
    const wedge = formationOffsets(5, 2, "wedge");
    expect(wedge.map(([x]) => x)).toEqual([0, 2, -2, 4, -4]);
    expect(wedge[0]![1]).toBeGreaterThan(wedge[1]![1]);
    expect(wedge[1]![1]).toBeGreaterThan(wedge[3]![1]);
    expect(new Set(formationOffsets(7, 3, "block").map((p) => p.join(","))).size).toBe(7);
  });
});

describe("game files with the editor's events", () => {
  it("load up to a unit-placed event that would reuse an id, and say where", () => {
    const log = perform(start(), squad());
    const file = JSON.parse(serializeGame(log));
    file.events.push({
      n: file.events[0].n + 1,
      type: "unit-placed",
      force: "force-A",
      side: "A",
      unit: { id: "squad-2", name: "", models: [rifleman("gi", 70, 70)] },
    });
    const loaded = parseGame(JSON.stringify(file), TEST_CATALOG);
    expect(loaded.ok && loaded.game.log.events).toHaveLength(1);
    expect(loaded.ok && loaded.game.warning).toMatch(/^events\[1\]: .*id "gi" is already used.*loaded up to event 1$/);
  });
});
