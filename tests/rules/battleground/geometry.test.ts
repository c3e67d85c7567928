/**
 * Battleground WWII on real Rapier scenes whose answers follow from the placement: the 9.0" and 9.1"
 * range bands, linear cover behind a wall, a wood's cover class, smoke counted once, scatter distances by
 * band with fixed dice, minimal scatter, the impact point → target line, a tank's hull or turret face, and a
 * smoke round's cloud that later lines meet.
 */
import { describe, expect, it } from "vitest";
import { distanceToFootprint } from "../../../src/core/footprint";
import { currentState, newGame, record, undo } from "../../../src/core/game/gameLog";
import { inchesToCm } from "../../../src/core/units";
import type { BgFireVerdict } from "../../../src/rules/battleground";
import { battleground } from "../../../src/rules/battleground";
import { ringRadii } from "../../../src/rules/battleground/scatter";
import { fireEvent } from "../../../src/rules/judge";
import { type Placed, scenario } from "../../helpers/scene";
import { scriptedDice } from "../operation-ww2/fakes";
import { BASE_R, bgTable, bgTableFor, ger, text, us } from "./table";

/** A bazooka fires HE at infantry: a to-hit roll against the TN (Training 10, DM −1 of a rifleman). */
const bazooka = (id: string, x: number, z = 60): Placed => ({ id, model: "us-bazooka", position: [x, z], side: "A", unit: "us" });
/** Centre x of a rifleman whose base edge is `edge` cm from the edge of a base centred at x = 30. */
const atEdge = (edge: number) => 30 + 2 * BASE_R + edge;
const wall = (id: string, x: number, height = 1.4) => ({
  id,
  kind: "wall" as const,
  path: [
    [x, 40],
    [x, 80],
  ] as [number, number][],
  height,
  thickness: 1,
});
const shotOf = (v: BgFireVerdict) => v.firers[0]!.shot!;
const modifier = (v: BgFireVerdict, pattern: RegExp) => shotOf(v).modifiers.filter((m) => pattern.test(m.reason));

