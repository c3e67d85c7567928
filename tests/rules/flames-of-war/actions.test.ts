/**
 * Flames of War's rule actions, each die scripted: the Starting Step's Motivation Test to unpin (003 l.13) and
 * the Platoon and Company Morale Checks (l.13, 71, 222), due when the rules require them; an assault with its
 * Defensive Fire (l.64), assault rolls, Motivation Test to Counterattack (l.105) and Break Off (l.329); an
 * Artillery Bombardment ranging in over three attempts (l.155) with the template's re-rolls and the pin of a
 * single hit (l.62); Stormtroopers (l.266–280). Scores the source does not give are the sample "tests" table's.
 */
import { describe, expect, it } from "vitest";
import { type RulesContext, tableContext } from "../../../src/rules/context";
import { type FowContext, flamesOfWar } from "../../../src/rules/flames-of-war";
import { loadFowTables } from "../../../src/rules/flames-of-war/tables";
import type { FowGameState } from "../../../src/rules/flames-of-war/types";
import type { ActionGeometry, ActionRequest, ActionResult } from "../../../src/rules/ruleset";
import { sightReport } from "../../../src/sight/lineOfSight";
import { modelsUnderTemplate } from "../../../src/sight/templates";
import { type Placed, world } from "../../helpers/scene";
import { scriptedDice } from "../operation-ww2/fakes";

const us = (id: string, x: number, z: number, unit = "us"): Placed => ({ id, model: "us-rifleman", position: [x, z], side: "A", unit });
const ger = (id: string, x: number, z: number, unit = "ger"): Placed => ({ id, model: "ger-rifleman", position: [x, z], side: "B", unit });
// Riflemen on 2.5 cm round bases: 2.5 cm apart (centre to centre) they touch.
const CONTACT: Placed[] = [us("a1", 50, 30), us("a2", 50, 36), ger("g1", 52.5, 30), ger("g2", 52.5, 36)];

async function tableOf(placed: Placed[], game: FowGameState, pinned: readonly string[] = [], tables?: Parameters<typeof loadFowTables>[0]) {
  const w = await world([], placed);
  const status = Object.fromEntries(pinned.map((id) => [id, { pinned: true, markers: [] }]));
  const table: RulesContext = tableContext(w.battlefield, { status });
  const loaded = tables ? loadFowTables(tables) : undefined;
  if (loaded && !loaded.ok) throw new Error(loaded.errors.join("\n"));
  const ctx: FowContext = flamesOfWar.createContext(table, { game, ...(loaded?.ok ? { tables: loaded.tables } : {}) });
  const geometry: ActionGeometry = {
    modelsUnder: (p) => modelsUnderTemplate(w, p),
    table: w.battlefield.scenario.table,
    sight: (r) => sightReport(w, r.shooter, r.target),
  };
  const take = (request: ActionRequest, dice: number[]): ActionResult => flamesOfWar.actions!.takeAction(request, scriptedDice(dice), ctx, geometry);
  return { ctx, take };
}

const steps = (r: ActionResult): string[] => (r.details as { steps: { text: string }[] }).steps.map((s) => s.text);
const record = (r: ActionResult) => (r.details as { record: Record<string, unknown> }).record;

