/**
 * A unit's rule-system fields (Unit.quality, Unit.rank): the editor sets and unsets them through one undoable
 * unit-edited event; the game's rule system declares the words it reads (Ruleset.unitFields: Bolt Action's
 * quality, 001 l.40–45, and an officer's rank, l.47–52), and a game file or a new game whose battlefield uses
 * another word is refused at its path; a field the system does not declare is left alone.
 */
import { describe, expect, it } from "vitest";
import { type Command, toEvent } from "../../src/core/game/commands";
import { parseGame, serializeGame } from "../../src/core/game/gameFile";
import { currentState, type GameLog, newGame, record, undo } from "../../src/core/game/gameLog";
import type { Scenario } from "../../src/core/scenario/schema";
import { boltAction } from "../../src/rules/bolt-action";
import { moraleTarget } from "../../src/rules/bolt-action/morale";
import { RULESETS } from "../../src/rules/registry";
import { gameOn } from "../../src/state/game";
import { scenario, TEST_CATALOG } from "../helpers/scene";
import { baTable } from "../rules/bolt-action/table";

const table = () =>
  scenario(
    [],
    [
      { id: "gi", model: "us-rifleman", position: [20, 20], side: "A" },
      { id: "lt", model: "us-nco", position: [24, 20], side: "A" },
    ],
  );

const start = (s: Scenario = table(), ruleset = "bolt-action", version = "source") =>
  newGame(s, { seed: 1, ruleset: { id: ruleset, version, options: {} }, created: "2026-11-27T00:00:00Z" });

function perform(log: GameLog, command: Command): GameLog {
  const result = toEvent(currentState(log), TEST_CATALOG, command, 0);
  if (!result.ok) throw new Error(result.error);
  return record(log, result.event);
}

const unit = (log: GameLog, id: string) =>
  currentState(log)
    .scenario.forces.flatMap((f) => f.units)
    .find((u) => u.id === id)!;

const load = (text: string) => parseGame(text, TEST_CATALOG, { rulesets: RULESETS });

describe("the editor sets a unit's rule-system fields", () => {
  it("sets a quality and a rank in one undoable edit each, and a null takes one off", () => {
    let log = perform(start(), { type: "edit-unit", unit: "unit-gi", fields: { quality: "veteran" } });
    log = perform(log, { type: "edit-unit", unit: "unit-lt", fields: { rank: "captain", quality: "inexperienced" } });
    expect(unit(log, "unit-gi")).toMatchObject({ quality: "veteran" });
    expect(unit(log, "unit-lt")).toMatchObject({ quality: "inexperienced", rank: "captain" });
    // Edited in its force, a unit keeps its place there.
    expect(currentState(log).scenario.forces[0]!.units.map((u) => u.id)).toEqual(["unit-gi", "unit-lt"]);
    log = perform(log, { type: "edit-unit", unit: "unit-lt", fields: { rank: null } });
    expect(unit(log, "unit-lt")).not.toHaveProperty("rank");
    expect(unit(log, "unit-lt").quality).toBe("inexperienced");
    log = undo(log);
    expect(unit(log, "unit-lt").rank).toBe("captain");
    log = undo(log);
    expect(unit(log, "unit-lt")).not.toHaveProperty("rank");
    expect(unit(log, "unit-gi").quality).toBe("veteran");
  });

  it("the edited quality and rank reach the rules: a veteran's morale 10 (l.45) with a captain's +3 (l.51)", async () => {
    const log = perform(perform(start(), { type: "edit-unit", unit: "unit-gi", fields: { quality: "veteran" } }), {
      type: "edit-unit",
      unit: "unit-lt",
      fields: { rank: "captain" },
    });
    const t = await baTable(currentState(log).scenario);
    expect(moraleTarget(t.ctx, "unit-gi", "moraleCheck")).toEqual({ target: 13, what: "veteran morale 10, +3 captain (unit-lt)" });
  });
});

describe("Bolt Action declares the fields it reads", () => {
  it("quality from the quality table (l.40–45) and an officer's rank from the officers' table (l.47–52), each unset by default", () => {
    const [quality, rank] = boltAction.unitFields!;
    expect(quality!.id).toBe("quality");
    expect(quality!.choices.map((c) => c.label)).toEqual(["Inexperienced (morale 8)", "Regular (morale 9)", "Veteran (morale 10)"]);
    expect(rank!.id).toBe("rank");
    expect(rank!.choices.map((c) => c.label)).toEqual([
      "Second lieutenant (+1 morale)",
      "First lieutenant (+2 morale)",
      "Captain (+3 morale)",
      "Major (+4 morale)",
    ]);
    expect(rank!.unset).toBe("no officer");
    // The other systems read neither from the battlefield.
    expect(RULESETS.filter((r) => r.unitFields?.length).map((r) => r.id)).toEqual(["bolt-action"]);
  });
});

describe("a word the rule system does not know is refused where it is", () => {
  const withQuality = (quality: string): Scenario => {
    const s = table();
    return { ...s, forces: s.forces.map((f) => ({ ...f, units: f.units.map((u) => (u.id === "unit-gi" ? { ...u, quality } : u)) })) };
  };

  it("in a game file's battlefield, naming the unit's path and the words it takes", () => {
    const result = load(serializeGame(start(withQuality("elite"))));
    expect(result).toMatchObject({
      ok: false,
      error: 'scenario.forces[0].units[0].quality: Bolt Action: "quality" is one of "inexperienced", "regular", "veteran", not "elite"',
    });
  });

  it("in an editor's event of a saved game: the game loads up to it", () => {
    const data = JSON.parse(serializeGame(perform(start(), { type: "edit-unit", unit: "unit-lt", fields: { rank: "colonel" } })));
    const result = load(JSON.stringify(data));
    if (!result.ok) throw new Error(result.error);
    expect(result.game.warning).toBe(
      'events[0].fields.rank: Bolt Action: "rank" is one of "second-lieutenant", "first-lieutenant", "captain", "major", not "colonel"; the game was loaded up to event 0',
    );
  });

  it("when a new game starts on a battlefield under the system; another system, which reads no quality, leaves it alone", () => {
    const data = JSON.parse(JSON.stringify(withQuality("elite")));
    const refused = gameOn(data, { id: "bolt-action", version: "source", options: {} });
    expect(refused).toMatchObject({ ok: false, issues: [{ path: "forces[0].units[0].quality", message: expect.stringMatching(/not "elite"/) }] });
    expect(gameOn(data, { id: "operation-ww2", version: "v2.0", options: {} }).ok).toBe(true);
    expect(load(serializeGame(start(withQuality("elite"), "operation-ww2", "v2.0"))).ok).toBe(true);
  });
});
