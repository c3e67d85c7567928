/**
 * Every table of the sheet, row by row, against the sheet's own text: the Hit Effects Table (both halves,
 * as the sheet's rows print them, vehicles | impact | infantry), the AP range table, misfires, survival,
 * the TN, firepower, HE, immobilisation and close-combat numbers, the movement table, and the scatter
 * distances they give.
 * Then the loader: a broken table file is refused with the table and the path named.
 */
import { describe, expect, it } from "vitest";
import { createBattlefield } from "../../../src/core/battlefield";
import { inchesToCm } from "../../../src/core/units";
import { battleground } from "../../../src/rules/battleground";
import { bgContext } from "../../../src/rules/battleground/context";
import { apRangeModifier, hitEffect, misfireResult, survivalResult } from "../../../src/rules/battleground/effects";
import { scatterInches } from "../../../src/rules/battleground/scatter";
import { BG_TABLES, loadBgTables, TABLE_FILES } from "../../../src/rules/battleground/tables";
import { tableContext } from "../../../src/rules/context";
import { scenario, TEST_CATALOG } from "../../helpers/scene";

const ctx = bgContext(tableContext(createBattlefield(scenario([], []), TEST_CATALOG)));
const data = BG_TABLES.data;

/** The sheet's Hit Effects Table rows as printed: five vehicle cells, the impact, five infantry cells. */
const SHEET_ROWS = [
  "– – – – 1–20 -10 – – – – 1–20",
  "– – – – 1–20 -9 – – – – 1–20",
  "– – – 1 2–20 -8 – – – – 1–20",
  "– – – 1–2 3–20 -7 – – – – 1–20",
  "– – – 1–3 4–20 -6 – – – 1 2–20",
  "– – – 1–4 5–20 -5 – – – 1–2 3–20",
  "– – 1 2–5 6–20 -4 – – – 1–3 4–20",
  "– – 1–2 3–6 7–20 -3 – – – 1–4 5–20",
  "– 1 2–3 4–7 8–20 -2 – – 1 2–5 6–20",
  "– 1–2 3–4 5–8 9–20 -1 – – 1–2 3–6 7–20",
  "– 1–3 4–5 6–9 10–20 0 – – 1–3 4–7 8–20",
  "– 1–6 7–8 9–12 13–20 1 – 1 2–4 5–8 9–20",
  "– 1–7 8–9 10–13 14–20 2 – 1–2 3–5 6–9 10–20",
  "– 1–8 9–10 11–14 15–20 3 – 1–3 4–6 7–10 11–20",
  "1 2–9 10–11 12–15 16–20 4 – 1–4 5–7 8–11 12–20",
  "1–2 3–10 11–12 13–16 17–20 5 – 1–5 6–8 9–12 13–20",
  "1–3 4–11 12–13 14–17 18–20 6 – 1–6 7–9 10–13 14–20",
  "1–4 5–12 13–14 15–18 19–20 7 – 1–7 8–10 11–14 15–20",
  "1–5 6–13 14–15 16–19 20 8 – 1–8 9–11 12–15 16–20",
  "1–6 7–14 15–16 17–19 20 9 – 1–9 10–12 13–16 17–20",
  "1–7 8–15 16–17 18–19 20 10 – 1–10 11–13 14–17 18–20",
  "1–8 9–16 17–18 19 20 11 1 2–11 12–14 15–18 19–20",
  "1–9 10–17 18–19 20 – 12 1–2 3–12 13–15 16–19 20",
  "1–10 11–18 19 20 – 13 1–3 4–13 14–16 17–20 –",
  "1–11 12–19 20 – – 14 1–4 5–14 15–17 18–20 –",
  "1–12 13–19 20 – – 15 1–5 6–15 16–18 19–20 –",
  "1–13 14–19 20 – – 16 1–6 7–16 17–19 20 –",
  "1–14 15–19 20 – – 17 1–7 8–17 18–19 20 –",
  "1–15 16–19 20 – – 18 1–8 9–18 19 20 –",
  "1–16 17–19 20 – – 19 1–9 10–19 20 – –",
  "1–17 18–19 20 – – 20 1–10 11–19 20 – –",
];

