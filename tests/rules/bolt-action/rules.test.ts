/**
 * Bolt Action's rules that turn on game state and dice: the to-hit modifiers from orders, pins and quality,
 * HE as dice of hits or a template, flamethrowers, vehicle damage results, close quarters, order tests with
 * FUBAR, and the game state the log folds (pins and order dice, turn end).
 */
import { describe, expect, it } from "vitest";
import { createDice } from "../../../src/core/dice";
import { applyEvent, initialState } from "../../../src/core/game/state";
import { boltAction } from "../../../src/rules/bolt-action";
import { BA_TABLES, loadBaTables } from "../../../src/rules/bolt-action/tables";
import { fireEvent, orderEvent } from "../../../src/rules/judge";
import { needPhrase } from "../../../src/rules/ruleset";
import { type Placed, scenario } from "../../helpers/scene";
import { baTable, firstSeed } from "./table";

const us = (id: string, x: number, z = 60, extra: Partial<Placed> = {}): Placed => ({ id, model: "us-rifleman", position: [x, z], side: "A", ...extra });
const ger = (id: string, x: number, z = 60, extra: Partial<Placed> = {}): Placed => ({ id, model: "ger-rifleman", position: [x, z], side: "B", ...extra });
const squad = (prefix: string, x: number, zs: readonly number[], make = ger): Placed[] => zs.map((z, i) => make(`${prefix}-${i + 1}`, x, z, { unit: prefix }));
const usSquad = (x: number) => squad("us", x, [50, 55, 60, 65, 70], us);
const gerSquad = (x: number) => squad("ger", x, [50, 55, 60, 65, 70]);
const valuesOf = (mods: ReadonlyArray<{ value: number; reason: string }>) =>
  Object.fromEntries(mods.map((m) => [m.reason.split(":")[0]!.split(" (")[0], m.value]));

describe("to-hit modifiers from the game state (§4.2)", () => {
  const models = [...usSquad(60), ...gerSquad(80)];

  it("pins on the firer, inexperienced firers, firing on the move and a Down target each cost 1", async () => {
    const game = { units: { "unit-us": { order: "advance" as const, pins: 2, quality: "inexperienced" as const }, "unit-ger": { order: "down" as const } } };
    const t = await baTable(scenario([], models), { game });
    const v = t.judge({ shooter: "unit-us", target: "unit-ger" });
    const f = v.firers.find((x) => x.model === "us-3")!;
    expect(valuesOf(f.shots[0]!.modifiers)).toEqual({
      "2 pin markers on the firing unit": -2,
      "inexperienced firers": -1,
      "firing on the move": -1,
      "the target is infantry or artillery gone Down": -1,
    });
    expect(f.need).toBe(3 + 5);
  });

  it("a unit on a Run, Rally or Down order does not fire", async () => {
    for (const order of ["run", "rally", "down"] as const) {
      const t = await baTable(scenario([], models), { game: { units: { "unit-us": { order } } } });
      const v = t.judge({ shooter: "unit-us", target: "unit-ger" });
      expect(v.valid, order).toBe(false);
      expect(v.firers[0]!.rulings.at(-1)!.reason).toBe(`its unit's order is ${order}: no fire under it`);
    }
  });

  it("a need above 6: a 6 always hits by default; with six-then-roll a 6 and a second die", async () => {
    const game = { units: { "unit-us": { pins: 4 } } };
    const always = await baTable(scenario([], models), { game });
    const r = always.fire({ shooter: "us-3", target: "unit-ger" }, 3).result;
    const die = r.details.dice[0]!;
    expect(die.need).toBe(7);
    expect(die.meaning).toBe(`to hit 7+: only a 6 hits → ${die.value === 6 ? "hit" : "miss"}`);
    // The source's to-hit list (001, lines 113–124) says nothing above 6: the verdict says the choice is the project's.
    const choice = "7+: a 6 always hits; not in the source, the project's choice (option hitsAboveSix)";
    const v = always.judge({ shooter: "unit-us", target: "unit-ger" });
    expect(v.rulings.map((r) => r.reason)).toContain(`us-1, us-2, us-3, us-4, us-5 need ${choice}`);
    expect(v.firers[2]!.shots[0]!.rulings.map((r) => r.reason)).toContain(`needs ${choice}`);
    // The number the panel and the command line show first says the same, never "cannot be made".
    expect(needPhrase(v.firers[2]!.shots[0]!, 6)).toBe("needs 7+: a 6 always hits");
    const two = await baTable(scenario([], models), { game, options: { hitsAboveSix: "six-then-roll" } });
    expect(needPhrase(two.judge({ shooter: "us-3", target: "unit-ger" }).firers[0]!.shots[0]!, 6)).toBe("needs 7+: a 6, then a second die of 4+");
    expect(two.judge({ shooter: "us-3", target: "unit-ger" }).rulings.map((r) => r.reason)).toContain(
      "us-3 needs 7+: a 6, then a second die of 4+; not in the source, the project's choice (option hitsAboveSix)",
    );
    const { value } = firstSeed(
      (seed) => two.fire({ shooter: "us-3", target: "unit-ger" }, seed).result,
      (x) => x.details.dice[0]!.value === 6,
    );
    expect(value.details.dice[1]!).toMatchObject({ need: 4, purpose: "to-hit" });
  });
});

