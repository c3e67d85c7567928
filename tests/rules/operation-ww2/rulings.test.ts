/**
 * The rulings issue 8 §1 found wrong, each against the source's own words (seed file and line: 000 is v1,
 * 004 is v2.0, in ../shared/seeds), on hand-written sight facts and scripted dice.
 */
import { describe, expect, it } from "vitest";
import { type Ow2FireDeclaration, operationWw2 } from "../../../src/rules/operation-ww2";
import type { Ow2Context } from "../../../src/rules/operation-ww2/context";
import { applyVehicleEffects, MARKER } from "../../../src/rules/operation-ww2/hits";
import { Referee } from "../../../src/rules/operation-ww2/referee";
import { loadOw2Tables, type Ow2TableData, TABLE_FILES } from "../../../src/rules/operation-ww2/tables";
import { firedFromHeight } from "../../../src/rules/operation-ww2/vehicles";
import { losVerdict } from "../../../src/rules/operation-ww2/verdict";
import type { TemplateGeometry } from "../../../src/rules/ruleset";
import type { Placed } from "../../helpers/scene";
import { contextFor, fakeReport, judgeWith, type ReportFacts, scriptedDice } from "./fakes";

function tablesWith<K extends keyof Ow2TableData>(table: K, edit: (data: Ow2TableData[K]) => void) {
  const file = TABLE_FILES.find((f) => f.table === table)!;
  const data = structuredClone(file.data) as Ow2TableData[K];
  edit(data);
  const result = loadOw2Tables([{ ...file, data }]);
  if (!result.ok) throw new Error(result.errors.join("\n"));
  return result.tables;
}

const resolve = (
  ctx: Ow2Context,
  decl: Ow2FireDeclaration,
  facts: (target: string, shooter: string) => ReportFacts,
  dice: number[],
  geometry?: TemplateGeometry,
) =>
  operationWw2.resolveFire(
    decl,
    judgeWith(ctx, decl, (r) => facts(r.target, r.shooter)),
    scriptedDice(dice),
    ctx,
    geometry,
  );
