/**
 * Whole shots on real scenes (Rapier): spotting a unit by its nearest model, friends in the line of fire
 * (v1 within 5 cm, v2.0 crossed), mixed units, parts of a unit in different cover, half-hidden vehicles
 * and vehicles covering vehicles, firing from height, arcs and crews.
 */
import { describe, expect, it } from "vitest";
import { operationWw2 } from "../../../src/rules/operation-ww2";
import { hiddenShares } from "../../../src/rules/operation-ww2/cover";
import { vehicleDamageModifiers } from "../../../src/rules/operation-ww2/vehicles";
import { type Placed, scenario } from "../../helpers/scene";
import { scriptedDice } from "./fakes";
import { type TableSetup, tableFor } from "./table";

type Features = Parameters<typeof scenario>[0];
const BASE_R = 1.25;
const us = (id: string, x: number, z = 60, extra: Partial<Placed> = {}): Placed => ({
  id,
  model: "us-rifleman",
  position: [x, z],
  side: "A",
  unit: "us",
  ...extra,
});
const ger = (id: string, x: number, z = 60, extra: Partial<Placed> = {}): Placed => ({
  id,
  model: "ger-rifleman",
  position: [x, z],
  side: "B",
  unit: "ger",
  ...extra,
});
const table = (features: Features, models: Placed[], setup: TableSetup = {}) => tableFor(scenario(features, models), setup);
const text = (rulings: ReadonlyArray<{ reason: string }>) => rulings.map((r) => r.reason).join("\n");

describe("spotting a unit (§5.6): one model within the distance spots the whole unit", () => {
  // At night a stationary man in the open is spotted within 20 cm (sample table).
  const near = ger("near", 30 + BASE_R + 15 + BASE_R, 60);
  const far = ger("far", 95, 75);

  it("the near man spots his far comrade too, and the far one may be shot", async () => {
    const t = await table([], [us("us", 30), near, far], { night: true });
    const v = t.judge({ shooter: "us", target: "far" });
    expect(v.valid).toBe(true);
    expect([...v.spotted].sort()).toEqual(["far", "near"]);
    expect(text(v.rulings)).toMatch(/us spots near at 15\.0 cm \(up to 20 cm\): the infantry of unit-ger are spotted/);
  });

  it("alone, the far man is not spotted and cannot be fired at, but Covering Fire may", async () => {
    const t = await table([], [us("us", 30), far], { night: true });
    const v = t.judge({ shooter: "us", target: "far" });
    expect(v.valid).toBe(false);
    expect(text(v.firers[0]!.shots[0]!.rulings)).toMatch(/not spotted/);
    expect(t.judge({ shooter: "us", target: "far", order: "covering-fire" }).valid).toBe(true);
  });
});

describe("friendly models in the line of fire (§5.12)", () => {
  const beside = (): Placed => ({ ...us("friend", 65, 63.5), unit: "friends" });
  // Half in the way: the line passes through him without hiding the whole target.
  const inLine = (): Placed => ({ ...us("friend", 65, 60.6), unit: "friends" });

  it("v1: a friend within 5 cm of the line calls for an accuracy test per hit; v2.0 does not", async () => {
    const v1 = (await table([], [us("us", 30), beside(), ger("ger", 100)], { options: { version: "v1" } })).judge({ shooter: "us", target: "ger" });
    expect(v1.firers[0]!.shots[0]!.lines[0]!.friendsInLine).toEqual(["friend"]);
    const v2 = (await table([], [us("us", 30), beside(), ger("ger", 100)])).judge({ shooter: "us", target: "ger" });
    expect(v2.firers[0]!.shots[0]!.lines[0]!.friendsInLine).toEqual([]);
  });

  it("v2.0: a friend the line passes through does; a failed test hits him", async () => {
    // The Germans fired last: spotted within 90 cm even partly hidden.
    const t = await table([], [us("us", 30), inLine(), ger("ger", 100)], { game: { units: { "unit-ger": { spottingState: "firing" } } } });
    const seen = t.sight({ shooter: "us", target: "ger", weapon: "small-arms" }).visibleFraction;
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThan(1);
    const v = t.judge({ shooter: "us", target: "ger" });
    expect(v.firers[0]!.shots[0]!.lines[0]!.friendsInLine).toEqual(["friend"]);
    // Two hits; the first fails its accuracy test (2 < 4+) and kills the friend, the second hits the enemy.
    const r = operationWw2.resolveFire({ shooter: "us", target: "ger" }, v, scriptedDice([9, 9, 2, 10, 8, 10]), t.ctx);
    expect(r.outcomes).toEqual([
      { model: "friend", effect: "casualty", detail: "killed by a stray shot of the Semi-automatic rifle of us" },
      { model: "ger", effect: "casualty", detail: "killed" },
    ]);
  });
});

