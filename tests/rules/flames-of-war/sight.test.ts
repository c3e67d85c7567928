/**
 * Flames of War's sight rules from real Rapier scenes (tests/helpers/scene.ts): the sight engine measures,
 * the rule system judges. Each scene is built so the fact a rule turns on (touching a hedge, the depth in a
 * wood, the band at 40 cm, the side of a turret line) is known by construction.
 */
import { describe, expect, it } from "vitest";
import { MODEL_CATALOG } from "../../../src/core/miniatures/shipped";
import { tableContext } from "../../../src/rules/context";
import { flamesOfWar } from "../../../src/rules/flames-of-war";
import type { FowOptions } from "../../../src/rules/flames-of-war/options";
import type { FowGameState } from "../../../src/rules/flames-of-war/types";
import { losVerdict } from "../../../src/rules/flames-of-war/verdict";
import { judgeFire } from "../../../src/rules/judge";
import { sightOptionsOf } from "../../../src/rules/ruleset";
import { sightReport } from "../../../src/sight/lineOfSight";
import type { SightWorld } from "../../../src/sight/sightWorld";
import { type Placed, world } from "../../helpers/scene";

type Features = Parameters<typeof world>[0];

const reasons = (v: { rulings: ReadonlyArray<{ reason: string; rule: string }> }) => v.rulings.map((r) => `${r.reason} (${r.rule})`).join("\n");
const us = (id: string, x: number, z = 60, extra: Partial<Placed> = {}): Placed => ({ id, model: "us-rifleman", position: [x, z], side: "A", ...extra });
const ger = (id: string, x: number, z = 60, extra: Partial<Placed> = {}): Placed => ({ id, model: "ger-rifleman", position: [x, z], side: "B", ...extra });
/** Everybody moved: no infantry is Concealed for standing still in the open, so terrain alone decides. */
const allMoved = (ids: string[]): FowGameState => ({ models: Object.fromEntries(ids.map((id) => [id, { moved: true }])) });

function contextOf(w: SightWorld, setup: { options?: Partial<FowOptions>; game?: FowGameState } = {}) {
  return flamesOfWar.createContext(tableContext(w.battlefield), { options: setup.options ?? {}, ...(setup.game ? { game: setup.game } : {}) });
}

async function line(
  features: Features,
  models: Placed[],
  shooter: string,
  target: string,
  setup: { weapon?: string; game?: FowGameState; options?: Partial<FowOptions> } = {},
) {
  const w = await world(features, models);
  const report = sightReport(w, shooter, target, setup.weapon ? { weapon: setup.weapon } : {});
  return { w, report, verdict: losVerdict(report, contextOf(w, setup)) };
}

describe("hills and hull down (§2.3)", () => {
  // The ridge of tests/sight/vehicles.test.ts: 5 cm high, near crest at x = 75; a Panzer IV on the reverse slope shows only its turret.
  const ridge = {
    id: "ridge",
    kind: "hill" as const,
    outline: [
      [60, 10],
      [100, 10],
      [100, 110],
      [60, 110],
    ] as [number, number][],
    height: 5,
    slope: 15,
  };
  const tanks: Placed[] = [
    { id: "sherman", model: "us-sherman-m4", position: [20, 60], heading: 90, side: "A" },
    { id: "panzer", model: "ger-panzer-iv", position: [98.5, 60], heading: -90, side: "B" },
  ];

  it("a tank behind a crest with only its turret visible is hull down and Concealed", async () => {
    const { report, verdict } = await line([ridge], tanks, "sherman", "panzer", { weapon: "main-gun" });
    expect(report.hullDown).toBe(true);
    expect(verdict.canSee).toBe(true);
    expect(verdict.sight.hullDown).toBe(true);
    expect(verdict.sight.terrainConcealed).toBe(true);
    expect(reasons(verdict)).toMatch(/panzer is hull down: only its turret shows over the crest \(§2\.3\)/);
  });

  it("and it sees clearly: the Sherman it shoots at is not Concealed", async () => {
    const { verdict } = await line([ridge], tanks, "panzer", "sherman", { weapon: "main-gun" });
    expect(verdict.canSee).toBe(true);
    expect(verdict.sight.terrainConcealed).toBe(false);
    expect(verdict.cover.class).toBe("open");
  });

  it("the platoon verdict: the Sherman needs 5+ for Concealed, +1 beyond 40 cm, against the Veteran Panzer that shot", async () => {
    const w = await world([ridge], tanks);
    const ctx = contextOf(w, { game: { models: { panzer: { shot: true } } } });
    const verdict = judgeFire(flamesOfWar, { shooter: "sherman", target: "panzer" }, ctx, (r) => sightReport(w, r.shooter, r.target, sightOptionsOf(r)));
    expect(verdict.firers[0]).toMatchObject({ model: "sherman", canFire: true, group: "panzer", need: 6, dice: 2 });
  });
});

