/** The list of rule systems and what each promises the app: options with their defaults, described tables. */
import { describe, expect, it } from "vitest";
import { createBattlefield } from "../../src/core/battlefield";
import { tableContext } from "../../src/rules/context";
import { DEFAULT_RULESET, RULESETS, rulesetById } from "../../src/rules/registry";
import { scenario, TEST_CATALOG } from "../helpers/scene";

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
        expect(o.rule, o.id).toMatch(/§|intro/);
      }
      for (const t of ruleset.tables) {
        expect(t.rule, t.id).toMatch(/^§/);
        expect(t.note.length, t.id).toBeGreaterThan(20);
      }
    });

    it(`${ruleset.name}: builds its context from the game header's options, and refuses unknown ones`, () => {
      const table = tableContext(createBattlefield(scenario([], []), TEST_CATALOG));
      expect(() => ruleset.createContext(table, { options: { version: ruleset.versions.at(-1) } })).not.toThrow();
      expect(() => ruleset.createContext(table, { options: { speed: "fast" } })).toThrow(/unknown option "speed"/);
    });
  }
});
