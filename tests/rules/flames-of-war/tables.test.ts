/**
 * Every table the source prints, row by row against its text (seed 003, parts 4 and 5 and the national
 * rules), and the loader's messages for a bad table file.
 */
import { describe, expect, it } from "vitest";
import { isLongRange, SOURCE_CM, sourcePair } from "../../../src/rules/flames-of-war/distances";
import { FOW_TABLES, loadFowTables } from "../../../src/rules/flames-of-war/tables";

describe("the small-arms table (part 4: Typ broni / ROF / Zasięg / Przebijalność / Siła ognia)", () => {
  const rows: Array<[string, string, number, number, number, number, boolean]> = [
    ["rifle", "Karabin", 1, 40, 2, 6, false],
    ["rifle-mg", "Karabin/km", 2, 40, 2, 6, false],
    ["mg", "km", 3, 40, 2, 6, false],
    ["smg", "pm", 3, 10, 1, 6, true],
    ["assault-rifle", "Karabin szturmowy", 2, 20, 2, 6, true],
  ];
  it.each(rows)("%s (%s): ROF %i, range %i cm, AT %i, FP %i, full ROF after moving: %s", (id, _polish, rof, range, at, fp, full) => {
    expect(FOW_TABLES.data["small-arms"][id]).toMatchObject({ rof, range, at, fp, fullRofMoving: full });
  });
  it("has exactly the source's five rows and is not sample data", () => {
    expect(Object.keys(FOW_TABLES.data["small-arms"]).sort()).toEqual(rows.map((r) => r[0]).sort());
    expect(FOW_TABLES.specs.find((s) => s.id === "small-arms")!.sample).toBe(false);
  });
});

describe("the to-hit table (part 4: Wyszkolenie / Wartość bazowa / Za przesłoną / Gone To Ground i Za przesłoną)", () => {
  it.each([
    ["conscript", 2, 3, 4],
    ["trained", 3, 4, 5],
    ["veteran", 4, 5, 6],
  ] as const)("%s: %i / %i / %i", (training, base, concealed, goneToGround) => {
    expect(FOW_TABLES.data["to-hit"][training]).toEqual({ base, concealed, goneToGround });
  });
});

describe("the saves and tests of part 5 and the national rules", () => {
  it.each([
    ["infantry", 3],
    ["unarmouredVehicle", 5],
    ["recceJeep", 3],
    ["gunGoneToGround", 3],
    ["gunShotOrMoved", 5],
    ["schurzen", 4],
    ["passenger", 5],
    ["tankRider", 3],
    ["turretOnBetween", 4],
    ["gunTank", 5],
    ["pinHits", 5],
  ] as const)("%s: %i", (id, value) => {
    expect(FOW_TABLES.data.saves[id]).toBe(value);
  });
});

describe("the source's distances are its cm, not inches converted", () => {
  it('16"/40 cm is 40 cm; 40.0 is not beyond it, 40.1 is', () => {
    expect(SOURCE_CM.longRange).toBe(40);
    expect(isLongRange(40.0)).toBe(false);
    expect(isLongRange(40.1)).toBe(true);
    expect(sourcePair(40)).toBe('16"/40 cm');
    expect(sourcePair(15)).toBe('6"/15 cm');
    expect(sourcePair(10)).toBe('4"/10 cm');
  });
});

describe("loading table files", () => {
  it("the sample tables say so in their title", () => {
    for (const spec of FOW_TABLES.specs.filter((s) => s.sample)) expect(spec.title).toMatch(/^SAMPLE/);
    expect(
      FOW_TABLES.specs
        .filter((s) => s.sample)
        .map((s) => s.id)
        .sort(),
    ).toEqual(["movement", "parameters", "teams", "tests", "weapons"]);
  });

  it("a loaded file replaces the shipped table", () => {
    const result = loadFowTables([{ ruleset: "flames-of-war", table: "parameters", sample: false, data: { commandDistance: 20, touchTolerance: 0.2 } }]);
    expect(result.ok && result.tables.data.parameters.commandDistance).toBe(20);
    expect(result.ok && result.tables.specs.find((s) => s.id === "parameters")!.sample).toBe(false);
  });

  it("names the table and the path of bad data", () => {
    const result = loadFowTables([{ ruleset: "flames-of-war", table: "teams", data: { tank: { type: "tank", training: "elite", weapons: { gun: "nope" } } } }]);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.join("\n")).toMatch(/loaded table "teams": data\.tank\.training/);
  });

  it("refuses a weapon id that no weapons table has", () => {
    const result = loadFowTables([
      { ruleset: "flames-of-war", table: "teams", data: { tank: { type: "infantry", training: "trained", weapons: { gun: "nope" } } } },
    ]);
    expect(!result.ok && result.errors).toEqual(['table "teams": data.tank.weapons.gun: "nope" is neither a small-arms nor a weapons table id']);
  });

  it("refuses another ruleset's file and an unknown table", () => {
    const result = loadFowTables([
      { ruleset: "operation-ww2", table: "weapons", data: {} },
      { ruleset: "flames-of-war", table: "morale", data: {} },
    ]);
    expect(!result.ok && result.errors).toEqual([
      'loaded table "weapons": belongs to ruleset "operation-ww2", not "flames-of-war"',
      'loaded table "morale": unknown table; the tables are small-arms, to-hit, saves, weapons, teams, parameters, movement, tests',
    ]);
  });
});
