/**
 * The frame every rule system's own actions go through (Ruleset.actions): the action-taken event's fold (dice,
 * outcomes, unit changes), the loader's checks, the turn's side check, and the request checks of
 * takeActionInGame that come before any system's rules.
 */
import { describe, expect, it } from "vitest";
import { createDice } from "../../src/core/dice";
import type { GameEvent, GameEventOf } from "../../src/core/game/events";
import { parseGame, serializeGame } from "../../src/core/game/gameFile";
import { currentState, newGame, nextDice, record } from "../../src/core/game/gameLog";
import { findModel } from "../../src/core/game/models";
import { eventSeenBy } from "../../src/core/game/secrets";
import { fallenByUnit, statusOf, unitStatusOf } from "../../src/core/game/state";
import { MODEL_CATALOG } from "../../src/core/miniatures/shipped";
import { rulesetById } from "../../src/rules/registry";
import { notActing, outOfTurn } from "../../src/rules/turn";
import { takeActionInGame } from "../../src/worker/action";
import { gameTabletop } from "../../src/worker/fire";
import { scenario } from "../helpers/scene";

const table = () =>
  scenario(
    [],
    [
      { id: "rifleman", model: "us-rifleman", position: [20, 20], side: "A" },
      { id: "tank", model: "ger-panzer-iv", position: [100, 60], heading: 0, side: "B" },
    ],
  );
const start = (ruleset = "operation-ww2") =>
  newGame(table(), { seed: 42, ruleset: { id: ruleset, version: rulesetById(ruleset)!.versions[0]!, options: {} }, created: "2026-11-27T00:00:00Z" });
const unitOf = (model: string) =>
  table()
    .forces.flatMap((f) => f.units)
    .find((u) => u.models.some((m) => m.id === model))!.id;

function action(fields: Partial<GameEventOf<"action-taken">> = {}): GameEventOf<"action-taken"> {
  return {
    type: "action-taken",
    time: 0,
    ruleset: "operation-ww2",
    action: "morale-test",
    answers: {},
    rolls: [],
    outcomes: [],
    units: [],
    summary: "test",
    ...fields,
  };
}