describe("the Starting Step's tests (003 l.13, 71, 222)", () => {
  it("a Pinned Down platoon's Motivation Test to unpin is due; passed (4+, sample Confident), every team is unpinned", async () => {
    const { ctx, take } = await tableOf(CONTACT, { step: { phase: "starting", side: "B" } }, ["g1", "g2"]);
    expect(flamesOfWar.actions!.due!(ctx, "B")).toMatchObject([{ request: { action: "unpin", unit: "unit-ger" }, why: { rule: "§5.3 (003 l.13)" } }]);
    expect(flamesOfWar.actions!.due!(ctx, "A")).toEqual([]);
    const passed = take({ action: "unpin", unit: "unit-ger" }, [4]);
    expect(passed.outcomes).toEqual([
      { model: "g1", effect: "unpinned", detail: "unpinned: Motivation Test passed" },
      { model: "g2", effect: "unpinned", detail: "unpinned: Motivation Test passed" },
    ]);
    expect(take({ action: "unpin", unit: "unit-ger" }, [3]).outcomes).toEqual([]);
    expect(take({ action: "unpin", unit: "unit-us" }, [6]).refused).toMatchObject([{ reason: "unit-us is not Pinned Down" }]);
  });

  it("a platoon down to 2 of its 5 teams takes a Platoon Morale Check; failed, it leaves the table", async () => {
    const fallen = Object.fromEntries(["g3", "g4", "g5"].map((id) => [id, { unit: "unit-ger", side: "B" }]));
    const { ctx, take } = await tableOf(CONTACT, { step: { phase: "starting", side: "B" }, fallen });
    expect(flamesOfWar.actions!.due!(ctx, "B")).toMatchObject([{ request: { action: "platoon-morale", unit: "unit-ger" } }]);
    const failed = take({ action: "platoon-morale", unit: "unit-ger" }, [3]);
    expect(failed.outcomes.map((o) => [o.model, o.effect])).toEqual([
      ["g1", "casualty"],
      ["g2", "casualty"],
    ]);
    expect(steps(failed)[0]).toBe("unit-ger has 2 of its 5 teams in good spirits, fewer than 50%: a Platoon Morale Check");
  });

  it("a company with 1 of its 3 platoons left takes a Company Morale Check (003 l.71); the sample table says so", async () => {
    const fallen = { x1: { unit: "unit-x", side: "B" }, y1: { unit: "unit-y", side: "B" }, z1: { unit: "unit-z", side: "A" } };
    const { ctx, take } = await tableOf(CONTACT, { step: { phase: "starting", side: "B" }, fallen });
    expect(flamesOfWar.actions!.due!(ctx, "B")[0]).toMatchObject({ request: { action: "company-morale", side: "B" }, why: { sample: { table: "tests" } } });
    expect(take({ action: "company-morale", side: "B" }, [5]).summary).toBe("B fight on");
    expect(take({ action: "company-morale", side: "A" }, [5]).refused).toBeDefined();
  });
});

describe("an assault (003 l.63–64, 105, 109, 329)", () => {
  const game: FowGameState = { step: { phase: "assault", side: "A" } };

  it("Defensive Fire misses, the assault rolls destroy both defenders: the assault is won", async () => {
    const { take } = await tableOf(CONTACT, game);
    // Defensive Fire: two rifles, 3+ (trained attackers): 1, 1. Assault: 4+ (veteran defenders): 6 (save 1), 6 (save 1).
    const won = take({ action: "assault", unit: "unit-us", target: "unit-ger" }, [1, 1, 6, 1, 6, 1]);
    expect(won.outcomes.map((o) => [o.model, o.effect])).toEqual([
      ["g1", "casualty"],
      ["g2", "casualty"],
    ]);
    expect(record(won)).toEqual({ kind: "assault", attacker: "unit-us", defender: "unit-ger", winner: "unit-us", rounds: 0 });
    expect(steps(won)).toContain("0 hits of Defensive Fire, fewer than 5: the assault goes in");
  });

  it("the defender passes its Motivation Test and counterattacks; the attacker fails its own and Breaks Off", async () => {
    const { take } = await tableOf(CONTACT, game);
    // DF 1, 1; a1 hits g1 (6, save 1), a2 misses (2); g2 tests 4 (4+ passed), hits a2 (3, save 2); a1's side tests 1: breaks off.
    const lost = take({ action: "assault", unit: "unit-us", target: "unit-ger" }, [1, 1, 6, 1, 2, 4, 3, 2, 1]);
    expect(lost.outcomes.map((o) => [o.model, o.effect])).toEqual([
      ["g1", "casualty"],
      ["a2", "casualty"],
      ["a1", "pinned"],
    ]);
    expect(record(lost)).toMatchObject({ winner: "unit-ger", rounds: 1 });
    expect(steps(lost)).toContain("unit-ger is confident: Motivation Test 4+: passed, to Counterattack");
    expect(steps(lost)).toContain('unit-us Breaks Off: it moves 6"/15 cm away from unit-ger');
  });

  it("Defensive Fire with the platoon's pin number of hits throws the assault back, Pinned Down", async () => {
    const { take } = await tableOf(
      CONTACT,
      game,
      [],
      [
        {
          ruleset: "flames-of-war",
          table: "saves",
          data: { ...(await import("../../../src/rules/flames-of-war/tables/saves.json")).default.data, pinHits: 2 },
        },
      ],
    );
    const beaten = take({ action: "assault", unit: "unit-us", target: "unit-ger" }, [3, 6, 3, 6]);
    expect(beaten.outcomes.map((o) => [o.model, o.effect])).toEqual([
      ["a1", "pinned"],
      ["a2", "pinned"],
    ]);
    expect(record(beaten)).toMatchObject({ winner: "unit-ger", rounds: 0 });
  });

  it("an assault whose assaulting teams all fall to Defensive Fire is over: the defender holds", async () => {
    const { take } = await tableOf(CONTACT, game);
    // g1 hits a1 (3, save 1), g2 hits a2 (3, save 1).
    const r = take({ action: "assault", unit: "unit-us", target: "unit-ger" }, [3, 1, 3, 1]);
    expect(r.outcomes.map((o) => [o.model, o.effect])).toEqual([
      ["a1", "casualty"],
      ["a2", "casualty"],
    ]);
    expect(r.summary).toBe("unit-us's assaulting teams fall to Defensive Fire: unit-ger holds");
  });

  it('teams not in contact cannot assault: charge first (8"/20 cm)', async () => {
    const { take } = await tableOf([us("a1", 20, 30), ger("g1", 52.5, 30)], game);
    expect(take({ action: "assault", unit: "unit-us", target: "unit-ger" }, []).refused![0]!.reason).toMatch(/no team of unit-us is in contact with unit-ger/);
  });
});

