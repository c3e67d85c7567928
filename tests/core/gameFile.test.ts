/**
 * Game files are checked the way they were made: numbered events, each possible in the state it applies
 * to, dice from the seed; damaged and truncated files play up to the break and say where; saves round-trip
 * byte for byte.
 */
import { describe, expect, it } from "vitest";
import { createDice } from "../../src/core/dice";
import { type Command, toEvent } from "../../src/core/game/commands";
import type { GameEvent } from "../../src/core/game/events";
import { type GameFileResult, parseGame, serializeGame } from "../../src/core/game/gameFile";
import { currentState, type GameLog, newGame, record } from "../../src/core/game/gameLog";
import { statusOf } from "../../src/core/game/state";
import { MODEL_CATALOG } from "../../src/core/miniatures/shipped";
import { scenario } from "../helpers/scene";

const table = () =>
  scenario(
    [
      {
        id: "house",
        kind: "building",
        floors: 2,
        footprint: [
          [50, 50],
          [70, 50],
          [70, 60],
          [50, 60],
        ],
      },
    ],
    [
      { id: "rifleman", model: "us-rifleman", position: [20, 20], side: "A" },
      { id: "tank", model: "ger-panzer-iv", position: [100, 60], heading: 0, side: "B" },
    ],
  );

const start = (seed = 42) =>
  newGame(table(), { seed, ruleset: { id: "operation-ww2", version: "2.0", options: { night: false } }, created: "2026-11-22T00:00:00Z" });

function perform(log: GameLog, command: Command): GameLog {
  const result = toEvent(currentState(log), MODEL_CATALOG, command, 0);
  if (!result.ok) throw new Error(result.error);
  return record(log, result.event);
}

const moveTo = (x: number, z: number): Command => ({ type: "move", model: "rifleman", to: { position: [x, z], heading: 90 } });

/** A shot whose dice come from the game's seed, as the rule system would roll them. */
function shot(seed: number, outcomes: Extract<GameEvent, { type: "fire-resolved" }>["outcomes"], details?: unknown): GameEvent {
  const dice = createDice(seed);
  dice.roll(10, "to hit");
  dice.roll(10, "damage");
  return {
    type: "fire-resolved",
    ruleset: "operation-ww2",
    shooter: "rifleman",
    weapon: "small-arms",
    target: "tank",
    rolls: dice.rolls.map((r) => ({ ...r })),
    outcomes,
    summary: "test",
    details,
  };
}

/** A game of four events: two moves, a turret traverse and a shot. */
const played = () =>
  record(
    perform(perform(perform(start(), moveTo(30, 20)), moveTo(40, 25)), { type: "traverse", model: "tank", turretHeading: 45 }),
    shot(42, [{ model: "tank", effect: "damaged", detail: "tracks" }]),
  );

const file = (log: GameLog = played()) => JSON.parse(serializeGame(log)) as { events: Record<string, unknown>[] } & Record<string, unknown>;

function loaded(result: GameFileResult) {
  if (!result.ok) throw new Error(result.error);
  return result.game;
}

const load = (data: unknown) =>
  parseGame(typeof data === "string" ? data : JSON.stringify(data), MODEL_CATALOG, { rulesets: [{ id: "operation-ww2", versions: ["2.0", "1.0"] }] });

describe("saving and loading a game", () => {
  it("save → load → save is byte-identical, the ruleset header's key order included", () => {
    const log = played();
    // A header built with its keys in another order still saves in the loader's order.
    const shuffled: GameLog = { ...log, header: { ...log.header, ruleset: { tables: [], options: { night: false }, version: "2.0", id: "operation-ww2" } } };
    const text = serializeGame(shuffled);
    const again = serializeGame(loaded(load(text)).log);
    expect(again).toBe(text);
    expect(serializeGame(loaded(load(again)).log)).toBe(text);
    expect(loaded(load(text)).warning).toBeUndefined();
  });

  it("accepts a UTF-8 byte-order mark and says when a file is from a newer Hulldown", () => {
    expect(loaded(load(`\uFEFF${serializeGame(played())}`)).log.events).toHaveLength(4);
    expect(load({ ...file(), version: 2 })).toMatchObject({ ok: false, error: "version: made by a newer Hulldown (format 2); this one reads format 1" });
  });

  it("names a syntax error by line and column", () => {
    expect(load('{"format": "hulldown-game",\n  "version": 1 1}')).toMatchObject({
      ok: false,
      error: '(file): not valid JSON: line 2, column 16: expected , or } after a field, found "1"',
    });
  });
});

