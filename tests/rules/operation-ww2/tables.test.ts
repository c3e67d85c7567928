/**
 * The tables as data: every table the digest gives in full, row by row against the digest
 * (/shared/rules/operation-ww2.md), the sample tables marked as such and keeping every value the source
 * does show, the catalog covered by the profiles, and table files a user loads.
 */
import { describe, expect, it } from "vitest";
import { MODEL_DEFINITIONS } from "../../../src/core/miniatures/shipped";
import type { RulesContext } from "../../../src/rules/context";
import { ow2Context } from "../../../src/rules/operation-ww2/context";
import { infantryDamage, infantryEffect, vehicleDamage } from "../../../src/rules/operation-ww2/damage";
import { loadOw2Tables, OW2_TABLES, TABLE_FILES, type VehicleEffect } from "../../../src/rules/operation-ww2/tables";
import { TARGET_TYPES } from "../../../src/rules/operation-ww2/types";

const data = OW2_TABLES.data;
/** Expands rows of roll ranges into one entry per roll. */
const perRoll = <R>(rows: ReadonlyArray<{ rolls: readonly [number, number]; result: R }>) =>
  rows.flatMap((r) => Array.from({ length: r.rolls[1] - r.rolls[0] + 1 }, () => r.result));
const EMPTY_TABLE: RulesContext = {
  models: new Map(),
  units: new Map(),
  terrain: new Map(),
  wrecks: new Map(),
  table: { width: 180, depth: 120 },
  turn: 1,
  night: false,
};
const v1 = ow2Context(EMPTY_TABLE, { options: { version: "v1" } });
const v2 = ow2Context(EMPTY_TABLE);