describe("linear obstacles (§2.2)", () => {
  // A hedge along x = 100, 2 cm high, 1.5 cm thick: its far face is at x = 100.75.
  const hedge = {
    id: "hedge-1",
    kind: "hedge" as const,
    path: [
      [100, 10],
      [100, 110],
    ] as [number, number][],
    height: 2,
    thickness: 1.5,
  };
  const touchingX = 100.75 + 1.25;

  it("a team touching a hedge sees clearly over it and is itself Concealed", async () => {
    const models = [ger("shooter", 70), us("team", touchingX)];
    const game = allMoved(["shooter", "team"]);
    const seen = await line([hedge], models, "shooter", "team", { game });
    expect(seen.report.linearObstacles[0]!.distanceFromTarget).toBeCloseTo(0, 6);
    expect(seen.verdict.sight.terrainConcealed).toBe(true);
    expect(reasons(seen.verdict)).toMatch(/team touches hedge-1 \(hedge\): it is Concealed \(§2\.2\)/);
    const seeing = await line([hedge], models, "team", "shooter", { game });
    expect(seeing.verdict.sight.terrainConcealed).toBe(false);
    expect(reasons(seeing.verdict)).toMatch(/team touches hedge-1 \(hedge\): it sees clearly over it/);
  });

  it("3 cm behind the hedge the team is Concealed, and so is the shooter beyond it", async () => {
    const models = [ger("shooter", 70), us("team", touchingX + 3)];
    const game = allMoved(["shooter", "team"]);
    const seen = await line([hedge], models, "shooter", "team", { game });
    expect(seen.report.linearObstacles[0]!.distanceFromTarget).toBeCloseTo(3, 6);
    expect(seen.verdict.sight.terrainConcealed).toBe(true);
    const seeing = await line([hedge], models, "team", "shooter", { game });
    expect(seeing.verdict.sight.terrainConcealed).toBe(true);
    expect(reasons(seeing.verdict)).toMatch(/hedge-1 \(hedge\) lies between them: both are Concealed/);
  });

  it("without the hedge neither is Concealed once both moved; standing still in the open, infantry is", async () => {
    const moved = await line([], [ger("shooter", 70), us("team", touchingX + 3)], "shooter", "team", { game: allMoved(["shooter", "team"]) });
    expect(moved.verdict.cover.class).toBe("open");
    const still = await line([], [ger("shooter", 70), us("team", touchingX + 3)], "shooter", "team");
    expect(still.verdict.sight.stateConcealed).toBe(true);
    expect(still.verdict.toHit).toMatchObject({ goneToGround: true, need: 5 });
  });
});

