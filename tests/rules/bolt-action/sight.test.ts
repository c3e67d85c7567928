/**
 * Bolt Action from real scenes (Rapier): cover behind a hedge and a wall, the range bands in inches, an
 * intervening infantry unit, a Sherman's rear armour, a knocked-out tank's wreck, and the same seed giving
 * the same events. Positions are chosen so the measured fact (a gap, a distance) is known in advance.
 */
import { describe, expect, it } from "vitest";
import { applyEvent, initialState } from "../../../src/core/game/state";
import { CM_PER_INCH } from "../../../src/core/units";
import { boltAction } from "../../../src/rules/bolt-action";
import { fireEvent } from "../../../src/rules/judge";
import { type Placed, scenario } from "../../helpers/scene";
import { baTable, firstSeed } from "./table";

type Features = Parameters<typeof scenario>[0];
/** Infantry bases are 2.5 cm across. */
const BASE_R = 1.25;
const us = (id: string, x: number, z = 60, extra: Partial<Placed> = {}): Placed => ({ id, model: "us-rifleman", position: [x, z], side: "A", ...extra });
const ger = (id: string, x: number, z = 60, extra: Partial<Placed> = {}): Placed => ({ id, model: "ger-rifleman", position: [x, z], side: "B", ...extra });
const squad = (prefix: string, x: number, zs: readonly number[], make = ger): Placed[] => zs.map((z, i) => make(`${prefix}-${i + 1}`, x, z, { unit: prefix }));
const reasons = (rs: ReadonlyArray<{ reason: string; rule: string }>) => rs.map((r) => `${r.reason} (${r.rule})`).join("\n");
const mods = (v: ReturnType<Awaited<ReturnType<typeof baTable>>["judge"]>, model: string) => v.firers.find((f) => f.model === model)!.shots[0]!.modifiers;