describe("tables the source gives in full", () => {
  it("scatter (§9.2): ×1 to 30 cm, ×2 to 60, ×3 to 120, ×4 beyond; 1–2 no effect", () => {
    expect(data.scatter.bands).toEqual([
      { upTo: 30, multiplier: 1 },
      { upTo: 60, multiplier: 2 },
      { upTo: 120, multiplier: 3 },
      { upTo: null, multiplier: 4 },
    ]);
    expect(data.scatter.noEffect).toEqual([1, 2]);
    expect(data.scatter.die).toBe(10);
  });

  it("protection (§5.14): v1 wall 1–2 no effect, v1 area 1–4, v2.0 cover 1–3", () => {
    const ne = (rows: (typeof data.protection)["v1-wall"]) =>
      perRoll(rows)
        .map((r, i) => (r === "no-effect" ? i + 1 : 0))
        .filter(Boolean);
    expect(ne(data.protection["v1-wall"])).toEqual([1, 2]);
    expect(ne(data.protection["v1-area"])).toEqual([1, 2, 3, 4]);
    expect(ne(data.protection["v2.0-cover"])).toEqual([1, 2, 3]);
    for (const rows of Object.values(data.protection)) expect(perRoll(rows)).toHaveLength(10);
  });

  it("building sizes (§12.1)", () => {
    const sizes = data["building-demolition"].sizes;
    expect(sizes.oneStorey).toEqual([
      { size: "huge", atLeast: [30, 40] },
      { size: "large", atLeast: [20, 25] },
      { size: "medium", atLeast: [10, 15] },
    ]);
    expect(sizes.twoOrMoreStoreys).toEqual([
      { size: "huge", atLeast: [20, 25] },
      { size: "large", atLeast: [15, 20] },
      { size: "medium", atLeast: [10, 12] },
    ]);
    expect(sizes.otherwise).toBe("small");
  });

  it("building demolition (§12.2), every row of 1–13 in every size column, and its modifiers", () => {
    const t = data["building-demolition"];
    const col = (size: "small" | "medium" | "large" | "huge") => perRoll(t.rows.map((r) => ({ rolls: r.rolls, result: r[size] })));
    const [NE, TT, CS, CH] = ["no-effect", "training-test", "collapse-small-arms", "collapse-heavy-weapons"] as const;
    expect(col("small")).toEqual([NE, NE, NE, TT, TT, TT, TT, CS, CS, CH, CH, CH, CH]);
    expect(col("medium")).toEqual([NE, NE, NE, NE, NE, TT, TT, TT, TT, CH, CH, CH, CH]);
    expect(col("large")).toEqual([NE, NE, NE, NE, NE, NE, NE, TT, TT, TT, CH, CH, CH]);
    expect(col("huge")).toEqual([NE, NE, NE, NE, NE, NE, NE, NE, NE, NE, "training-test-hit-and-adjacent-rooms", CH, CH]);
    expect(t.calibreModifiers).toEqual([
      { from: 110, to: 155, modifier: 1 },
      { from: 156, to: 200, modifier: 2 },
      { from: 201, to: 320, modifier: 3 },
    ]);
    expect([t.minimumCalibre, t.demolitionChargeModifier, t.afterCollapseModifier]).toEqual([105, -2, -1]);
  });

  it("roof demolition (§12.3), every row of 1–13 in every size column", () => {
    const t = data["roof-demolition"];
    const col = (size: "small" | "medium" | "large" | "huge") => perRoll(t.rows.map((r) => ({ rolls: r.rolls, result: r[size] })));
    const [H, C, D] = ["holds", "collapses", "collapses-and-demolition"] as const;
    expect(col("small")).toEqual([H, H, H, C, C, D, D, D, D, D, D, D, D]);
    expect(col("medium")).toEqual([H, H, H, H, H, C, C, D, D, D, D, D, D]);
    expect(col("large")).toEqual([H, H, H, H, H, H, H, C, C, D, D, D, D]);
    expect(col("huge")).toEqual([H, H, H, H, H, H, H, H, H, C, C, D, D]);
    expect(t.demolitionModifier).toBe(1);
  });

  it("flamethrowers against vehicles (§6.16), v1 and v2.0", () => {
    const t = data["flamethrower-vs-vehicles"];
    const NE: VehicleEffect[] = ["no-effect"];
    const twoPinned: VehicleEffect[] = ["crew-pinned:2", "steady-nerves"];
    const onePinnedOneKilled: VehicleEffect[] = ["crew-pinned:1", "crew-killed:1", "steady-nerves"];
    const twoAndTwo: VehicleEffect[] = ["crew-pinned:2", "crew-killed:2", "steady-nerves"];
    const times = <T>(n: number, x: T) => Array.from({ length: n }, () => x);
    expect(perRoll(t.light.v1)).toEqual([...times(4, NE), ...times(3, twoPinned), ...times(2, onePinnedOneKilled), ["engine-ammo"]]);
    expect(perRoll(t.light["v2.0"])).toEqual([...times(4, NE), ...times(3, twoPinned), ...times(2, onePinnedOneKilled), ["catastrophic"]]);
    expect(perRoll(t.heavy.v1)).toEqual([...times(2, NE), ...times(3, twoPinned), ...times(2, twoAndTwo), ...times(3, ["engine-ammo"])]);
    expect(perRoll(t.heavy["v2.0"])).toEqual([...times(2, NE), ...times(3, twoPinned), ...times(3, twoAndTwo), ...times(2, ["catastrophic"])]);
  });

  it("the v2.0 heavy weapons rows (§6.15), and no Engine/ammo left anywhere in v2.0", () => {
    const rows = data["heavy-weapons-v2"].rows;
    const at = (column: (typeof TARGET_TYPES)[number], roll: number) => vehicleDamage(v2, "heavy-weapons", column as Exclude<typeof column, "infantry">, roll);
    const SN = "steady-nerves";
    for (const tank of ["heavy-tank", "medium-tank", "light-tank", "armoured-car"] as const) {
      expect(at(tank, 7)).toEqual(["main-weapon", "immobilised", "crew:3", SN]);
      expect(at(tank, 8)).toEqual(["main-weapon", "secondary-weapon", "immobilised", "crew:3", SN]);
    }
    expect(at("half-track", 7)).toEqual(["main-weapon", "immobilised", "crew:4", SN]);
    expect(at("half-track", 8)).toEqual(["main-weapon", "secondary-weapon", "immobilised", "crew:4", SN]);
    expect([5, 6, 7, 8].map((r) => at("truck", r))).toEqual([
      ["immobilised", "crew:5", SN],
      ["main-weapon", "crew:5", SN],
      ["main-weapon", "immobilised", "crew:5", SN],
      ["main-weapon", "secondary-weapon", "immobilised", "crew:5", SN],
    ]);
    expect(at("car", 7)).toEqual(["main-weapon", "immobilised", "crew:4", SN]);
    expect(at("car", 8)).toEqual(["main-weapon", "secondary-weapon", "immobilised", "crew:4", SN]);
    expect(at("motorbike", 7)).toEqual(["main-weapon", "crew:2"]);
    expect(at("motorbike", 8)).toEqual(["main-weapon", "crew:2", "immobilised"]);
    expect(rows).toHaveLength(12);
    for (const column of TARGET_TYPES.filter((t) => t !== "infantry")) {
      for (let roll = 1; roll <= 10; roll++) expect(vehicleDamage(v2, "heavy-weapons", column, roll), `${column} ${roll}`).not.toContain("engine-ammo");
    }
  });

  it("v2.0 special guns (§6.17)", () => {
    const g = data["special-guns"];
    const row = (id: string) => TARGET_TYPES.map((t) => g[id]!.toHit[t]);
    // Columns: infantry, artillery, motorbike, car, truck, half-track, armoured car, light, medium, heavy tank.
    expect(row("russian-122mm-ap")).toEqual([7, 7, 7, 4, 4, 4, 4, 4, 5, 6]);
    expect(row("german-75mm-medium-heat")).toEqual([7, 7, 7, 6, 6, 7, 8, 9, 10, null]);
    expect(row("german-heavy-gun-heat")).toEqual([6, 6, 6, 4, 4, 5, 6, 7, 8, 9]);
  });

  it("templates (§8.1) and models hit when interrupting a move (§8.5)", () => {
    expect(data.templates.radius).toEqual({ T3: 3, T5: 5, T8: 8, T10: 10 });
    expect(data.templates.interrupt).toEqual({
      T3: { modifier: -5, minimum: 1 },
      T5: { modifier: 0 },
      T8: { modifier: 3 },
      T10: { modifier: 5 },
      L12: { modifier: 0, version: "v2.0" },
      L24: { modifier: 5, version: "v2.0" },
    });
  });

  it("damage modifiers (§6.4, §4.10): armour, gun class, what ignores armour, Covering Fire, smoke", () => {
    const m = data["damage-modifiers"];
    expect(m.armour).toEqual({ "extra-light": 2, light: 1, medium: -1, heavy: -2, "extra-heavy": -3, "super-extra-heavy": -4 });
    expect(m.gunClass).toEqual({ heavy: { "medium-tank": 1, "light-tank": 2, unarmoured: 3 }, light: { "medium-tank": -1 } });
    const all = ["extra-light", "light", "medium", "heavy", "extra-heavy", "super-extra-heavy"];
    expect(m.ignoreArmour).toEqual({ indirect: all, flamethrower: all, "close-assault": all.slice(2), height: all.slice(2) });
    expect([m.coveringFire, m.smoke]).toEqual([-3, -2]);
  });
});