const cell = (c: readonly [number, number] | null): string => (c === null ? "–" : c[0] === c[1] ? `${c[0]}` : `${c[0]}–${c[1]}`);

describe("the Hit Effects Table (§10), row by row as the sheet prints it", () => {
  it("has the impacts −10 to 20 in both halves", () => {
    expect(data["hit-effects"].vehicles.map((r) => r.impact)).toEqual(Array.from({ length: 31 }, (_, i) => i - 10));
    expect(data["hit-effects"].infantry.map((r) => r.impact)).toEqual(Array.from({ length: 31 }, (_, i) => i - 10));
  });

  SHEET_ROWS.forEach((printed, i) => {
    const tokens = printed.split(" ");
    const impact = Number(tokens[5]);
    it(`impact ${impact}: ${printed}`, () => {
      const v = data["hit-effects"].vehicles[i]!;
      const inf = data["hit-effects"].infantry[i]!;
      expect(v.impact).toBe(impact);
      expect(v.columns.map(cell)).toEqual(tokens.slice(0, 5));
      expect(inf.columns.map(cell)).toEqual(tokens.slice(6, 11));
    });
  });

  it("reads each d20 into its column, with the reconstructed headers", () => {
    // Impact 0 vehicles: – 1–3 4–5 6–9 10–20.
    expect([1, 3, 4, 5, 6, 9, 10, 20].map((d) => hitEffect(ctx, "vehicles", 0, d).effect)).toEqual([
      "immobilised-suppressed",
      "immobilised-suppressed",
      "suppressed",
      "suppressed",
      "pinned",
      "pinned",
      "no-effect",
      "no-effect",
    ]);
    // Impact 12 infantry: 1–2 3–12 13–15 16–19 20.
    expect([2, 3, 12, 13, 16, 20].map((d) => hitEffect(ctx, "infantry", 12, d).effect)).toEqual([
      "killed",
      "wounded",
      "wounded",
      "suppressed",
      "pinned",
      "no-effect",
    ]);
  });

  it("clamps impacts off the table by default; the option makes impacts above 20 destroy", () => {
    expect(hitEffect(ctx, "vehicles", -14, 1)).toMatchObject({ row: -10, effect: "no-effect" });
    expect(hitEffect(ctx, "vehicles", 26, 20)).toMatchObject({ row: 20, column: 3, effect: "suppressed" });
    const destroys = { ...ctx, options: { ...ctx.options, impactAbove20: "destroys" as const } };
    expect(hitEffect(destroys, "vehicles", 26, 20)).toMatchObject({ effect: "destroyed", beyondTable: true });
    expect(hitEffect(destroys, "vehicles", 20, 20).effect).toBe("suppressed");
  });
});

describe("the AP range table (§6.1), row by row", () => {
  const PRINTED: Array<[number, Array<number | null>]> = [
    [2, [1, 1, 2, 4]],
    [6, [0, 1, 1, 2]],
    [12, [-1, 0, 0, 1]],
    [24, [-4, -1, 0, 0]],
    [36, [null, -2, -1, -1]],
    [48, [null, -4, -2, -3]],
    [60, [null, null, -4, -6]],
    [72, [null, null, -8, -10]],
  ];
  // One AP value from each class: < 3, 3–6, 7–14, > 14.
  const CLASSES = [2, 3, 14, 15];
  for (const [upTo, row] of PRINTED) {
    it(`up to ${upTo}": ${row.map((v) => (v === null ? "NIE" : v)).join(" ")}`, () => {
      expect(CLASSES.map((ap) => apRangeModifier(ctx, ap, inchesToCm(upTo))?.value)).toEqual(row);
      // Just beyond the band the next row is read.
      if (upTo < 72) expect(apRangeModifier(ctx, 15, inchesToCm(upTo + 0.1))?.band).toBeGreaterThan(upTo);
    });
  }
  it('has no row beyond 72"; +3 against unarmoured targets', () => {
    expect(apRangeModifier(ctx, 15, inchesToCm(72.1))).toBeUndefined();
    expect(data["ap-range"].unarmoured).toBe(3);
  });
});

