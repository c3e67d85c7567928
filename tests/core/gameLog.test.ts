/** The event-sourced game log: fold, undo/redo, snapshots, dice that resume, saving and damaged files. */
import { describe, expect, it } from "vitest";
import { createDice } from "../../src/core/dice";
import { type Command, toEvent } from "../../src/core/game/commands";
import type { GameEvent } from "../../src/core/game/events";
import { parseGame, serializeGame } from "../../src/core/game/gameFile";
import { canRedo, canUndo, currentState, type GameLog, newGame, nextDice, record, redo, SNAPSHOT_EVERY, stateAt, undo } from "../../src/core/game/gameLog";
import { findModel } from "../../src/core/game/models";
import { applyEvent, initialState, statusOf } from "../../src/core/game/state";
import { MODEL_CATALOG } from "../../src/core/miniatures/shipped";
import { scenario } from "../helpers/scene";

const table = () =>
  scenario(
    [],
    [
      { id: "rifleman", model: "us-rifleman", position: [20, 20], side: "A" },
      { id: "tank", model: "ger-panzer-iv", position: [100, 60], heading: 0, side: "B" },
    ],
  );

const start = () => newGame(table(), { seed: 42, ruleset: { id: "operation-ww2", version: "2.0", options: {} }, created: "2026-11-22T00:00:00Z" });

function perform(log: GameLog, command: Command): GameLog {
  const result = toEvent(currentState(log), MODEL_CATALOG, command, 0);
  if (!result.ok) throw new Error(result.error);
  return record(log, result.event);
}

const moveTo = (x: number, z: number): Command => ({ type: "move", model: "rifleman", to: { position: [x, z], heading: 90 } });

describe("templates in the game log", () => {
  const blast = (id: string, at: [number, number]): Command => ({
    type: "place-template",
    template: { id, from: "above", shape: { kind: "blast", at, radii: [3, 5] }, label: "" },
  });

  it("moves a laid template in one event that one undo takes back, and saves it", () => {
    let log = perform(start(), blast("b1", [50, 50]));
    log = perform(log, { type: "move-template", id: "b1", to: { kind: "blast", at: [62, 41], radii: [3, 5] } });
    expect(log.events.at(-1)).toMatchObject({ type: "template-moved", id: "b1", from: { at: [50, 50] }, to: { at: [62, 41] } });
    expect(currentState(log).templates.b1!.shape).toEqual({ kind: "blast", at: [62, 41], radii: [3, 5] });
    const reloaded = parseGame(serializeGame(log), MODEL_CATALOG);
    expect(reloaded.ok && currentState(reloaded.game.log).templates.b1!.shape).toEqual({ kind: "blast", at: [62, 41], radii: [3, 5] });
    log = undo(log);
    expect(currentState(log).templates.b1!.shape).toEqual({ kind: "blast", at: [50, 50], radii: [3, 5] });
  });

  it("refuses to move a template that is not there, or to change its kind", () => {
    const log = perform(start(), blast("b1", [50, 50]));
    const teardrop = { kind: "teardrop", from: [50, 50], heading: 0, length: 12, narrowWidth: 2, wideWidth: 5 } as const;
    const moveMissing = toEvent(currentState(log), MODEL_CATALOG, { type: "move-template", id: "nope", to: { kind: "blast", at: [1, 1], radii: [3] } });
    expect(moveMissing).toEqual({ ok: false, error: 'no template "nope"' });
    const changeKind = toEvent(currentState(log), MODEL_CATALOG, { type: "move-template", id: "b1", to: { ...teardrop, from: [50, 50] } });
    expect(changeKind).toEqual({ ok: false, error: "a blast template cannot become a teardrop" });
  });
});

