/**
 * Flames of War's Bulletproof Cover and what hides a tank, against the Polish text (seed 003), on real
 * Rapier scenes whose answer is known by construction (a model touching a wall or not, standing in a
 * crater or not, a hull behind a hedge rather than a hill's crest):
 * - line 414: walls, stone fences and wrecks give Bulletproof Cover only to models directly behind them
 *   that touch them ("tylko tym modelom, które się bezpośrednio za nimi znajdują (muszą się z nią stykać)");
 * - line 431: infantry and guns in buildings, craters ("w lejach"), trenches, gun pits have it, and so do
 *   those Concealed by buildings, stone walls and bocage; a wreck gives it to infantry touching it when the
 *   line of fire passes through it;
 * - line 501: a linear obstacle (hedge, wall) between two models Concealed both; a model touching it is
 *   Concealed and sees clearly;
 * - line 502: hull down is a vehicle on a hill's slope with only its turret over the crest.
 */
import { describe, expect, it } from "vitest";
import { MODEL_CATALOG } from "../../../src/core/miniatures/shipped";
import { tableContext } from "../../../src/rules/context";
import { flamesOfWar } from "../../../src/rules/flames-of-war";
import type { FowGameState } from "../../../src/rules/flames-of-war/types";
import { losVerdict } from "../../../src/rules/flames-of-war/verdict";
import { sightReport } from "../../../src/sight/lineOfSight";
import { type Placed, world } from "../../helpers/scene";

type Features = Parameters<typeof world>[0];

const reasons = (v: { rulings: ReadonlyArray<{ reason: string; rule: string }> }) => v.rulings.map((r) => `${r.reason} (${r.rule})`).join("\n");
const us = (id: string, x: number, z = 60): Placed => ({ id, model: "us-rifleman", position: [x, z], side: "A" });
const ger = (id: string, x: number, z = 60): Placed => ({ id, model: "ger-rifleman", position: [x, z], side: "B" });
/** Everybody moved: no infantry is Concealed for standing still in the open, so terrain alone decides. */
const allMoved = (ids: string[]): FowGameState => ({ models: Object.fromEntries(ids.map((id) => [id, { moved: true }])) });

async function line(features: Features, models: Placed[], shooter: string, target: string, weapon?: string, game = allMoved(models.map((m) => m.id))) {
  const w = await world(features, models);
  const report = sightReport(w, shooter, target, weapon ? { weapon } : {});
  const ctx = flamesOfWar.createContext(tableContext(w.battlefield), { game });
  return { report, verdict: losVerdict(report, ctx) };
}

// A wall along x = 100, 1.8 cm high (a rifleman shows over it), 1 cm thick: its far face at x = 100.5.
const wallOf = (material: "stone" | "wood") => ({
  id: "wall-1",
  kind: "wall" as const,
  material,
  path: [
    [100, 10],
    [100, 110],
  ] as [number, number][],
  height: 1.8,
  thickness: 1,
});
/** A rifleman's base (2.5 cm round) touching the wall's far face, and one 3 cm further back. */
const touching = 100.5 + 1.25;
const behind = touching + 3;

describe("walls give Bulletproof Cover only in contact (line 414)", () => {
  it("infantry touching a stone wall is Concealed and behind Bulletproof Cover", async () => {
    const { verdict } = await line([wallOf("stone")], [us("shooter", 70), ger("team", touching)], "shooter", "team");
    expect(verdict.sight.terrainConcealed).toBe(true);
    expect(verdict.sight.bulletproof).toBe(true);
    expect(verdict.cover.class).toBe("bulletproof");
    expect(reasons(verdict)).toMatch(/team touches wall-1 \(wall\): it is Concealed and behind Bulletproof Cover/);
  });

  it("3 cm behind the same wall, not touching it: Concealed, but no Bulletproof Cover", async () => {
    const { verdict } = await line([wallOf("stone")], [us("shooter", 70), ger("team", behind)], "shooter", "team");
    expect(verdict.sight.terrainConcealed).toBe(true);
    expect(verdict.sight.bulletproof).toBe(false);
    expect(verdict.cover.class).toBe("concealed");
    expect(reasons(verdict)).toMatch(
      /wall-1 \(wall\) lies between them: both are Concealed; no Bulletproof Cover, which a wall gives only to a model directly behind it and touching it/,
    );
  });

  it("a wooden fence is no wall or stone fence: Concealed in contact, never Bulletproof", async () => {
    const { verdict } = await line([wallOf("wood")], [us("shooter", 70), ger("team", touching)], "shooter", "team");
    expect(verdict.sight.terrainConcealed).toBe(true);
    expect(verdict.sight.bulletproof).toBe(false);
  });

  it("bocage Concealing a team is Bulletproof Cover without contact (line 431: 'żywopłoty Bocage')", async () => {
    const bocage = { id: "bocage-1", kind: "bocage" as const, path: wallOf("stone").path, height: 2, thickness: 1 };
    const { verdict } = await line([bocage], [us("shooter", 70), ger("team", behind)], "shooter", "team");
    expect(verdict.sight.bulletproof).toBe(true);
    expect(reasons(verdict)).toMatch(/bocage-1 \(bocage\) lies between them: both are Concealed; bocage gives Bulletproof Cover/);
  });
});

