/**
 * Bolt Action's quality and morale (001 l.40–52, l.110, l.119, l.133–135): a unit's quality given on the
 * battlefield (Unit.quality) reaching its morale, its damage value and the inexperienced firers' −1; an
 * officer's rank (Unit.rank) adding its bonus; the morale check of step 7 of shooting due for a unit at half its
 * models or fewer, taken by the shooting side, and a failed check taking the unit off the table.
 */
import { describe, expect, it } from "vitest";
import { createDice } from "../../../src/core/dice";
import { applyEvent, fallenByUnit, initialState } from "../../../src/core/game/state";
import type { Scenario } from "../../../src/core/scenario/schema";
import { boltAction } from "../../../src/rules/bolt-action";
import { dueMoraleChecks, moraleTarget, takeMoraleCheck } from "../../../src/rules/bolt-action/morale";
import { damageValue } from "../../../src/rules/bolt-action/profiles";
import { requireModel } from "../../../src/rules/context";
import { actionEvent } from "../../../src/rules/judge";
import { type Placed, scenario } from "../../helpers/scene";
import { baTable, firstSeed } from "./table";

const man = (id: string, model: string, side: "A" | "B", unit: string, x: number, z: number): Placed => ({ id, model, position: [x, z], side, unit });
const squad = (unit: string, model: string, side: "A" | "B", x: number, n = 5): Placed[] =>
  Array.from({ length: n }, (_, i) => man(`${unit}-${i + 1}`, model, side, unit, x, 40 + 5 * i));

/** The battlefield with each named unit's quality and rank, as a file gives them. */
function withUnits(s: Scenario, fields: Record<string, { quality?: string; rank?: string }>): Scenario {
  return { ...s, forces: s.forces.map((f) => ({ ...f, units: f.units.map((u) => ({ ...u, ...fields[u.id] })) })) };
}

describe("quality and officers on the battlefield (001 l.40–52)", () => {
  const models = [...squad("us", "us-rifleman", "A", 20), man("lt", "us-nco", "A", "lt", 30, 40), ...squad("ger", "ger-rifleman", "B", 120)];

  it("a unit's quality sets its morale (8, 9, 10: l.43–45), an officer near it adds his rank's bonus (l.49–52), each pin takes one off", async () => {
    const s = withUnits(scenario([], models), { "unit-us": { quality: "veteran" }, "unit-lt": { rank: "captain" }, "unit-ger": { quality: "inexperienced" } });
    const t = await baTable(s, { game: { units: { "unit-us": { pins: 2 } } } });
    expect(moraleTarget(t.ctx, "unit-us", "moraleCheck")).toEqual({ target: 10 + 3 - 2, what: "veteran morale 10, +3 captain (unit-lt), 2 pins" });
    expect(moraleTarget(t.ctx, "unit-lt", "orderTest")).toEqual({ target: 9 + 3, what: "regular morale 9, +3 captain (its own)" });
    expect(moraleTarget(t.ctx, "unit-ger", "orderTest")).toEqual({ target: 8, what: "inexperienced morale 8" });
    // 6" (15.24 cm) is the sample reach of an officer: moved 20 cm off, the captain's bonus is gone.
    const far = withUnits(scenario([], [...squad("us", "us-rifleman", "A", 20), man("lt", "us-nco", "A", "lt", 60, 40)]), { "unit-lt": { rank: "captain" } });
    expect(moraleTarget((await baTable(far)).ctx, "unit-us", "moraleCheck").target).toBe(9);
  });

  it("the quality reaches the damage values (3+, 4+, 5+: l.133–135) and the inexperienced firers' −1 (l.119)", async () => {
    // The Germans 40 cm (15.7") off, in rifle range.
    const near = models.map((m) => (m.unit === "ger" ? { ...m, position: [60, m.position[1]] as [number, number] } : m));
    const s = withUnits(scenario([], near), { "unit-us": { quality: "veteran" }, "unit-ger": { quality: "inexperienced" } });
    const t = await baTable(s);
    expect(damageValue(t.ctx, requireModel(t.ctx, "us-1"))).toBe(5);
    expect(damageValue(t.ctx, requireModel(t.ctx, "ger-1"))).toBe(3);
    expect(damageValue(t.ctx, requireModel(t.ctx, "lt"))).toBe(4);
    const shot = t.judge({ shooter: "unit-ger", target: "unit-us" });
    expect(shot.firers[0]!.shots[0]!.modifiers.map((m) => m.reason)).toContain("inexperienced firers");
    expect(shot.firers[0]!.shots[0]!.modifiers.find((m) => m.reason === "inexperienced firers")!.sample).toBeUndefined();
  });
});

