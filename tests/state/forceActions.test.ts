/**
 * Laying out units from the rule system's presets on the app's game (the default battlefield): each model on a
 * free spot near the click, one event per unit; refused with a message without a side or without room.
 */
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { createBattlefield } from "../../src/core/battlefield";
import { bodyOf, obstructionOf, tableBodies } from "../../src/core/placement";
import { catalogFor } from "../../src/core/scale";
import { operationWw2 } from "../../src/rules/operation-ww2";
import { RULESETS } from "../../src/rules/registry";
import EMPTY_TABLE from "../../src/scenarios/empty.json";
import { DEFAULT_BATTLEFIELD } from "../../src/state/battlefields";
import { placeUnit, unitPresets } from "../../src/state/forceActions";
import { defaultRuleset, gameOn, useGame } from "../../src/state/game";

const preset = (id: string) => unitPresets().find((p) => p.id === id)!;

beforeEach(() => {
  const game = gameOn(DEFAULT_BATTLEFIELD);
  if (!game.ok) throw new Error("the default battlefield does not load");
  useGame.getState().replace(game.log);
});

describe("placing units from presets", () => {
  it("offers Operation WW2's presets, every one made of models of the catalog, infantry squads marked sample", () => {
    expect(unitPresets()).toBe(operationWw2.unitPresets);
    const catalog = catalogFor("28mm");
    for (const p of unitPresets()) for (const m of p.models) expect(catalog.has(m), `${p.id}: ${m}`).toBe(true);
    expect(preset("us-rifle-squad").sample).toMatch(/not given/);
    expect(new Set(unitPresets().map((p) => p.kind))).toEqual(new Set(["squad", "team", "gun", "vehicle"]));
  });

  it("lays a squad out around a click on a wall, every model clear of it and of each other, as one event", () => {
    // wall-churchyard runs along z = 65.5 from x = 50 to 86, with a German squad lined up behind it.
    expect(placeUnit({ preset: preset("us-rifle-squad"), side: "USA", name: "Able", formation: "line", at: { position: [70, 62], heading: 0 } })).toBe(true);
    const { state, log } = useGame.getState();
    expect(log.events.map((e) => e.type)).toEqual(["unit-placed"]);
    const battlefield = createBattlefield(state.scenario, catalogFor(state.scenario.scale));
    const able = state.scenario.forces.find((f) => f.side === "USA")!.units.find((u) => u.name === "Able")!;
    expect(able.models).toHaveLength(10);
    for (const m of able.models) {
      const entry = battlefield.models.get(m.id)!;
      expect(obstructionOf(battlefield, bodyOf(entry.def, entry.model), tableBodies(battlefield), false), m.id).toBeUndefined();
    }
  });

  it("refuses a unit without a side, and moves a tank dropped into a building out of it", () => {
    expect(placeUnit({ preset: preset("us-rifle-squad"), side: " ", name: "", formation: "line", at: { position: [20, 20], heading: 0 } })).toBe(false);
    expect(useGame.getState().message?.text).toMatch(/side/);
    const farm = { position: [66, 41] as [number, number], heading: 0 };
    expect(placeUnit({ preset: preset("us-sherman"), side: "USA", name: "", formation: "line", at: farm })).toBe(true);
    const sherman = useGame
      .getState()
      .state.scenario.forces.flatMap((f) => f.units)
      .find((u) => u.id.startsWith("us-sherman"))!.models[0]!;
    // The Sherman was moved out of the farm (x 58–74, z 36–46) and off its walls.
    const inside = sherman.position[0] > 58 && sherman.position[0] < 74 && sherman.position[1] > 36 && sherman.position[1] < 46;
    expect(inside).toBe(false);
    expect(useGame.getState().log.events).toHaveLength(1);
  });
});

/** Each system's own table of model profiles (its sample data file), by model definition id. */
const PROFILES: Readonly<Record<string, string>> = {
  "operation-ww2": "operation-ww2/tables/profiles.sample.json",
  "bolt-action": "bolt-action/tables/profiles.sample.json",
  battleground: "battleground/tables/profiles.sample.json",
  "flames-of-war": "flames-of-war/tables/teams.sample.json",
};

function profiledModels(ruleset: string): Set<string> {
  const file = JSON.parse(readFileSync(`src/rules/${PROFILES[ruleset]}`, "utf8")) as { data: { models?: object } & object };
  return new Set(Object.keys(file.data.models ?? file.data));
}

describe("every rule system's units", () => {
  for (const ruleset of RULESETS) {
    it(`${ruleset.name}: squads, teams, guns and vehicles of its own profiles; compositions marked sample; one of each placed`, () => {
      const game = gameOn(EMPTY_TABLE, defaultRuleset(ruleset.id));
      if (!game.ok) throw new Error("the empty table does not load");
      useGame.getState().replace(game.log);
      expect(unitPresets()).toBe(ruleset.unitPresets);
      const catalog = catalogFor(ruleset.defaultScale ?? "28mm");
      const profiled = profiledModels(ruleset.id);
      for (const p of unitPresets()) {
        for (const m of p.models) {
          expect(catalog.has(m), `${p.id}: ${m} in the catalog`).toBe(true);
          expect(profiled.has(m), `${p.id}: ${m} in ${PROFILES[ruleset.id]}`).toBe(true);
        }
        // No source gives an army list: a unit of several models is a sample composition, and says so.
        if (p.models.length > 1) expect(p.sample, p.id).toMatch(/[Ss]ample/);
      }
      const kinds = ["squad", "team", "gun", "vehicle"] as const;
      kinds.forEach((kind, i) => {
        const first = unitPresets().find((p) => p.kind === kind);
        expect(first, kind).toBeDefined();
        expect(placeUnit({ preset: first!, side: "USA", name: "", formation: "line", at: { position: [40 + 35 * i, 60], heading: 0 } })).toBe(true);
      });
      const units = useGame.getState().state.scenario.forces.flatMap((f) => f.units);
      expect(units.map((u) => u.models.length)).toEqual(kinds.map((kind) => unitPresets().find((p) => p.kind === kind)!.models.length));
      // Left unnamed, each is called after its preset: "Bazooka team 1".
      expect(units.map((u) => u.name)).toEqual(kinds.map((kind) => `${unitPresets().find((p) => p.kind === kind)!.name} 1`));
    });
  }
});