describe("targets", () => {
  it("infantry of two units less than 5 cm apart are one target (§5.11)", async () => {
    const t = await table([], [us("us", 30), ger("ger", 100), { ...ger("other", 100, 64), unit: "other" }]);
    const v = t.judge({ shooter: "us", target: "ger" });
    expect(v.targets).toEqual(["ger", "other"]);
    expect(text(v.rulings)).toMatch(/unit-other has a model \(other\) less than 5 cm from unit-ger: the two count as one target/);
  });

  it("a unit partly in woods and partly in the open is two parts (§5.10)", async () => {
    const woods = {
      id: "bois",
      kind: "woods" as const,
      outline: [
        [97, 40],
        [140, 40],
        [140, 58],
        [97, 58],
      ] as [number, number][],
      height: 8,
    };
    const t = await table([woods], [us("us", 30), ger("in-woods", 100, 55), ger("in-open", 100, 65)]);
    const v = t.judge({ shooter: "us", target: "unit-ger" });
    expect(v.groups.map((g) => [g.id, g.models])).toEqual([
      ["light cover", ["in-woods"]],
      ["in the open", ["in-open"]],
    ]);
  });
});

describe("vehicles as targets", () => {
  it("a tank at least half hidden by a low wall rolls for protection: v2.0 cover table, v1 wall table (§5.14)", async () => {
    const wall = {
      id: "wall-1",
      kind: "wall" as const,
      path: [
        [93, 30],
        [93, 90],
      ] as [number, number][],
      height: 2.5,
      thickness: 1,
    };
    const models: Placed[] = [
      { id: "sherman", model: "us-sherman-m4", position: [40, 60], heading: 90, side: "A" },
      { id: "panzer", model: "ger-panzer-iv", position: [100, 60], heading: -90, side: "B" },
    ];
    // Its commander out of the hatch, the Sherman spots a tank in cover within 60 cm.
    const game = { models: { sherman: { commanderExposed: true } } };
    for (const version of ["v2.0", "v1"] as const) {
      const t = await table([wall], models, { options: { version }, game });
      expect(hiddenShares(t.sight({ shooter: "sherman", target: "panzer", weapon: "main-gun" })).get("wall-1")).toBeGreaterThan(0.5);
      const v = t.judge({ shooter: "sherman", target: "panzer" });
      expect(v.firers[0]!.shots[0]!.lines[0]!.protection?.table).toBe(version === "v1" ? "v1-wall" : "v2.0-cover");
    }
  });

  it("v2.0: a half-track more than half behind a Panther: a failed precision test sends the shot to the Panther (§5.15)", async () => {
    const models: Placed[] = [
      { id: "sherman", model: "us-sherman-m4", position: [20, 60], heading: 90, side: "A" },
      { id: "panther", model: "ger-panther", position: [70, 60], heading: 0, side: "B" },
      { id: "halftrack", model: "ger-sdkfz-251", position: [100, 67], heading: 0, side: "B", unit: "transport" },
    ];
    const t = await table([], models);
    const declaration = { shooter: "sherman", target: "halftrack" };
    const v = t.judge(declaration);
    const line = v.firers[0]!.shots[0]!.lines[0]!;
    expect(line.coveredBy?.id).toBe("panther");
    expect(line.coveredBy!.share).toBeGreaterThan(0.5);
    const r = operationWw2.resolveFire(declaration, v, scriptedDice([2, 9, 1]), t.ctx);
    expect(r.rolls.map((x) => x.reason)).toEqual([
      "precision test: sherman at halftrack (training 4+)",
      "to hit: the 75 mm M3, AP of sherman at panther (9+)",
      "damage: panther hit by the 75 mm M3, AP of sherman (heavy-weapons)",
    ]);
    expect(r.outcomes.map((o) => o.model)).toEqual(["panther"]);
  });

  it("fired at from a height at least the range: medium armour and up are ignored (§5.16)", async () => {
    const models: Placed[] = [
      { id: "sherman", model: "us-sherman-m4", position: [40, 60], heading: 90, side: "A", elevation: 20 },
      { id: "panzer", model: "ger-panzer-iv", position: [60, 60], heading: -90, side: "B" },
    ];
    const t = await table([], models);
    const v = t.judge({ shooter: "sherman", target: "panzer" });
    const line = v.firers[0]!.shots[0]!.lines[0]!;
    expect(line.fromHeight).toBe(true);
    const panzer = t.ctx.models.get("panzer")!;
    const weapon = v.firers[0]!.weapon!;
    const mods = (fromHeight: boolean) =>
      vehicleDamageModifiers(t.ctx, { weapon: weapon.profile, target: panzer, facing: "front", mode: "direct", fromHeight, ammunition: "AP" });
    expect(mods(false).map((m) => m.reason)).toEqual(["medium armour on the front"]);
    expect(mods(true)).toEqual([]);
  });
});

