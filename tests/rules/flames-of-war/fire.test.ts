/**
 * A platoon's shot end to end through a real Rapier scene: each firer's easiest target and score, the
 * dice from the seeded stream (the same seed gives the same events), allocation and saves in the
 * details, passengers, and pinning after five hits.
 */
import { describe, expect, it } from "vitest";
import { createDice } from "../../../src/core/dice";
import { tableContext } from "../../../src/rules/context";
import { flamesOfWar } from "../../../src/rules/flames-of-war";
import type { FowGameState } from "../../../src/rules/flames-of-war/types";
import { fireEvent, judgeFire } from "../../../src/rules/judge";
import { sightOptionsOf } from "../../../src/rules/ruleset";
import { sightReport } from "../../../src/sight/lineOfSight";
import type { SightWorld } from "../../../src/sight/sightWorld";
import { type Placed, world } from "../../helpers/scene";
import { scriptedDice } from "../operation-ww2/fakes";

const us = (id: string, x: number, z: number): Placed => ({ id, model: "us-rifleman", position: [x, z], side: "A", unit: "us" });
const ger = (id: string, x: number, z: number, unit = "ger"): Placed => ({ id, model: "ger-rifleman", position: [x, z], side: "B", unit });

// The hedge (x = 60, z 10–34) lies between u1 and g1 only; g2 stands in the open for both; g3 is beyond the rifles' 40 cm.
const hedge = {
  id: "hedge-1",
  kind: "hedge" as const,
  path: [
    [60, 10],
    [60, 34],
  ] as [number, number][],
  height: 2,
  thickness: 1.5,
};
const platoons: Placed[] = [us("u1", 40, 30), us("u2", 40, 50), ger("g1", 70, 30), ger("g2", 70, 50), ger("g3", 110, 90)];
const moved: FowGameState = { models: Object.fromEntries(platoons.map((m) => [m.id, { moved: true }])) };

function verdictFor(w: SightWorld, declaration: { shooter: string; target: string }, game: FowGameState = moved) {
  const ctx = flamesOfWar.createContext(tableContext(w.battlefield), { game });
  return { ctx, verdict: judgeFire(flamesOfWar, declaration, ctx, (r) => sightReport(w, r.shooter, r.target, sightOptionsOf(r))) };
}

describe("the platoon verdict (§1.5)", () => {
  it("each firer has its own easiest target and score", async () => {
    const w = await world([hedge], platoons);
    const { verdict } = verdictFor(w, { shooter: "unit-us", target: "unit-ger" });
    const u1 = verdict.firers.find((f) => f.model === "u1")!;
    const u2 = verdict.firers.find((f) => f.model === "u2")!;
    // Veterans: 4+ in the open, 5+ Concealed; the rifles moved: ROF 1, one die at +1.
    expect(u1.shots.find((s) => s.group === "g1")!.need).toBe(6);
    expect(u1).toMatchObject({ group: "g2", need: 5, dice: 1 });
    expect(u2).toMatchObject({ group: "g2", need: 5, dice: 1 });
    expect(u2.shots.find((s) => s.group === "g1")!.need).toBe(5);
    expect(u2.shots.find((s) => s.group === "g3")).toMatchObject({ canFire: false });
    expect(verdict.firers.flatMap((f) => f.rulings.map((r) => r.reason))).toContain("ROF 1 after moving: still one die, at +1 to hit");
    expect(verdict.sampleTables.map((t) => t.table)).toEqual(["teams"]);
  });

  it("stationary riflemen roll their one die without the +1", async () => {
    const w = await world([hedge], platoons);
    const { verdict } = verdictFor(
      w,
      { shooter: "unit-us", target: "unit-ger" },
      { models: { g1: { moved: true }, g2: { moved: true }, g3: { moved: true } } },
    );
    expect(verdict.firers.find((f) => f.model === "u2")).toMatchObject({ group: "g2", need: 4, dice: 1 });
  });
});

describe("a refusal says why, model by model (line 485: range, line of sight and arc; line 521: a 7 cannot be hit)", () => {
  // g1, a Veteran standing still in the open (Concealed, Gone to Ground: 6+), at (100, 60). Bocage 6 cm tall along z = 40
  // hides it from "hidden" at (100, 30), 27.5 cm away; "far" sees it 57.5 cm away; "moved" sees it 27.5 cm away, ROF 1 +1.
  const bocage = {
    id: "bocage-1",
    kind: "bocage" as const,
    path: [
      [90, 40],
      [110, 40],
    ] as [number, number][],
    height: 6,
    thickness: 2,
  };
  const models: Placed[] = [us("far", 40, 60), us("hidden", 100, 30), us("moved", 70, 60), ger("g1", 100, 60)];

  it("each silent firer is named in the verdict's own rulings with its reason", async () => {
    const w = await world([bocage], models);
    const { verdict } = verdictFor(w, { shooter: "unit-us", target: "unit-ger" }, { models: { moved: { moved: true } } });
    expect(verdict.valid).toBe(false);
    const said = verdict.rulings.map((r) => r.reason);
    expect(said).toContain("far cannot fire: out of range: the nearest model of unit-ger it sees, g1, is 57.5 cm away, beyond its Rifle's 16\"/40 cm");
    expect(said).toContain("hidden cannot fire: no model of unit-ger in sight: bocage-1 (bocage) blocks the line");
    expect(said).toContain(
      "moved cannot fire: every model of unit-ger it sees in range needs 7 or more to hit: g1 is veteran (its stat line), Gone to Ground and Concealed: 6+; +1 ROF limited to 1 and moved: needs 7+",
    );
    expect(said.at(-1)).toBe("no model of the platoon can fire at the target platoon");
    // Each firer's own rulings say the same, and each target line every condition it fails.
    const far = verdict.firers.find((f) => f.model === "far")!;
    expect(far.rulings.at(-1)!.reason).toMatch(/^far cannot fire: out of range/);
    expect(far.shots[0]!.rulings.at(-1)!.reason).toBe("not a valid target: out of range (57.5 cm)");
    const hidden = verdict.firers.find((f) => f.model === "hidden")!;
    expect(hidden.shots[0]!.rulings.at(-1)!.reason).toBe("not a valid target: no line of sight (bocage-1 (bocage) blocks the line)");
  });

  it("firers with the same reason are named together, and one that can fire is not listed", async () => {
    const w = await world([bocage], [...models, us("hidden-2", 96, 30)]);
    const { verdict } = verdictFor(w, { shooter: "unit-us", target: "unit-ger" });
    expect(verdict.valid).toBe(true);
    const said = verdict.rulings.map((r) => r.reason);
    expect(said).toContain("hidden, hidden-2 cannot fire: no model of unit-ger in sight: bocage-1 (bocage) blocks the line");
    expect(said.some((r) => r.startsWith("moved "))).toBe(false);
  });
});