describe("cover per model, the unit's cover by the threshold (§4.2, §7.3)", () => {
  const obstacle = (kind: "hedge" | "wall"): Features[number] => ({
    id: `${kind}-1`,
    kind,
    path: [
      [100, 20],
      [100, 100],
    ],
    height: 2,
    thickness: 1,
  });
  // The squad's bases are 0.5 cm behind the obstacle's far face (x = 100.5).
  const behind = squad("sq", 100.5 + 0.5 + BASE_R, [50, 55, 60, 65, 70]);

  it("a rifle squad behind a hedge is in soft cover: −1 to hit", async () => {
    const t = await baTable(scenario([obstacle("hedge")], [us("us-1", 60), ...behind]));
    const v = t.judge({ shooter: "us-1", target: "unit-sq" });
    expect(v.valid).toBe(true);
    const firer = v.firers[0]!;
    expect(firer.lines.every((l) => l.cover === "soft")).toBe(true);
    expect(mods(v, "us-1").find((m) => m.reason.includes("cover"))).toMatchObject({ value: -1, rule: "§4.2" });
    expect(reasons(firer.shots[0]!.rulings)).toMatch(/the unit is in soft cover/);
    expect(reasons(firer.shots[0]!.rulings)).toMatch(/soft cover: sq-\d 0\.2" behind the hedge hedge-1/);
  });

  it("the same squad behind a stone wall is in hard cover: −2 to hit; in the open, no cover", async () => {
    const wall = await baTable(scenario([obstacle("wall")], [us("us-1", 60), ...behind]));
    const v = wall.judge({ shooter: "us-1", target: "unit-sq" });
    expect(v.firers[0]!.lines.every((l) => l.cover === "hard")).toBe(true);
    expect(mods(v, "us-1").find((m) => m.reason.includes("cover"))).toMatchObject({ value: -2 });
    const open = await baTable(scenario([], [us("us-1", 60), ...behind]));
    expect(open.judge({ shooter: "us-1", target: "unit-sq" }).firers[0]!.lines.every((l) => l.cover === "none")).toBe(true);
  });

  it("the threshold decides: two of five behind the wall are not enough at-least-half, enough for 'any'", async () => {
    const mixed = [...squad("sq", 100.5 + 0.5 + BASE_R, [50, 55]), ...squad("sq", 130, [60, 65, 70]).map((m, i) => ({ ...m, id: `sq-${i + 3}` }))];
    const wall = {
      id: "wall-1",
      kind: "wall" as const,
      path: [
        [100, 45],
        [100, 58],
      ] as [number, number][],
      height: 2,
      thickness: 1,
    };
    const half = await baTable(scenario([wall], [us("us-1", 60, 60), ...mixed]));
    expect(half.judge({ shooter: "us-1", target: "unit-sq" }).firers[0]!.shots[0]!.modifiers.some((m) => m.reason.includes("cover"))).toBe(false);
    const any = await baTable(scenario([wall], [us("us-1", 60, 60), ...mixed]), { options: { coverThreshold: "any" } });
    expect(any.judge({ shooter: "us-1", target: "unit-sq" }).firers[0]!.shots[0]!.modifiers.find((m) => m.reason.includes("cover"))?.value).toBe(-2);
  });
});

describe('range in inches (§4.2, §7.2.4): long range beyond half, point blank within 6"', () => {
  // Edge-to-edge distance d inches: the target's centre d" + two base radii from the shooter's.
  const at = (inches: number) => 20 + 2 * BASE_R + inches * CM_PER_INCH;
  const judgeAt = async (inches: number) =>
    (await baTable(scenario([], [us("us-1", 20), ger("ger-1", at(inches))]))).judge({ shooter: "us-1", target: "ger-1" });

  it('a target 12.1" away is long range for a 24" rifle; 11.9" is not', async () => {
    const far = await judgeAt(12.1);
    expect(far.firers[0]!.range! / CM_PER_INCH).toBeCloseTo(12.1, 2);
    expect(far.firers[0]!.longRange).toBe(true);
    expect(mods(far, "us-1").find((m) => m.reason.startsWith("long range"))).toMatchObject({ value: -1 });
    const near = await judgeAt(11.9);
    expect(near.firers[0]!.longRange).toBe(false);
    expect(mods(near, "us-1").some((m) => m.reason.startsWith("long range"))).toBe(false);
  });

  it('6" is point blank (+1), 6.1" is not; 24.1" is out of range', async () => {
    expect(mods(await judgeAt(6), "us-1").find((m) => m.reason.startsWith("point blank"))).toMatchObject({ value: 1 });
    expect(mods(await judgeAt(6.1), "us-1").some((m) => m.reason.startsWith("point blank"))).toBe(false);
    const out = await judgeAt(24.1);
    expect(out.valid).toBe(false);
    expect(reasons(out.firers[0]!.rulings)).toMatch(/24\.1" away, beyond the 24" range/);
  });

  it("the score needed follows the modifiers: 3+ base, a lone target −1 (small unit), long range −1 → 5+", async () => {
    const far = await judgeAt(12.1);
    expect(
      mods(far, "us-1")
        .map((m) => m.value)
        .sort(),
    ).toEqual([-1, -1]);
    expect(far.firers[0]!.need).toBe(5);
  });
});

describe("blocking (§7.2.5): intervening infantry do not block, vehicles do", () => {
  const line = [us("us-1", 40), ger("ger-1", 100), ...squad("between", 70, [59.4, 60, 60.6], (id, x, z, e) => us(id, x, z, e))];

  it("an infantry unit on the line lets sight through, and the ruling says so", async () => {
    const t = await baTable(scenario([], line));
    const v = t.judge({ shooter: "us-1", target: "ger-1" });
    expect(v.valid).toBe(true);
    const l = v.firers[0]!.lines[0]!;
    expect(l.report.seeThrough).toEqual(expect.arrayContaining(["between-2"]));
    expect(l.report.visibleFraction).toBe(1);
    expect(reasons(boltAction.losVerdict(l.report, t.ctx).rulings)).toMatch(
      /intervening infantry do not block: seen through [^\n]*between-2[^\n]* \(§7\.2\.5\)/,
    );
  });

  it("with the switch off the same unit hides part of the target", async () => {
    const t = await baTable(scenario([], line), { options: { infantryDoNotBlock: false } });
    const l = t.judge({ shooter: "us-1", target: "ger-1" }).firers[0]!.lines[0]!;
    expect(l.report.seeThrough).toBeUndefined();
    expect(l.report.visibleFraction).toBeLessThan(1);
  });

  it("a Sherman on the line blocks", async () => {
    const t = await baTable(
      scenario([], [us("us-1", 40), ger("ger-1", 100), { id: "tank", model: "us-sherman-m4", position: [70, 60], heading: 0, side: "A" }]),
    );
    const v = t.judge({ shooter: "us-1", target: "ger-1" });
    expect(v.valid).toBe(false);
    expect(reasons(v.firers[0]!.rulings)).toMatch(/sees no model of the target unit/);
  });
});

describe("vehicles (§4.6–§4.7)", () => {
  const sherman = (heading: number): Placed => ({ id: "sherman", model: "us-sherman-m4", position: [100, 60], heading, side: "A" });
  const schreck = (x: number, z: number): Placed => ({ id: "schreck", model: "ger-panzerschreck", position: [x, z], side: "B" });
  const penetrationDie = (r: { details: { dice: ReadonlyArray<{ purpose: string; meaning: string; value: number; total?: number }> } }) =>
    r.details.dice.find((d) => d.purpose === "penetration");

  it("a Sherman shot from its rear quarter takes +2 penetration; from the front none", async () => {
    // Heading 0 faces +z: a firer 30 cm towards −z stands behind it.
    const rear = await baTable(scenario([], [sherman(0), schreck(100, 25)]));
    const { value } = firstSeed(
      (seed) => rear.fire({ shooter: "schreck", target: "sherman" }, seed).result,
      (r) => penetrationDie(r) !== undefined,
    );
    const die = penetrationDie(value)!;
    expect(die.meaning).toMatch(/\+2 the shot strikes the rear armour/);
    expect(die.total).toBe(die.value + 6 + 2);
    const front = await baTable(scenario([], [sherman(0), schreck(100, 95)]));
    const frontDie = penetrationDie(
      firstSeed(
        (seed) => front.fire({ shooter: "schreck", target: "sherman" }, seed).result,
        (r) => penetrationDie(r) !== undefined,
      ).value,
    )!;
    expect(frontDie.total).toBe(frontDie.value + 6);
  });

  it("a knocked-out tank becomes a wreck that blocks sight afterwards", async () => {
    const models = [sherman(90), schreck(60, 60)];
    const s = scenario([], models);
    const t = await baTable(s);
    const declaration = { shooter: "schreck", target: "sherman" };
    const { value } = firstSeed(
      (seed) => t.fire(declaration, seed).result,
      (r) => r.outcomes.some((o) => o.model === "sherman" && o.effect === "destroyed"),
    );
    const after = applyEvent(initialState(s), fireEvent(boltAction, declaration, value));
    expect(after.scenario.features.some((f) => f.kind === "wreck" && f.id === "wreck-sherman")).toBe(true);
    // A German rifleman 20 cm on one side of where the tank stood, an American 25 cm on the other.
    const later = await baTable(scenario([...after.scenario.features] as Features, [ger("ger-1", 80), us("us-1", 125)]));
    const v = later.judge({ shooter: "ger-1", target: "us-1" });
    expect(v.valid).toBe(false);
    expect(v.firers[0]!.lines[0]!.report.occluders.some((o) => o.kind === "wreck")).toBe(true);
    const cleared = await baTable(scenario([], [ger("ger-1", 80), us("us-1", 125)]));
    expect(cleared.judge({ shooter: "ger-1", target: "us-1" }).valid).toBe(true);
  });
});

describe("determinism", () => {
  it("the same seed gives the same events", async () => {
    const t = await baTable(
      scenario([], [...squad("us-sq", 40, [50, 55, 60, 65], (id, x, z, e) => us(id, x, z, e)), ...squad("sq", 80, [50, 55, 60, 65, 70])]),
    );
    const once = t.fire({ shooter: "unit-us-sq", target: "unit-sq" }, 1944).result;
    const twice = t.fire({ shooter: "unit-us-sq", target: "unit-sq" }, 1944).result;
    expect(fireEvent(boltAction, { shooter: "unit-us-sq", target: "unit-sq" }, twice, 0)).toEqual(
      fireEvent(boltAction, { shooter: "unit-us-sq", target: "unit-sq" }, once, 0),
    );
    expect(once.rolls.length).toBeGreaterThan(4);
  });
});