describe("the game log", () => {
  it("folds moves into the table state, and undo / redo walk the log", () => {
    let log = perform(perform(start(), moveTo(30, 20)), moveTo(40, 25));
    expect(findModel(currentState(log).scenario, "rifleman")!.position).toEqual([40, 25]);
    log = undo(log);
    expect(findModel(currentState(log).scenario, "rifleman")!.position).toEqual([30, 20]);
    log = undo(log);
    expect(findModel(currentState(log).scenario, "rifleman")!.position).toEqual([20, 20]);
    log = redo(log);
    expect(findModel(currentState(log).scenario, "rifleman")!.position).toEqual([30, 20]);
    // A new command after an undo drops what could have been redone.
    log = perform(log, moveTo(50, 50));
    expect(canRedo(log)).toBe(false);
    expect(log.events).toHaveLength(2);
  });

  it("records line-of-sight checks, which undo and redo step over to the last real change", () => {
    const check: GameEvent = { type: "los-checked", shooter: "rifleman", target: "tank", visibleFraction: 0.5, hullDown: false };
    let log = record(perform(start(), moveTo(30, 20)), check);
    expect(log.events.map((e) => e.type)).toEqual(["model-moved", "los-checked"]);
    log = undo(log);
    expect(log.cursor).toBe(0);
    expect(findModel(currentState(log).scenario, "rifleman")!.position).toEqual([20, 20]);
    log = redo(log);
    expect(log.cursor).toBe(2);
    expect(canUndo(record(start(), check))).toBe(false);
  });

  it("moves several models as one event, undone in one step, and refuses the group if one move is off the table", () => {
    const group: Command = {
      type: "move-group",
      moves: [
        { model: "rifleman", to: { position: [25, 30], heading: 0 } },
        { model: "tank", to: { position: [105, 70], heading: 10 } },
      ],
    };
    let log = perform(start(), group);
    expect(log.events).toHaveLength(1);
    expect(log.events[0]!.type).toBe("models-moved");
    expect(findModel(currentState(log).scenario, "tank")!.position).toEqual([105, 70]);
    log = undo(log);
    expect(findModel(currentState(log).scenario, "rifleman")!.position).toEqual([20, 20]);
    expect(findModel(currentState(log).scenario, "tank")!.position).toEqual([100, 60]);
    const offTable = toEvent(currentState(log), MODEL_CATALOG, {
      type: "move-group",
      moves: [
        { model: "rifleman", to: { position: [25, 30], heading: 0 } },
        { model: "tank", to: { position: [400, 70], heading: 0 } },
      ],
    });
    expect(offTable).toEqual({ ok: false, error: "cannot move tank: [400.0, 70.0] is off the 180 × 120 cm table" });
  });

  it("refuses a command that does not fit the table, with a reason, and leaves the log alone", () => {
    const log = start();
    expect(toEvent(currentState(log), MODEL_CATALOG, moveTo(500, 20))).toEqual({
      ok: false,
      error: "cannot move rifleman: [500.0, 20.0] is off the 180 × 120 cm table",
    });
    expect(toEvent(currentState(log), MODEL_CATALOG, moveTo(Number.NaN, 20)).ok).toBe(false);
    expect(toEvent(currentState(log), MODEL_CATALOG, { type: "traverse", model: "rifleman", turretHeading: 30 })).toEqual({
      ok: false,
      error: "rifleman has no turret to traverse",
    });
    expect(() => record(log, { type: "model-removed", model: "ghost", cause: "test" })).toThrow(/ghost/);
  });

  it("seeks any point through snapshots and gets the same state as a full fold", () => {
    let log = start();
    for (let i = 0; i < SNAPSHOT_EVERY * 2 + 7; i++) log = perform(log, moveTo(20 + (i % 50), 20 + (i % 30)));
    let folded = initialState(log.header.scenario);
    for (const [i, event] of log.events.entries()) {
      folded = applyEvent(folded, event);
      if ([0, SNAPSHOT_EVERY - 1, SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY + 6].includes(i)) expect(stateAt(log, i + 1)).toEqual(folded);
    }
  });

  it("keeps the states it knows when recording, also over events taken back, the same as a full fold", () => {
    let log = start();
    for (let i = 0; i < SNAPSHOT_EVERY * 2 + 7; i++) log = perform(log, moveTo(20 + (i % 50), 20 + (i % 30)));
    // Back to event 60, then a different history: the old list's states past 60 are not this one's.
    log = { ...log, cursor: SNAPSHOT_EVERY + 10 };
    for (let i = 0; i < SNAPSHOT_EVERY + 3; i++) log = perform(log, moveTo(90 - (i % 40), 70 - (i % 20)));
    expect(log.events).toHaveLength(2 * SNAPSHOT_EVERY + 13);
    let folded = initialState(log.header.scenario);
    const expected = [folded];
    for (const event of log.events) expected.push((folded = applyEvent(folded, event)));
    for (const at of [SNAPSHOT_EVERY, SNAPSHOT_EVERY + 10, SNAPSHOT_EVERY + 11, 2 * SNAPSHOT_EVERY, log.events.length])
      expect(stateAt(log, at)).toEqual(expected[at]);
    expect(currentState(log)).toEqual(folded);
  });

  it("applies fire results: pinned models, casualties removed, destroyed vehicles left as wrecks", () => {
    const dice = createDice(42);
    const rolls = [dice.roll(10, "to hit"), dice.roll(10, "damage")];
    expect(rolls).toHaveLength(2);
    const fire: GameEvent = {
      type: "fire-resolved",
      ruleset: "operation-ww2",
      shooter: "rifleman",
      weapon: "small-arms",
      target: "tank",
      rolls: dice.rolls.map((r) => ({ ...r })),
      outcomes: [
        { model: "rifleman", effect: "pinned", detail: "" },
        { model: "tank", effect: "destroyed", detail: "brewed up" },
      ],
      summary: "test",
    };
    const log = record(start(), fire);
    const state = currentState(log);
    expect(statusOf(state, "rifleman").pinned).toBe(true);
    expect(findModel(state.scenario, "tank")).toBeUndefined();
    expect(state.scenario.features).toContainEqual({ id: "wreck-tank", kind: "wreck", model: "ger-panzer-iv", at: [100, 60], heading: 0 });
    expect(state.rollsUsed).toBe(2);
  });

  it("resumes the seeded dice exactly where the log stopped", () => {
    const whole = createDice(7);
    const sequence = [whole.roll(10, "a"), whole.roll(6, "b"), whole.roll(20, "c"), whole.roll(10, "d")];
    const log = record(newGame(table(), { seed: 7, ruleset: { id: "x", version: "1", options: {} } }), {
      type: "fire-resolved",
      ruleset: "x",
      shooter: "rifleman",
      weapon: "w",
      target: "tank",
      outcomes: [],
      summary: "",
      rolls: whole.rolls.slice(0, 2).map((r) => ({ ...r })),
    });
    const resumed = nextDice(log);
    expect([resumed.roll(20, "c"), resumed.roll(10, "d")]).toEqual(sequence.slice(2));
    expect(resumed.rolls.map((r) => r.index)).toEqual([2, 3]);
  });

  it("saves and loads a game, cursor included", () => {
    const log = undo(perform(perform(start(), moveTo(30, 20)), { type: "traverse", model: "tank", turretHeading: 45 }));
    const loaded = parseGame(serializeGame(log), MODEL_CATALOG);
    expect(loaded.ok && loaded.game.warning).toBe(undefined);
    if (!loaded.ok) throw new Error(loaded.error);
    expect(loaded.game.log.cursor).toBe(1);
    expect(loaded.game.log.events).toEqual(log.events);
    expect(currentState(loaded.game.log)).toEqual(currentState(log));
  });

  it("plays a damaged file up to where it breaks and says where", () => {
    const log = perform(perform(start(), moveTo(30, 20)), moveTo(40, 20));
    const file = JSON.parse(serializeGame(log));
    file.events[1].to.position = ["x", 20];
    const loaded = parseGame(JSON.stringify(file), MODEL_CATALOG);
    if (!loaded.ok) throw new Error(loaded.error);
    expect(loaded.game.log.events).toHaveLength(1);
    expect(loaded.game.warning).toMatch(/^events\[1\]\.to\.position.*loaded up to event 1/);
    expect(parseGame("{", MODEL_CATALOG)).toMatchObject({ ok: false, error: expect.stringMatching(/^\(file\): not valid JSON: line 1, column 2: /) });
    expect(parseGame(JSON.stringify({ ...file, seed: "x" }), MODEL_CATALOG)).toMatchObject({ ok: false, error: expect.stringMatching(/^seed/) });
  });

  it("lists every problem of a file that cannot be played, each with its path", () => {
    const file = JSON.parse(serializeGame(start()));
    file.seed = "x";
    file.scenario.forces[0].units[0].models[0].position = [20];
    file.scenario.features = [
      {
        id: "w",
        kind: "wall",
        path: [
          [0, 0],
          [10, 0],
        ],
        heigth: 2,
      },
    ];
    const loaded = parseGame(JSON.stringify(file), MODEL_CATALOG);
    if (loaded.ok) throw new Error("expected the file to be refused");
    expect(loaded.problems).toHaveLength(3);
    expect(loaded.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^seed: /),
        expect.stringMatching(/^scenario\.forces\[0\]\.units\[0\]\.models\[0\]\.position: /),
        expect.stringMatching(/^scenario\.features\[0\]\.heigth: unknown field/),
      ]),
    );
    expect(loaded.error).toBe(loaded.problems.join("; "));
  });
});