describe("misfires (§3.7) and survival (§7), every d20", () => {
  it("misfire: 1–10 dud, 11–19 jammed, 20 explosion", () => {
    const results = Array.from({ length: 20 }, (_, i) => misfireResult(ctx, i + 1));
    expect(results).toEqual([...Array(10).fill("dud"), ...Array(9).fill("jammed"), "explosion"]);
  });
  it("survival: 1 bonus action, 2–5 evacuates, 6–15 and Suppressed, 16–19 killed, 20 killed with −1 morale", () => {
    const results = Array.from({ length: 20 }, (_, i) => survivalResult(ctx, i + 1));
    expect(results).toEqual([
      "evacuates-with-bonus-action",
      ...Array(4).fill("evacuates"),
      ...Array(10).fill("evacuates-suppressed"),
      ...Array(4).fill("killed"),
      "killed-morale",
    ]);
  });
});

describe("the sheet's modifier lists as data", () => {
  it("TN modifiers (§3.2) and rate of fire (§3.4)", () => {
    expect(data["to-hit"].shooter).toEqual({ subsequentShot: 2, motivated: 1, disorganised: -1, pinnedOrDamaged: -5 });
    expect(data["to-hit"].target).toEqual({
      evading: { least: -2, most: -5 },
      moving: -1,
      lightCover: -2,
      camouflage: -2,
      linearCover: -5,
      heavyCover: -8,
      smoke: -8,
    });
    expect(data["to-hit"].range).toEqual({
      closeUpTo: 9,
      closeBase: 12,
      bands: [
        { upTo: 18, modifier: 2 },
        { upTo: 24, modifier: 1 },
      ],
      beyondStep: 2,
      beyondModifier: -1,
    });
    expect(data["to-hit"].rateOfFire).toEqual({ extraDice: { veteran: 1, elite: 2 }, targetChangeCost: 1 });
  });
  it("HE against infantry (§6.2) and small-arms firepower (§6.3)", () => {
    expect(data["effect-modifiers"].he).toEqual({ linearFromImpact: -1, partialOrHeavyCover: -2, moving: 2, running: 4, unarmoured: 3 });
    expect(data["effect-modifiers"].smallArms).toEqual({
      running: 4,
      moving: 2,
      shooterMoving: -2,
      lightCover: -2,
      camouflaged: -2,
      onTheMove: -5,
      shooterPinned: -5,
      linearCover: -5,
      heavyCoverOrSmoke: -8,
    });
  });
  it("HE rings (§4.3), immobilisation (§2), close combat (§9)", () => {
    expect(data["he-rings"].offsets).toEqual([0, -5, -10]);
    expect(data.immobilisation).toEqual({
      trainingFactor: 2,
      overrunEnemyClassFactor: -4,
      conditions: { towing: -1, halfTrack: -1, heightChange: -1, reverse: -2, wheeled: -3, streamOrDitch: -3, wire: -3, snowOrMud: -3 },
      perFailedUnbogging: -4,
    });
    expect(data["close-combat"]).toEqual({
      infantry: { charging: 2, pinned: -5, disorganised: -5, suppressed: -10, broken: -10, terrainDivisor: 2 },
      vehicle: { ov: 2, movingNotSuppressed: -1, toImmobilise: 3, open: 5, reach: 2, fallBack: 1 },
    });
  });
});