describe("events are numbered", () => {
  const breakAt = (events: Record<string, unknown>[]) => load({ ...file(), events });

  it("reports a gap, a duplicate and a swap at their place", () => {
    const { events } = file();
    expect(loaded(breakAt([events[0]!, events[2]!, events[3]!])).warning).toBe(
      "events[1].n: numbered 2, expected 1: an event is missing before it; the game was loaded up to event 1",
    );
    expect(loaded(breakAt([events[0]!, events[1]!, events[1]!, events[2]!])).warning).toBe(
      "events[2].n: numbered 1, expected 2: it repeats or is out of order; the game was loaded up to event 2",
    );
    expect(loaded(breakAt([events[0]!, events[2]!, events[1]!])).log.events).toHaveLength(1);
    const { n: _n, ...unnumbered } = events[1]!;
    expect(loaded(breakAt([events[0]!, unnumbered])).warning).toBe(
      "events[1].n: numbered nothing, expected 1: the event has no number; the game was loaded up to event 1",
    );
  });

  it("loads a file saved before events were numbered (no event has a number) in its order", () => {
    const { events } = file();
    const old = events.map(({ n: _n, ...event }) => event);
    const game = loaded(breakAt(old));
    expect(game.warning).toBeUndefined();
    expect(game.log.events).toHaveLength(events.length);
  });

  it("re-numbered events still have to fit the state they apply to", () => {
    const { events } = file();
    // Moves swapped and renumbered: the second move no longer starts where the model stands.
    const swapped = [events[1]!, events[0]!].map((e, n) => ({ ...e, n }));
    expect(loaded(breakAt(swapped)).warning).toBe("events[0]: model-moved: rifleman does not stand where the move starts; the game was loaded up to event 0");
  });
});

describe("each event is checked against the state it applies to", () => {
  const placing = (model: Record<string, unknown>) => ({
    n: 0,
    type: "model-placed",
    force: "force-A",
    unit: "new",
    model: { model: "us-rifleman", position: [10, 10], ...model },
  });
  const warningOf = (event: unknown) => loaded(load({ ...file(start()), events: [event] })).warning;

  it("refuses model-placed events the table cannot hold", () => {
    expect(warningOf(placing({ id: "far", position: [500, 10] }))).toMatch(
      /^events\[0\]: model-placed: model "far" cannot be placed: .*\.position: \[500, 10\] is off the 180 × 120 cm table/,
    );
    expect(warningOf(placing({ id: "house" }))).toMatch(
      /^events\[0\]: model-placed: model "house" cannot be placed: .*\.id: id "house" is already used at features\[0\]/,
    );
    expect(warningOf(placing({ id: "up", floor: { building: "barn", level: 0 } }))).toMatch(/no building with id "barn"/);
    expect(warningOf(placing({ id: "eye", figureHeight: 3, eyeHeight: 5 }))).toMatch(/eye \(5 cm\) above the top of the figure \(3 cm\)/);
    expect(warningOf(placing({ id: "huge", figureHeight: 1e6 }))).toBe(
      "events[0].model.figureHeight: 1000000 cm is more than the 100 cm a figure may be; the game was loaded up to event 0",
    );
  });

  it("refuses moves off the table, onto missing floors, and from where the model is not", () => {
    expect(
      warningOf({ n: 0, type: "model-moved", model: "rifleman", from: { position: [20, 20], heading: 0 }, to: { position: [400, 20], heading: 0 }, path: [] }),
    ).toMatch(/off the 180 × 120 cm table/);
    expect(
      warningOf({
        n: 0,
        type: "model-moved",
        model: "rifleman",
        from: { position: [20, 20], heading: 0 },
        to: { position: [55, 55], heading: 0, floor: { building: "house", level: 5 } },
        path: [],
      }),
    ).toMatch(/has floors 0–1, not 5/);
    expect(
      warningOf({ n: 0, type: "model-moved", model: "rifleman", from: { position: [21, 20], heading: 0 }, to: { position: [30, 20], heading: 0 }, path: [] }),
    ).toMatch(/does not stand where the move starts/);
  });

  it("treats ids such as toString as ids", () => {
    const template = { id: "toString", shape: { kind: "blast", at: [50, 50], radii: [5] }, from: "above" };
    const laid = loaded(load({ ...file(start()), cursor: 1, events: [{ n: 0, type: "template-placed", template }] }));
    expect(laid.warning).toBeUndefined();
    expect(Object.keys(currentState(laid.log).templates)).toEqual(["toString"]);
    expect(warningOf({ n: 0, type: "template-removed", id: "toString" })).toBe(
      'events[0]: template-removed: no template "toString"; the game was loaded up to event 0',
    );
    // JavaScript's own names are no ids at all (a save keyed by one could not be opened again).
    expect(warningOf({ n: 0, type: "template-removed", id: "constructor" })).toMatch(/^events\[0\]\.id: "constructor" is a name JavaScript keeps for itself/);
    const damaged = scenario(
      [],
      [
        { id: "toString", model: "ger-panzer-iv", position: [100, 60], side: "B" },
        { id: "rifleman", model: "us-rifleman", position: [20, 20], side: "A" },
      ],
    );
    const log = record(
      newGame(damaged, { seed: 42, ruleset: { id: "operation-ww2", version: "2.0", options: {} } }),
      shot(42, [{ model: "toString", effect: "damaged", detail: "tracks" }]),
    );
    const reloaded = loaded(load(serializeGame(log)));
    expect(reloaded.warning).toBeUndefined();
    expect(statusOf(currentState(reloaded.log), "toString").markers).toEqual(["tracks"]);
  });

  it("refuses __proto__ and constructor keys anywhere, and deep nesting in details", () => {
    const text = serializeGame(played()).replace('"options":{', '"options":{"__proto__":{"polluted":true},');
    expect(load(text)).toMatchObject({ ok: false, error: 'ruleset.options.__proto__: the key "__proto__" is not allowed anywhere in a Hulldown file' });
    let deep: unknown = 1;
    for (let i = 0; i < 100; i++) deep = { a: deep };
    const nested = serializeGame(record(start(), shot(42, [], { verdict: deep })));
    const kept = loaded(load(nested));
    expect(kept.log.events).toHaveLength(0);
    expect(kept.warning).toMatch(/^the file breaks at line 1, column \d+: nested deeper than 64 levels; the game was loaded up to event 0$/);
  });

  it("checks the embedded scenario as a scenario file is checked", () => {
    const data = file(start());
    (data.scenario as { features: { floorHeight?: number }[] }).features[0]!.floorHeight = 1e308;
    expect(load(data)).toMatchObject({ ok: false, error: "scenario.features[0].floorHeight: 1e+308 cm is more than the 500 cm a building storey may be" });
  });
});

