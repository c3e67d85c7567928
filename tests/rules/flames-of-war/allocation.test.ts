/**
 * Hit allocation rules 1–8 (§3), each with a constructed platoon whose right allocation follows from the
 * rule alone, and an asymmetric mix where several rules act at once.
 */
import { describe, expect, it } from "vitest";
import { type AllocationHit, type AllocationTarget, allocateHits, type HitCandidate } from "../../../src/rules/flames-of-war/allocation";

const team = (id: string, extra: Partial<AllocationTarget> = {}): AllocationTarget => ({
  id,
  kind: "rifle-team",
  type: "infantry",
  manPacked: false,
  vehicle: false,
  armoured: false,
  inoperative: false,
  ...extra,
});
const tank = (id: string, kind = "panzer-iv", extra: Partial<AllocationTarget> = {}): AllocationTarget =>
  team(id, { kind, type: "tank", vehicle: true, armoured: true, ...extra });
const seen = (id: string, extra: Partial<HitCandidate> = {}): HitCandidate => ({ id, goneToGround: false, far: false, ...extra });
const hit = (candidates: HitCandidate[], extra: Partial<AllocationHit> = {}): AllocationHit => ({
  firer: "f1",
  weapon: "rifle",
  at: 2,
  fp: 6,
  candidates,
  ...extra,
});
const hitsPer = (allocated: ReturnType<typeof allocateHits>) => {
  const hits: Record<string, number> = {};
  for (const a of allocated) hits[a.model] = (hits[a.model] ?? 0) + 1;
  return hits;
};

