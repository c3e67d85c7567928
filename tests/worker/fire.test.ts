/**
 * Fire through the sight worker's host: a declared shot on the default battlefield gets the rule system's
 * verdict, a roll resolves it from the game's seed, and the result is an event the game log accepts.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
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
    const declaration = { shooter: "us-sherman-1", target: "ger-panzer-iv-1", weapon: "main-gun" };
    // Mid-game: the Panzer's unit fired last turn, the Sherman's commander is out of his hatch.
    const game = { units: { "ger-armour": { spottingState: "firing" } }, models: { "us-sherman-1": { commanderExposed: true } } };
    const refused = await ask("fire", { ruleset, declaration, status: {} });
    expect(refused.verdict.valid).toBe(false);
    expect(refused.verdict.rulings.map((r) => r.rule)).toContain("§5.6");
    const judged = await ask("fire", { ruleset, declaration, status: {}, game });
    expect(judged.result).toBeUndefined();
    expect(judged.verdict.rulings.length).toBeGreaterThan(0);
    expect(judged.verdict.rulings.every((r) => /^§\d/.test(r.rule))).toBe(true);
    expect(judged.verdict.valid).toBe(true);

    const dice = nextDice(log);
    const roll = { seed: log.header.seed, previous: [] as number[] };
    const first = await ask("fire", { ruleset, declaration, status: {}, game, roll });
    const again = await ask("fire", { ruleset, declaration, status: {}, game, roll });
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
    const judged = await ask("fire", { ruleset, declaration, status: {} });
    expect(judged.verdict.rulings.some((r) => r.rule === "§5.6" && /are spotted/.test(r.reason))).toBe(true);
    const broken = await send("fire", {
      ruleset: { ...ruleset, tables: [{ ruleset: "operation-ww2", table: "spotting", data: { infantry: "lots" } }] },
      declaration,
      status: {},
    });
    expect(broken.at(-1)).toMatchObject({ kind: "error", message: expect.stringMatching(/rules tables do not load: loaded table "spotting": data\.infantry/) });
  });
});

describe("the game turn", () => {
  it("reaches the rules: Operation WW2's Anti-aircraft +2 against a landed unit holds in turn 1 only (§17)", { timeout: 60_000 }, async () => {
    const parsed = parseScenario(defaultBattlefield, MODEL_CATALOG);
    if (!parsed.ok) throw new Error("invalid default battlefield");
    const { ask } = hostUnderTest(MODEL_CATALOG);
    await ask("load", { scenario: parsed.scenario });
    // The shipped Sherman has no Anti-aircraft ability: a club's profiles table gives it one.
    const profiles = JSON.parse(readFileSync("src/rules/operation-ww2/tables/profiles.sample.json", "utf8"));
    profiles.data.models["us-sherman-m4"].properties = ["anti-aircraft"];
    const ruleset = { id: "operation-ww2", version: "v2.0", options: {}, tables: [{ ruleset: "operation-ww2", table: "profiles", data: profiles.data }] };
    const declaration = { shooter: "us-sherman-1", target: "ger-sq6-m1", weapon: "aa-mg" };
    const game = { units: { "ger-sq6": { landedThisTurn: true, spottingState: "firing" } } };
    const antiAircraft = async (turn?: number) => {
      const { verdict } = await ask("fire", { ruleset, declaration, status: {}, game, ...(turn ? { turn } : {}) });
      expect(verdict.valid).toBe(true);
      return verdict.firers
        .flatMap((f) => f.shots.flatMap((s) => s.modifiers))
        .filter((m) => m.rule === "§17")
        .map((m) => m.value);
    };
    const firstTurn = await antiAircraft(1);
    expect(firstTurn.length).toBeGreaterThan(0);
    expect(new Set(firstTurn)).toEqual(new Set([2]));
    expect(await antiAircraft()).toEqual(firstTurn);
    expect(await antiAircraft(2)).toEqual([]);
  });
});
