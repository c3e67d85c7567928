/**
 * The list of rule systems and what each promises the app: options with their defaults, described tables, its
 * questions before a shot and its marks as data a generic panel can render (each default one of its answers,
 * each with its rule), and its game state and situation from a game's log alone.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createBattlefield } from "../../src/core/battlefield";
import { answerProblem } from "../../src/core/game/answers";
import { newGame } from "../../src/core/game/gameLog";
import { scenarioCatalog } from "../../src/core/miniatures/catalog";
import { parseScenario } from "../../src/core/scenario/load";
import { tableContext } from "../../src/rules/context";
import { rulesAt } from "../../src/rules/gameContext";
import { DEFAULT_RULESET, RULESETS, rulesetById } from "../../src/rules/registry";
import { scenario, TEST_CATALOG } from "../helpers/scene";

const farm = () => {
  const parsed = parseScenario(JSON.parse(readFileSync("src/scenarios/bolt-action-farm.json", "utf8")), scenarioCatalog);
  if (!parsed.ok) throw new Error("the farm does not load");
  return parsed.scenario;
};

describe("the registry", () => {
  it("finds each ruleset by id, Operation WW2 first and by default", () => {
    expect(RULESETS.map((r) => r.id)).toEqual(["operation-ww2", "battleground", "bolt-action", "flames-of-war"]);
    expect(rulesetById("battleground")).toMatchObject({ lengthUnit: "in", die: 20 });
    expect(rulesetById("bolt-action")).toMatchObject({ lengthUnit: "in", die: 6 });
    expect(new Set(RULESETS.map((r) => r.id)).size).toBe(RULESETS.length);
    expect(DEFAULT_RULESET).toBe("operation-ww2");
    expect(rulesetById("operation-ww2")).toBe(RULESETS[0]);
    expect(rulesetById("chess")).toBeUndefined();
  });

  for (const ruleset of RULESETS) {
    it(`${ruleset.name}: options default to one of their choices, tables say where they come from`, () => {
      expect(ruleset.versions.length).toBeGreaterThan(0);
      for (const o of ruleset.options) {
        expect(o.choices, o.id).toContain(o.default);
        expect(o.rule, o.id).toMatch(/§|intro|^\d{3} l\.\d/);
      }
      for (const t of ruleset.tables) {
        expect(t.rule, t.id).toMatch(/^§/);
        expect(t.note.length, t.id).toBeGreaterThan(20);
      }
    });

    it(`${ruleset.name}: its questions and marks are data a panel renders: ids once, each default an answer, each with its rule`, () => {
      const questions = [...ruleset.declaration, ...ruleset.marks];
      expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
      for (const q of questions) {
        expect(answerProblem(q, q.default), q.id).toBeUndefined();
        expect(q.rule, q.id).toMatch(/^§/);
        expect(q.label.length, q.id).toBeGreaterThan(1);
      }
      for (const m of ruleset.marks) expect(["turn", "game"], m.id).toContain(m.lasts);
    });

    it(`${ruleset.name}: derives its game state and a shot's situation from a new game's log`, () => {
      const game = newGame(farm(), { seed: 1, ruleset: { id: ruleset.id, version: ruleset.versions[0]!, options: {} } });
      const { context, history } = rulesAt(game, 0);
      expect(() => JSON.stringify(ruleset.gameState(history))).not.toThrow();
      const situation = ruleset.situation({ shooter: "ger-sq1", target: "us-sq1-m5" }, context, history, { shooter: "ger-sq1-m1", target: "us-sq1-m5" });
      expect(situation.questions.every((id) => ruleset.declaration.some((q) => q.id === id))).toBe(true);
      for (const side of [situation.shooter, situation.target]) expect(side.marks.every((id) => ruleset.marks.some((m) => m.id === id))).toBe(true);
      for (const [id, value] of Object.entries(situation.fromGame))
        expect(answerProblem(ruleset.declaration.find((q) => q.id === id)!, value), id).toBeUndefined();
    });

    it(`${ruleset.name}: builds its context from the game header's options, and refuses unknown ones`, () => {
      const table = tableContext(createBattlefield(scenario([], []), TEST_CATALOG));
      expect(() => ruleset.createContext(table, { options: { version: ruleset.versions.at(-1) } })).not.toThrow();
      expect(() => ruleset.createContext(table, { options: { speed: "fast" } })).toThrow(/unknown option "speed"/);
    });
  }
});
