/**
 * Every table the source gives, row by row against the digest's transcription (../shared/rules/bolt-action.md
 * §1–§4, checked against the Greek original 001), and the sample tables marked as such.
 */
import { describe, expect, it } from "vitest";
import { boltAction } from "../../../src/rules/bolt-action";
import { BA_TABLES, loadBaTables } from "../../../src/rules/bolt-action/tables";

const data = BA_TABLES.data;

describe("weapons table (§4.4): every row as printed", () => {
  // [name, range as printed, shots, pen ("—", "+n" or "HE"), special rules as printed]
  const DIGEST: ReadonlyArray<readonly [string, string, string, string, string]> = [
    ["Rifle", '24"', "1", "—", "–"],
    ["Pistol", '6"', "1", "—", "Assault"],
    ["Submachine gun", '12"', "2", "—", "Assault"],
    ["Automatic rifle", '30"', "2", "—", "–"],
    ["Assault rifle", '24"', "2", "—", "Assault"],
    ["Light machine gun", '30"', "3", "—", "Team"],
    ["Medium machine gun", '36"', "4", "—", "Team, Fixed"],
    ["Heavy machine gun", '36"', "3", "+1", "Team, Fixed"],
    ["Light automatic cannon", '48"', "2", "+2", "Team, Fixed, HE (D2)"],
    ["Heavy automatic cannon", '72"', "2", "+3", "Team, Fixed, HE (D2)"],
    ["Anti-tank rifle", '36"', "1", "+2", "Team"],
    ["PIAT", '12"', "1", "+5", "Team, Shaped Charge"],
    ["Bazooka", '24"', "1", "+5", "Team, Shaped Charge"],
    ["Panzerschreck", '24"', "1", "+6", "Team, Shaped Charge"],
    ["Panzerfaust", '12"', "1", "+6", "One Shot, Shaped Charge"],
    ["Light AT gun", '48"', "1", "+4", "Team, Fixed, HE (D2)"],
    ["Medium AT gun", '60"', "1", "+5", "Team, Fixed, HE (D2)"],
    ["Heavy AT gun", '72"', "1", "+6", "Team, Fixed, HE (D3)"],
    ["Super-heavy AT gun", '84"', "1", "+7", "Team, Fixed, HE (D3)"],
    ["Flamethrower (infantry)", '6"', "D6", "+2", "Team, Flamethrower"],
    ["Flamethrower (vehicle)", '18"', "2D6", "+3", "Flamethrower"],
    ["Light mortar", '12"-24"', "1", "HE", "Team, Indirect Fire, HE (D3)"],
    ["Medium mortar", '18"-60"', "1", "HE", "Team, Fixed, Indirect Fire, HE (D6)"],
    ["Heavy mortar", '18"-72"', "1", "HE", "Team, Fixed, Indirect Fire, HE (2D6)"],
    ["Light howitzer", '(0/24")-48"', "1", "HE", "Team, Fixed, Howitzer, HE (D6)"],
    ["Medium howitzer", '(0/24")-60"', "1", "HE", "Team, Fixed, Howitzer, HE (2D6)"],
    ["Heavy howitzer", '(0-24")-72"', "1", "HE", "Team, Fixed, Howitzer, HE (3D6)"],
  ];
  const RULE_NAMES: Record<string, string> = {
    assault: "Assault",
    team: "Team",
    fixed: "Fixed",
    "shaped-charge": "Shaped Charge",
    "one-shot": "One Shot",
    flamethrower: "Flamethrower",
    "indirect-fire": "Indirect Fire",
    howitzer: "Howitzer",
  };

  it("has the digest's 27 rows in its order", () => {
    expect(data.weapons.map((w) => w.name)).toEqual(DIGEST.map((r) => r[0]));
  });

  for (const [i, [name, range, shots, pen, rules]] of DIGEST.entries()) {
    it(`${name}: ${range}, ${shots} shot(s), Pen ${pen}, ${rules}`, () => {
      const w = data.weapons[i]!;
      const printedRange = `${w.range.bracket ?? ""}${w.range.min !== undefined ? `${w.range.min}"-` : w.range.bracket ? "-" : ""}${w.range.max}"`;
      expect(printedRange).toBe(range);
      expect(String(w.shots)).toBe(shots);
      expect(w.pen === null ? "—" : w.pen === "HE" ? "HE" : `+${w.pen}`).toBe(pen);
      const printedRules = [...w.rules.filter((r) => r !== "he").map((r) => RULE_NAMES[r]), ...(w.he ? [`HE (${w.he})`] : [])].join(", ") || "–";
      expect(printedRules).toBe(rules);
      expect(w.section).toBe(i < 7 ? "small-arms" : "heavy-weapons");
    });
  }
});

describe("the other tables of the source", () => {
  it("HE (§4.5): pins and Pen by size, ZZ6 read as 2D6", () => {
    expect(data.he.map((r) => [r.printed, r.he, r.pins, r.pen])).toEqual([
      ["Z2", "D2", 1, 1],
      ["Z3", "D3", 1, 1],
      ["Z6", "D6", "D2", 2],
      ["ZZ6", "2D6", "D3", 3],
      ["3Z6", "3D6", "D6", 4],
    ]);
  });

  it("damage values (§4.3)", () => {
    expect(data["damage-values"]).toEqual({
      infantry: { inexperienced: 3, regular: 4, veteran: 5 },
      "soft-skinned": 6,
      "armoured-car": 7,
      "light-tank": 8,
      "medium-tank": 9,
      "heavy-tank": 10,
      "super-heavy-tank": 11,
    });
  });

  it("to hit (§4.2): 3+ and nine modifiers", () => {
    expect(data["to-hit"]).toEqual({
      base: 3,
      pointBlank: 1,
      perPinOnFirer: -1,
      longRange: -1,
      inexperiencedFirers: -1,
      firingOnTheMove: -1,
      targetDown: -1,
      smallUnit: -1,
      softCover: -1,
      hardCover: -2,
    });
  });

  it("penetration against armour (§4.6)", () => {
    expect(data.penetration).toEqual({ front: 0, side: 1, top: 1, rear: 2, longRange: -1 });
  });

  it("damage results (§4.7): 1 or less, 2, 3, 4–6; superficial D6−3, heavy D6, open-topped by indirect fire +1", () => {
    const t = data["damage-results"];
    const resultOf = (roll: number) => t.rows.find((r) => (r.from === undefined || roll >= r.from) && (r.upTo === undefined || roll <= r.upTo))!.result;
    expect([-2, 0, 1, 2, 3, 4, 5, 6, 7].map(resultOf)).toEqual([
      "crew-stunned",
      "crew-stunned",
      "crew-stunned",
      "immobilised",
      "on-fire",
      "knocked-out",
      "knocked-out",
      "knocked-out",
      "knocked-out",
    ]);
    expect(t.rows.map((r) => r.pins)).toEqual([1, 1, 1, 0]);
    expect([t.superficial, t.heavy, t.massiveResults, t.openToppedIndirect]).toEqual([-3, 0, 2, 1]);
  });

  it("orders, FUBAR, morale and officers (§1.2, §1.3, §2, §2.1)", () => {
    const o = data.orders;
    expect(o.orders.map((x) => x.name)).toEqual(["Fire", "Advance", "Run", "Ambush", "Rally", "Down"]);
    expect(o.fubarOn).toEqual([6, 6]);
    expect(o.fubar.map((r) => [r.from, r.upTo, r.result])).toEqual([
      [1, 2, "friendly-fire"],
      [3, 6, "panic"],
    ]);
    expect(o.fubar[0]!.enemyWithin).toBe(12);
    expect(o.morale).toEqual({ inexperienced: 8, regular: 9, veteran: 10 });
    expect(o.officers).toEqual({ "second-lieutenant": 1, "first-lieutenant": 2, captain: 3, major: 4 });
    expect(o.rallyRemoves).toBe("D6");
    expect(o.assaultEnclosedWithoutAntiTank).toBe(-3);
  });

  it("movement, manoeuvre and terrain (§3)", () => {
    const m = data.movement;
    expect(m.rates).toEqual({
      infantry: { advance: 6, run: 12 },
      tracked: { advance: 9, run: 18, turnsAdvance: 1, turnsRun: 0 },
      "half-tracked": { advance: 9, run: 18, turnsAdvance: 2, turnsRun: 1 },
      wheeled: { advance: 12, run: 24, turnsAdvance: 2, turnsRun: 1 },
    });
    expect(Object.values(m.terrain).map((r) => [r.infantry, r.artillery, r.wheeled, r.tracked])).toEqual([
      ["yes", "yes", "yes", "yes"],
      ["no-run", "no*", "no", "no-run"],
      ["no-run", "no", "no", "yes*"],
      ["yes", "no*", "no", "no!"],
      ["yes", "yes", "x2", "x2"],
    ]);
    expect(m.reverseShare).toBe(0.5);
  });
});

describe("table files", () => {
  it("marks the stand-ins sample and the source's tables not", () => {
    const sample = boltAction.tables
      .filter((t) => t.sample)
      .map((t) => t.id)
      .sort();
    expect(sample).toEqual(["cover", "practice", "profiles"]);
    for (const t of boltAction.tables) expect(t.title.startsWith("SAMPLE"), t.id).toBe(t.sample);
  });

  it("a loaded table replaces the shipped one; a bad one is refused with its path", () => {
    const practice = { ruleset: "bolt-action", table: "practice", sample: true, data: { ...data.practice, pointBlank: 4 } };
    const loaded = loadBaTables([practice]);
    expect(loaded.ok && loaded.tables.data.practice.pointBlank).toBe(4);
    const bad = loadBaTables([{ ruleset: "bolt-action", table: "he", data: [{ he: "D7", printed: "", pins: 1, pen: 1 }] }]);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors.join("\n")).toMatch(/loaded table "he": data\.0\.he/);
    const other = loadBaTables([{ ruleset: "operation-ww2", table: "he", data: [] }]);
    expect(!other.ok && other.errors[0]).toMatch(/belongs to ruleset "operation-ww2"/);
  });
});
