/**
 * Rules one at a time, on hand-written sight facts: orders and their modifiers, positions, exposed crews,
 * crews and ranges, spotting modifiers, scatter bands, the damage allocation examples of §6.5, and what
 * vehicle damage results do.
 */
import { describe, expect, it } from "vitest";
import { operationWw2 } from "../../../src/rules/operation-ww2";
import { allocate } from "../../../src/rules/operation-ww2/damage";
import { applyVehicleEffects, MARKER } from "../../../src/rules/operation-ww2/hits";
import { Referee } from "../../../src/rules/operation-ww2/referee";
import { spottingDistance } from "../../../src/rules/operation-ww2/spotting";
import { loadOw2Tables, type Ow2TableData, TABLE_FILES } from "../../../src/rules/operation-ww2/tables";
import { scatterMultiplier } from "../../../src/rules/operation-ww2/templates";
import type { Ow2GameState } from "../../../src/rules/operation-ww2/types";
import type { AreaCrossing } from "../../../src/sight/sightReport";
import type { Placed } from "../../helpers/scene";
import { behindLowWall, contextFor, judgeWith, type ReportFacts, scriptedDice } from "./fakes";

const us = (id: string, x = 20, extra: Partial<Placed> = {}): Placed => ({ id, model: "us-rifleman", position: [x, 60], side: "A", unit: "us", ...extra });
const ger = (id: string, x = 60, extra: Partial<Placed> = {}): Placed => ({ id, model: "ger-rifleman", position: [x, 60], side: "B", unit: "ger", ...extra });
const reasons = (rulings: ReadonlyArray<{ reason: string }>) => rulings.map((r) => r.reason).join("\n");
const trench = (shooterInside = false): AreaCrossing => ({
  id: "trench-1",
  kind: "trench",
  lengthInside: 1,
  intervals: [[19, 20]],
  shooterInside,
  targetInside: true,
  depthToTarget: 1,
  height: 2,
});

function tablesWith<K extends keyof Ow2TableData>(table: K, edit: (data: Ow2TableData[K]) => void) {
  const file = TABLE_FILES.find((f) => f.table === table)!;
  const data = structuredClone(file.data) as Ow2TableData[K];
  edit(data);
  const result = loadOw2Tables([{ ...file, data }]);
  if (!result.ok) throw new Error(result.errors.join("\n"));
  return result.tables;
}

describe("orders (§3.2, §6.3)", () => {
  const models = [us("us"), ger("ger")];
  const shot = (options: Parameters<typeof contextFor>[1], order: "covering-fire" | "fire", facts: ReportFacts) =>
    judgeWith(contextFor(models, options), { shooter: "us", target: "ger", order }, () => facts).firers[0]!.shots[0]!;

  it("Covering Fire: v1 always −1; v2.0 only at a target it does not spot, else it is a plain Fire", () => {
    const seen: ReportFacts = { distance: 30 };
    const unseen: ReportFacts = { ...behindLowWall("wall", 1.4, 0.5), distance: 40 };
    expect(shot({ options: { version: "v1" } }, "covering-fire", seen).need).toBe(8);
    expect(shot({}, "covering-fire", seen).need).toBe(7);
    const v2 = shot({}, "covering-fire", unseen);
    expect(v2.need).toBe(8);
    expect(v2.modifiers.map((m) => m.reason)).toEqual(["Covering Fire at a target it does not spot"]);
    expect(shot({ options: { coveringFirePenalties: "damage-only" } }, "covering-fire", unseen).need).toBe(7);
  });

  it("Covering Fire also takes −3 on the damage roll", () => {
    const ctx = contextFor(models);
    const declaration = { shooter: "us", target: "ger", order: "covering-fire" as const };
    const v = judgeWith(ctx, declaration, () => ({ ...behindLowWall("wall", 1.4, 0.5), distance: 40 }));
    const r = operationWw2.resolveFire(declaration, v, scriptedDice([9, 1, 10]), ctx);
    expect(reasons(r.details.steps.map((s) => ({ reason: s.text })))).toMatch(/with -3 \(Covering Fire at a target it does not spot\)/);
  });

  it("a Move order does not fire; a Charge cannot delay its fire to interrupt (§2.7)", () => {
    const ctx = contextFor(models);
    expect(reasons(judgeWith(ctx, { shooter: "us", target: "ger", order: "move" }, () => ({})).rulings)).toMatch(/a unit with a Move order does not fire/);
    const charge = judgeWith(ctx, { shooter: "us", target: "ger", order: "charge", interruptingMove: true }, () => ({}));
    expect(charge.valid).toBe(false);
    expect(reasons(charge.rulings)).toMatch(/a charge order cannot delay its fire to interrupt a move/);
  });
});