describe("the target's morale check, step 7 of shooting (001 l.110)", () => {
  // The German squad has lost 3 of its 5 models: 2 left, under half.
  const s = scenario([], [...squad("us", "us-rifleman", "A", 20), ...squad("ger", "ger-rifleman", "B", 120, 2)]);

  it("is due for a unit at half its models or fewer that lost models since its last check, taken by the other side", async () => {
    const t = await baTable(s, { game: { units: { "unit-ger": { lost: 3 } } } });
    expect(dueMoraleChecks(t.ctx, "A")).toEqual([
      {
        request: { action: "morale-check", side: "A", target: "unit-ger" },
        why: expect.objectContaining({ reason: "unit-ger has 2 of its 5 models left, half or fewer: it checks its morale", rule: "001 l.110" }),
      },
    ]);
    expect(dueMoraleChecks(t.ctx, "B")).toEqual([]);
    expect(dueMoraleChecks(t.ctx, undefined).map((d) => d.request.side)).toEqual(["A"]);
    // Checked at 3 losses: not due again until it loses more; 2 of 4 lost is half, 1 of 4 is not.
    expect(dueMoraleChecks((await baTable(s, { game: { units: { "unit-ger": { lost: 3, moraleCheckedAt: 3 } } } })).ctx, "A")).toEqual([]);
    expect(dueMoraleChecks((await baTable(s, { game: { units: { "unit-ger": { lost: 2 } } } })).ctx, "A")).toHaveLength(1);
    expect(dueMoraleChecks((await baTable(s, { game: { units: { "unit-ger": { lost: 1 } } } })).ctx, "A")).toEqual([]);
  });

  it("failed, destroys the unit: it leaves the table, and the log's record says it checked", async () => {
    const t = await baTable(s, { game: { units: { "unit-ger": { lost: 3, pins: 2 } } } });
    const request = { action: "morale-check", side: "A", target: "unit-ger" };
    const { value } = firstSeed(
      (seed) => takeMoraleCheck(request, createDice(seed), t.ctx),
      (r) => r.outcomes.length > 0,
    );
    expect(value.outcomes).toEqual([
      { model: "ger-1", effect: "casualty", detail: "fails its morale check: the unit is destroyed" },
      { model: "ger-2", effect: "casualty", detail: "fails its morale check: the unit is destroyed" },
    ]);
    expect(value.summary).toBe("unit-ger fails its morale check and is destroyed");
    const event = actionEvent(boltAction, request, value, 0);
    // Three of its models fell before the check (GameState.fallen), two fall to it.
    const fallen = Object.fromEntries(["ger-7", "ger-8", "ger-9"].map((m) => [m, { unit: "unit-ger", side: "B" }]));
    const state = applyEvent({ ...initialState(s), units: { "unit-ger": { pins: 2 } }, fallen }, event);
    expect(state.scenario.forces.flatMap((f) => f.units).find((u) => u.id === "unit-ger")?.models ?? []).toEqual([]);
    expect(fallenByUnit(state)["unit-ger"]).toBe(5);
    expect(boltAction.gameState({ events: [event], state }).units!["unit-ger"]!.moraleCheckedAt).toBe(3);
  });

  it("passed, the unit stays; a check not due is refused", async () => {
    const t = await baTable(s, { game: { units: { "unit-ger": { lost: 3 } } } });
    const request = { action: "morale-check", side: "A", target: "unit-ger" };
    const { value } = firstSeed(
      (seed) => takeMoraleCheck(request, createDice(seed), t.ctx),
      (r) => r.outcomes.length === 0,
    );
    expect(value.summary).toBe("unit-ger passes its morale check");
    const notDue = takeMoraleCheck(request, createDice(1), (await baTable(s)).ctx);
    expect(notDue.refused![0]!.rule).toBe("001 l.110");
    expect(notDue.rolls).toEqual([]);
  });
});
