/**
 * Bolt Action's orders carried out (001 l.11–38): a FUBAR's Friendly Fire and Panic recorded with the order and
 * read back from the log, the fire verdict holding the unit to them, and a unit firing once on its order die.
 */
import { describe, expect, it } from "vitest";
import { createDice } from "../../../src/core/dice";
import { initialState } from "../../../src/core/game/state";
import { boltAction } from "../../../src/rules/bolt-action";
import { BA_TABLES, loadBaTables } from "../../../src/rules/bolt-action/tables";
import { fireEvent, judgeFire, orderEvent } from "../../../src/rules/judge";
import { type Placed, scenario } from "../../helpers/scene";
import { baTable, firstSeed } from "./table";

const man = (id: string, model: string, side: "A" | "B", unit: string, x: number, z: number): Placed => ({ id, model, position: [x, z], side, unit });
const squad = (unit: string, model: string, side: "A" | "B", x: number): Placed[] =>
  [50, 55, 60].map((z, i) => man(`${unit}-${i + 1}`, model, side, unit, x, z));
// us1 well back; us2 within 12" (30.5 cm) of the Germans, so a friendly unit us1 may mistake for the enemy.
const MODELS = [...squad("us1", "us-rifleman", "A", 20), ...squad("us2", "us-rifleman", "A", 60), ...squad("ger", "ger-rifleman", "B", 80)];