describe("the target's position (§6.3, §5.17)", () => {
  it("a trench: v1 −1, v2.0 −2, nothing for a firer standing in it", () => {
    const models = [us("us"), ger("ger")];
    const need = (options: Parameters<typeof contextFor>[1], shooterInside = false) =>
      judgeWith(contextFor(models, options), { shooter: "us", target: "ger" }, () => ({ distance: 20, areas: [trench(shooterInside)] })).firers[0]!.shots[0]!
        .need;
    expect(need({ options: { version: "v1" } })).toBe(8);
    expect(need({})).toBe(9);
    expect(need({}, true)).toBe(7);
  });

  it("the exposed commander of a tank: small arms only, infantry column, −2 (§5.17)", () => {
    const models: Placed[] = [us("us"), { id: "panzer", model: "ger-panzer-iv", position: [60, 60], side: "B" }];
    const ctx = contextFor(models, { game: { models: { panzer: { commanderExposed: true } } } });
    const v = judgeWith(ctx, { shooter: "us", target: "panzer", exposedCrew: true }, () => ({ distance: 20 }));
    expect(v.groups).toEqual([expect.objectContaining({ id: "crew of panzer", type: "infantry", cover: "heavy", exposed: "exposed crew" })]);
    expect(v.firers[0]!.shots[0]).toMatchObject({ canFire: true, need: 9 });
    const buttonedUp = judgeWith(contextFor(models), { shooter: "us", target: "panzer", exposedCrew: true }, () => ({ distance: 20 }));
    expect(buttonedUp.valid).toBe(false);
  });

  it("a lower-hull MG whose own line a low hedge blocks fires at −1 when the tank sees the target (§5.5)", () => {
    const models: Placed[] = [
      { id: "panzer", model: "ger-panzer-iv", position: [20, 60], heading: 90, side: "B" },
      { ...us("us", 60), side: "A" },
    ];
    const hedge = behindLowWall("hedge", 2.4, 1);
    const v = judgeWith(
      contextFor(models, { game: { models: { panzer: { commanderExposed: true } } } }),
      { shooter: "panzer", target: "us", weapon: "hull-mg" },
      (r) => (r.weapon === "hull-mg" ? { ...hedge, visibleFraction: 0, distance: 30 } : { ...hedge, distance: 30 }),
    );
    const shot = v.firers[0]!.shots[0]!;
    expect(shot.canFire).toBe(true);
    expect(shot.modifiers.map((m) => [m.value, m.rule])).toContainEqual([-1, "§5.5"]);
  });
});

