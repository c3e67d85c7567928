/**
 * The workings a table shows (issue 8 §2): every die of a resolved shot with its target number and meaning,
 * the allocation (who was hit, by which dice, with what result), and every number read from a sample table
 * marked with that table, and unmarked once a game loads its own table.
 */
import { describe, expect, it } from "vitest";
import { operationWw2 } from "../../../src/rules/operation-ww2";
import { loadOw2Tables, TABLE_FILES } from "../../../src/rules/operation-ww2/tables";
import type { Placed } from "../../helpers/scene";
import { contextFor, judgeWith, scriptedDice } from "./fakes";

const ger = (id: string, z: number): Placed => ({ id, model: "ger-rifleman", position: [20, z], side: "A", unit: "ger" });
const us = (id: string, z: number): Placed => ({ id, model: "us-rifleman", position: [40, z], side: "B", unit: "us" });
const models = [ger("ger-1", 60), ger("ger-2", 64), us("us-1", 60), us("us-2", 64)];
const declaration = { shooter: "unit-ger", target: "unit-us" };
const WEAPONS = { table: "weapons", title: expect.stringMatching(/^SAMPLE weapon table/) };
const DAMAGE = { table: "damage", title: expect.stringMatching(/^SAMPLE damage table/) };

describe("the dice of a shot, each with its meaning (two rifles at two men in the open, 20 cm)", () => {
  const ctx = contextFor(models);
  const verdict = judgeWith(ctx, declaration, () => ({ distance: 20 }));
  // Rifles hit infantry on 7+ (sample table): 8 hits, 3 misses; the damage 9 kills in the open.
  const result = operationWw2.resolveFire(declaration, verdict, scriptedDice([8, 3, 9]), ctx);

  it("lists every die with sides, value, need, meaning, rule and the sample table it reads", () => {
    expect(result.details.dice).toEqual([
      { index: 0, sides: 10, value: 8, purpose: "to-hit", need: 7, meaning: "to-hit 7+ → hit", rule: "§6.1", sample: WEAPONS },
      { index: 1, sides: 10, value: 3, purpose: "to-hit", need: 7, meaning: "to-hit 7+ → miss", rule: "§6.1", sample: WEAPONS },
      { index: 2, sides: 10, value: 9, purpose: "damage", meaning: "damage 9, infantry in the open → killed", rule: "§6.5", sample: DAMAGE },
    ]);
    expect(result.details.dice.map((d) => d.index)).toEqual(result.rolls.map((r) => r.index));
  });

  it("allocates the kill to the owner's first model, citing the to-hit and damage dice", () => {
    expect(result.details.allocation).toEqual([{ model: "us-1", by: "the Bolt-action rifle of ger-1", rolls: [0, 2], effect: "casualty", result: "killed" }]);
    expect(result.outcomes).toEqual([{ model: "us-1", effect: "casualty", detail: "killed" }]);
  });

  it("marks the target number and the verdict's numbers with their sample tables", () => {
    const shot = verdict.firers[0]!.shots[0]!;
    expect(shot.need).toBe(7);
    expect(shot.sample).toEqual(WEAPONS);
    expect(shot.rulings.find((r) => r.reason.startsWith("weapon table"))!.sample).toEqual(WEAPONS);
    expect(verdict.firers[0]!.sample).toEqual(WEAPONS);
    expect(verdict.pairs[0]!.rulings.find((r) => r.reason.startsWith("spotting table"))!.sample).toMatchObject({ table: "spotting" });
    expect(verdict.sampleTables.map((t) => t.table).sort()).toEqual(["profiles", "spotting", "weapons"]);
    expect(result.details.sampleTables.map((t) => t.table).sort()).toEqual(["damage", "profiles", "spotting", "weapons"]);
  });
});

describe("a game's own table is not sample", () => {
  it("loaded with sample: false, its numbers carry no mark", () => {
    const weapons = TABLE_FILES.find((f) => f.table === "weapons")!;
    const loaded = loadOw2Tables([{ ...weapons, sample: false, note: "the club's weapon table" }]);
    if (!loaded.ok) throw new Error(loaded.errors.join("\n"));
    const ctx = contextFor(models, { tables: loaded.tables });
    const verdict = judgeWith(ctx, declaration, () => ({ distance: 20 }));
    const result = operationWw2.resolveFire(declaration, verdict, scriptedDice([8, 3, 9]), ctx);
    expect(verdict.firers[0]!.shots[0]!.sample).toBeUndefined();
    expect(result.details.dice[0]).not.toHaveProperty("sample");
    expect(verdict.sampleTables.map((t) => t.table)).not.toContain("weapons");
    expect(result.details.sampleTables.map((t) => t.table)).toContain("damage");
  });
});

describe("a vehicle hit: penetration-free AP shot, damage with its modifiers, results per marker", () => {
  const tanks: Placed[] = [
    { id: "sherman", model: "us-sherman-m4", position: [20, 60], heading: 90, side: "A" },
    { id: "panzer", model: "ger-panzer-iv", position: [70, 60], heading: 270, side: "B" },
  ];
  it("the damage die shows its total after armour, and each marker cites the dice that caused it", () => {
    const ctx = contextFor(tanks, { game: { units: { "unit-panzer": { spottingState: "firing" } } } });
    const decl = { shooter: "sherman", target: "panzer", ammunition: "AP" as const };
    const verdict = judgeWith(ctx, decl, () => ({ distance: 45 }));
    expect(verdict.valid).toBe(true);
    // 75 mm AP hits a medium tank on 7+; the damage 10 −1 (medium armour, front) = 9 on the heavy weapons column.
    const result = operationWw2.resolveFire(decl, verdict, scriptedDice([9, 10, 5, 5, 4]), ctx);
    const [toHit, damage] = result.details.dice;
    expect(toHit).toMatchObject({ purpose: "to-hit", model: "panzer", need: 7, meaning: "to-hit 7+ → hit" });
    expect(damage).toMatchObject({ purpose: "damage", model: "panzer", value: 10, total: 9 });
    expect(damage!.meaning).toMatch(/^damage 10 −1 \(medium armour on the front\) = 9, heavy-weapons medium-tank column → /);
    expect(result.details.dice).toHaveLength(result.rolls.length);
    for (const a of result.details.allocation) {
      expect(a.model).toBe("panzer");
      expect(a.rolls.slice(0, 2)).toEqual([0, 1]);
    }
    expect(result.details.allocation.map((a) => a.effect)).toEqual(result.outcomes.map((o) => o.effect));
  });
});