describe("sample tables (NOT GIVEN by the source)", () => {
  it("are marked sample, say so in their note, and the given tables are not", () => {
    const sample = OW2_TABLES.specs
      .filter((s) => s.sample)
      .map((s) => s.id)
      .sort();
    expect(sample).toEqual(["command-cards", "cover", "damage", "flamethrower-templates", "movement", "profiles", "spotting", "weapons"]);
    for (const spec of OW2_TABLES.specs.filter((s) => s.sample)) expect(spec.note).toMatch(/SAMPLE DATA/);
    for (const file of TABLE_FILES) expect(file.rule, file.table).toMatch(/^§/);
  });

  it("keep the one spotting value the source gives: infantry, moving, in cover, by day = 60 cm (§5.6)", () => {
    expect(data.spotting.infantry.day.moving.cover).toBe(60);
  });

  it("keep the weapon values the source shows (§20)", () => {
    const w = data.weapons;
    expect(w.rifle!.toHit.infantry).toBe(7);
    expect(w.mg34!.rof).toBe(7);
    expect([w["automatic-rifle"]!.rof, w["semi-automatic-rifle"]!.rof]).toEqual([4, 2]);
    expect(w["m3-75-ap"]!.toHit["heavy-tank"]).toBe(9);
    expect(w["kwk30-20mm"]!.toHit["medium-tank"]).toBe("NE");
    for (const heat of Object.values(w).filter((x) => x.heat)) {
      expect(heat.range.close).toBeNull();
      expect(heat.range.extreme).toBe(heat.range.normal);
    }
    expect(w["hand-grenade"]!.range.close).toBeNull();
    expect(w["hand-grenade"]!.minimumRange).toBe(4);
    expect(w["demolition-charge"]).toMatchObject({ range: { close: null, normal: 5, extreme: 10 }, template: "T3", singleUse: true });
    for (const id of ["panzerfaust", "panzerschreck", "bazooka", "piat"]) expect(w[id]!.template).toBe("T3");
  });

  it("keep the damage values the source shows (§6.5, §6.13)", () => {
    const killsFrom = (cover: "open" | "light" | "medium") =>
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].find((r) => infantryEffect(infantryDamage(v2, "small-arms", r), cover) === "killed");
    expect(killsFrom("open")).toBe(3);
    expect(killsFrom("medium")).toBe(7);
    expect(infantryEffect(infantryDamage(v2, "small-arms", 6), "medium")).toBe("pinned");
    expect(infantryEffect(infantryDamage(v2, "small-arms", 6), "light")).toBe("killed");
    expect(vehicleDamage(v2, "small-arms", "medium-tank", 6)).toEqual(["no-effect"]);
    expect(vehicleDamage(v1, "heavy-weapons", "half-track", 6)).toEqual(["main-weapon"]);
    const mediumTankRows = data.damage["heavy-weapons"]["medium-tank"].map((r) => r.result);
    expect(mediumTankRows).toContainEqual(["secondary-weapon", "crew:2", "steady-nerves"]);
  });

  it("profile every model of the catalog, with weapons the weapon table knows", () => {
    const profiles = data.profiles.models;
    for (const def of MODEL_DEFINITIONS) {
      const p = profiles[def.id];
      expect(p, def.id).toBeDefined();
      for (const w of def.weapons ?? []) expect(p!.weapons[w.id] ?? p!.weapons["*"], `${def.id} ${w.id}`).toBeDefined();
    }
    const all = [...Object.values(profiles), ...Object.values(data.profiles.fallback)];
    for (const p of all) {
      for (const mount of Object.values(p.weapons)) {
        for (const id of typeof mount.profile === "string" ? [mount.profile] : Object.values(mount.profile)) expect(data.weapons[id!], id).toBeDefined();
      }
      for (const id of p.carried ?? []) expect(data.weapons[id], id).toBeDefined();
    }
    for (const w of Object.values(data.weapons)) if (w.specialGun) expect(data["special-guns"][w.specialGun]).toBeDefined();
  });
});