describe("a small unit (§4.2; 001 line 122 names the −1, not what a small unit is)", () => {
  const smallUnit = (v: {
    firers: ReadonlyArray<{ shots: ReadonlyArray<{ modifiers: ReadonlyArray<{ value: number; reason: string; sample?: { table: string } }> }> }>;
  }) => v.firers[0]!.shots[0]!.modifiers.find((m) => m.reason.startsWith("the target is a small unit"));

  it.each([
    ["a lone tank", [{ id: "pz", model: "ger-panzer-iv", position: [90, 60], heading: -90, side: "B" }], "a lone vehicle"],
    ["a gun", [{ id: "pak", model: "ger-pak40", position: [90, 60], heading: -90, side: "B" }], "a gun"],
    ["a two-man team", squad("ger", 90, [58, 62]), "a 2-man team"],
  ] as const)("%s is one by the sample choice, and the modifier says so", async (_, targets, what) => {
    const t = await baTable(scenario([], [us("us-1", 60), ...(targets as readonly Placed[])]));
    const target = targets.length === 1 ? targets[0]!.id : "unit-ger";
    const m = smallUnit(t.judge({ shooter: "us-1", target }))!;
    expect(m.value).toBe(-1);
    expect(m.reason).toBe(
      `the target is a small unit: ${what}; sample choice: the source names the −1 but not what a small unit is, here any unit of at most 3 models, vehicles and guns included`,
    );
    expect(m.sample?.table).toBe("practice");
  });

  it("a five-man squad is not one", async () => {
    const t = await baTable(scenario([], [us("us-1", 60), ...gerSquad(90)]));
    expect(smallUnit(t.judge({ shooter: "us-1", target: "unit-ger" }))).toBeUndefined();
  });
});