describe("the movement table (§1), row by row as the sheet prints it", () => {
  // "DODATKOWE PUNKTY RUCHU … Gąsienicowe Kołowe Piechota": tracked, wheeled, infantry; NIE = may not enter; # = immobilisation possible.
  const SHEET_MOVEMENT: Array<[string, string]> = [
    ["buildings", "Budynki,zapory ppanc. NIE NIE 0"],
    ["ditch", "Rowy, wąwozy 1 1# 0"],
    ["uphill", "Wzniesienia, w górę 1 1 0"],
    ["rough", "Trudne podłoże 2# 3# 0"],
    ["soft", "Miękkie podłoże 2# 2# 1"],
    ["lightWoods", "Rzadki las, żywopłot 1# 1# 0"],
    ["denseWoods", "Gęsty las NIE NIE 1"],
  ];
  const cell = (extra: number | null, marked: boolean) => (extra === null ? "NIE" : `${extra}${marked ? "#" : ""}`);

  it("has every row with its three columns, NIE and #", () => {
    expect(Object.keys(data.movement.terrain)).toEqual(SHEET_MOVEMENT.map(([row]) => row));
    for (const [row, line] of SHEET_MOVEMENT) {
      const r = data.movement.terrain[row as keyof typeof data.movement.terrain];
      const cells = (["tracked", "wheeled", "infantry"] as const).map((c) => cell(r[c], r.immobilisation.includes(c)));
      expect(line.split(" ").slice(-3), row).toEqual(cells);
    }
  });

  it('"Za każdy Punkt Ruchu można przebyć 1”, za wyjątkiem ruchu do tyłu lub w dymie, gdzie jest to 0,5”"; a change forward ↔ reverse 1 Punkt', () => {
    expect([data.movement.inchesPerMp, data.movement.slowInchesPerMp, data.movement.directionChange]).toEqual([1, 0.5, 1]);
  });
});

describe("scatter distances (§4.1) by range band", () => {
  // Odd 1", even 2"; over 24" ×2; under 9" ÷2; 9" and 24" themselves unmodified.
  const cases: Array<[number, number, number]> = [
    [8.9, 7, 0.5],
    [8.9, 8, 1],
    [9, 7, 1],
    [15, 3, 1],
    [15, 12, 2],
    [24, 11, 1],
    [24.1, 11, 2],
    [30, 14, 4],
  ];
  for (const [range, roll, inches] of cases) {
    it(`missed with ${roll} at ${range}": ${inches}"`, () => {
      expect(scatterInches(ctx, roll, inchesToCm(range)).inches).toBe(inches);
    });
  }
});

describe("sample data is labelled, and a player's table file replaces a shipped one", () => {
  it("marks the tables the sheet does not give as sample, and the sheet's own as not", () => {
    const sample = Object.fromEntries(battleground.tables.map((t) => [t.id, t.sample]));
    expect(sample).toMatchObject({
      weapons: true,
      profiles: true,
      terrain: true,
      templates: true,
      procedures: true,
      "effect-columns": true,
      "move-allowance": true,
    });
    expect(sample).toMatchObject({
      "hit-effects": false,
      "ap-range": false,
      "to-hit": false,
      misfire: false,
      survival: false,
      scatter: false,
      "he-rings": false,
      movement: false,
    });
    for (const t of battleground.tables.filter((x) => x.sample)) expect(t.title, t.id).toMatch(/^(SAMPLE|RECONSTRUCTED)/);
  });

  it("loads a corrected file in place of the shipped one", () => {
    const shipped = TABLE_FILES.find((f) => f.table === "templates")!;
    const result = loadBgTables([{ ...shipped, sample: false, data: { rings: [1.5, 3, 4.5], smoke: { radius: 3, height: 4, turns: 2 } } }]);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.tables.data.templates.rings).toEqual([1.5, 3, 4.5]);
      expect(result.tables.specs.find((s) => s.id === "templates")!.sample).toBe(false);
    }
  });

  it("refuses a row that does not share out 1–20, naming the table and the row", () => {
    const shipped = TABLE_FILES.find((f) => f.table === "hit-effects")!;
    const broken = structuredClone(shipped.data) as { vehicles: Array<{ columns: unknown[] }> };
    broken.vehicles[12]!.columns[1] = [1, 5];
    const result = loadBgTables([{ ...shipped, data: broken }]);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.errors.join("\n")).toMatch(
        /loaded table "hit-effects": data\.vehicles\.12\.columns\.2: impact 2: the columns must share out 1–20 left to right; expected a range starting at 6/,
      );
  });

  it("refuses a profile arming a weapon the weapons table lacks", () => {
    const shipped = TABLE_FILES.find((f) => f.table === "profiles")!;
    const p = structuredClone(shipped.data) as { models: Record<string, { weapons: Record<string, string> }> };
    p.models["us-rifleman"]!.weapons["small-arms"] = "ray-gun";
    const result = loadBgTables([{ ...shipped, data: p }]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual(['table "profiles": us-rifleman uses weapon "ray-gun", which the weapons table lacks']);
  });
});
