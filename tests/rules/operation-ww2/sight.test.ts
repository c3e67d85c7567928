/**
 * Line of sight under Operation WW2 from real scenes: the sight engine measures (Rapier), the rules judge.
 * Each scene is built so the measured fact the rule turns on (a depth, a distance beyond a wall, a distance
 * from a window) is known, and the verdict is checked with its reason.
 */
import { describe, expect, it } from "vitest";
import { tableContext } from "../../../src/rules/context";
import { operationWw2 } from "../../../src/rules/operation-ww2";
import type { Ow2Options } from "../../../src/rules/operation-ww2/options";
import type { Order } from "../../../src/rules/operation-ww2/types";
import { losVerdict } from "../../../src/rules/operation-ww2/verdict";
import { sightReport } from "../../../src/sight/lineOfSight";
import { type Placed, testHouse, world } from "../../helpers/scene";

type Features = Parameters<typeof world>[0];
const BASE_R = 1.25;

async function judgeLine(
  features: Features,
  models: Placed[],
  shooter: string,
  target: string,
  opts: { weapon?: string; options?: Partial<Ow2Options>; order?: Order } = {},
) {
  const w = await world(features, models);
  const ctx = operationWw2.createContext(tableContext(w.battlefield), { options: opts.options ?? {} });
  const report = sightReport(w, shooter, target, opts.weapon ? { weapon: opts.weapon } : {});
  return { report, verdict: losVerdict(report, ctx, opts.order ? { order: opts.order } : {}) };
}

const reasons = (v: { rulings: ReadonlyArray<{ reason: string; rule: string }> }) => v.rulings.map((r) => `${r.reason} (${r.rule})`).join("\n");
const rifleman = (id: string, x: number, z = 60, extra: Partial<Placed> = {}): Placed => ({ id, model: "us-rifleman", position: [x, z], side: "A", ...extra });
const grenadier = (id: string, x: number, z = 60, extra: Partial<Placed> = {}): Placed => ({
  id,
  model: "ger-rifleman",
  position: [x, z],
  side: "B",
  ...extra,
});

describe("woods (§5.3): sight reaches 5 cm deep", () => {
  const woods = (edge: number) => ({
    id: "bois",
    kind: "woods" as const,
    outline: [
      [edge, 40],
      [140, 40],
      [140, 80],
      [edge, 80],
    ] as [number, number][],
    height: 8,
  });

  it("a man 6 cm inside a wood cannot be seen", async () => {
    const { report, verdict } = await judgeLine([woods(94)], [rifleman("us", 30), grenadier("ger", 100)], "us", "ger");
    // Measured to the centre of the figure (its rifle shifts it a little from the base's centre).
    expect(Math.abs(report.areas[0]!.depthToTarget! - 6)).toBeLessThan(0.1);
    expect(report.visibleFraction).toBe(1);
    expect(verdict.canSee).toBe(false);
    expect(reasons(verdict)).toMatch(/the target stands 6\.\d cm inside woods bois; sight reaches at most 5 cm into it \(§5\.3\)/);
  });

  it("the same man 4 cm inside can, and is in light cover", async () => {
    const { verdict } = await judgeLine([woods(96)], [rifleman("us", 30), grenadier("ger", 100)], "us", "ger");
    expect(verdict.canSee).toBe(true);
    expect(verdict.cover.class).toBe("light");
    expect(verdict.cover.sources[0]!.reason).toBe("light cover: stands in woods bois");
  });

  it("a wood between them thicker than 5 cm blocks the line; a 4 cm strip does not", async () => {
    const strip = (width: number) => ({
      id: "trees",
      kind: "woods" as const,
      outline: [
        [60, 40],
        [60 + width, 40],
        [60 + width, 80],
        [60, 80],
      ] as [number, number][],
      height: 8,
    });
    expect((await judgeLine([strip(12)], [rifleman("us", 30), grenadier("ger", 100)], "us", "ger")).verdict.canSee).toBe(false);
    expect((await judgeLine([strip(4)], [rifleman("us", 30), grenadier("ger", 100)], "us", "ger")).verdict.canSee).toBe(true);
    const strict = await judgeLine([strip(4)], [rifleman("us", 30), grenadier("ger", 100)], "us", "ger", { options: { smallWoodsLetSightThrough: false } });
    expect(strict.verdict.canSee).toBe(false);
  });
});

describe("tall crops (§5.3 v2.0: as woods)", () => {
  const field = (concealing: boolean) => ({
    id: "maize",
    kind: "crops" as const,
    outline: [
      [92, 40],
      [140, 40],
      [140, 80],
      [92, 80],
    ] as [number, number][],
    height: 2.5,
    concealing,
  });
  const models = [rifleman("us", 30), grenadier("ger", 100)];

  it("hide a man 8 cm inside under v2.0, not under v1, and never when low", async () => {
    expect((await judgeLine([field(true)], models, "us", "ger")).verdict.canSee).toBe(false);
    expect((await judgeLine([field(true)], models, "us", "ger", { options: { version: "v1" } })).verdict.canSee).toBe(true);
    expect((await judgeLine([field(false)], models, "us", "ger")).verdict.canSee).toBe(true);
  });
});