describe("weapons and crews (§6.2, §6.7, §6.8, §9.2)", () => {
  it("v2.0: a HEAT weapon within 10 cm of a vehicle gets +1; v1 does not", () => {
    const models: Placed[] = [
      { id: "bazooka", model: "us-bazooka", position: [20, 60], side: "A" },
      { id: "halftrack", model: "ger-sdkfz-251", position: [30, 60], side: "B" },
    ];
    const need = (version: "v1" | "v2.0") =>
      judgeWith(contextFor(models, { options: { version } }), { shooter: "bazooka", target: "halftrack" }, () => ({ distance: 8 })).firers[0]!.shots[0]!.need;
    expect(need("v1")).toBe(5);
    expect(need("v2.0")).toBe(4);
  });

  it("grenades cannot be thrown closer than 4 cm", () => {
    const v = judgeWith(contextFor([us("us"), ger("ger")]), { shooter: "us", target: "ger", weapon: "hand-grenade" }, () => ({ distance: 3 }));
    expect(reasons(v.firers[0]!.shots[0]!.rulings)).toMatch(/cannot be used closer than 4 cm/);
  });

  it("a light MG without an assistant in base contact fires half its dice, rounded up", () => {
    const tables = tablesWith("profiles", (p) => {
      p.models["us-bar-gunner"]!.weapons["small-arms"] = { profile: "mg42", arc: 360, mount: "hand" };
    });
    const v = judgeWith(
      contextFor([{ id: "gunner", model: "us-bar-gunner", position: [20, 60], side: "A" }, ger("ger")], { tables }),
      { shooter: "gunner", target: "ger" },
      () => ({ distance: 30 }),
    );
    expect(v.firers[0]).toMatchObject({ dice: 4, canFire: true });
    expect(reasons(v.firers[0]!.rulings)).toMatch(/rate of fire halved, 8 → 4/);
  });

  it("mortars do not fire from buildings (§6.7 v2.0), and indirect fire needing 11+ is not attempted (§9.2)", () => {
    const tables = tablesWith("profiles", (p) => {
      p.models["us-30cal-team"]!.weapons["team-weapon"] = { profile: "medium-mortar", arc: 180, mount: "tripod" };
    });
    const house = {
      id: "house",
      kind: "building" as const,
      footprint: [
        [10, 50],
        [30, 50],
        [30, 70],
        [10, 70],
      ] as [number, number][],
      floors: 1,
      openings: [],
    };
    const inHouse = contextFor(
      [{ id: "mortar", model: "us-30cal-team", position: [20, 60], side: "A", floor: { building: "house", level: 0 } }, ger("ger", 100)],
      { tables, features: [house] },
    );
    const v = judgeWith(inHouse, { shooter: "mortar", target: "ger", indirect: true }, () => ({ distance: 70 }));
    expect(reasons(v.firers[0]!.rulings)).toMatch(/mortars cannot fire from a building \(house\)/);
    const outside = contextFor([{ id: "mortar", model: "us-30cal-team", position: [20, 60], side: "A" }, ger("ger", 100)], { tables });
    const hard = judgeWith(outside, { shooter: "mortar", target: "ger", indirect: true, targetSeenAtOrder: false }, () => ({
      distance: 70,
      areas: [trench()],
      visibleFraction: 0,
    }));
    // 7 +1 (not seen when ordered) +2 (trench) = 10: still possible; in smoke as well it would need 12.
    expect(hard.firers[0]!.shots[0]).toMatchObject({ canFire: true, need: 10 });
    const smoked = judgeWith(outside, { shooter: "mortar", target: "ger", indirect: true, targetSeenAtOrder: false }, () => ({
      distance: 70,
      areas: [trench(), { ...trench(), id: "smoke-1", kind: "smoke" }],
      visibleFraction: 0,
    }));
    expect(reasons(smoked.firers[0]!.shots[0]!.rulings)).toMatch(/needs 12\+ on a d10 after modifiers: indirect fire may not be attempted/);
  });

  it("scatter bands: ×1 to 30 cm … ×4 beyond 120; one band up without line of sight; beyond ×4 by the option", () => {
    const ctx = contextFor([]);
    expect([25, 50, 100, 150].map((d) => scatterMultiplier(ctx, d, true).multiplier)).toEqual([1, 2, 3, 4]);
    expect([25, 50, 100, 150].map((d) => scatterMultiplier(ctx, d, false).multiplier)).toEqual([2, 3, 4, 4]);
    expect(scatterMultiplier(contextFor([], { options: { scatterBeyondLastBand: "add-one-multiplier" } }), 150, false).multiplier).toBe(5);
  });
});