describe("an Artillery Bombardment (003 l.62, 155, 242–246)", () => {
  const game: FowGameState = { step: { phase: "shooting", side: "A" } };
  const placed = [us("gun", 20, 20, "battery"), ger("g1", 100, 60), ger("g2", 103, 60), ger("far", 140, 60, "other")];

  it("ranges in at the second attempt (4+, then 5+), one gun re-rolls its hits; a hit pins the platoon", async () => {
    const { take } = await tableOf(placed, game);
    // Ranging in: 2 (needs 4), 5 (needs 5). g1: 4 hit, re-rolled 5 hit, save 1; g2: 2 miss.
    const r = take({ action: "bombardment", unit: "unit-battery", point: [101.5, 60] }, [2, 5, 4, 5, 1, 2]);
    expect(record(r)).toEqual({ kind: "bombardment", battery: "unit-battery", rangedIn: 2, hits: 1 });
    expect(r.outcomes.map((o) => [o.model, o.effect])).toEqual([
      ["g1", "casualty"],
      ["g2", "pinned"],
    ]);
    expect(steps(r)).toContain('1 gun: the template is 6"/15 cm square; 2 teams under it');
  });

  it("the Company Commander spotting adds +1; three misses and there is no bombardment", async () => {
    const { take } = await tableOf(placed, game);
    const r = take({ action: "bombardment", unit: "unit-battery", point: [101.5, 60], answers: { commanderSpotting: true } }, [4, 5, 6]);
    expect(r.summary).toBe("unit-battery fails to range in: no bombardment");
    expect((r.details as { dice: { need: number }[] }).dice.map((d) => d.need)).toEqual([5, 6, 7]);
  });
});

describe("Stormtroopers (003 l.266–280)", () => {
  it('off unless the game switches it on; passed, another 4"/10 cm in the Assault Step and no assault', async () => {
    const off = await tableOf(CONTACT, { step: { phase: "assault", side: "B" } });
    expect(off.take({ action: "stormtroopers", unit: "unit-ger" }, [6]).refused![0]!.reason).toMatch(/national rule this game does not switch on/);
    const w = await world([], CONTACT);
    const ctx = flamesOfWar.createContext(tableContext(w.battlefield), { options: { stormtroopers: true }, game: { step: { phase: "assault", side: "B" } } });
    const passed = flamesOfWar.actions!.takeAction({ action: "stormtroopers", unit: "unit-ger" }, scriptedDice([3]), ctx, {} as ActionGeometry);
    expect(passed.summary).toBe('unit-ger passes its Skill Test: Stormtroopers, 4"/10 cm');
    const after = flamesOfWar.createContext(tableContext(w.battlefield), {
      options: { stormtroopers: true },
      game: { step: { phase: "assault", side: "B" }, taken: [{ action: "stormtroopers", unit: "unit-ger", record: record(passed) }] },
    });
    expect(
      flamesOfWar.moveVerdict!(
        {
          model: "g2",
          path: [
            [52.5, 36],
            [52.5, 46],
          ],
        },
        after,
      ),
    ).toMatchObject({ allowed: true, allowance: 10 });
    expect(
      flamesOfWar.moveVerdict!(
        {
          model: "g2",
          path: [
            [52.5, 36],
            [52.5, 47],
          ],
        },
        after,
      ).allowed,
    ).toBe(false);
    const assault = flamesOfWar.actions!.takeAction({ action: "assault", unit: "unit-ger", target: "unit-us" }, scriptedDice([]), after, {} as ActionGeometry);
    expect(assault.refused).toMatchObject([{ rule: "§6.4 (003 l.274)" }]);
  });
});