describe("range bands (§3.2) on measured distances", () => {
  it('9.0" is the close band: +(12 − 9) = +3, TN 12; 9.1" is the 18" band: +2, TN 11', async () => {
    const at9 = (await bgTable([], [bazooka("us", 30), ger("ger", atEdge(inchesToCm(9)))])).judge({ shooter: "us", target: "ger" });
    const at91 = (await bgTable([], [bazooka("us", 30), ger("ger", atEdge(inchesToCm(9.1)))])).judge({ shooter: "us", target: "ger" });
    expect(shotOf(at9).ammunition).toBe("HE");
    expect(modifier(at9, /within 9"/)).toMatchObject([{ value: 3 }]);
    expect(shotOf(at9).need).toBe(12);
    expect(modifier(at91, /up to 18"/)).toMatchObject([{ value: 2 }]);
    expect(shotOf(at91).need).toBe(11);
  });

  it('8.5": x rounds up to 9 by default (+3); exact keeps +3.5', async () => {
    const models = [bazooka("us", 30), ger("ger", atEdge(inchesToCm(8.5)))];
    expect(modifier((await bgTable([], models)).judge({ shooter: "us", target: "ger" }), /within 9"/)[0]!.value).toBe(3);
    const exact = (await bgTable([], models, { options: { closeRangeInches: "exact" } })).judge({ shooter: "us", target: "ger" });
    expect(modifier(exact, /within 9"/)[0]!.value).toBeCloseTo(3.5, 6);
    expect(shotOf(exact).need).toBeCloseTo(12.5, 6);
  });
});

describe("the target's protection from the sight engine's facts (§3.2, §12.3)", () => {
  it("a rifleman touching a wall on the line is behind linear cover (−5); away from it he is not", async () => {
    const x = atEdge(inchesToCm(8));
    const touching = await bgTable([wall("wall-1", x - BASE_R - 0.6)], [bazooka("us", 30), ger("ger", x)]);
    const v = touching.judge({ shooter: "us", target: "ger" });
    expect(modifier(v, /behind the wall wall-1/)).toMatchObject([{ value: -5, roll: "to-hit" }]);
    const apart = await bgTable([wall("wall-1", x - BASE_R - 6)], [bazooka("us", 30), ger("ger", x)]);
    expect(modifier(apart.judge({ shooter: "us", target: "ger" }), /wall/)).toEqual([]);
  });

  it("a man in a wood is in light cover (−2), with camouflage −4", async () => {
    const x = atEdge(inchesToCm(8));
    const wood = {
      id: "wood-1",
      kind: "woods" as const,
      outline: [
        [x - 4, 50],
        [x + 6, 50],
        [x + 6, 70],
        [x - 4, 70],
      ] as [number, number][],
      height: 8,
    };
    const t = await bgTable([wood], [bazooka("us", 30), ger("ger", x)]);
    expect(modifier(t.judge({ shooter: "us", target: "ger" }), /woods wood-1: light cover/)).toMatchObject([{ value: -2 }]);
    expect(t.judge({ shooter: "us", target: "ger" }).firers[0]!.shot!.protection.cover).toBe("light");
    const camo = await bgTable([wood], [bazooka("us", 30), ger("ger", x)], { game: { models: { ger: { camouflaged: true } } } });
    const mods = shotOf(camo.judge({ shooter: "us", target: "ger" })).modifiers.filter((m) => /light cover|camouflaged/.test(m.reason));
    expect(mods.map((m) => m.value)).toEqual([-2, -2]);
  });

  it("smoke on the line counts once (−8) however many clouds, and adds to cover", async () => {
    const x = atEdge(inchesToCm(8));
    const smoke = (id: string, dz: number) => ({ id, kind: "smoke" as const, at: [x, 60 + dz] as [number, number], radius: 4 });
    const t = await bgTable([smoke("smoke-1", 0), smoke("smoke-2", 1), wall("wall-1", x - BASE_R - 0.6)], [bazooka("us", 30), ger("ger", x)]);
    const v = t.judge({ shooter: "us", target: "ger" });
    expect(v.valid).toBe(true);
    const smokes = modifier(v, /smoke/);
    expect(smokes).toHaveLength(1);
    expect(smokes[0]).toMatchObject({ value: -8 });
    expect(smokes[0]!.reason).toMatch(/smoke-1, smoke-2\), counted once/);
    expect(modifier(v, /behind the wall/)).toMatchObject([{ value: -5 }]);
    // TN 10 − 1 (DM) + 4 (8") − 5 − 8 = 0.
    expect(shotOf(v).need).toBe(0);
  });
});

describe("HE scatter (§4.1, §4.2) with fixed dice", () => {
  // At 6" TN = 10 − 1 + 6 = 15; at 15" 10 − 1 + 2 = 11; at 30" 10 − 1 − 3 = 6 (three full 2" steps beyond 24").
  const cases: Array<[number, number, number, number]> = [
    [6, 17, 15, 0.5],
    [6, 18, 15, 1],
    [15, 13, 11, 1],
    [15, 14, 11, 2],
    [30, 9, 6, 2],
    [30, 10, 6, 4],
  ];
  for (const [range, roll, tn, inches] of cases) {
    it(`${range}": a miss of ${roll} against TN ${tn} lands ${inches}" from the target along the bearing`, async () => {
      const shooter: Placed = { id: "us", model: "us-sherman-m4", position: [20, 60], heading: 90, side: "A", unit: "us" };
      const t = await bgTable([], [shooter, ger("ger", 20 + 5.2 + BASE_R + inchesToCm(range), 60)], { options: { rangeMeasure: "edge-to-edge" } });
      const v = t.judge({ shooter: "us", target: "ger", weapon: "main-gun", ammunition: "HE" });
      expect(shotOf(v).need).toBe(tn);
      // to-hit, bearing 90° (towards +x), then effect rolls for whoever lies under the template.
      const result = t.resolve({ shooter: "us", target: "ger", weapon: "main-gun", ammunition: "HE" }, scriptedDice([roll, 90, 20, 20, 20]));
      const scatter = result.details.dice.find((d) => d.purpose === "scatter")!;
      expect(scatter.meaning).toMatch(new RegExp(`bearing 90°, ${inches}"`));
      const [x, z] = scatter.meaning
        .match(/lands at \(([\d.]+), ([\d.]+)\)/)!
        .slice(1)
        .map(Number);
      const target = t.ctx.models.get("ger")!.position;
      expect(x! - target[0]).toBeCloseTo(inchesToCm(inches), 1);
      expect(z).toBeCloseTo(target[1], 1);
    });
  }

  it("a near miss at a negative-DM target lands so that ring 2 touches it and ring 1 does not", async () => {
    const shooter: Placed = { id: "us", model: "us-sherman-m4", position: [20, 60], heading: 90, side: "A", unit: "us" };
    const t = await bgTable([], [shooter, ger("ger", 20 + 5.2 + BASE_R + inchesToCm(6), 60)]);
    // TN 15, roll 16: missed by 1, no more than |DM| = 1.
    const result = t.resolve({ shooter: "us", target: "ger", weapon: "main-gun", ammunition: "HE" }, scriptedDice([16, 45, 20]));
    const scatter = result.details.dice.find((d) => d.purpose === "scatter")!;
    expect(scatter.meaning).toMatch(/minimal scatter \(missed by 1, DM −1\)/);
    expect(result.details.steps.map((s) => s.text).join("\n")).toMatch(/ger ring 2/);
    const burst = result.details.steps
      .find((s) => /bursts at/.test(s.text))!
      .text.match(/bursts at \(([\d.]+), ([\d.]+)\)/)!
      .slice(1)
      .map(Number) as [number, number];
    const gap = distanceToFootprint(t.ctx.models.get("ger")!.footprint, burst);
    const [r1, r2] = ringRadii(t.ctx);
    expect(gap).toBeGreaterThan(r1!);
    expect(gap).toBeLessThanOrEqual(r2!);
    // The effect roll is at ring 2's strength (HE FP 11 − 5), with the default partial hit −2.
    expect(result.details.dice.find((d) => d.purpose === "damage")!.meaning).toMatch(/impact 4 \(HE FP 11 ring 2 − 5 − 2 \(a partial hit on ger\)\)/);
  });
});

describe("the impact point → target line (§6.2)", () => {
  // The bazooka hits ger-a; ger-b stands 4 cm beyond it, under the second ring.
  const models = (): Placed[] => [bazooka("us", 40), ger("ger-a", 70), ger("ger-b", 74, 60, { unit: "ger" })];
  const resolve = async (features: ReturnType<typeof wall>[]) => {
    const t = await bgTable(features, models());
    return t.resolve({ shooter: "us", target: "ger-a" }, scriptedDice([5, 20, 20]));
  };
  const impactOn = (r: Awaited<ReturnType<typeof resolve>>, id: string) => r.details.dice.find((d) => d.purpose === "damage" && d.model === id)!.meaning;

  it("a wall between the point of impact and a man gives −1", async () => {
    const r = await resolve([wall("wall-1", 72)]);
    expect(impactOn(r, "ger-b")).toMatch(/− 1 \(wall wall-1 between the point of impact and ger-b\)/);
    expect(impactOn(r, "ger-a")).not.toMatch(/point of impact/);
  });

  it("the same wall behind the shooter does not", async () => {
    const r = await resolve([wall("wall-1", 35)]);
    expect(impactOn(r, "ger-b")).not.toMatch(/point of impact/);
  });
});

describe("a tank's armour face by the shooter's position (§6.1, §12.8)", () => {
  // The Sherman faces the Panther; its turret is turned 90° to the left.
  const sherman = (extra: Partial<Placed> = {}): Placed => ({
    id: "sherman",
    model: "us-sherman-m4",
    position: [100, 60],
    heading: 270,
    turretHeading: 90,
    side: "B",
    unit: "us",
    ...extra,
  });
  const panther = (x: number, heading: number): Placed => ({ id: "panther", model: "ger-panther", position: [x, 60], heading, side: "A", unit: "ger" });

  it("hull-down behind a wall, the turret is hit on its side although the hull faces the shooter", async () => {
    const t = await bgTable([wall("bank", 93.6, 3.7)], [panther(20, 90), sherman()]);
    const armour = shotOf(t.judge({ shooter: "panther", target: "sherman" })).armour!;
    expect(armour).toMatchObject({ part: "turret", face: "side", dv: 8 });
    const hullOnly = await bgTable([wall("bank", 93.6, 3.7)], [panther(20, 90), sherman()], { options: { armourFace: "hull" } });
    expect(shotOf(hullOnly.judge({ shooter: "panther", target: "sherman" })).armour).toMatchObject({ part: "hull", face: "front", dv: 10 });
  });

  it("in the open, the hull is hit on the face towards the shooter: front, side, rear", async () => {
    const setup = { options: { armourFace: "hull" as const } };
    const front = await bgTable([], [panther(20, 90), sherman()], setup);
    const rear = await bgTable([], [panther(20, 90), sherman({ heading: 90 })], setup);
    const side = await bgTable([], [panther(20, 90), sherman({ heading: 0 })], setup);
    expect(shotOf(front.judge({ shooter: "panther", target: "sherman" })).armour).toMatchObject({ face: "front", dv: 10 });
    expect(shotOf(rear.judge({ shooter: "panther", target: "sherman" })).armour).toMatchObject({ face: "rear", dv: 6 });
    expect(shotOf(side.judge({ shooter: "panther", target: "sherman" })).armour).toMatchObject({ face: "side", dv: 7 });
    expect(text(shotOf(front.judge({ shooter: "panther", target: "sherman" })).rulings)).toMatch(/hits the hull \(option\) of sherman on its front .*DV 10/);
  });
});

describe("a smoke round's cloud on the table (§4, §3.2 fn. 4)", () => {
  // A Sherman 30" (edge to edge) from the rifleman: TN 6; a 10 misses, even: 2" doubled beyond 24" = 4".
  const gx = 20 + 5.2 + BASE_R + inchesToCm(30);
  const models = (): Placed[] => [
    { id: "tank", model: "us-sherman-m4", position: [20, 60], heading: 90, side: "A", unit: "tank" },
    ger("ger", gx, 60),
    us("south", gx, 20, { unit: "south" }),
    us("east", gx + 40, 60, { unit: "east" }),
  ];
  const smokeOn = (v: BgFireVerdict) => shotOf(v).modifiers.filter((m) => /smoke/.test(m.reason));

  it("lands where it scattered, stays for the turn, and a later shot through it takes −8 while one beside it does not", async () => {
    const s = scenario([], models());
    const log0 = newGame(s, { seed: 7, ruleset: { id: "battleground", version: "sheet", options: {} } });
    const table = await bgTableFor(s);
    const declaration = { shooter: "tank", target: "ger", weapon: "main-gun", ammunition: "smoke" as const };
    expect(shotOf(table.judge(declaration)).need).toBe(6);
    // to-hit 10 (a miss), bearing 180° (towards −z).
    const result = table.resolve(declaration, scriptedDice([10, 180]));
    expect(result.clouds).toHaveLength(1);
    const cloud = result.clouds![0]!;
    expect(cloud.smoke.id).toBe("smoke-0");
    expect(cloud.smoke.at[0]).toBeCloseTo(gx, 6);
    expect(cloud.smoke.at[1]).toBeCloseTo(60 - inchesToCm(4), 6);
    const log = record(log0, fireEvent(battleground, declaration, result, 0));
    const after = await bgTableFor(currentState(log).scenario);
    // The line from the south crosses the cloud; from the east it passes 2" clear of it (4" off, 2" radius).
    const south = after.judge({ shooter: "south", target: "ger" });
    expect(smokeOn(south)).toMatchObject([{ value: -8, reason: "smoke on the line (smoke-0), counted once" }]);
    expect(smokeOn(after.judge({ shooter: "east", target: "ger" }))).toEqual([]);
    // Before the smoke round, the same line had no smoke.
    expect(smokeOn(table.judge({ shooter: "south", target: "ger" }))).toEqual([]);
    // The sample table's cloud lasts one turn: the turn's end takes it off; undoing the shot does too.
    const nextTurn = record(log, { type: "turn-ended", kept: [] });
    expect(currentState(nextTurn).scenario.features.map((f) => f.id)).not.toContain("smoke-0");
    expect(smokeOn((await bgTableFor(currentState(nextTurn).scenario)).judge({ shooter: "south", target: "ger" }))).toEqual([]);
    expect(currentState(undo(log)).scenario.features.map((f) => f.id)).not.toContain("smoke-0");
  });
});
