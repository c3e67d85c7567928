/**
 * Fire through the sight worker's host: a declared shot inside a game on the default battlefield gets the rule
 * system's verdict, a roll resolves it from the game's seed, and the result is an event the game log accepts;
 * the game's own tables and its turn reach the rules.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { toEvent } from "../../src/core/game/commands";
import { currentState, newGame, nextDice, record } from "../../src/core/game/gameLog";
import { findModel } from "../../src/core/game/models";
import { MODEL_CATALOG } from "../../src/core/miniatures/shipped";
import { parseScenario } from "../../src/core/scenario/load";
import { fireEvent } from "../../src/rules/judge";
import { rulesetById } from "../../src/rules/registry";
import defaultBattlefield from "../../src/scenarios/default.json";
import { hostUnderTest } from "../helpers/sightHost";

describe("fire through the sight worker", () => {
  it("judges a shot with reasons, resolves it from the game's seed, and the log applies the result", { timeout: 60_000 }, async () => {
    const parsed = parseScenario(defaultBattlefield, MODEL_CATALOG);
    if (!parsed.ok) throw new Error("invalid default battlefield");
    const { ask } = hostUnderTest(MODEL_CATALOG);
    await ask("load", { scenario: parsed.scenario });
    const ruleset = { id: "operation-ww2", version: "v2.0", options: {} };
    const log = newGame(parsed.scenario, { seed: 1944, ruleset });
    // Declared with the order: the Panzer's unit fired last (its marker says so), the Sherman's commander is out of his hatch.
    const shot = { shooter: "us-sherman-1", target: "ger-panzer-iv-1", weapon: "main-gun" };
    const declaration = { ...shot, targetState: "firing", commanderExposed: true };
    // A stationary Panzer IV, spotted from a buttoned-up Sherman, is out of its spotting distance.
    const refused = await ask("fire", { game: log, declaration: { ...shot, commanderExposed: false } });
    expect(refused.verdict.valid).toBe(false);
    expect(refused.verdict.rulings.map((r) => r.rule)).toContain("§5.6");
    const judged = await ask("fire", { game: log, declaration });
    expect(judged.result).toBeUndefined();
    expect(judged.verdict.rulings.length).toBeGreaterThan(0);
    expect(judged.verdict.rulings.every((r) => /^§\d/.test(r.rule))).toBe(true);
    expect(judged.verdict.valid).toBe(true);

    const dice = nextDice(log);
    const first = await ask("fire", { game: log, declaration, roll: true });
    const again = await ask("fire", { game: log, declaration, roll: true });
    expect(first.result).toEqual(again.result);
    expect(first.result!.rolls[0]!.value).toBe(dice.roll(first.result!.rolls[0]!.sides, "check"));
    const after = record(log, fireEvent(rulesetById("operation-ww2")!, declaration, first.result!, 0));
    expect(currentState(after).rollsUsed).toBe(first.result!.rolls.length);
    const panzerGone = first.result!.outcomes.some((o) => o.model === "ger-panzer-iv-1" && o.effect === "destroyed");
    expect(!!findModel(currentState(after).scenario, "ger-panzer-iv-1")).toBe(!panzerGone);
  });
});

describe("a game's own rules table", () => {
  it("replaces the shipped sample table in the verdict, and a bad one is refused with its path", { timeout: 60_000 }, async () => {
    const parsed = parseScenario(defaultBattlefield, MODEL_CATALOG);
    if (!parsed.ok) throw new Error("invalid default battlefield");
    const { ask, send } = hostUnderTest(MODEL_CATALOG);
    await ask("load", { scenario: parsed.scenario });
    const declaration = { shooter: "us-sherman-1", target: "ger-panzer-iv-1", weapon: "main-gun" };
    const shipped = JSON.parse(readFileSync("src/rules/operation-ww2/tables/spotting.sample.json", "utf8"));
    // A club that spots everything at 500 cm: the Panzer IV is spotted even stationary, commander inside.
    const generous = JSON.parse(JSON.stringify(shipped.data), (_key, value) => (typeof value === "number" ? 500 : value));
    const ruleset = { id: "operation-ww2", version: "v2.0", options: {}, tables: [{ ruleset: "operation-ww2", table: "spotting", data: generous }] };
    const game = newGame(parsed.scenario, { seed: 1944, ruleset });
    const judged = await ask("fire", { game, declaration: { ...declaration, commanderExposed: false } });
    expect(judged.verdict.rulings.some((r) => r.rule === "§5.6" && /are spotted/.test(r.reason))).toBe(true);
    const brokenTables = [{ ruleset: "operation-ww2", table: "spotting", data: { infantry: "lots" } }];
    const broken = await send("fire", { game: { ...game, header: { ...game.header, ruleset: { ...ruleset, tables: brokenTables } } }, declaration });
    expect(broken.at(-1)).toMatchObject({ kind: "error", message: expect.stringMatching(/rules tables do not load: loaded table "spotting": data\.infantry/) });
  });
});

describe("the game turn", () => {
  it("reaches the rules from the log: a Battleground move is the Bonus Move (OM2) until the turn ends (§3.3)", { timeout: 60_000 }, async () => {
    const parsed = parseScenario(defaultBattlefield, MODEL_CATALOG);
    if (!parsed.ok) throw new Error("invalid default battlefield");
    const { ask } = hostUnderTest(MODEL_CATALOG);
    let log = newGame(parsed.scenario, { seed: 1944, ruleset: { id: "battleground", version: "sheet", options: {} } });
    const bazooka = findModel(parsed.scenario, "us-sq3-m12")!;
    const moved = toEvent(currentState(log), MODEL_CATALOG, {
      type: "move",
      model: bazooka.id,
      to: { position: [bazooka.position[0], bazooka.position[1] - 1], heading: bazooka.heading },
    });
    if (!moved.ok) throw new Error(moved.error);
    log = record(log, moved.event);
    log = record(log, { type: "turn-ended", kept: [] });
    const declaration = { shooter: bazooka.id, target: "ger-mg42-1" };
    // Judged at each point of the game: the worker's world follows the table there by itself.
    const fireMode = async (at: number) => {
      const { verdict } = await ask("fire", { game: log, at, declaration });
      return verdict.firers.flatMap((f) => f.shots.flatMap((s) => s.modifiers)).flatMap((m) => /^OM\d/.exec(m.reason) ?? []);
    };
    expect(await fireMode(0)).toEqual(["OM1"]);
    expect(await fireMode(1)).toEqual(["OM2"]);
    expect(await fireMode(2)).toEqual(["OM1"]);
  });
});
