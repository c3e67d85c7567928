/**
 * A recce vehicle's escape from an infantry assault (001 l.246: "recce vehicles may react with an escape move,
 * p.95", a page the quick reference leaves out, so the escape's terms are sample practice): refused where the rules
 * give it no ground, taken it leaves the vehicle Down with its escape move, which its move verdict allows up to its
 * Advance rate (wheeled 12", l.60; reversing at that full rate, l.96), out of the assaulting infantry's 12" Run reach.
 */
import { describe, expect, it } from "vitest";
import { createDice } from "../../../src/core/dice";
import { initialState } from "../../../src/core/game/state";
import type { Vec2 } from "../../../src/core/geometry2d";
import { boltAction } from "../../../src/rules/bolt-action";
import { takeRecceEscape } from "../../../src/rules/bolt-action/recceEscape";
import type { BaUnitState } from "../../../src/rules/bolt-action/types";
import { actionEvent } from "../../../src/rules/judge";
import { type Placed, scenario } from "../../helpers/scene";
import { baTable, firstSeed } from "./table";

const man = (id: string, x: number, z: number): Placed => ({ id, model: "ger-rifleman", position: [x, z], side: "B", unit: "ger" });
/** The jeep (a recce vehicle in the sample profiles) facing +z; the Germans' nearest man `gap` cm from its front. */
const table = (gap: number, vehicle = "us-jeep") =>
  scenario(
    [],
    [{ id: "jeep", model: vehicle, position: [60, 40], heading: 0, side: "A", unit: "jeep" }, man("ger-1", 60, 40 + gap), man("ger-2", 64, 44 + gap)],
  );
const request = { action: "recce-escape", unit: "unit-jeep", target: "unit-ger" };
const withUnits = (units: Record<string, BaUnitState>) => ({ game: { units } });
const RUN = withUnits({ "unit-ger": { order: "run" } });

describe("a recce vehicle's escape (001 l.246)", () => {
  it('is refused without an assault to escape: no Run order, beyond the 12" Run (l.57), a vehicle already ordered, or no recce vehicle', async () => {
    const reason = async (gap: number, setup: ReturnType<typeof withUnits>, vehicle?: string) => {
      const t = await baTable(table(gap, vehicle), setup);
      return takeRecceEscape(request, createDice(1), t.ctx).refused?.[0]?.reason;
    };
    expect(await reason(20, withUnits({}))).toMatch(/^unit-ger has no Run order to assault with/);
    expect(await reason(45, RUN)).toMatch(/^unit-ger is .* away, beyond its 12" Run move: it cannot reach unit-jeep/);
    expect(await reason(20, withUnits({ "unit-ger": { order: "run" }, "unit-jeep": { order: "fire" } }))).toMatch(/has had its order die this turn \(fire\)/);
    expect(await reason(20, RUN, "ger-kubelwagen")).toBe("unit-jeep is no recce vehicle: only recce vehicles escape");
  });

  it("unpinned, it escapes at once: its die goes to it as Down, and the game state keeps its escape from the log", async () => {
    const s = table(20);
    const t = await baTable(s, RUN);
    const result = takeRecceEscape(request, createDice(1), t.ctx);
    expect(result.refused).toBeUndefined();
    expect(result.rolls).toEqual([]);
    expect(result.units).toEqual([{ unit: "unit-jeep", order: "down" }]);
    expect(result.summary).toBe("unit-jeep escapes unit-ger's assault (Down, an escape move of up to 12\")");
    const event = actionEvent(boltAction, request, result, 0);
    const state = boltAction.gameState({ events: [event], state: { ...initialState(s), units: { "unit-jeep": { pins: 0, order: "down" } } } });
    expect(state.units!["unit-jeep"]!.escapes).toBe("unit-ger");
  });

  it("pinned, it takes an order test first; failed, it stays and its die stays in the bag", async () => {
    const t = await baTable(table(20), withUnits({ "unit-ger": { order: "run" }, "unit-jeep": { pins: 2 } }));
    const failed = firstSeed(
      (seed) => takeRecceEscape(request, createDice(seed), t.ctx),
      (r) => r.rolls.length === 2 && !(r.details as { record: { escaped: boolean } }).record.escaped,
    ).value;
    expect(failed.units).toEqual([]);
    expect(failed.summary).toBe("unit-jeep fails to escape unit-ger's assault");
  });

  it('its escape move: up to its Advance rate in reverse (12", l.60, l.96), where a Down vehicle does not move at all (l.29)', async () => {
    const back = (cm: number): Vec2[] => [
      [60, 40],
      [60, 40 - cm],
    ];
    const escaping = await baTable(table(20), withUnits({ "unit-ger": { order: "run" }, "unit-jeep": { order: "down", escapes: "unit-ger" } }));
    const far = boltAction.moveVerdict!({ model: "jeep", path: back(30) }, escaping.ctx);
    expect(far.allowed).toBe(true);
    expect(far.allowance).toBe(12);
    expect(far.rulings.find((r) => r.rule === "001 l.246")).toMatchObject({ sample: { table: "practice" } });
    expect(boltAction.moveVerdict!({ model: "jeep", path: back(32) }, escaping.ctx).allowed).toBe(false);
    const down = await baTable(table(20), withUnits({ "unit-jeep": { order: "down" } }));
    expect(boltAction.moveVerdict!({ model: "jeep", path: back(10) }, down.ctx).refusal?.reason).toBe("its unit's order is Down: it does not move");
  });

  it("out of reach after it, the assault is refused as one that falls short (l.26, §5.1)", async () => {
    const t = await baTable(table(45), RUN);
    const verdict = t.judge({ shooter: "unit-ger", target: "unit-jeep", assault: true });
    expect(verdict.valid).toBe(false);
    expect(verdict.rulings.at(-1)!.reason).toMatch(/beyond the 12" Run move/);
  });
});