describe("resolution", () => {
  it("the same seed gives the same events; another seed other dice", async () => {
    const w = await world([hedge], platoons);
    const { ctx, verdict } = verdictFor(w, { shooter: "unit-us", target: "unit-ger" });
    const event = (seed: number) => {
      const result = flamesOfWar.resolveFire(verdict.declaration, verdict, createDice(seed), ctx);
      const { time: _t, ...rest } = fireEvent(flamesOfWar, verdict.declaration, result, 0);
      return rest;
    };
    expect(event(1944)).toEqual(event(1944));
    const rolls = (seed: number) =>
      event(seed)
        .rolls.map((r) => r.value)
        .join();
    expect(new Set([1, 2, 3, 4, 5, 6, 7, 8].map(rolls)).size).toBeGreaterThan(1);
  });

  it("hits are allocated and saved, each with its dice and its allocation rule", async () => {
    const w = await world([hedge], platoons);
    const { ctx, verdict } = verdictFor(w, { shooter: "unit-us", target: "unit-ger" });
    // u1 and u2 hit (6, 6); the owner spreads them over g1 and g2 (rule 1), g1 saves (3), g2 fails (1).
    const result = flamesOfWar.resolveFire(verdict.declaration, verdict, scriptedDice([6, 6, 3, 1]), ctx);
    expect(result.details.allocation.map((a) => [a.model, a.result])).toEqual([
      ["g1", "saved"],
      ["g2", "destroyed"],
    ]);
    expect(result.details.allocation[0]!.allocatedBy!.reason).toBe("equal by every rule: the owner's choice");
    expect(result.details.allocation[1]!.allocatedBy!.reason).toMatch(/rule 1/);
    expect(result.details.dice.map((d) => d.purpose)).toEqual(["to-hit", "to-hit", "save", "save"]);
    expect(result.outcomes).toEqual([{ model: "g2", effect: "casualty", detail: "destroyed" }]);
  });

  it("five hits in one shooting step pin the platoon", async () => {
    const squad: Placed[] = [...[20, 30, 40, 50, 60].map((z, i) => ({ ...us(`u${i}`, 40, z), model: "us-30cal-team" })), ger("g1", 70, 40), ger("g2", 70, 45)];
    const w = await world([], squad);
    const { ctx, verdict } = verdictFor(w, { shooter: "unit-us", target: "unit-ger" }, { models: { g1: { moved: true }, g2: { moved: true } } });
    expect(verdict.firers.every((f) => f.dice === 3 && f.need === 4)).toBe(true);
    const dice = [...Array(15).fill(6), ...Array(15).fill(3)];
    const result = flamesOfWar.resolveFire(verdict.declaration, verdict, scriptedDice(dice), ctx);
    expect(
      result.outcomes
        .filter((o) => o.effect === "pinned")
        .map((o) => o.model)
        .sort(),
    ).toEqual(["g1", "g2"]);
    expect(result.details.steps.some((s) => /the platoon is Pinned Down/.test(s.text))).toBe(true);
  });

  it("passengers of a destroyed unarmoured vehicle save 5+ for each hit on it and dismount under fire", async () => {
    const models: Placed[] = [
      { id: "sherman", model: "us-sherman-m4", position: [20, 60], heading: 90, side: "A" },
      { id: "kubel", model: "ger-kubelwagen", position: [50, 60], heading: 0, side: "B" },
      ger("rider-1", 150, 100, "riders"),
      ger("rider-2", 152, 100, "riders"),
    ];
    const w = await world([], models);
    const game: FowGameState = { models: { kubel: { passengers: ["rider-1", "rider-2"] } } };
    const { ctx, verdict } = verdictFor(w, { shooter: "sherman", target: "kubel" }, game);
    expect(verdict.firers[0]).toMatchObject({ need: 4, dice: 2 });
    // Two hits; the Kübelwagen fails its 5+ (2); the second hit finds it destroyed. rider-1: 5, 6; rider-2: 6, 1.
    const result = flamesOfWar.resolveFire(verdict.declaration, verdict, scriptedDice([6, 6, 2, 5, 6, 6, 1]), ctx);
    expect(result.outcomes).toEqual([
      { model: "kubel", effect: "casualty", detail: "destroyed" },
      { model: "rider-2", effect: "casualty", detail: "destroyed as a passenger" },
      { model: "rider-1", effect: "pinned", detail: "Pinned Down: dismounted under fire" },
    ]);
    expect(result.details.steps.map((s) => s.text).join("\n")).toMatch(/rider-1 must dismount under fire: up to 4"\/10 cm, not towards the firers/);
  });
});