describe("firers", () => {
  it("a hull MG cannot fire at a target behind the tank: outside its 90° arc (§7)", async () => {
    const t = await table([], [{ id: "sherman", model: "us-sherman-m4", position: [100, 60], heading: 90, side: "A" }, ger("ger", 70)]);
    const v = t.judge({ shooter: "sherman", target: "ger", weapon: "hull-mg" });
    expect(v.valid).toBe(false);
    expect(text(v.firers[0]!.shots[0]!.rulings)).toMatch(/outside the 90° arc of the lower-hull/);
    expect(t.judge({ shooter: "sherman", target: "ger", weapon: "coax-mg" }).valid).toBe(false);
    const turned = await table(
      [],
      [{ id: "sherman", model: "us-sherman-m4", position: [100, 60], heading: 90, turretHeading: 180, side: "A" }, ger("ger", 70)],
    );
    expect(turned.judge({ shooter: "sherman", target: "ger", weapon: "coax-mg" }).valid).toBe(true);
  });

  it("an MG team fires its full rate with the assistant on its base; a pinned gunner only stands up (§6.7, §3.2)", async () => {
    const mg: Placed = { id: "mg", model: "ger-mg42-team", position: [30, 60], heading: 90, side: "B", unit: "mg" };
    const t = await table([], [mg, us("target", 90)]);
    const v = t.judge({ shooter: "mg", target: "target" });
    expect(v.firers[0]).toMatchObject({ canFire: true, dice: 8 });
    const pinned = await table([], [mg, us("target", 90)], { status: { mg: { pinned: true, markers: [] } } });
    expect(pinned.judge({ shooter: "mg", target: "target" }).firers[0]!.rulings).toEqual([{ reason: "mg is pinned: it can only stand up", rule: "§3.2" }]);
  });

  it("a bazooka may not be fired at infantry in the open (§6.8)", async () => {
    const t = await table([], [{ id: "bazooka", model: "us-bazooka", position: [30, 60], side: "A" }, ger("ger", 45)]);
    const v = t.judge({ shooter: "bazooka", target: "ger" });
    expect(v.valid).toBe(false);
    expect(text(v.firers[0]!.shots[0]!.rulings)).toMatch(/HEAT\) may not be fired at infantry in the open/);
  });
});
