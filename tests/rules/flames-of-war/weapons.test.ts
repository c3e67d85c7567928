/**
 * A team firing several weapons in one shot, through a real Rapier scene (seed 003): "each weapon's dice and
 * score, rolled apart" (l.507), "all the weapons of one model at targets of one platoon" (l.524), a vehicle's
 * weapons other than the main one at ROF 1 (l.481), and the hits shared out by weapon (l.538 rule 5, l.540
 * rule 7: the higher-AT weapon's hits go to the armoured vehicles).
 */
import { describe, expect, it } from "vitest";
import { createBattlefield } from "../../../src/core/battlefield";
import { createCatalog } from "../../../src/core/modelDefinition";
import { parseScenario } from "../../../src/core/scenario/load";
import { tableContext } from "../../../src/rules/context";
import { flamesOfWar } from "../../../src/rules/flames-of-war";
import type { FowFireDeclaration, FowGameState } from "../../../src/rules/flames-of-war/types";
import { judgeFire } from "../../../src/rules/judge";
import { sightOptionsOf } from "../../../src/rules/ruleset";
import { sightReport } from "../../../src/sight/lineOfSight";
import { type Placed, TEST_CATALOG, world } from "../../helpers/scene";
import { fakeReport, scriptedDice } from "../operation-ww2/fakes";

// The Sherman at (60, 50) faces +z; the German platoon (a Panzer IV and two riflemen, all having moved: 4+)
// stands 30 cm ahead, within every weapon's range (MGs 40 cm) and in the hull MG's ±90° arc.
const sherman: Placed = { id: "sh", model: "us-sherman-m4", position: [60, 50], side: "A", unit: "us" };
const ahead: Placed[] = [
  { id: "pz", model: "ger-panzer-iv", position: [40, 80], side: "B", unit: "ger" },
  { id: "g1", model: "ger-rifleman", position: [70, 80], side: "B", unit: "ger" },
  { id: "g2", model: "ger-rifleman", position: [80, 80], side: "B", unit: "ger" },
];
const moved = (ids: readonly string[]): FowGameState => ({ models: Object.fromEntries(ids.map((id) => [id, { moved: true }])) });

async function judge(placed: Placed[], declaration: FowFireDeclaration) {
  const w = await world([], placed);
  const ctx = flamesOfWar.createContext(tableContext(w.battlefield), { game: moved(placed.filter((p) => p.side === "B").map((p) => p.id)) });
  return { ctx, verdict: judgeFire(flamesOfWar, declaration, ctx, (r) => sightReport(w, r.shooter, r.target, sightOptionsOf(r))) };
}

describe("a team's several weapons in one shot (003 l.481, l.507, l.524)", () => {
  it("each weapon has its own dice and score: the main gun at full ROF, the others at ROF 1", async () => {
    const { verdict } = await judge([sherman, ...ahead], { shooter: "unit-us", target: "unit-ger", allWeapons: true });
    expect(verdict.valid).toBe(true);
    expect(verdict.firers.map((f) => [f.model, f.weapon?.id, f.dice, f.canFire])).toEqual([
      ["sh", "main-gun", 2, true],
      ["sh", "coax-mg", 1, true],
      ["sh", "hull-mg", 1, true],
      ["sh", "aa-mg", 1, true],
    ]);
    // Veterans that moved, in the open: 4+ for every weapon (l.517).
    expect(verdict.firers.map((f) => f.need)).toEqual([4, 4, 4, 4]);
    const coax = verdict.firers[1]!.rulings.map((r) => r.reason);
    expect(coax).toContain("not the vehicle's primary weapon: ROF 1 whether it moved or not");
    expect(coax).toContain("easiest target for sh's Coaxial MG: pz, 4+");
  });

  it("without the flag a team fires its main weapon alone", async () => {
    const { verdict } = await judge([sherman, ...ahead], { shooter: "unit-us", target: "unit-ger" });
    expect(verdict.firers.map((f) => f.weapon?.id)).toEqual(["main-gun"]);
  });

  it("a weapon that cannot reach says so by its own name while the others fire (l.485, l.492)", async () => {
    // The platoon behind the Sherman: outside the hull MG's ±90° (l.492), in the turret's all-round arc.
    const behind = ahead.map((p) => ({ ...p, position: [p.position[0], 100 - p.position[1]] as [number, number] }));
    const { verdict } = await judge([sherman, ...behind], { shooter: "unit-us", target: "unit-ger", allWeapons: true });
    expect(verdict.firers.map((f) => [f.weapon?.id, f.canFire])).toEqual([
      ["main-gun", true],
      ["coax-mg", true],
      ["hull-mg", false],
      ["aa-mg", true],
    ]);
    expect(verdict.rulings.map((r) => r.reason)).toContain("sh's Hull MG cannot fire: every model of unit-ger it sees is outside the arc of its MG");
  });

  it("rolls each weapon apart and sends the main gun's hits to the tank, the MGs' to the riflemen (l.507, l.538–540)", async () => {
    const { ctx, verdict } = await judge([sherman, ...ahead], { shooter: "unit-us", target: "unit-ger", allWeapons: true });
    // Five to-hit dice (2 + 1 + 1 + 1), all hits; then every save and test a 6.
    const result = flamesOfWar.resolveFire(verdict.declaration, verdict, scriptedDice(Array(40).fill(6)), ctx);
    const rolled = result.details.steps.filter((s) => s.rule === "§1.5, §2.7").map((s) => s.text);
    expect(rolled).toEqual([
      "sh (75 mm M3) rolls 2 dice needing 4+ against pz: 2 hits",
      "sh (MG) rolls 1 die needing 4+ against pz: 1 hit",
      "sh (MG) rolls 1 die needing 4+ against pz: 1 hit",
      "sh (M2 .50 cal) rolls 1 die needing 4+ against pz: 1 hit",
    ]);
    const byWeapon = (name: string) => result.details.allocation.filter((a) => a.by === `the ${name} of sh`).map((a) => a.model);
    expect(byWeapon("75 mm M3")).toEqual(["pz", "pz"]);
    // Three small-arms hits on two riflemen: each gets one before either gets a second (rule 1).
    const small = [...byWeapon("MG"), ...byWeapon("M2 .50 cal")];
    expect(small).toHaveLength(3);
    expect(new Set(small)).toEqual(new Set(["g1", "g2"]));
    expect(result.details.allocation.find((a) => a.model === "pz")!.allocatedBy!.reason).toMatch(
      /rule 7: hits of the higher-AT weapon go to the armoured vehicles/,
    );
  });
});