describe("Quality of Quantity and British Bulldog (003 l.61–64, 105)", () => {
  // Fifteen riflemen in a 5 × 3 block, 3 cm apart: all within the sample 15 cm Command Distance of the corner team.
  const block: Placed[] = Array.from({ length: 15 }, (_, k) => us(`s${k}`, 20 + (k % 5) * 3, 20 + Math.floor(k / 5) * 3, "soviet"));
  const enemy = ger("g1", 70, 20);

  it('a platoon of 15 teams in Command Distance charges 12"/30 cm (l.63); without the rule, 8"/20 cm', async () => {
    const w = await world([], [...block, enemy]);
    const ctxWith = (qualityOfQuantity: boolean) =>
      flamesOfWar.createContext(tableContext(w.battlefield), { options: { qualityOfQuantity }, game: { step: { phase: "assault", side: "A" } } });
    const charge = { model: "s0", path: [[20, 20] as [number, number], [45, 20] as [number, number]] };
    expect(flamesOfWar.moveVerdict!(charge, ctxWith(true))).toMatchObject({ allowed: true, allowance: 30 });
    expect(flamesOfWar.moveVerdict!(charge, ctxWith(true)).rulings.map((r) => r.rule)).toContain("§6.1 (003 l.63)");
    expect(flamesOfWar.moveVerdict!(charge, ctxWith(false))).toMatchObject({ allowed: false, allowance: 20 });
  });

  it("British Bulldog re-rolls a failed Motivation Test to Counterattack (l.105)", async () => {
    const w = await world([], CONTACT);
    const ctx = flamesOfWar.createContext(tableContext(w.battlefield), { options: { britishBulldog: true }, game: { step: { phase: "assault", side: "A" } } });
    // DF 1, 1; a1 hits g1 (6, save 1), a2 misses (2); g2 fails (1), re-rolls 5: counterattacks, misses (1); unit-us fails (1), re-rolls 2: breaks off.
    const r = flamesOfWar.actions!.takeAction(
      { action: "assault", unit: "unit-us", target: "unit-ger" },
      scriptedDice([1, 1, 6, 1, 2, 1, 5, 1, 1, 2]),
      ctx,
      {} as ActionGeometry,
    );
    expect(steps(r)).toContain("unit-ger is confident: Motivation Test 4+: passed, British Bulldog: to Counterattack, re-rolled");
    expect(record(r)).toMatchObject({ winner: "unit-ger" });
  });
});

describe("Infiltration (003 l.30–39)", () => {
  const infiltrators = [ger("g1", 100, 60), ger("g2", 103, 60)];
  async function infiltrating(enemyAt: [number, number], dice: number[], infiltration = true) {
    const w = await world([], [...infiltrators, us("u1", ...enemyAt)]);
    const ctx = flamesOfWar.createContext(tableContext(w.battlefield), { options: { infiltration }, game: { step: { phase: "deployment" } } });
    const geometry = { sight: (r: { shooter: string; target: string }) => sightReport(w, r.shooter, r.target) } as ActionGeometry;
    return flamesOfWar.actions!.takeAction({ action: "infiltrate", unit: "unit-ger" }, scriptedDice(dice), ctx, geometry);
  }

  it("an enemy 30 cm away that sees the platoon in the open spots it at once (l.34): the first turn goes over (l.38)", async () => {
    const r = await infiltrating([100, 90], []);
    expect(record(r)).toEqual({ kind: "infiltration", unit: "unit-ger", spotted: true });
    expect(steps(r)[0]).toMatch(/^g1 is 27\.5 cm from u1, in its sight and not Concealed: spotted at once$/);
  });

  it('beyond 16"/40 cm the opponent rolls: a 6 spots the platoon, a 5 does not (l.35–37)', async () => {
    expect(record(await infiltrating([100, 115], [6]))).toMatchObject({ spotted: true });
    expect(record(await infiltrating([100, 115], [5]))).toMatchObject({ spotted: false });
  });

  it('refused nearer than 8"/20 cm to an enemy (l.33), and where the game does not switch it on', async () => {
    expect((await infiltrating([100, 75], [])).refused![0]).toMatchObject({ rule: "§6.1 (003 l.33)" });
    expect((await infiltrating([100, 115], [], false)).refused![0]!.reason).toMatch(/does not switch on/);
  });
});