describe("HE (§4.5)", () => {
  const pak = (x: number): Placed => ({ id: "pak", model: "ger-pak40", position: [x, 60], heading: 90, side: "B" });

  it("a hit with HE (D3) scores D3 hits on the unit and its pins come from the HE table", async () => {
    const t = await baTable(scenario([], [pak(20), ...usSquad(80)]));
    const v = t.judge({ shooter: "pak", target: "unit-us" });
    expect(v.firers[0]!.he).toBe(true);
    const { value } = firstSeed(
      (seed) => t.fire({ shooter: "pak", target: "unit-us" }, seed).result,
      (r) => r.details.dice.some((d) => d.purpose === "count"),
    );
    const counts = value.details.dice.filter((d) => d.purpose === "count");
    // One D3 for the pins (HE D3: 1 pin, a number: no die), one D3 for the hits.
    expect(counts).toHaveLength(1);
    expect(counts[0]!.sides).toBe(3);
    const damage = value.details.dice.filter((d) => d.purpose === "damage");
    expect(damage).toHaveLength(counts[0]!.value);
    // HE D3 adds its Pen +1 to the damage roll against regular infantry (4+).
    for (const d of damage) expect(d.total).toBe(d.value + 1);
    // The casualties leave the table through the outcomes (the fold counts them among the unit's fallen, 001 l.110).
    expect(value.units).toEqual([{ unit: "unit-us", pins: 1 }]);
  });

  it("with the template option the models under the sample template are hit", async () => {
    const t = await baTable(scenario([], [pak(20), ...usSquad(80)]), { options: { he: "template" } });
    const { value } = firstSeed(
      (seed) => t.fire({ shooter: "pak", target: "unit-us" }, seed).result,
      (r) => r.details.steps.some((s) => s.text.includes("template")),
    );
    const step = value.details.steps.find((s) => s.text.includes("template"))!;
    // D3 radius 1" (sample) centred on the closest model, us-3 at z = 60: only it is under (5 cm spacing).
    expect(step.text).toMatch(/HE D3 template \(1" radius, sample\) on us-\d: us-\d under it/);
    expect(value.details.dice.filter((d) => d.purpose === "damage")).toHaveLength(1);
  });
});

describe("flamethrowers (§4.4)", () => {
  it("roll D6 for their shots, and hit with Pen +2", async () => {
    const profiles = structuredClone(BA_TABLES.data.profiles);
    profiles.models["ger-rifleman"] = { type: "infantry", quality: "regular", weapons: { "small-arms": "flamethrower-infantry" } };
    const loaded = loadBaTables([{ ruleset: "bolt-action", table: "profiles", sample: true, data: profiles }]);
    if (!loaded.ok) throw new Error(loaded.errors.join("\n"));
    const world = await baTable(scenario([], [ger("flamer", 70), ...usSquad(80)]));
    const ctx = boltAction.createContext(world.ctx, { tables: loaded.tables });
    const verdict = boltAction.fireVerdict(
      { shooter: "flamer", target: "unit-us" },
      world.ctx.models.size ? boltAction.sightRequests({ shooter: "flamer", target: "unit-us" }, ctx).map(world.sight) : [],
      ctx,
    );
    expect(verdict.valid).toBe(true);
    expect(verdict.firers[0]!.shotDice).toBe("D6");
    const result = boltAction.resolveFire({ shooter: "flamer", target: "unit-us" }, verdict, createDice(5), ctx, world.geometry);
    const shots = result.details.dice[0]!;
    expect(shots).toMatchObject({ purpose: "count", sides: 6 });
    expect(result.details.dice.filter((d) => d.purpose === "to-hit")).toHaveLength(shots.value);
    for (const d of result.details.dice.filter((x) => x.purpose === "damage")) expect(d.total).toBe(d.value + 2);
  });
});

describe("vehicle damage results (§4.7)", () => {
  const sherman: Placed = { id: "sherman", model: "us-sherman-m4", position: [100, 60], heading: 0, side: "A" };
  const schreck: Placed = { id: "schreck", model: "ger-panzerschreck", position: [100, 25], side: "B" };

  it("a second Immobilised knocks the vehicle out", async () => {
    const t = await baTable(scenario([], [sherman, schreck]), { status: { sherman: { pinned: false, markers: ["immobilised"] } } });
    const { value } = firstSeed(
      (seed) => t.fire({ shooter: "schreck", target: "sherman" }, seed).result,
      (r) => r.details.dice.some((d) => d.meaning.endsWith("→ Immobilised")),
    );
    expect(value.outcomes).toContainEqual({
      model: "sherman",
      effect: "destroyed",
      detail: "knocked out (immobilised a second time: the crew abandon it): a wreck, impassable terrain",
    });
  });

  it("Crew Stunned adds a pin and turns the order die to Down", async () => {
    const t = await baTable(scenario([], [sherman, schreck]));
    const { value } = firstSeed(
      (seed) => t.fire({ shooter: "schreck", target: "sherman" }, seed).result,
      (r) => r.details.dice.some((d) => d.meaning.endsWith("→ Crew Stunned")),
    );
    // One pin for being hit, one for the result.
    expect(value.units).toEqual([{ unit: "unit-sherman", pins: 2, order: "down" }]);
  });

  it("massive damage rolls two results (001 l.218; a roll 3 or more above the damage value, sample)", async () => {
    const t = await baTable(scenario([], [sherman, schreck]));
    const { value } = firstSeed(
      (seed) => t.fire({ shooter: "schreck", target: "sherman" }, seed).result,
      (r) => r.details.dice.some((d) => d.meaning.includes("massive damage")) && !r.details.dice.some((d) => d.meaning.endsWith("→ Knocked Out")),
    );
    const roll = value.details.dice.find((d) => d.purpose === "penetration")!;
    expect(roll.total! - roll.need!).toBeGreaterThanOrEqual(3);
    expect(roll.sample?.table).toBe("practice");
    expect(value.details.dice.filter((d) => d.purpose === "damage").map((d) => d.meaning.split(" = ")[0])).toEqual(["heavy damage D6", "heavy damage D6"]);
    expect(value.details.steps.map((x) => x.text)).toContain("sherman: massive damage, 2 results rolled (sample threshold: 3 above 9+)");
  });

  it("small arms cannot damage armour: D6 with no Pen never reaches 9+", async () => {
    const t = await baTable(scenario([], [sherman, { ...ger("rifle", 100, 30) }]));
    const { value } = firstSeed(
      (seed) => t.fire({ shooter: "rifle", target: "sherman" }, seed).result,
      (r) => r.details.dice.some((d) => d.purpose === "penetration"),
    );
    expect(value.outcomes).toEqual([{ model: "sherman", effect: "no-effect", detail: "no damage" }]);
  });
});

describe("close quarters (§5)", () => {
  it("infantry against infantry: rounds until one side loses, the loser is destroyed", async () => {
    const t = await baTable(scenario([], [...usSquad(60), ...gerSquad(75)]));
    const { verdict, result } = t.fire({ shooter: "unit-us", target: "unit-ger", assault: true }, 11);
    expect(verdict.valid).toBe(true);
    const lost = (prefix: string) => result.outcomes.filter((o) => o.model.startsWith(prefix) && o.effect === "casualty").length;
    expect([lost("us-"), lost("ger-")]).toContain(5);
    expect(result.details.steps.at(-1)!.text).toMatch(/loses, surrenders and is destroyed; .* regroups/);
    expect(result.details.dice.every((d) => d.purpose === "damage")).toBe(true);
  });

  it("out of a Run move's reach (12\") there is no assault", async () => {
    const t = await baTable(scenario([], [...usSquad(20), ...gerSquad(60)]));
    const v = t.judge({ shooter: "unit-us", target: "unit-ger", assault: true });
    expect(v.valid).toBe(false);
    expect(v.rulings.at(-1)!.reason).toMatch(/beyond the 12" Run move/);
  });

  it("riflemen without anti-tank weapons test at −3 to assault a tank; not a tank on a Run order", async () => {
    const tank: Placed = { id: "panzer", model: "ger-panzer-iv", position: [80, 60], heading: 90, side: "B" };
    const t = await baTable(scenario([], [...usSquad(70), tank]));
    const v = t.judge({ shooter: "unit-us", target: "panzer", assault: true });
    expect(v.assault).toMatchObject({ kind: "vehicle", orderTest: -3, vehicleHit: 4, superficialOnly: true });
    const r = boltAction.resolveFire({ shooter: "unit-us", target: "panzer", assault: true }, v, createDice(2), t.ctx, t.geometry);
    expect(r.details.dice[0]!.need).toBe(9 - 3);
    const running = await baTable(scenario([], [...usSquad(70), tank]), { game: { units: { "unit-panzer": { order: "run" } } } });
    expect(running.judge({ shooter: "unit-us", target: "panzer", assault: true }).rulings.at(-1)!.reason).toBe(
      "panzer is on a Run order: infantry cannot assault it",
    );
  });
});

describe("order dice (§1)", () => {
  const s = scenario([], [...usSquad(60), ...gerSquad(75)]);

  it("a unit without pins takes its order without a test; the state keeps it for the turn", async () => {
    const t = await baTable(s);
    const result = boltAction.orders!.giveOrder("unit-us", "advance", createDice(1), t.ctx);
    expect(result).toMatchObject({ order: "advance", rolls: [] });
    const state = applyEvent(initialState(s), orderEvent(boltAction, result));
    expect(state.units["unit-us"]).toEqual({ pins: 0, order: "advance" });
    expect(() => applyEvent(state, orderEvent(boltAction, result))).toThrow(/already has an order die/);
  });

  it("pins make a test: 2D6 against morale minus pins; a fail goes Down", async () => {
    const t = await baTable(s, { game: { units: { "unit-us": { pins: 3 } } } });
    const { value } = firstSeed(
      (seed) => boltAction.orders!.giveOrder("unit-us", "fire", createDice(seed), t.ctx),
      (r) => r.order === "down" && r.dice.length === 2,
    );
    expect(value.dice[0]!.need).toBe(9 - 3);
    expect(value.dice[0]!.total).toBeGreaterThan(6);
    expect(value.steps.at(-1)!.text).toBe("unit-us fails its order test: it goes Down instead of fire");
  });

  it("a double six is FUBAR: the FUBAR die decides friendly fire or panic", async () => {
    const t = await baTable(s, { game: { units: { "unit-us": { pins: 1 } } } });
    const { value } = firstSeed(
      (seed) => boltAction.orders!.giveOrder("unit-us", "fire", createDice(seed), t.ctx, { nearestVisibleEnemy: null }),
      (r) => r.steps.some((x) => x.text.startsWith("double six")),
      400,
    );
    const fubar = value.dice[2]!;
    expect(fubar.meaning).toMatch(/^FUBAR [1-6] → (Friendly Fire|Panic)$/);
    // Friendly fire needs another friendly unit near an enemy (there is none); panic sees no enemy: both go Down.
    expect(value.order).toBe("down");
  });

  it("Rally removes D6 pins; at turn end Down and Ambush keep their dice, the others go back", async () => {
    const t = await baTable(s, { game: { units: { "unit-us": { pins: 1 } } } });
    const { value } = firstSeed(
      (seed) => boltAction.orders!.giveOrder("unit-us", "rally", createDice(seed), t.ctx),
      (r) => r.order === "rally",
    );
    let state = applyEvent({ ...initialState(s), units: { "unit-us": { pins: 1 } } }, orderEvent(boltAction, value, 0));
    expect(state.units["unit-us"]).toEqual({ pins: 0, order: "rally" });
    state = applyEvent(state, orderEvent(boltAction, boltAction.orders!.giveOrder("unit-ger", "down", createDice(1), t.ctx), 0));
    state = applyEvent(state, { type: "turn-ended", kept: [...boltAction.turn.keptAtTurnEnd] });
    expect(state.turn).toBe(2);
    expect(state.units).toEqual({ "unit-us": { pins: 0 }, "unit-ger": { pins: 0, order: "down" } });
  });

  it("a shot's pins and Down land on the unit through the game log", async () => {
    const t = await baTable(s);
    const { value } = firstSeed(
      (seed) => t.fire({ shooter: "unit-us", target: "unit-ger" }, seed).result,
      (r) => (r.units?.length ?? 0) > 0,
    );
    const state = applyEvent(initialState(s), fireEvent(boltAction, { shooter: "unit-us", target: "unit-ger" }, value));
    expect(state.units["unit-ger"]!.pins).toBe(1);
  });
});