describe("a wreck gives Bulletproof Cover to infantry touching it, the line of fire through it (lines 414, 431)", () => {
  // A Kübelwagen wreck lying across the line of fire at x = 100 (it hides a third of the team); the team on its far side.
  const kubel = MODEL_CATALOG.get("ger-kubelwagen")!.vehicle!;
  const wreck = { id: "wreck-1", kind: "wreck" as const, model: "ger-kubelwagen", at: [100, 60] as [number, number], heading: 0 };
  const farSide = 100 + kubel.width / 2;

  it.each([
    [0, true],
    [3, false],
  ])("the team %i cm from the wreck: Bulletproof Cover %s", async (gap, proof) => {
    const { report, verdict } = await line([wreck], [us("shooter", 70), ger("team", farSide + 1.25 + gap)], "shooter", "team");
    expect(report.occluders.some((o) => o.id === "wreck-1")).toBe(true);
    expect(verdict.canSee).toBe(true);
    expect(verdict.sight.bulletproof).toBe(proof);
    if (proof) expect(reasons(verdict)).toMatch(/team touches wreck-1 \(wreck\) and the line of fire passes through it: Bulletproof Cover \(§4\.8\)/);
  });
});

describe("a shell crater is Bulletproof Cover for the infantry in it (line 431: 'w lejach')", () => {
  const crater = { id: "crater-1", kind: "crater" as const, at: [100, 60] as [number, number], radius: 4, depth: 1 };

  it("a team in the crater has Bulletproof Cover; the same team beside it has none", async () => {
    const inside = await line([crater], [us("shooter", 70), ger("team", 100)], "shooter", "team");
    expect(inside.report.areas.find((a) => a.id === "crater-1")?.targetInside).toBe(true);
    expect(inside.verdict.sight.bulletproof).toBe(true);
    expect(reasons(inside.verdict)).toMatch(/team is in crater-1 \(a shell crater\): Bulletproof Cover/);
    const beside = await line([crater], [us("shooter", 70), ger("team", 100, 75)], "shooter", "team");
    expect(beside.verdict.sight.bulletproof).toBe(false);
  });

  it("a vehicle in a crater gets none: Bulletproof Cover is for infantry and guns", async () => {
    const tanks: Placed[] = [
      { id: "sherman", model: "us-sherman-m4", position: [40, 60], heading: 90, side: "A" },
      { id: "panzer", model: "ger-panzer-iv", position: [100, 60], heading: -90, side: "B" },
    ];
    const { verdict } = await line([{ ...crater, radius: 6 }], tanks, "sherman", "panzer", "main-gun");
    expect(verdict.sight.bulletproof).toBe(false);
    expect(reasons(verdict)).not.toMatch(/Bulletproof/);
  });
});

describe("a tank whose turret alone shows over a hedge is not hull down (lines 501, 502)", () => {
  // A hedge 3.6 cm tall along x = 100 hides a Panzer IV's hull (its top at 3.4 cm), not its turret.
  const hedge = { id: "hedge-1", kind: "hedge" as const, path: wallOf("stone").path, height: 3.6, thickness: 1.5 };
  const tanks = (panzerX: number): Placed[] => [
    { id: "sherman", model: "us-sherman-m4", position: [60, 60], heading: 90, side: "A" },
    { id: "panzer", model: "ger-panzer-iv", position: [panzerX, 60], heading: -90, side: "B" },
  ];

  it("touching the hedge: Concealed by the hedge (§2.2), not hull down, and no Bulletproof Cover", async () => {
    const { report, verdict } = await line([hedge], tanks(105), "sherman", "panzer", "main-gun");
    // The sight engine finds the hull hidden and the turret showing; only a hill's crest makes that hull down.
    expect(report.hullDown).toBe(true);
    expect(verdict.sight.hullDown).toBe(false);
    expect(verdict.sight.terrainConcealed).toBe(true);
    expect(reasons(verdict)).toMatch(/panzer touches hedge-1 \(hedge\): it is Concealed \(§2\.2\)/);
    expect(reasons(verdict)).not.toMatch(/hull down/);
  });

  it("a stone wall instead: Concealed, and a tank is never said to be behind Bulletproof Cover", async () => {
    const wall = { ...wallOf("stone"), height: 3.6 };
    const { verdict } = await line([wall], tanks(105), "sherman", "panzer", "main-gun");
    expect(verdict.sight.terrainConcealed).toBe(true);
    expect(verdict.sight.bulletproof).toBe(false);
    expect(reasons(verdict)).not.toMatch(/Bulletproof/);
    expect(reasons(verdict)).not.toMatch(/hull down/);
  });
});

describe("the training ruling ends on the score used (line 519 for the table, line 521 for the +1)", () => {
  // The rifleman stands still (no ROF-1 +1); the target moved (not Concealed in the open).
  const targetMoved: FowGameState = { models: { target: { moved: true } } };

  it('a Veteran in the open beyond 16"/40 cm: 4+ in the table, +1 for the range: needs 5+', async () => {
    const { verdict } = await line([], [us("shooter", 20), ger("target", 20 + 2.5 + 45)], "shooter", "target", undefined, targetMoved);
    expect(verdict.toHit!.need).toBe(5);
    const training = verdict.rulings.find((r) => / is veteran /.test(r.reason))!;
    expect(training.reason).toBe('target is veteran (its stat line), in the open: 4+; +1 beyond 16"/40 cm (45.0 cm): needs 5+');
  });

  it("within 40 cm, nothing added: the ruling stops at the table's 4+", async () => {
    const { verdict } = await line([], [us("shooter", 20), ger("target", 20 + 2.5 + 30)], "shooter", "target", undefined, targetMoved);
    expect(verdict.toHit!.need).toBe(4);
    expect(verdict.rulings.find((r) => / is veteran /.test(r.reason))!.reason).toBe("target is veteran (its stat line), in the open: 4+");
  });
});
