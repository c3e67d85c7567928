/**
 * The default battlefield, mid-game (every unit fired last, every vehicle commander out of his hatch):
 * every weapon of every kind of model gets a verdict with its reasons, the shots that can be fired resolve
 * into fire-resolved events the game log accepts and applies, and the same seed gives the same events.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createDice } from "../../../src/core/dice";
import { footprintDistance } from "../../../src/core/footprint";
import { GameEvent } from "../../../src/core/game/events";
import { currentState, newGame, nextDice, record } from "../../../src/core/game/gameLog";
import { findModel } from "../../../src/core/game/models";
import { statusOf } from "../../../src/core/game/state";
import { MODEL_CATALOG } from "../../../src/core/miniatures/shipped";
import type { Scenario } from "../../../src/core/scenario/schema";
import { fireEvent } from "../../../src/rules/judge";
import { type Ow2FireDeclaration, operationWw2 } from "../../../src/rules/operation-ww2";
import { modelProfile, weaponIds } from "../../../src/rules/operation-ww2/profiles";
import type { Ow2GameState } from "../../../src/rules/operation-ww2/types";
import { loadScenario, type Table, tableFor } from "./table";

/** Enemy units a weapon is tried against, nearest first. */
const TRIES = 3;

function midGame(scenario: Scenario): Ow2GameState {
  const units = scenario.forces.flatMap((f) => f.units);
  return {
    units: Object.fromEntries(units.map((u) => [u.id, { spottingState: "firing" as const }])),
    models: Object.fromEntries(units.flatMap((u) => u.models.map((m) => [m.id, { commanderExposed: true }]))),
  };
}

describe("firing on the default battlefield", () => {
  let scenario: Scenario;
  let t: Table;
  beforeAll(async () => {
    scenario = loadScenario("default");
    t = await tableFor(scenario, { game: midGame(scenario) }, MODEL_CATALOG);
  });

  /** One model of each definition with each of its weapons, at the nearest enemy units it may fire at. */
  function everyWeapon(): Array<{ weapon: string; declaration: Ow2FireDeclaration; verdicts: ReturnType<Table["judge"]>[] }> {
    const seen = new Set<string>();
    const shots = [];
    for (const m of t.ctx.models.values()) {
      for (const weapon of weaponIds(t.ctx, m)) {
        const key = `${m.def.id} ${weapon}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const mount = modelProfile(t.ctx, m).weapons[weapon];
        const indirect = typeof mount?.profile === "string" && t.ctx.tables.weapons[mount.profile]?.indirect === "only";
        const enemies = [...t.ctx.units.values()]
          .filter((u) => u.side !== m.side)
          .map((u) => ({ id: u.id, d: Math.min(...u.models.map((id) => footprintDistance(m.footprint, t.ctx.models.get(id)!.footprint))) }))
          .sort((a, b) => a.d - b.d)
          .slice(0, TRIES);
        const verdicts = [];
        let declaration: Ow2FireDeclaration = { shooter: m.id, target: enemies[0]!.id, weapon, ...(indirect ? { indirect } : {}) };
        for (const e of enemies) {
          declaration = { ...declaration, target: e.id };
          const v = t.judge(declaration);
          verdicts.push(v);
          if (v.valid) break;
        }
        shots.push({ weapon: key, declaration, verdicts });
      }
    }
    return shots;
  }

  it("gives every weapon a verdict with its reasons, and the shots it allows become events the game log applies", { timeout: 120_000 }, () => {
    const shots = everyWeapon();
    expect(shots.length).toBeGreaterThanOrEqual(25);
    for (const { weapon, verdicts } of shots) {
      for (const v of verdicts) {
        const rulings = [
          ...v.rulings,
          ...v.firers.flatMap((f) => [...f.rulings, ...f.shots.flatMap((s) => [...s.rulings, ...s.modifiers])]),
          ...v.pairs.flatMap((p) => p.rulings),
        ];
        expect(rulings.length, weapon).toBeGreaterThan(0);
        for (const r of rulings) expect(r.rule, `${weapon}: ${r.reason}`).toMatch(/^§\d/);
      }
    }
    const fired = shots.filter((s) => s.verdicts.at(-1)!.valid);
    // The weapons the default table lets fire, mid-game, at one of their three nearest enemy units.
    expect(fired.map((s) => s.weapon)).toEqual(
      expect.arrayContaining([
        "ger-mg42-team team-weapon",
        "ger-pak40 main-gun",
        "ger-panther main-gun",
        "ger-panther coax-mg",
        "ger-sdkfz-251 front-mg",
        "us-rifleman small-arms",
        "us-30cal-team team-weapon",
        "us-sherman-m4 main-gun",
        "us-sherman-m4 aa-mg",
        "us-jeep pedestal-mg",
      ]),
    );

    let log = newGame(scenario, { seed: 1944, ruleset: { id: operationWw2.id, version: "v2.0", options: {} }, created: "2026-01-01T00:00:00Z" });
    for (const { declaration, verdicts } of fired) {
      const result = operationWw2.resolveFire(declaration, verdicts.at(-1)!, nextDice(log), t.ctx, t.geometry);
      expect(result.summary).toMatch(/\d+ (die|dice), \d+ hits?/);
      const event = fireEvent(operationWw2, declaration, result, 0);
      expect(GameEvent.parse(JSON.parse(JSON.stringify(event)))).toEqual(event);
      log = record(log, event);
      const state = currentState(log);
      for (const o of event.outcomes) {
        if (o.effect === "casualty" || o.effect === "destroyed") expect(findModel(state.scenario, o.model)).toBeUndefined();
        if (o.effect === "pinned") expect(statusOf(state, o.model).pinned || !findModel(state.scenario, o.model)).toBe(true);
      }
    }
    expect(currentState(log).rollsUsed).toBeGreaterThan(fired.length);
  });

  it("gives the same events for the same seed", () => {
    const declaration: Ow2FireDeclaration = { shooter: "us-sq3", target: "ger-sq1" };
    const resolveWith = (seed: number) =>
      fireEvent(operationWw2, declaration, operationWw2.resolveFire(declaration, t.judge(declaration), createDice(seed), t.ctx, t.geometry), 0);
    const first = resolveWith(7);
    expect(first.rolls.length).toBeGreaterThan(10);
    expect(resolveWith(7)).toEqual(first);
    expect(resolveWith(8).rolls.map((r) => r.value)).not.toEqual(first.rolls.map((r) => r.value));
  });
});