describe("FUBAR (001 l.31–38)", () => {
  it("Friendly Fire: a Fire order on a friendly unit with an enemy within 12\"; the log's record holds the unit to it (l.37)", async () => {
    const s = scenario([], MODELS);
    const t = await baTable(s, { game: { units: { "unit-us1": { pins: 1 } } } });
    const { value } = firstSeed(
      (seed) => boltAction.orders!.giveOrder("unit-us1", "advance", createDice(seed), t.ctx),
      (r) => r.dice.length === 3 && r.dice[2]!.value <= 2,
      3000,
    );
    expect(value.order).toBe("fire");
    expect(value.record).toEqual({ fubar: { result: "friendly-fire", targets: ["unit-us2"] } });
    // The order-given event keeps the record; the game state reads it back for the rest of the turn.
    const event = orderEvent(boltAction, value, 0);
    const state = boltAction.gameState({ events: [event], state: { ...initialState(s), units: { "unit-us1": { pins: 1, order: "fire" } } } });
    expect(state.units!["unit-us1"]!.fubar).toEqual({ result: "friendly-fire", targets: ["unit-us2"] });

    const bound = await baTable(s, { game: state });
    const atFriend = bound.judge({ shooter: "unit-us1", target: "unit-us2" });
    expect(atFriend.valid).toBe(true);
    const atEnemy = bound.judge({ shooter: "unit-us1", target: "unit-ger" });
    expect(atEnemy.valid).toBe(false);
    expect(atEnemy.rulings[0]).toEqual({
      reason: "FUBAR Friendly Fire: unit-us1 fires on a friendly unit the opponent picks among unit-us2, not on unit-ger",
      rule: "001 l.37",
    });
    // Without a FUBAR no unit fires on its own side.
    expect((await baTable(s)).judge({ shooter: "unit-us1", target: "unit-us2" }).rulings[0]!.reason).toBe("unit-us2 is on the firer's own side");
  });

  it("Panic: a Run away from the nearest enemy unit, by distance where sight was not measured (l.38)", async () => {
    const t = await baTable(scenario([], MODELS), { game: { units: { "unit-us2": { pins: 1 } } } });
    const { value } = firstSeed(
      (seed) => boltAction.orders!.giveOrder("unit-us2", "advance", createDice(seed), t.ctx),
      (r) => r.dice.length === 3 && r.dice[2]!.value >= 3,
      3000,
    );
    expect(value.order).toBe("run");
    expect(value.record).toEqual({ fubar: { result: "panic", from: "unit-ger" } });
    expect(value.steps.at(-1)!.text).toMatch(
      /Panic: unit-us2 takes a Run order and moves as fast as it can away from the nearest enemy unit \(by distance; its sight not measured\), unit-ger \(/,
    );
  });
});

describe("Ambush (001 l.27)", () => {
  it("a unit in Ambush fires at full effect when it springs it, and its die turns to Fire", async () => {
    const t = await baTable(scenario([], MODELS), { game: { units: { "unit-us2": { order: "ambush" } } } });
    const { verdict, result } = t.fire({ shooter: "unit-us2", target: "unit-ger" }, 1);
    expect(verdict.firers[0]!.shots[0]!.modifiers.map((m) => m.reason)).not.toContain("firing on the move (Advance order)");
    expect(result.units).toContainEqual(expect.objectContaining({ unit: "unit-us2", order: "fire" }));
    expect(result.details.steps[0]).toEqual({ text: "unit-us2 springs its Ambush: its order die turns to Fire", rule: "001 l.27", rolls: [] });
  });
});

describe("a unit fires once on its order die (001 l.12, l.24–25)", () => {
  it("a squad that has fired this turn is refused a second shot", async () => {
    const t = await baTable(scenario([], MODELS), {
      game: { units: { "unit-us2": { order: "fire", shots: [{ shooter: "unit-us2", weapon: "small-arms" }] } } },
    });
    const v = t.judge({ shooter: "unit-us2", target: "unit-ger" });
    expect(v.valid).toBe(false);
    expect(v.rulings[0]).toEqual({ reason: "unit-us2 has fired this turn (small-arms): a unit fires once on its order die", rule: "001 l.12, l.24–25" });
  });

  it("a vehicle fires each of its weapons once", async () => {
    const models: Placed[] = [
      { id: "sherman", model: "us-sherman-m4", position: [40, 55], heading: 90, side: "A", unit: "tank" },
      ...squad("ger", "ger-rifleman", "B", 80),
    ];
    const t = await baTable(scenario([], models), {
      game: { units: { "unit-tank": { order: "fire", shots: [{ shooter: "unit-tank", weapon: "main-gun" }] } } },
    });
    expect(t.judge({ shooter: "unit-tank", target: "unit-ger" }).rulings[0]!.reason).toMatch(
      /^unit-tank has fired this turn \(main-gun\): a unit fires once on its order die, a vehicle once with each weapon$/,
    );
    expect(t.judge({ shooter: "unit-tank", target: "unit-ger", weapon: "hull-mg" }).valid).toBe(true);
  });
});

describe("one-shot weapons (001 l.170: the Panzerfaust, Μιας Χρήσης)", () => {
  it("a model that fired its Panzerfaust does not fire it again in the game; the others of its unit still may", async () => {
    const profiles = structuredClone(BA_TABLES.data.profiles);
    profiles.models["ger-rifleman"] = { ...profiles.models["ger-rifleman"]!, weapons: { "small-arms": "panzerfaust" } };
    const loaded = loadBaTables([{ ruleset: "bolt-action", table: "profiles", sample: true, data: profiles }]);
    if (!loaded.ok) throw new Error(loaded.errors.join("\n"));
    const models: Placed[] = [
      { id: "sherman", model: "us-sherman-m4", position: [40, 55], heading: 90, side: "A", unit: "tank" },
      ...squad("ger", "ger-rifleman", "B", 60),
    ];
    const s = scenario([], models);
    const t = await baTable(s, { tables: loaded.tables });
    const first = t.fire({ shooter: "ger-1", target: "unit-tank" }, 1);
    expect(first.verdict.firers[0]!.canFire).toBe(true);
    // The shot's record in the log marks the Panzerfaust spent.
    const game = boltAction.gameState({ events: [fireEvent(boltAction, { shooter: "ger-1", target: "unit-tank" }, first.result, 0)], state: initialState(s) });
    expect(game.spent).toEqual({ "ger-1": ["small-arms"] });
    // A later turn: the unit fires again, all but the spent Panzerfaust.
    const after = await baTable(s, { tables: loaded.tables, game: { spent: game.spent! } });
    const again = judgeFire(boltAction, { shooter: "unit-ger", target: "unit-tank" }, after.ctx, after.sight);
    expect(again.firers.find((f) => f.model === "ger-1")!.rulings.at(-1)).toEqual({
      reason: "the Panzerfaust is a one-shot weapon and ger-1 has fired it",
      rule: "001 l.170",
    });
    expect(again.firers.filter((f) => f.canFire).map((f) => f.model)).toEqual(["ger-2", "ger-3"]);
  });
});

describe("the scripted player's orders (npm run sample-game), judged by the rules as any other", () => {
  const s = () => scenario([], MODELS);
  it("each order moves as the source says: Advance its rate, Run double, the rest not at all (001 l.24–29)", () => {
    expect(Object.fromEntries(boltAction.orders!.orders.map((o) => [o.id, o.pace]))).toEqual({ fire: 0, advance: 1, run: 2, ambush: 0, rally: 0, down: 0 });
  });

  it('Run when its goal is beyond an Advance (infantry 6" = 15.24 cm, l.57) and no enemy is in sight, else Advance', async () => {
    const t = await baTable(s());
    const scripted = (toGoal: number, enemyInSight: boolean) => boltAction.orders!.scripted!("unit-us1", t.ctx, { toGoal, enemyInSight });
    expect(scripted(14, false)).toEqual(["advance"]);
    expect(scripted(14, true)).toEqual(["advance"]);
    expect(scripted(40, false)).toEqual(["run", "advance"]);
    expect(scripted(40, true)).toEqual(["advance"]);
    expect(boltAction.orders!.scripted!("unit-us1", t.ctx, { enemyInSight: false })).toEqual(["advance"]);
  });

  it("Rally with a pin (l.28); Down once its pins leave an order test of 7 or less (regular morale 9, l.44, less 2 pins; l.29)", async () => {
    const pinned = async (pins: number) =>
      boltAction.orders!.scripted!("unit-us1", (await baTable(s(), { game: { units: { "unit-us1": { pins } } } })).ctx, { toGoal: 40, enemyInSight: false });
    expect(await pinned(1)).toEqual(["rally", "down"]);
    expect(await pinned(2)).toEqual(["down"]);
  });
});