describe("low walls and hedges (§5.3)", () => {
  const wall = (height = 1.4) => ({
    id: "wall-1",
    kind: "wall" as const,
    path: [
      [100, 20],
      [100, 100],
    ] as [number, number][],
    height,
    thickness: 1,
  });
  // The target's base edge is 7 cm beyond the wall's far face.
  const beyond = (d: number) => grenadier("ger", 100.5 + d + BASE_R);

  it("a target 7 cm beyond a low wall is visible under v1, and not under v2.0", async () => {
    const v1 = await judgeLine([wall()], [rifleman("us", 40), beyond(7)], "us", "ger", { options: { version: "v1" } });
    expect(v1.report.linearObstacles[0]!.distanceFromTarget).toBeCloseTo(7, 3);
    expect(v1.verdict.canSee).toBe(true);
    expect(reasons(v1.verdict)).toMatch(/7\.0 cm beyond the low wall wall-1, within the 10 cm/);
    const v2 = await judgeLine([wall()], [rifleman("us", 40), beyond(7)], "us", "ger");
    expect(v2.verdict.canSee).toBe(false);
    expect(reasons(v2.verdict)).toMatch(/the target is 7\.0 cm beyond the low wall wall-1; ground-level models see at most 5 cm beyond it \(v2\.0\) \(§5\.3\)/);
  });

  it("a shooter within 5 cm of the wall ignores it (v2.0); under v1 only one next to it does", async () => {
    const models = [rifleman("us", 100 - 0.5 - 4 - BASE_R), beyond(12)];
    expect((await judgeLine([wall()], models, "us", "ger")).verdict.canSee).toBe(true);
    expect((await judgeLine([wall()], models, "us", "ger", { options: { version: "v1" } })).verdict.canSee).toBe(false);
  });

  it("a target just behind the wall is in medium cover; behind a hedge, in light cover", async () => {
    const walled = await judgeLine([wall()], [rifleman("us", 40), beyond(0.2)], "us", "ger");
    expect(walled.verdict.cover.class).toBe("medium");
    const hedged = await judgeLine([{ ...wall(2), kind: "hedge" as const }], [rifleman("us", 40), beyond(0.2)], "us", "ger");
    expect(hedged.verdict.cover.class).toBe("light");
  });

  it("a shooter looking down from a height sees beyond it by true line of sight", async () => {
    const { verdict } = await judgeLine([wall()], [rifleman("us", 40, 60, { elevation: 10 }), beyond(12)], "us", "ger");
    expect(verdict.canSee).toBe(true);
    expect(reasons(verdict)).toMatch(/the shooter stands above wall-1.*true line of sight/);
  });

  it("a high wall (over 2.5 cm) blocks ground-level sight even where the laser passes over it", async () => {
    const { report, verdict } = await judgeLine([wall(2.7)], [rifleman("us", 40), beyond(0.5)], "us", "ger");
    expect(report.visibleFraction).toBeGreaterThan(0);
    expect(verdict.canSee).toBe(false);
    expect(reasons(verdict)).toMatch(/is high \(over 2\.5 cm\): ground-level models cannot see through or over it/);
  });

  it("infantry next to a high hedge may shoot through it at a target within 5 cm of it", async () => {
    const hedge = {
      id: "hedge-1",
      kind: "hedge" as const,
      path: [
        [100, 20],
        [100, 100],
      ] as [number, number][],
      height: 4,
      thickness: 1,
    };
    const { report, verdict } = await judgeLine([hedge], [rifleman("us", 100 - 0.5 - BASE_R - 0.1), beyond(3)], "us", "ger");
    expect(report.visibleFraction).toBe(0);
    expect(verdict.canSee).toBe(true);
    expect(reasons(verdict)).toMatch(/may shoot through it/);
  });
});