describe("spotting modifiers (§5.7, §6.10, §9.8, §15)", () => {
  const ctxWith = (game: Ow2GameState, night = false) => contextFor([us("us"), ger("ger")], { game, night });
  const distance = (ctx: ReturnType<typeof contextFor>) =>
    spottingDistance(ctx, { spotter: ctx.models.get("us")!, target: ctx.models.get("ger")!, targetInCover: false }).distance;

  it("a sniper is spotted with night values by day, and −5 cm more at night; a sniper spots 10 cm farther", () => {
    expect(distance(ctxWith({}))).toBe(75);
    expect(distance(ctxWith({ models: { ger: { sniper: true } } }))).toBe(20);
    expect(distance(ctxWith({ models: { ger: { sniper: true } } }, true))).toBe(15);
    expect(distance(ctxWith({ models: { us: { sniper: true } } }))).toBe(85);
  });

  it("an observation post spots 10 cm farther; a searchlight's unit is spotted within 200 cm; a lit unit with day values", () => {
    expect(distance(ctxWith({ units: { "unit-us": { observationPost: true } } }))).toBe(85);
    expect(distance(ctxWith({ units: { "unit-ger": { searchlight: true } } }))).toBe(200);
    expect(distance(ctxWith({}, true))).toBe(20);
    expect(distance(ctxWith({ units: { "unit-ger": { illuminated: true } } }, true))).toBe(75);
  });
});

describe("allocating damage (§6.5): worst first, standing models first", () => {
  const men = (standing: number, pinned: number) =>
    contextFor([
      ...Array.from({ length: standing }, (_, i) => ger(`s${i}`, 60 + i * 3)),
      ...Array.from({ length: pinned }, (_, i) => ger(`p${i}`, 60 + i * 3, { unit: "ger" })),
    ]);
  const facts = (standing: number, pinned: number) => {
    const ctx = men(standing, pinned);
    return [...ctx.models.values()].map((m) => ({ ...m, pinned: m.id.startsWith("p") }));
  };
  const times = <T>(n: number, x: T): T[] => Array.from({ length: n }, () => x);

  it("5 hits on 3 men: 3 killed, 2 pinned: remove the 3, the rest is lost", () => {
    const { allocations, lost } = allocate([...times(3, "killed" as const), ...times(2, "pinned" as const)], facts(3, 0));
    expect(allocations.map((a) => a.effect)).toEqual(["killed", "killed", "killed"]);
    expect(lost).toBe(2);
  });

  it("9 pinned and 3 standing take 4 killed: the 3 standing first, then one pinned", () => {
    const { allocations } = allocate(times(4, "killed" as const), facts(3, 9));
    expect(allocations.map((a) => a.model)).toEqual(["s0", "s1", "s2", "p0"]);
  });

  it("6 pinned and 6 standing take 4 killed and 4 pinned: 4 standing removed, 2 laid down, 2 pinned results lost", () => {
    const { allocations, lost } = allocate([...times(4, "killed" as const), ...times(4, "pinned" as const)], facts(6, 6));
    expect(allocations).toEqual([
      ...["s0", "s1", "s2", "s3"].map((model) => ({ model, effect: "killed" })),
      ...["s4", "s5"].map((model) => ({ model, effect: "pinned" })),
    ]);
    expect(lost).toBe(2);
  });
});