describe("loading table files", () => {
  const spotting = TABLE_FILES.find((f) => f.table === "spotting")!;

  it("replaces a table with the user's file and keeps the rest", () => {
    const mine = structuredClone(spotting) as { data: typeof data.spotting };
    mine.data.infantry.day.stationary.open = 99;
    const result = loadOw2Tables([{ ...spotting, sample: false, note: "my club's table", data: mine.data }]);
    if (!result.ok) throw new Error(result.errors.join("\n"));
    expect(result.tables.data.spotting.infantry.day.stationary.open).toBe(99);
    expect(result.tables.specs.find((s) => s.id === "spotting")).toMatchObject({ sample: false, note: "my club's table" });
    expect(result.tables.data.scatter).toEqual(data.scatter);
  });

  it("refuses a file of another ruleset, an unknown table, and data of the wrong shape, saying where", () => {
    const broken = structuredClone(spotting) as { data: { infantry: { day: { moving: { cover: unknown } } } } };
    broken.data.infantry.day.moving.cover = "far";
    const result = loadOw2Tables([
      { ...spotting, ruleset: "bolt-action" },
      { ...spotting, table: "morale" },
      { ...spotting, data: broken.data },
      { ...spotting, table: "scatter", data: { ...data.scatter, bands: [] } },
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      expect.stringMatching(/belongs to ruleset "bolt-action"/),
      expect.stringMatching(/unknown table; the tables are/),
      expect.stringMatching(/^loaded table "spotting": data\.infantry\.day\.moving\.cover: /),
      expect.stringMatching(/^loaded table "scatter": data\.bands: /),
    ]);
  });

  it("refuses damage rows with a gap or an overlap", () => {
    const damage = structuredClone(TABLE_FILES.find((f) => f.table === "damage")!) as { data: typeof data.damage; table: string; ruleset: string };
    damage.data["small-arms"].infantry[1] = { rolls: [3, 4], result: "pinned" };
    const result = loadOw2Tables([damage]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]).toMatch(/small-arms\.infantry\.1\.rolls: rows must run from 1 to 10/);
  });
});