describe("vehicles over low walls (§5.5)", () => {
  const wall = {
    id: "wall-1",
    kind: "wall" as const,
    path: [
      [100, 20],
      [100, 100],
    ] as [number, number][],
    height: 1.4,
    thickness: 1,
  };
  const models: Placed[] = [
    { id: "panzer", model: "ger-panzer-iv", position: [40, 60], heading: 90, side: "B" },
    { ...rifleman("us", 100.5 + 7 + BASE_R), side: "A" },
  ];

  it("the turret sees a man 7 cm beyond a low wall; the lower-hull MG, like infantry, does not", async () => {
    const gun = await judgeLine([wall], models, "panzer", "us", { weapon: "main-gun" });
    expect(gun.verdict.canSee).toBe(true);
    expect(reasons(gun.verdict)).toMatch(/vehicles see over the low wall wall-1 without limit/);
    const hullMg = await judgeLine([wall], models, "panzer", "us", { weapon: "hull-mg" });
    expect(hullMg.verdict.canSee).toBe(false);
    expect(reasons(hullMg.verdict)).toMatch(/lower-hull weapons see at most 5 cm beyond it \(v2\.0\) \(§5\.5\)/);
    const v1 = await judgeLine([wall], models, "panzer", "us", { weapon: "hull-mg", options: { version: "v1" } });
    expect(v1.verdict.canSee).toBe(true);
  });
});

describe("buildings (§5.4): only through openings, only within 5 cm of them", () => {
  const house = testHouse({
    roof: { state: "intact", shape: "gable", ridgeHeight: 3.5 },
    openings: [
      { id: "window-up", type: "window", wall: 3, floor: 1, offset: 10, width: 4, height: 3, sill: 1 },
      { id: "door", type: "door", wall: 3, floor: 0, offset: 10, width: 3, height: 4.5 },
    ],
  });
  const WALL_MIDDLE = 100.3;
  const TEAM_R = 2;
  const mg = (fromWindow: number): Placed => ({
    id: "mg",
    model: "ger-mg42-team",
    position: [WALL_MIDDLE + fromWindow + TEAM_R, 60],
    heading: -90,
    side: "B",
    floor: { building: "house", level: 1 },
  });

  it("an MG 3 cm behind a first-floor window can fire out", async () => {
    const { report, verdict } = await judgeLine([house], [mg(3), rifleman("us", 40)], "mg", "us", { weapon: "team-weapon" });
    expect(report.openings[0]).toMatchObject({ id: "window-up" });
    expect(report.openings[0]!.distanceToShooter).toBeCloseTo(3, 1);
    expect(verdict.canSee).toBe(true);
    expect(reasons(verdict)).toMatch(/the shooter is 3\.0 cm from the window window-up of house \(within 5 cm\)/);
  });

  it("at 8 cm it cannot, though the laser still finds the target through the window", async () => {
    const { report, verdict } = await judgeLine([house], [mg(8), rifleman("us", 40)], "mg", "us", { weapon: "team-weapon" });
    expect(report.visibleFraction).toBeGreaterThan(0);
    expect(report.openings[0]!.distanceToShooter).toBeCloseTo(8, 1);
    expect(verdict.canSee).toBe(false);
    expect(reasons(verdict)).toMatch(/the shooter is 8\.0 cm inside house from the window window-up; only models within 5 cm of an opening can fire \(§5\.4\)/);
  });

  it("a man 3 cm inside the door is a target in medium cover; 8 cm inside he is not", async () => {
    const inside = (d: number) => grenadier("ger", WALL_MIDDLE + d + BASE_R, 60, { floor: { building: "house", level: 0 } });
    const near = await judgeLine([house], [rifleman("us", 40), inside(3)], "us", "ger");
    expect(near.verdict.canSee).toBe(true);
    expect(near.verdict.cover.class).toBe("medium");
    const far = await judgeLine([house], [rifleman("us", 40), inside(8)], "us", "ger");
    expect(far.report.visibleFraction).toBeGreaterThan(0);
    expect(far.verdict.canSee).toBe(false);
  });
});

describe("smoke (§5.18, §14.3)", () => {
  const smoke = { id: "smoke-1", kind: "smoke" as const, at: [70, 60] as [number, number], radius: 5, height: 10 };
  const models = [rifleman("us", 30), grenadier("ger", 100)];

  it("blocks a Fire order, not Covering Fire, and nobody spots through it", async () => {
    expect((await judgeLine([smoke], models, "us", "ger")).verdict.canSee).toBe(false);
    const covering = await judgeLine([smoke], models, "us", "ger", { order: "covering-fire" });
    expect(covering.verdict.canSee).toBe(true);
    expect(covering.verdict.spotted).toBe(false);
    expect(reasons(covering.verdict)).toMatch(/only smoke hides the target: Covering Fire may fire through smoke/);
  });

  it("a target inside the cloud is seen, in light cover, at −2 to hit and −2 to damage", async () => {
    const { verdict } = await judgeLine([{ ...smoke, at: [100, 60] as [number, number] }], models, "us", "ger");
    expect(verdict.canSee).toBe(true);
    expect(verdict.cover.class).toBe("light");
    expect(verdict.modifiers.filter((m) => m.roll !== "spotting").map((m) => [m.roll, m.value])).toEqual([
      ["to-hit", -2],
      ["damage", -2],
    ]);
  });
});