const stepsOf = (r: { details: { steps: ReadonlyArray<{ text: string; rule: string }> } }) => r.details.steps.map((s) => `${s.text} [${s.rule}]`).join("\n");
const squad = (prefix: string, model: string, n: number, side: "A" | "B", x: number): Placed[] =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}-${i + 1}`, model, position: [x, 50 + i * 3] as [number, number], side, unit: prefix }));

describe("1. v2.0 flamethrower interrupting a move: 1d10 models hit, L(24) +5 (004 l.169–173)", () => {
  const tables = tablesWith("profiles", (p) => {
    p.models["ger-rifleman"]!.carried = ["heavy-flamethrower"];
  });
  const models = [{ id: "flamer", model: "ger-rifleman", position: [20, 56], side: "A", unit: "flamer" } as Placed, ...squad("gis", "us-rifleman", 5, "B", 32)];
  const decl: Ow2FireDeclaration = { shooter: "flamer", target: "unit-gis", weapon: "heavy-flamethrower", order: "ambush", interruptingMove: true };

  it("one to-hit roll, then 1d10 + 5 models hit, each rolled on the heavy weapons column without cover; no teardrop is laid", () => {
    const ctx = contextFor(models, { tables });
    // 6 hits (5+); 2 + 5 = 7 models hit, 5 stand there: 2 lost; five damage rolls.
    const result = resolve(ctx, decl, () => ({ distance: 10 }), [6, 2, 10, 10, 10, 10, 10]);
    expect(result.details.dice.map((d) => d.purpose)).toEqual(["to-hit", "count", "damage", "damage", "damage", "damage", "damage"]);
    expect(result.details.dice[1]).toMatchObject({ total: 7, meaning: "models hit: 2 +5 (L24) = 7", rule: "§8.5" });
    expect(stepsOf(result)).toMatch(/interrupting the move with L24: 2 \+5 = 7 models hit; 2 lost/);
    expect(stepsOf(result)).toMatch(/flames ignore cover/);
    expect(result.outcomes.filter((o) => o.effect === "casualty")).toHaveLength(5);
  });
});

describe('2. v2.0 re-roll of repeated fire only for a gun: "ismételt közvetlen tüzelés ágyúval" (004 l.165–167)', () => {
  it("an MG 42 firing again at the same target re-rolls nothing", () => {
    const ctx = contextFor([{ id: "mg", model: "ger-mg42-team", position: [20, 56], side: "A" }, ...squad("gis", "us-rifleman", 3, "B", 60)]);
    const decl: Ow2FireDeclaration = { shooter: "mg", target: "unit-gis", repeatedFire: true };
    expect(judgeWith(ctx, decl, () => ({ distance: 30 })).firers[0]!.rulings).toContainEqual({
      reason: "only a gun firing again re-rolls its misses; MG 42 (light MG, bipod) does not",
      rule: "§9.9",
    });
    const result = resolve(ctx, decl, () => ({ distance: 30 }), [2, 2, 2, 2, 2, 2, 2, 2]);
    expect(result.rolls).toHaveLength(8);
    expect(result.rolls.some((r) => /re-rolled/.test(r.reason))).toBe(false);
  });

  it("a tank gun firing again re-rolls its miss", () => {
    const ctx = contextFor(
      [
        { id: "sherman", model: "us-sherman-m4", position: [20, 60], heading: 90, side: "A" },
        { id: "panzer", model: "ger-panzer-iv", position: [70, 60], heading: 270, side: "B" },
      ],
      { game: { units: { "unit-panzer": { spottingState: "firing" } } } },
    );
    const result = resolve(ctx, { shooter: "sherman", target: "panzer", ammunition: "AP", repeatedFire: true }, () => ({ distance: 45 }), [3, 9, 1]);
    expect(result.details.dice.slice(0, 2).map((d) => d.meaning)).toEqual(["to-hit 7+ → miss", "re-rolled to-hit 7+ → hit"]);
    expect(result.details.dice[1]!.rule).toBe("§9.9");
  });
});

describe("3. v1 other vehicle in the line of fire: the hit is read on the hiding vehicle's own column (000 l.802)", () => {
  const models: Placed[] = [
    { id: "panther", model: "ger-panther", position: [20, 60], heading: 90, side: "A" },
    { id: "sherman", model: "us-sherman-m4", position: [60, 60], heading: 270, side: "B", unit: "us" },
    { id: "halftrack", model: "ger-sdkfz-251", position: [90, 60], heading: 270, side: "B", unit: "us" },
  ];
  // The Sherman hides the half-track's hull completely; its crew compartment shows.
  const facts = (target: string): ReportFacts =>
    target === "halftrack"
      ? {
          distance: 70,
          visibleFraction: 0.3,
          occluders: [{ id: "sherman", kind: "model", parts: ["hull"], samples: 30 }],
          parts: [
            { part: "hull", samples: 30, visible: 0, fraction: 0, blockedBy: ["sherman"] },
            { part: "crew", samples: 6, visible: 6, fraction: 1, blockedBy: [] },
          ],
        }
      : { distance: 40 };

  it("a heavy gun's natural 3 on the half-track's hull goes to the Sherman with the Sherman's modifiers: +1 heavy gun, −1 medium armour = 3, not 6", () => {
    const ctx = contextFor(models, { options: { version: "v1" } });
    const result = resolve(ctx, { shooter: "panther", target: "halftrack", ammunition: "AP" }, (t) => facts(t), [9, 3, 5, 5, 5, 5, 5, 5]);
    expect(stepsOf(result)).toMatch(/damage 3: the part of halftrack it strikes is completely hidden by sherman/);
    expect(stepsOf(result)).toMatch(
      /sherman hit by the 7\.5 cm KwK 42 L\/70, AP of panther: damage 3 \+1 \(heavy gun against a medium tank\) −1 \(medium armour on the front\) = 3 on the heavy-weapons medium-tank column/,
    );
    expect(result.details.dice[1]).toMatchObject({ model: "sherman", value: 3, total: 3 });
  });
});

describe("4. high walls stop infantry (000 l.191); a vehicle fires where a straight line from its weapon reaches (000 l.739)", () => {
  const models: Placed[] = [
    { id: "panzer", model: "ger-panzer-iv", position: [20, 60], heading: 90, side: "A" },
    { id: "ger", model: "ger-rifleman", position: [22, 70], side: "A" },
    { id: "sherman", model: "us-sherman-m4", position: [80, 60], heading: 270, side: "B" },
  ];
  const highWall: ReportFacts = {
    distance: 55,
    visibleFraction: 0.7,
    occluders: [{ id: "wall-1", kind: "wall", parts: ["hull"], samples: 12 }],
    linearObstacles: [
      {
        id: "wall-1",
        kind: "wall",
        height: 2.7,
        thickness: 1,
        onCentreLine: true,
        alongLine: 50,
        distanceFromShooter: 50,
        distanceFromTarget: 2,
        shooterTouches: false,
        targetTouches: false,
        clearance: 0.5,
        top: 2.7,
      },
    ],
  };

  it("the Panzer IV's turret gun that sees 70 % of the Sherman over a high wall may fire; a rifleman may not", () => {
    const ctx = contextFor(models);
    const gun = losVerdict(fakeReport({ shooter: "panzer", target: "sherman", weapon: "main-gun" }, highWall), ctx);
    expect(gun.canSee).toBe(true);
    expect(gun.rulings.map((r) => r.reason)).toContain(
      "wall-1 (wall, 2.7 cm) is high, but a vehicle fires wherever a straight line from its weapon reaches the target",
    );
    const rifle = losVerdict(fakeReport({ shooter: "ger", target: "sherman", weapon: "small-arms" }, highWall), ctx);
    expect(rifle.canSee).toBe(false);
  });
});

describe("5. 6–8-wheeled vehicles need two Wheel results to halve their movement (000 l.824–826)", () => {
  const eightWheels = tablesWith("profiles", (p) => {
    p.models["us-jeep"]!.wheels = 8;
  });
  const wheelHits = (markers: string[], tables?: ReturnType<typeof tablesWith>) => {
    const ctx = contextFor([{ id: "car", model: "us-jeep", position: [60, 60], side: "B" }], tables ? { tables } : {});
    const ref = new Referee(ctx, scriptedDice([]));
    applyVehicleEffects(ref, { ...ctx.models.get("car")!, markers }, ["wheel"], {
      section: "heavy-weapons",
      weaponName: "a gun",
      rolls: [],
      crewCover: "light",
      shield: false,
    });
    return ref.finalOutcomes().map((o) => o.detail);
  };

  it("8 wheels: the first marks the wheel, the second halves the movement, the third immobilises", () => {
    expect(wheelHits([], eightWheels)).toEqual([MARKER.firstWheel]);
    expect(wheelHits([MARKER.firstWheel], eightWheels)).toEqual([MARKER.wheel]);
    expect(wheelHits([MARKER.firstWheel, MARKER.wheel], eightWheels)).toEqual([MARKER.immobilised]);
  });

  it("4 wheels: the first halves the movement (000 l.824)", () => {
    expect(wheelHits([])).toEqual([MARKER.wheel]);
    expect(wheelHits([MARKER.wheel])).toEqual([MARKER.immobilised]);
  });
});

describe("6. v2.0 −3 for indirect fire at vehicle passengers (004 l.24)", () => {
  const tables = tablesWith("profiles", (p) => {
    p.models["us-rifleman"]!.carried = ["light-mortar"];
  });
  const models: Placed[] = [
    { id: "mortar", model: "us-rifleman", position: [20, 60], side: "A" },
    { id: "halftrack", model: "ger-sdkfz-251", position: [60, 60], heading: 270, side: "B" },
  ];
  const decl: Ow2FireDeclaration = {
    shooter: "mortar",
    target: "halftrack",
    weapon: "light-mortar",
    indirect: true,
    exposedCrew: true,
    targetSeenAtOrder: true,
  };
  const game = { models: { halftrack: { carriesInfantry: true } } };

  it("may be fired: 7+ on the infantry column, −3 (and not the −2 of direct fire) → 10+", () => {
    const v = judgeWith(contextFor(models, { tables, game }), decl, () => ({ distance: 40 }));
    const shot = v.firers[0]!.shots[0]!;
    expect(shot.canFire).toBe(true);
    expect(shot.group).toBe("crew of halftrack");
    expect(shot.modifiers.map((m) => [m.value, m.reason])).toEqual([[-3, "indirect fire at vehicle passengers"]]);
    expect(shot.need).toBe(10);
  });

  it("v1 has no such modifier and keeps indirect fire off carried infantry", () => {
    const v = judgeWith(contextFor(models, { tables, game, options: { version: "v1" } }), decl, () => ({ distance: 40 }));
    expect(v.valid).toBe(false);
    expect(v.firers[0]!.shots[0]!.rulings.at(-1)!.reason).toBe("only small arms may fire at the carried infantry; 5 cm light mortar may not");
  });
});

describe("7. the smaller rulings", () => {
  it("firing from height: v2.0 measures the firer's height above ground level (004 l.79), v1 its height over the target", () => {
    // The firer stands 10 cm up a tower; the target is on a hill 8 cm high, 9 cm away.
    const report = fakeReport({ shooter: "a", target: "b" }, { distance: 9 });
    const onHill = { ...report, distance: { ...report.distance, shooterElevation: 10, targetElevation: 8, heightDifference: -2 } };
    expect(firedFromHeight(onHill, contextFor([]))).toBe(true);
    expect(firedFromHeight(onHill, contextFor([], { options: { version: "v1" } }))).toBe(false);
  });

  describe("a template centred on a gun also hits its crew; the shield counts from the front only (000 l.357)", () => {
    const models: Placed[] = [
      { id: "sherman", model: "us-sherman-m4", position: [20, 60], heading: 90, side: "A" },
      { id: "pak", model: "ger-pak40", position: [60, 60], heading: 270, side: "B" },
    ];
    const geometry: TemplateGeometry = {
      modelsUnder: () => ({ models: [{ id: "pak", unitId: "unit-pak", side: "B", feetY: 0, overlap: 1 }], shielded: [] }),
      table: { width: 180, depth: 120 },
    };
    const shoot = (quadrant: "front" | "left") => {
      const ctx = contextFor(models, { game: { units: { "unit-pak": { spottingState: "firing" } } } });
      const facing = { hull: { bearing: quadrant === "front" ? 0 : -90, quadrant, inFrontHalf: quadrant === "front" } };
      // HE hits the gun on 6+; the artillery column's roll; then the crewman's shield save (front only) or damage.
      return resolve(ctx, { shooter: "sherman", target: "pak", ammunition: "HE" }, () => ({ distance: 38, facing }), [8, 1, 3, 9], geometry);
    };

    it("from the front: the artillery roll, then a crewman saved by the shield on 3", () => {
      const r = shoot("front");
      expect(r.details.dice.map((d) => d.purpose)).toEqual(["to-hit", "damage", "save"]);
      expect(r.details.dice[2]!.meaning).toBe("shield save 3: 1–4, the shield stops the hit");
    });

    it("from the side: the crewman is rolled without the shield", () => {
      const r = shoot("left");
      expect(r.details.dice.map((d) => d.purpose)).toEqual(["to-hit", "damage", "damage"]);
      expect(r.details.dice[2]!.meaning).toMatch(/^crew damage 3, a crewman in \w+ cover → /);
    });
  });

  it("the −2 for a trench is cancelled by standing next to it only under v2.0 (004 l.16); v1 keeps its −1", () => {
    const trench = {
      id: "trench-1",
      kind: "trench" as const,
      lengthInside: 1,
      intervals: [[19, 20]] as [number, number][],
      shooterInside: true,
      targetInside: true,
      depthToTarget: 1,
      height: 2,
    };
    const models: Placed[] = [
      { id: "us", model: "us-rifleman", position: [20, 60], side: "A" },
      { id: "ger", model: "ger-rifleman", position: [30, 60], side: "B" },
    ];
    const shot = (version: "v1" | "v2.0") =>
      judgeWith(contextFor(models, { options: { version } }), { shooter: "us", target: "ger" }, () => ({ distance: 8, areas: [trench] })).firers[0]!.shots[0]!;
    expect(shot("v2.0").modifiers.map((m) => m.reason)).not.toContain("target in a trench");
    expect(shot("v1").modifiers.map((m) => [m.value, m.reason])).toContainEqual([-1, "target in a trench"]);
  });

  describe("v2.0: an anti-aircraft weapon's arc is 360° standing, 180° after the vehicle moved (004 l.61)", () => {
    const models: Placed[] = [
      { id: "sherman", model: "us-sherman-m4", position: [60, 60], heading: 90, side: "A" },
      { id: "ger", model: "ger-rifleman", position: [20, 60], side: "B" },
    ];
    const behind: ReportFacts = { distance: 38, arc: { weapon: "aa-mg", arc: 360, bearing: 180, inArc: true } };
    const shot = (moved: boolean, version: "v1" | "v2.0" = "v2.0") =>
      judgeWith(
        contextFor(models, { options: { version }, game: { units: { "unit-sherman": { movedThisTurn: moved }, "unit-ger": { spottingState: "firing" } } } }),
        { shooter: "sherman", target: "ger", weapon: "aa-mg" },
        () => behind,
      ).firers[0]!;

    it("fires behind it while standing, not after moving; v1 keeps 360°", () => {
      expect(shot(false).canFire).toBe(true);
      const moved = shot(true);
      expect(moved.canFire).toBe(false);
      expect(moved.shots[0]!.rulings.at(-1)!.reason).toBe(`outside the 180° arc of the pintle ${moved.weapon!.profile.name} (180° off its axis)`);
      expect(moved.shots[0]!.rulings.map((r) => r.reason)).toContain(
        `${moved.weapon!.profile.name} is an anti-aircraft weapon and sherman moved this turn: its arc is 180°, not 360°`,
      );
      expect(shot(true, "v1").canFire).toBe(true);
    });
  });

  it("a weapon that exposes a crewman (exposesCrew) lets the tank spot without the −25 cm (§5.7)", () => {
    const ctx = contextFor([
      { id: "sherman", model: "us-sherman-m4", position: [20, 60], heading: 90, side: "A" },
      { id: "ger", model: "ger-rifleman", position: [80, 60], side: "B" },
    ]);
    const spotting = (weapon: string) => losVerdict(fakeReport({ shooter: "sherman", target: "ger", weapon }, { distance: 58 }), ctx).spotting;
    expect(spotting("aa-mg").modifiers).toEqual([]);
    expect(spotting("main-gun").modifiers.map((m) => m.value)).toEqual([-25]);
  });
});

describe("8. the Sherman / 250/9 / Panther example (000 l.802–803) holds under the default options", () => {
  const models: Placed[] = [
    { id: "sherman", model: "us-sherman-m4", position: [20, 60], heading: 90, side: "A" },
    { id: "panther", model: "ger-panther", position: [70, 57], heading: 0, side: "B" },
    { id: "halftrack", model: "ger-sdkfz-251", position: [100, 62], heading: 0, side: "B" },
  ];
  const facts = (target: string): ReportFacts =>
    target === "halftrack"
      ? {
          distance: 70,
          visibleFraction: 0.5,
          occluders: [{ id: "panther", kind: "model", parts: ["hull", "turret"], samples: 18 }],
          parts: [
            { part: "hull", samples: 30, visible: 18, fraction: 0.6, blockedBy: ["panther"] },
            { part: "gun", samples: 6, visible: 0, fraction: 0, blockedBy: ["panther"] },
          ],
        }
      : { distance: 45 };
  // The example is v1's (v2.0 replaces it with a precision test, 004); every other option as shipped.
  const declaration: Ow2FireDeclaration = { shooter: "sherman", target: "halftrack", ammunition: "AP" };

  it("hits with an 8; the 6 strikes the main weapon, hidden by the Panther; 8 does not reach the Panther's 9: the shot bounces", () => {
    const ctx = contextFor(models, { options: { version: "v1" } });
    expect(ctx.options.armourModifiers).toBe("all-damage-rolls");
    const result = resolve(ctx, declaration, facts, [8, 6]);
    expect(stepsOf(result)).toMatch(
      /damage 6: the part of halftrack it strikes is completely hidden by panther, which becomes the target; the noted to-hit roll 8 does not reach the 9\+ 75 mm M3, AP needs against panther \(heavy-tank\): the shot bounces off/,
    );
    expect(result.outcomes).toEqual([{ model: "panther", effect: "no-effect", detail: "" }]);
  });

  it("with a long barrel the 8 hits the Panther and the 6 is read on the Panther's column", () => {
    const tables = tablesWith("weapons", (w) => {
      w["m3-75-ap"]!.longBarrel = true;
    });
    const ctx = contextFor(models, { options: { version: "v1" }, tables });
    const result = resolve(ctx, declaration, facts, [8, 6, 5, 5, 5, 5]);
    expect(stepsOf(result)).toMatch(/the noted to-hit roll 8 \+1 long barrel reaches the 9\+/);
    expect(stepsOf(result)).toMatch(/panther hit by .*: damage 6 −2 \(heavy armour on the front\) = 4 on the heavy-weapons heavy-tank column/);
    expect(result.outcomes.map((o) => o.model)).toEqual(["panther"]);
  });
});

describe("9. the verdict first says why the target cannot be engaged (§5.3 before §5.6)", () => {
  const models: Placed[] = [
    { id: "sherman", model: "us-sherman-m4", position: [20, 60], heading: 90, side: "A" },
    { id: "panther", model: "ger-panther", position: [120, 60], heading: 270, side: "B", unit: "armour" },
    { id: "panzer", model: "ger-panzer-iv", position: [170, 90], heading: 270, side: "B", unit: "armour" },
  ];
  // 88 % of the Panther is in sight, but the line crosses 8.9 cm of wood; the Panzer IV is in the open, too far to spot.
  const facts = (target: string): ReportFacts =>
    target === "panther"
      ? {
          distance: 95,
          visibleFraction: 0.88,
          occluders: [{ id: "rise", kind: "hill", parts: ["hull"], samples: 4 }],
          areas: [{ id: "copse", kind: "woods", lengthInside: 8.9, intervals: [[40, 48.9]], shooterInside: false, targetInside: false, height: 8 }],
        }
      : { distance: 150 };

  it("Sherman → Panther: the wood blocks sight under §5.3, said before anything about spotting", () => {
    const v = judgeWith(contextFor(models), { shooter: "sherman", target: "panther" }, (r) => facts(r.target));
    expect(v.valid).toBe(false);
    expect(v.rulings[0]).toEqual({
      reason: "sherman cannot see panther: the line crosses 8.9 cm inside woods copse; sight reaches at most 5 cm into it",
      rule: "§5.3",
    });
    expect(v.rulings.findIndex((r) => r.rule === "§5.6")).toBeGreaterThan(0);
  });
});