describe("allocation rules (§3)", () => {
  it("rule 1: hits spread so that as many models as possible are hit; extra hits double up evenly", () => {
    const targets = [team("a"), team("b"), team("c")];
    const cands = targets.map((t) => seen(t.id));
    expect(hitsPer(allocateHits([hit(cands), hit(cands)], targets))).toEqual({ a: 1, b: 1 });
    expect(
      Object.values(
        hitsPer(
          allocateHits(
            Array.from({ length: 5 }, () => hit(cands)),
            targets,
          ),
        ),
      ).sort(),
    ).toEqual([1, 2, 2]);
  });

  it("only valid targets (range, sight, arc of the hit's firer) receive hits", () => {
    const targets = [team("a"), team("b")];
    expect(hitsPer(allocateHits([hit([seen("b")]), hit([seen("b")])], targets))).toEqual({ b: 2 });
  });

  it("rule 2: models not Gone to Ground first", () => {
    const targets = [team("gtg"), team("open")];
    const allocated = allocateHits([hit([seen("gtg", { goneToGround: true }), seen("open")])], targets);
    expect(allocated[0]!.model).toBe("open");
    expect(allocated[0]!.ruling.reason).toMatch(/rule 2/);
  });

  it("rule 3: operational models, Gone to Ground ones too, before Bailed Out or Bogged Down ones", () => {
    const targets = [tank("bailed", "panzer-iv", { inoperative: true }), tank("gtg")];
    const allocated = allocateHits([hit([seen("bailed"), seen("gtg", { goneToGround: true })], { at: 11 })], targets);
    expect(allocated[0]!.model).toBe("gtg");
    expect(allocated[0]!.ruling.reason).toMatch(/rule 3/);
  });

  it('rule 4: then models within 16"/40 cm before those beyond', () => {
    const targets = [team("far"), team("near")];
    const allocated = allocateHits([hit([seen("far", { far: true }), seen("near")])], targets);
    expect(allocated[0]!.model).toBe("near");
    expect(allocated[0]!.ruling.reason).toMatch(/rule 4/);
  });

  it("rule 5: each weapon type's hits are spread evenly over the hit models", () => {
    const targets = [team("a"), team("b")];
    const cands = [seen("a"), seen("b")];
    const hits = [hit(cands, { weapon: "mg" }), hit(cands, { weapon: "mg" }), hit(cands, { weapon: "rifle" }), hit(cands, { weapon: "rifle" })];
    const allocated = allocateHits(hits, targets);
    for (const weapon of ["mg", "rifle"]) {
      const models = allocated
        .filter((a) => hits[a.hit]!.weapon === weapon)
        .map((a) => a.model)
        .sort();
      expect(models).toEqual(["a", "b"]);
    }
  });

  it("rule 6: a firer's priority type takes its hits first; the other firer's hits spread as usual", () => {
    const targets = [team("inf-1"), team("inf-2"), team("gun-1", { type: "gun", kind: "pak" })];
    const cands = targets.map((t) => seen(t.id));
    const allocated = allocateHits(
      [hit(cands, { firer: "f1", priority: "gun" }), hit(cands, { firer: "f1", priority: "gun" }), hit(cands, { firer: "f2" })],
      targets,
    );
    const byFirer = (f: string) => allocated.filter((a) => a.hit < 2 === (f === "f1")).map((a) => a.model);
    expect(byFirer("f1")).toEqual(["gun-1", "gun-1"]);
    expect(byFirer("f2")).toEqual(["inf-1"]);
    expect(allocated[0]!.ruling.reason).toMatch(/rule 6/);
  });

  it("rule 6: man-packed guns count as the priority type against FP 5–6", () => {
    const targets = [team("inf-1"), team("mortar", { type: "gun", manPacked: true })];
    const cands = targets.map((t) => seen(t.id));
    expect(allocateHits([hit(cands, { priority: "infantry", fp: 6 })], [team("x"), ...targets]).map((a) => a.model)).not.toContain("x");
  });

  it("rule 7: unarmoured vehicles first, then the weakest armour", () => {
    const targets = [tank("panther", "panther", {}), tank("pz4", "panzer-iv"), team("truck", { type: "transport", kind: "truck", vehicle: true })];
    const hits = [hit([seen("panther", { armour: 10 }), seen("pz4", { armour: 6 }), seen("truck")], { at: 11 })];
    expect(allocateHits(hits, targets)[0]!.model).toBe("truck");
    const noTruck = [hit([seen("panther", { armour: 10 }), seen("pz4", { armour: 6 })], { at: 11 })];
    expect(allocateHits(noTruck, targets)[0]!.model).toBe("pz4");
  });

  it("rule 7: with armour and other models hit, the higher-AT weapon's hits go to the armour, the lower-AT ones to the rest", () => {
    const targets = [tank("pz4"), team("inf")];
    const cands = [seen("pz4", { armour: 6 }), seen("inf")];
    const hits = [hit(cands, { weapon: "mg", at: 2 }), hit(cands, { weapon: "gun", at: 11 })];
    expect(allocateHits(hits, targets).map((a) => [hits[a.hit]!.weapon, a.model])).toEqual([
      ["mg", "inf"],
      ["gun", "pz4"],
    ]);
  });

  it("rule 7: a tank that could be hit on front or side counts its weaker armour for allocation", () => {
    // The caller passes the weaker armour for a 'between' hit: the Panther seen between its lines (side 5) before the Panzer IV's front (6).
    const targets = [tank("panther", "panther"), tank("pz4")];
    expect(allocateHits([hit([seen("panther", { armour: 5 }), seen("pz4", { armour: 6 })], { at: 11 })], targets)[0]!.model).toBe("panther");
  });

  it("rule 8: a Gun Tank hit goes to the declared type, the only one of its kind if there is one", () => {
    const targets = [tank("pz4-1"), tank("pz4-2"), tank("panther", "panther")];
    const cands = [seen("pz4-1", { armour: 6 }), seen("pz4-2", { armour: 6 }), seen("panther", { armour: 10 })];
    const allocated = allocateHits([hit(cands, { at: 11, gunTank: "panther" }), hit(cands, { at: 11, gunTank: "panther" }), hit(cands, { at: 11 })], targets);
    expect(hitsPer(allocated)).toEqual({ panther: 2, "pz4-1": 1 });
    expect(allocated[0]!.ruling.reason).toMatch(/rule 8/);
  });

  it("an asymmetric platoon: the rules in order", () => {
    // Four teams: one far, one Gone to Ground, one bailed-out half-track, one near in the open. Four hits.
    const targets = [
      team("far"),
      team("gtg"),
      team("near"),
      team("ht", { type: "transport", kind: "sdkfz-251", vehicle: true, armoured: true, inoperative: true }),
    ];
    const cands = [seen("far", { far: true }), seen("gtg", { goneToGround: true }), seen("near"), seen("ht", { armour: 1 })];
    const order = allocateHits(
      Array.from({ length: 4 }, () => hit(cands)),
      targets,
    ).map((a) => a.model);
    expect(order).toEqual(["near", "far", "gtg", "ht"]);
  });
});