describe("resolved shots are re-derived from the seed", () => {
  const shotFile = (change: (event: Record<string, unknown> & { rolls: { value: number; sides: number }[]; outcomes: unknown[] }) => void) => {
    const data = file();
    change(data.events[3] as never);
    return loaded(load(data)).warning;
  };

  it("reports dice outside a die's sides and dice the seed never rolled", () => {
    expect(shotFile((e) => (e.rolls[0]!.value = 15))).toBe("events[3].rolls[0].value: a d10 cannot show 15; the game was loaded up to event 3");
    const rolled = createDice(42).roll(10, "");
    expect(shotFile((e) => (e.rolls[0]!.value = (rolled % 10) + 1))).toBe(
      `events[3].rolls[0].value: a d10 showing ${(rolled % 10) + 1}, but the game's seed rolled ${rolled} here; the game was loaded up to event 3`,
    );
  });

  it("reports a changed seed or rule system version", () => {
    const data = file();
    expect(loaded(load({ ...data, seed: 43 })).warning).toMatch(/^events\[3\]\.rolls\[\d\]\.value: a d10 showing \d+, but the game's seed rolled \d+ here/);
    expect(load({ ...data, ruleset: { ...(data.ruleset as object), version: "9.9" } })).toMatchObject({
      ok: false,
      error: 'ruleset.version: operation-ww2 has versions 2.0, 1.0, not "9.9"',
    });
  });

  it("reports a shot ruled by another rule system than the game's", () => {
    expect(shotFile((e) => (e.ruleset = "bolt-action"))).toBe(
      'events[3].ruleset: ruled by "bolt-action", but this game is played with "operation-ww2"; the game was loaded up to event 3',
    );
  });

  it("reports an outcome for a model not on the table, or removed twice", () => {
    expect(shotFile((e) => e.outcomes.push({ model: "ghost", effect: "casualty", detail: "" }))).toBe(
      'events[3]: fire-resolved: the shot\'s outcome names model "ghost", which is not on the table; the game was loaded up to event 3',
    );
    expect(shotFile((e) => e.outcomes.push({ model: "rifleman", effect: "casualty", detail: "" }, { model: "rifleman", effect: "casualty", detail: "" }))).toBe(
      'events[3]: fire-resolved: model "rifleman" is removed twice by one shot; the game was loaded up to event 3',
    );
  });
});

describe("a file cut short", () => {
  it("keeps the whole events and says where the file breaks", () => {
    const text = serializeGame(played());
    const cut = text.slice(0, text.lastIndexOf('{"n":3') + 20);
    const game = loaded(load(cut));
    expect(game.log.events).toHaveLength(3);
    expect(game.warning).toMatch(/^the file breaks at line 1, column \d+: the text ends inside a string \(cut short\?\); the game was loaded up to event 3$/);
    const afterThird = text.slice(0, text.lastIndexOf('{"n":3'));
    expect(loaded(load(afterThird.slice(0, -1))).log.events).toHaveLength(3);
    const header = text.slice(0, text.indexOf('"events"') + 12);
    expect(loaded(load(header)).log.events).toHaveLength(0);
    expect(load(text.slice(0, 40))).toMatchObject({ ok: false, error: expect.stringMatching(/^\(file\): not valid JSON: line 1, column \d+: /) });
  });
});