describe("the action-taken event", () => {
  it("takes its dice from the stream, removes its casualties, leaves wrecks and changes units, as a shot does", () => {
    const dice = createDice(42);
    dice.roll(10, "morale");
    dice.roll(10, "close combat");
    const event = action({
      unit: unitOf("rifleman"),
      rolls: dice.rolls.map((r) => ({ ...r })),
      outcomes: [
        { model: "rifleman", effect: "pinned", detail: "" },
        { model: "tank", effect: "destroyed", detail: "assaulted" },
      ],
      units: [{ unit: unitOf("rifleman"), pins: 2 }],
      details: { card: "sample-card-3" },
    });
    const state = currentState(record(start(), event));
    expect(statusOf(state, "rifleman").pinned).toBe(true);
    expect(findModel(state.scenario, "tank")).toBeUndefined();
    expect(state.scenario.features.some((f) => f.id === "wreck-tank")).toBe(true);
    expect(unitStatusOf(state, unitOf("rifleman")).pins).toBe(2);
    expect(state.rollsUsed).toBe(2);
    // The tank's unit has lost a model (morale tests count a unit's losses over the game).
    expect(fallenByUnit(state)[unitOf("tank")]).toBe(1);
    expect(fallenByUnit(state)[unitOf("rifleman")]).toBeUndefined();
    // The next die follows on from the action's.
    const resumed = nextDice(record(start(), event));
    expect(resumed.roll(10, "next")).toBe(createDice(42, [10, 10]).roll(10, "next"));
  });

  it("is saved and loaded with its answers and record, and a file whose action's dice are not the seed's is refused there", () => {
    const dice = createDice(42);
    dice.roll(6, "test");
    const log = record(
      start(),
      action({ unit: unitOf("rifleman"), answers: { card: 3, reaction: true }, rolls: dice.rolls.map((r) => ({ ...r })), details: { hand: [1, 2] } }),
    );
    const loaded = parseGame(serializeGame(log), MODEL_CATALOG);
    if (!loaded.ok) throw new Error(loaded.error);
    expect(loaded.game.warning).toBeUndefined();
    expect(loaded.game.log.events).toEqual(log.events);

    const file = JSON.parse(serializeGame(log));
    file.events[0].rolls[0].value = (file.events[0].rolls[0].value % 6) + 1;
    const doctored = parseGame(JSON.stringify(file), MODEL_CATALOG);
    if (!doctored.ok) throw new Error(doctored.error);
    expect(doctored.game.log.events).toHaveLength(0);
    expect(doctored.game.warning).toMatch(/^events\[0\]\.rolls\[0\]\.value: a d6 showing \d, but the game's seed rolled \d here/);
  });

  it("is refused by the loader where it names a unit or a model not on the table", () => {
    for (const [fields, problem] of [
      [{ unit: "nobody" }, /no unit "nobody" on the table/],
      [{ target: "ghosts" }, /no unit "ghosts" on the table/],
      [{ outcomes: [{ model: "phantom", effect: "casualty", detail: "" }] }, /the action's outcome names model "phantom"/],
    ] as const) {
      const file = JSON.parse(serializeGame(record(start(), action(fields as Partial<GameEventOf<"action-taken">>))));
      const loaded = parseGame(JSON.stringify(file), MODEL_CATALOG);
      if (!loaded.ok) throw new Error(loaded.error);
      expect(loaded.game.warning).toMatch(problem);
    }
  });

  it("is left to its spec by the turn's check (a reaction or a forced test is the other side's), which says who must wait", () => {
    const ruleset = rulesetById("operation-ww2")!;
    const phase = ruleset.turn.phases.find((p) => p.acts !== "all")!;
    const step: GameEvent = { type: "turn-advanced", time: 0, turn: 1, phase: phase.id, side: "A", kept: [], rolls: [] };
    const state = currentState(record(start(), step));
    expect(outOfTurn(ruleset.turn, state, action({ unit: unitOf("tank") }))).toBeUndefined();
    expect(notActing(ruleset.turn, state, "A")).toBeUndefined();
    expect(notActing(ruleset.turn, state, "B")).toMatch(/^it is A's .*: B must wait$/);
  });
});

describe("takeActionInGame's checks before the rules", () => {
  it("names the actions a system has when asked for one it lacks, and the sides when a side action names none", async () => {
    const table = gameTabletop();
    try {
      const game = start("bolt-action");
      const ruleset = rulesetById("bolt-action")!;
      const known = ruleset.actions?.actions ?? [];
      await expect(takeActionInGame(table, { game, request: { action: "no-such-action" } })).rejects.toThrow(
        known.length ? /has no action "no-such-action"; its actions: / : /has no action "no-such-action"; it has no actions of its own/,
      );
      const sideAction = known.find((a) => a.by === "side");
      if (sideAction)
        await expect(takeActionInGame(table, { game, request: { action: sideAction.id, side: "C" } })).rejects.toThrow(/"C" is none \(sides: A, B\)/);
    } finally {
      table.dispose();
    }
  });
});

describe("takeActionInGame's parties", () => {
  it("an action aimed at a unit of its own side (a transport boarded) refuses an enemy unit, and names none missing", async () => {
    const table = gameTabletop();
    try {
      const game = start("flames-of-war");
      const mount = { action: "mount", unit: unitOf("rifleman") };
      await expect(takeActionInGame(table, { game, request: mount })).rejects.toThrow("Mount is aimed at a unit of its own side: the request names none");
      await expect(takeActionInGame(table, { game, request: { ...mount, target: unitOf("tank") } })).rejects.toThrow(
        `Mount is aimed at a unit of its own side: "${unitOf("tank")}" is on B's side`,
      );
    } finally {
      table.dispose();
    }
  });
});

describe("a side's secret (secrets.ts)", () => {
  const dice = createDice(42);
  dice.roll(30, "card drawn");
  dice.roll(29, "card drawn");
  const drawn = action({
    side: "A",
    rolls: dice.rolls.map((r) => ({ ...r })),
    details: { hand: ["c7", "c12"] },
    secret: { side: "A", what: "the cards A drew" },
  });

  it("shows its side everything, and the others neither its details nor its dice's faces", () => {
    expect(eventSeenBy(drawn, "A")).toBe(drawn);
    for (const other of ["B", null]) {
      const seen = eventSeenBy(drawn, other) as GameEventOf<"action-taken">;
      expect(seen.details).toEqual({ hidden: "the cards A drew" });
      expect(JSON.stringify(seen)).not.toContain("c12");
      expect(seen.rolls.map((r) => [r.index, r.sides, r.value])).toEqual([
        [0, 30, 1],
        [1, 29, 1],
      ]);
    }
    expect(eventSeenBy(action(), "B")).toEqual(action());
  });

  it("leaves the other seats' game where the side's is: the same state and the same dice after it", () => {
    const mine = record(start(), drawn);
    const theirs = record(start(), eventSeenBy(drawn, "B"));
    expect(currentState(theirs)).toEqual(currentState(mine));
    expect(nextDice(theirs).roll(10, "next")).toBe(nextDice(mine).roll(10, "next"));
  });
});