describe("a hull-mounted main gun and the hull MG (003 l.385)", () => {
  // An assault gun: its gun and its MG both in the hull (Begleit Escorts lets such a gun fire the MG with it, l.385).
  const catalog = new Map([
    ...TEST_CATALOG,
    ...createCatalog([
      {
        id: "test-stug",
        name: "Assault gun",
        category: "vehicle",
        vehicle: { class: "tank", width: 3, length: 7 },
        parts: [{ name: "hull", shapes: [{ type: "box", size: [3, 2, 7], at: [0, 1, 0] }] }],
        points: { gun: { at: [0, 1.8, 3.5] }, mg: { at: [0.8, 1.8, 3.4] } },
        weapons: [
          { id: "main-gun", name: "7.5 cm StuK", origin: "gun", arc: 30, mount: "hull" },
          { id: "hull-mg", name: "Hull MG", origin: "mg", arc: 90, mount: "hull" },
        ],
      },
    ]),
  ]);
  const parsed = parseScenario(
    {
      format: "hulldown-scenario",
      version: 1,
      table: { width: 180, depth: 120 },
      features: [],
      forces: [
        { id: "force-A", side: "A", units: [{ id: "unit-stug", models: [{ id: "stug", model: "test-stug", position: [60, 50] }] }] },
        { id: "force-B", side: "B", units: [{ id: "unit-ger", models: [{ id: "g1", model: "ger-rifleman", position: [60, 75] }] }] },
      ],
    },
    catalog,
  );
  if (!parsed.ok) throw new Error("the assault-gun scenario does not load");
  const verdictWith = (options: Record<string, unknown>) => {
    const ctx = flamesOfWar.createContext(tableContext(createBattlefield(parsed.scenario, catalog)), { options });
    const teams = {
      ...ctx.tables.teams,
      "test-stug": {
        type: "tank" as const,
        training: "veteran" as const,
        armour: { front: 7, side: 3 },
        primary: "main-gun",
        weapons: { "main-gun": "kwk40-75mm", "hull-mg": "mg" },
        notes: [],
      },
    };
    return judgeFire(flamesOfWar, { shooter: "unit-stug", target: "unit-ger", allWeapons: true }, { ...ctx, tables: { ...ctx.tables, teams } }, (r) =>
      // Seen whole in the open, 20 cm away.
      fakeReport(r, { parts: [{ part: "figure", samples: 36, visible: 36, fraction: 1, blockedBy: [] }] }),
    );
  };

  it("the hull MG stays silent when the hull-mounted main gun fires", () => {
    const verdict = verdictWith({});
    expect(verdict.firers.map((f) => [f.weapon?.id, f.canFire])).toEqual([
      ["main-gun", true],
      ["hull-mg", false],
    ]);
    expect(verdict.rulings).toContainEqual({
      reason: "stug's Hull MG cannot fire: its main gun is hull-mounted, and only Begleit Escorts fire the hull MG with it",
      rule: "§6.4 (003 l.385)",
    });
  });

  it("under Begleit Escorts it fires with the main gun, at ROF 1 (l.481)", () => {
    const verdict = verdictWith({ begleitEscorts: true });
    expect(verdict.firers.map((f) => [f.weapon?.id, f.canFire, f.dice])).toEqual([
      ["main-gun", true, 2],
      ["hull-mg", true, 1],
    ]);
  });
});