describe("vehicle damage results (§6.13, §11.7)", () => {
  const models: Placed[] = [{ id: "panzer", model: "ger-panzer-iv", position: [60, 60], side: "B" }, ger("near", 67)];
  const hit = { section: "heavy-weapons" as const, weaponName: "a gun", rolls: [] as number[], crewCover: "heavy" as const, shield: false };
  const apply = (effects: Parameters<typeof applyVehicleEffects>[2], dice: number[], setup: Parameters<typeof contextFor>[1] = {}, markers: string[] = []) => {
    const ctx = contextFor(models, setup);
    const panzer = { ...ctx.models.get("panzer")!, markers };
    const ref = new Referee(ctx, scriptedDice(dice));
    applyVehicleEffects(ref, panzer, effects, hit);
    return ref;
  };

  it("a result it can no longer suffer is ignored; a second track result immobilises", () => {
    const ref = apply(["main-weapon", "track"], [], {}, [MARKER.mainWeapon, MARKER.track]);
    expect(ref.finalOutcomes()).toEqual([{ model: "panzer", effect: "damaged", detail: MARKER.immobilised }]);
    expect(reasons(ref.steps.map((s) => ({ reason: s.text })))).toMatch(/main weapon \(and coaxial weapon\) destroyed, already suffered: ignored/);
  });

  it("a failed steady nerves test: v1 the crew bails out, v2.0 the occupants are pinned inside", () => {
    expect(apply(["steady-nerves"], [2], { options: { version: "v1" } }).finalOutcomes()).toEqual([
      { model: "panzer", effect: "damaged", detail: MARKER.bailedOut },
    ]);
    expect(apply(["steady-nerves"], [2]).finalOutcomes()).toEqual([{ model: "panzer", effect: "pinned", detail: "occupants pinned (failed steady nerves)" }]);
    expect(apply(["steady-nerves"], [4]).finalOutcomes()).toEqual([]);
  });

  it("v1 engine/ammo: 7–10 catastrophic, its explosion hitting the man 4.4 cm away; the wreck burns on 9–10", () => {
    // Engine/ammo 8 → catastrophic; radius 6 (armoured: 1d10); the man rolls small arms 10: killed; burns on 9.
    const ref = apply(["engine-ammo"], [8, 6, 10, 9], { options: { version: "v1" } });
    expect(ref.finalOutcomes()).toEqual([
      { model: "panzer", effect: "destroyed", detail: "catastrophic: destroyed, it explodes" },
      { model: "near", effect: "casualty", detail: "killed by the explosion of panzer" },
    ]);
    expect(reasons(ref.steps.map((s) => ({ reason: s.text })))).toMatch(/the wreck of panzer burns/);
  });

  it("crew hits roll on the infantry column in the vehicle's cover", () => {
    const ref = apply(["crew:2"], [9, 2]);
    expect(ref.finalOutcomes()).toEqual([
      { model: "panzer", effect: "damaged", detail: MARKER.crewKilled },
      { model: "panzer", effect: "damaged", detail: MARKER.crewPinned },
    ]);
  });

  it("v2.0 Ronson: +1 on the Sherman's crew damage (INFERRED reading of §17)", () => {
    const crewHit = (version: "v1" | "v2.0") => {
      const ctx = contextFor([{ id: "sherman", model: "us-sherman-m4", position: [60, 60], side: "A" }], { options: { version } });
      const ref = new Referee(ctx, scriptedDice([7]));
      applyVehicleEffects(ref, ctx.models.get("sherman")!, ["crew:1"], hit);
      return ref.finalOutcomes();
    };
    // A 7 pins a crewman in heavy cover (the sample table); 7 + 1 kills him.
    expect(crewHit("v1")).toEqual([{ model: "sherman", effect: "damaged", detail: MARKER.crewPinned }]);
    expect(crewHit("v2.0")).toEqual([{ model: "sherman", effect: "damaged", detail: MARKER.crewKilled }]);
  });

  it("a gun shield stops a crew hit on 1–4 (§6.12)", () => {
    const ctx = contextFor([{ id: "pak", model: "ger-pak40", position: [60, 60], side: "B" }]);
    const ref = new Referee(ctx, scriptedDice([3, 7, 10]));
    applyVehicleEffects(ref, ctx.models.get("pak")!, ["crew:2"], { ...hit, crewCover: "medium", shield: true });
    expect(ref.finalOutcomes()).toEqual([{ model: "pak", effect: "damaged", detail: MARKER.crewKilled }]);
    expect(ref.steps[0]!.text).toMatch(/shield save 3: the shield stops the hit/);
  });
});
