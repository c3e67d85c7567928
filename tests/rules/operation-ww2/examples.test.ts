/**
 * The worked examples of the source (digest §2.7, §5.6, §5.10, §5.15, §6.9), reproduced as plain data:
 * hand-written sight facts, the shipped (or minimally edited) tables, and dice that roll what the
 * example rolled.
 */
import { describe, expect, it } from "vitest";
import { createDice } from "../../../src/core/dice";
import { operationWw2 } from "../../../src/rules/operation-ww2";
import { infantryDamage, infantryEffect } from "../../../src/rules/operation-ww2/damage";
import { loadOw2Tables, type Ow2TableData, TABLE_FILES } from "../../../src/rules/operation-ww2/tables";
import { losVerdict } from "../../../src/rules/operation-ww2/verdict";
import type { Placed } from "../../helpers/scene";
import { behindLowWall, contextFor, fakeReport, judgeWith, scriptedDice } from "./fakes";

const squad = (prefix: string, model: string, n: number, side: "A" | "B", x: number): Placed[] =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}-${i + 1}`, model, position: [x, 20 + i * 3] as [number, number], side, unit: prefix }));

/** The shipped tables with one table's data edited. */
function tablesWith<K extends keyof Ow2TableData>(table: K, edit: (data: Ow2TableData[K]) => void) {
  const file = structuredClone(TABLE_FILES.find((f) => f.table === table)!) as { data: Ow2TableData[K] };
  edit(file.data);
  const result = loadOw2Tables([{ ...TABLE_FILES.find((f) => f.table === table)!, data: file.data }]);
  if (!result.ok) throw new Error(result.errors.join("\n"));
  return result.tables;
}

const firstKillingRoll = (cover: "open" | "medium") =>
  [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].find((r) => infantryEffect(infantryDamage(contextFor([]), "small-arms", r), cover) === "killed");

describe("§5.6 the Panzer IV that spots the paratroopers at 35 cm instead of 60", () => {
  const models: Placed[] = [
    { id: "panzer", model: "ger-panzer-iv", position: [20, 60], heading: 90, side: "A" },
    ...squad("paras", "us-rifleman", 3, "B", 100),
  ];
  const game = (exposed: boolean) => ({ units: { "unit-paras": { spottingState: "moving" as const } }, models: { panzer: { commanderExposed: exposed } } });
  // Fast-moving paratroopers behind a wall: infantry, moving, in cover, by day = 60 cm.
  const at = (distance: number, exposed: boolean) =>
    losVerdict(
      fakeReport({ shooter: "panzer", target: "paras-1" }, { ...behindLowWall("wall", 1.4, 0.5), distance }),
      contextFor(models, { game: game(exposed) }),
    );

  it("with the commander inside: 60 − 25 = 35 cm", () => {
    const v = at(34, false);
    expect(v.spotting.base).toBe(60);
    expect(v.spotting.distance).toBe(35);
    expect(v.spotting.modifiers).toEqual([expect.objectContaining({ value: -25, rule: "§5.7" })]);
    expect(v.spotted).toBe(true);
    expect(at(40, false).spotted).toBe(false);
    expect(at(40, false).rulings.at(-1)!.reason).toBe("not spotted: 40.0 cm > 35 cm");
  });

  it("with the commander exposed: the full 60 cm", () => {
    const v = at(40, true);
    expect(v.spotting.distance).toBe(60);
    expect(v.spotted).toBe(true);
  });
});

describe("§2.7 Charge pre-empting vs Ambush interrupting: 8+ against 6+ to hit", () => {
  const models = [...squad("grenadiers", "ger-rifleman", 3, "A", 30), ...squad("gis", "us-rifleman", 3, "B", 60)];
  const ctx = contextFor(models);

  it("(a) a Charge 2 pre-empts: 7+ −1 for Charge = 8+; the wall gives medium cover, so kills on 7+", () => {
    const v = judgeWith(ctx, { shooter: "unit-grenadiers", target: "unit-gis", order: "charge" }, () => ({ ...behindLowWall("wall", 1.4, 0.5), distance: 20 }));
    expect(v.valid).toBe(true);
    expect(v.groups.map((g) => [g.id, g.cover])).toEqual([["medium cover", "medium"]]);
    for (const f of v.firers) {
      const shot = f.shots[0]!;
      expect(shot.base).toBe(7);
      expect(shot.need).toBe(8);
      expect(shot.modifiers.map((m) => [m.value, m.rule])).toEqual([[-1, "§3.2, §6.3"]]);
    }
    expect(firstKillingRoll("medium")).toBe(7);
  });

  it("(b) an Ambush 2 interrupts as they clear the wall: 7+ +1 Ambush at close range = 6+; in the open, kills on 3+", () => {
    const v = judgeWith(ctx, { shooter: "unit-grenadiers", target: "unit-gis", order: "ambush", interruptingMove: true }, () => ({ distance: 10 }));
    expect(v.valid).toBe(true);
    expect(v.groups.map((g) => [g.id, g.cover])).toEqual([["in the open", "open"]]);
    for (const f of v.firers) {
      expect(f.shots[0]!.need).toBe(6);
      expect(f.shots[0]!.band).toBe("close");
      expect(f.shots[0]!.modifiers.map((m) => m.reason)).toEqual(["Ambush order and the target unit within close range"]);
    }
    expect(firstKillingRoll("open")).toBe(3);
  });
});

describe("§6.9 the 20 mm last-chance roll against a medium tank ends in no effect", () => {
  // A half-track whose front gun is a 20 mm (long barrel, light gun), in ambush, a Sherman 15 cm in front of it.
  const tables = tablesWith("profiles", (p) => {
    p.models["ger-sdkfz-251"]!.weapons["front-mg"] = { profile: "kwk30-20mm", arc: 90, mount: "upper-hull" };
  });
  const models: Placed[] = [
    { id: "flak", model: "ger-sdkfz-251", position: [20, 60], heading: 90, side: "A" },
    { id: "sherman", model: "us-sherman-m4", position: [45, 60], heading: -90, side: "B" },
  ];
  const ctx = contextFor(models, { tables });
  const declaration = { shooter: "flak", target: "sherman", weapon: "front-mg", order: "ambush" as const };
  const verdict = judgeWith(ctx, declaration, () => ({ distance: 15 }));

  it("NE against a medium tank: base 11, +1 long barrel, +1 Ambush at close range → needs 9", () => {
    const shot = verdict.firers[0]!.shots[0]!;
    expect(shot).toMatchObject({ canFire: true, lastChance: true, base: 11, need: 9 });
    expect(shot.modifiers.map((m) => m.value).sort()).toEqual([1, 1]);
    expect(shot.rulings.map((r) => r.rule)).toContain("§6.9");
  });

  it("a 9 hits; small arms damage 8 −1 frontal medium armour −1 light gun = 6: no effect", () => {
    const result = operationWw2.resolveFire(declaration, verdict, scriptedDice([9, 8]), ctx);
    expect(result.rolls.map((r) => r.value)).toEqual([9, 8]);
    expect(result.outcomes).toEqual([{ model: "sherman", effect: "no-effect", detail: "" }]);
    const steps = result.details.steps.map((s) => s.text);
    expect(steps.join("\n")).toMatch(
      /damage 8 −1 \(light gun against a medium tank\) −1 \(medium armour on the front\) = 6 on the small-arms medium-tank column → no-effect/,
    );
  });
});

describe("§5.15 the Sherman firing at a half-track behind a Panther (v1)", () => {
  const models: Placed[] = [
    { id: "sherman", model: "us-sherman-m4", position: [20, 60], heading: 90, side: "A" },
    { id: "panther", model: "ger-panther", position: [70, 57], heading: 0, side: "B" },
    { id: "halftrack", model: "ger-sdkfz-251", position: [100, 62], heading: 0, side: "B" },
  ];
  // The Panther hides the half-track's gun completely and part of its hull. The example reads the damage
  // roll as it comes, so armour modifiers stay out of it.
  const facts = (target: string) =>
    target === "halftrack"
      ? {
          distance: 70,
          visibleFraction: 0.5,
          occluders: [{ id: "panther", kind: "model" as const, parts: ["hull", "turret"], samples: 18 }],
          parts: [
            { part: "hull", samples: 30, visible: 18, fraction: 0.6, blockedBy: ["panther"] },
            { part: "gun", samples: 6, visible: 0, fraction: 0, blockedBy: ["panther"] },
          ],
        }
      : { distance: 45 };
  const options = { version: "v1" as const, armourModifiers: "collisions-only" as const };
  const declaration = { shooter: "sherman", target: "halftrack", ammunition: "AP" as const };

  it("hits with an 8; the damage roll 6 is Main weapon, hidden by the Panther, which needs 9: the shot bounces", () => {
    const ctx = contextFor(models, { options });
    const verdict = judgeWith(ctx, declaration, (r) => facts(r.target));
    expect(verdict.firers[0]!.shots[0]!.lines[0]!.hiddenBy).toEqual({ weapon: "panther" });
    const result = operationWw2.resolveFire(declaration, verdict, scriptedDice([8, 6]), ctx);
    const steps = result.details.steps.map((s) => s.text).join("\n");
    expect(steps).toMatch(
      /completely hidden by panther.*the noted to-hit roll 8 does not reach the 9\+ 75 mm M3, AP needs against panther \(heavy-tank\): the shot bounces off/,
    );
    expect(result.outcomes).toEqual([{ model: "panther", effect: "no-effect", detail: "" }]);
  });

  it("with a long barrel (+1) the 8 would hit the Panther, and the 6 is read on the Panther's column", () => {
    const tables = tablesWith("weapons", (w) => {
      w["m3-75-ap"]!.longBarrel = true;
    });
    const ctx = contextFor(models, { options, tables });
    const verdict = judgeWith(ctx, declaration, (r) => facts(r.target));
    const result = operationWw2.resolveFire(declaration, verdict, scriptedDice([8, 6]), ctx);
    const steps = result.details.steps.map((s) => s.text).join("\n");
    expect(steps).toMatch(/the noted to-hit roll 8 \+1 long barrel reaches the 9\+/);
    expect(steps).toMatch(/panther hit by .*: damage 6 on the heavy-weapons heavy-tank column/);
    expect(result.outcomes.map((o) => o.model)).toEqual(["panther"]);
  });
});

describe("§5.10 the US squad splitting its 22 dice between the hedge and the Kübelwagen", () => {
  const models: Placed[] = [
    { id: "bar", model: "us-bar-gunner", position: [20, 40], side: "A", unit: "squad" },
    ...Array.from({ length: 9 }, (_, i): Placed => ({ id: `rifle-${i + 1}`, model: "us-rifleman", position: [20, 43 + i * 3], side: "A", unit: "squad" })),
    { id: "ger-1", model: "ger-rifleman", position: [50, 45], side: "B", unit: "germans" },
    { id: "ger-2", model: "ger-rifleman", position: [50, 48], side: "B", unit: "germans" },
    { id: "kubel", model: "ger-kubelwagen", position: [52, 60], side: "B", unit: "germans" },
  ];
  const ctx = contextFor(models);
  const facts = (target: string) => (target === "kubel" ? { distance: 25 } : { ...behindLowWall("hedge", 2, 1), distance: 25 });
  const hedgeGroup = "light cover";
  const allocation = Object.fromEntries([
    ["bar", hedgeGroup],
    ...[1, 2, 3, 4, 5].map((i) => [`rifle-${i}`, hedgeGroup]),
    ...[6, 7, 8, 9].map((i) => [`rifle-${i}`, "kubel"]),
  ]);
  const declaration = { shooter: "unit-squad", target: "unit-germans", allocation };

  it("two parts: the two men behind the hedge (light cover) and the Kübelwagen; 14 dice at one, 8 at the other", () => {
    const v = judgeWith(ctx, declaration, (r) => facts(r.target));
    expect(v.groups.map((g) => [g.id, g.models])).toEqual([
      [hedgeGroup, ["ger-1", "ger-2"]],
      ["kubel", ["kubel"]],
    ]);
    const dice = (group: string) => v.firers.filter((f) => f.group === group).reduce((s, f) => s + f.dice, 0);
    expect(v.firers.reduce((s, f) => s + f.dice, 0)).toBe(22);
    expect([dice(hedgeGroup), dice("kubel")]).toEqual([14, 8]);
  });

  it("rolls exactly those dice, each weapon's fire at one part only", () => {
    const v = judgeWith(ctx, declaration, (r) => facts(r.target));
    const result = operationWw2.resolveFire(declaration, v, createDice(3), ctx);
    const toHit = result.rolls.filter((r) => r.reason.startsWith("to hit"));
    expect(toHit.filter((r) => r.reason.includes(hedgeGroup))).toHaveLength(14);
    expect(toHit.filter((r) => r.reason.includes("kubel"))).toHaveLength(8);
  });

  it("refuses a weapon allocated to a part it cannot fire at", () => {
    const v = judgeWith(ctx, { ...declaration, allocation: { ...allocation, bar: "nowhere" } }, (r) => facts(r.target));
    const bar = v.firers.find((f) => f.model === "bar")!;
    expect(bar.canFire).toBe(false);
    expect(bar.rulings.at(-1)).toEqual({ reason: 'bar cannot fire at the part "nowhere" it was allocated to', rule: "§5.10" });
  });
});