describe("area terrain (§2.4)", () => {
  // Woods 8 cm tall (taller than both figures) from x = 100; the observer's centre 0.5 cm inside its edge.
  const woods = {
    id: "wood",
    kind: "woods" as const,
    outline: [
      [100, 10],
      [170, 10],
      [170, 110],
      [100, 110],
    ] as [number, number][],
    height: 8,
  };

  it.each([
    [14, true],
    [16, false],
  ])("a team %i cm into the wood is seen by a model inside it: %s", async (depth, seen) => {
    const { report, verdict } = await line([woods], [ger("inside", 100.5), us("team", 100 + depth)], "inside", "team", { game: allMoved(["inside", "team"]) });
    // Measured to the figure's sight point (its rifle moves it a little from the base's centre).
    expect(Math.abs(report.areas[0]!.lengthInside - (depth - 0.5))).toBeLessThan(0.1);
    expect(verdict.canSee).toBe(seen);
    expect(verdict.sight.terrainConcealed).toBe(true);
    expect(reasons(verdict)).toMatch(seen ? /within 6"\/15 cm/ : /beyond 6"\/15 cm/);
  });

  it("a model at the edge, at least half in the wood, is Concealed, and sees clearly out of it", async () => {
    const models = [ger("edge", 100.5), us("outside", 70)];
    const game = allMoved(["edge", "outside"]);
    const seen = await line([woods], models, "outside", "edge", { game });
    expect(seen.verdict.canSee).toBe(true);
    expect(seen.verdict.sight.terrainConcealed).toBe(true);
    expect(reasons(seen.verdict)).toMatch(/edge has at least half its footprint in wood/);
    const seeing = await line([woods], models, "edge", "outside", { game });
    expect(seeing.verdict.sight.terrainConcealed).toBe(false);
    // 0.4 cm inside is less than half the base: it is not in the wood, and not Concealed by it.
    const out = await line([woods], [ger("edge", 99.6), us("outside", 70)], "outside", "edge", { game });
    expect(out.verdict.canSee).toBe(true);
    expect(out.verdict.sight.terrainConcealed).toBe(false);
  });

  it("a wood taller than both with the models on opposite sides, both outside, blocks sight", async () => {
    const { verdict } = await line(
      [
        {
          ...woods,
          outline: [
            [100, 10],
            [110, 10],
            [110, 110],
            [100, 110],
          ],
        },
      ],
      [ger("west", 90), us("east", 120)],
      "west",
      "east",
    );
    expect(verdict.canSee).toBe(false);
    expect(reasons(verdict)).toMatch(/taller than both models and lies between them/);
  });

  it("crops lower than the models conceal a model in them", async () => {
    const crops = {
      id: "field",
      kind: "crops" as const,
      outline: [
        [90, 10],
        [110, 10],
        [110, 110],
        [90, 110],
      ] as [number, number][],
      height: 1,
    };
    const { verdict } = await line([crops], [ger("west", 70), us("east", 100)], "west", "east", { game: allMoved(["west", "east"]) });
    expect(verdict.canSee).toBe(true);
    expect(verdict.sight.terrainConcealed).toBe(true);
  });
});

describe('range bands (§2.7): 16"/40 cm is 40 cm', () => {
  const sherman = MODEL_CATALOG.get("us-sherman-m4")!.vehicle!;
  it.each([
    [40.0, false],
    [40.1, true],
  ])("a Sherman's hull front %s cm from a rifleman's base: long range %s", async (gap, long) => {
    const x = 20 + sherman.length / 2 + gap + 1.25;
    const { report, verdict } = await line(
      [],
      [{ id: "sherman", model: "us-sherman-m4", position: [20, 60], heading: 90, side: "A" }, ger("target", x)],
      "sherman",
      "target",
      { weapon: "main-gun", game: allMoved(["target"]) },
    );
    expect(report.distance.edgeToEdge).toBeCloseTo(gap, 6);
    expect(verdict.sight.longRange).toBe(long);
    expect(verdict.toHit!.modifiers.some((m) => /beyond 16"\/40 cm/.test(m.reason))).toBe(long);
    expect(verdict.toHit!.need).toBe(long ? 5 : 4);
  });
});

describe("armour facing (§4.3)", () => {
  it("a Panther shot from beside its turret line but behind its hull line is 'between'", async () => {
    // The Panther faces +z with its turret traversed to +x; the Sherman stands level with its centre, to the east.
    const { report, verdict } = await line(
      [],
      [
        { id: "panther", model: "ger-panther", position: [100, 60], heading: 0, turretHeading: 90, side: "B" },
        { id: "sherman", model: "us-sherman-m4", position: [140, 60], heading: -90, side: "A" },
      ],
      "sherman",
      "panther",
      { weapon: "main-gun" },
    );
    expect(report.facing.hull.inFrontHalf).toBe(false);
    expect(report.facing.turret!.inFrontHalf).toBe(true);
    expect(verdict.sight).toMatchObject({ hullFront: false, turretFront: true });
  });
});
