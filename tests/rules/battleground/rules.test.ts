/**
 * Battleground WWII's rules on real scenes with fixed dice: each TN modifier of the sheet, fire modes and
 * the weapon table's NO, rate of fire with Veteran and Elite dice and target changes, critical hits,
 * misfires, jams and their clearing, small-arms firepower modifiers, a second Pin, survival, close combat,
 * immobilisation tests, and the same seed giving the same events.
 */
import { describe, expect, it } from "vitest";
import { createDice } from "../../../src/core/dice";
import { inchesToCm } from "../../../src/core/units";
import type { BgFireVerdict } from "../../../src/rules/battleground";
import { battleground } from "../../../src/rules/battleground";
import type { ActionDetails } from "../../../src/rules/battleground/records";
import type { BgModelState } from "../../../src/rules/battleground/types";
import { fireEvent } from "../../../src/rules/judge";
import type { Answers } from "../../../src/rules/questions";
import type { Placed } from "../../helpers/scene";
import { scriptedDice } from "../operation-ww2/fakes";
import { BASE_R, type BgTableSetup, bgTable, ger, text, us } from "./table";

const bazooka = (id: string, x: number, z = 60): Placed => ({ id, model: "us-bazooka", position: [x, z], side: "A", unit: "us" });
const jeep = (id: string, x: number, extra: Partial<Placed> = {}): Placed => ({
  id,
  model: "us-jeep",
  position: [x, 60],
  heading: 0,
  side: "A",
  unit: "jeeps",
  ...extra,
});
const enemyJeep = (id: string, x: number): Placed => jeep(id, x, { side: "B", unit: "enemy-jeeps" });
const shotOf = (v: BgFireVerdict) => v.firers[0]!.shot!;
const mods = (v: BgFireVerdict) => shotOf(v).modifiers.map((m) => [m.value, m.reason] as const);
const has = (v: BgFireVerdict, value: number, pattern: RegExp) =>
  expect(
    mods(v).some(([val, r]) => val === value && pattern.test(r)),
    JSON.stringify(mods(v)),
  ).toBe(true);
/** A rifleman 8" (edge to edge) from a bazooka at x = 30: TN 10 − 1 (DM) + 4 = 13 before anything else. */
const EIGHT = 30 + 2 * BASE_R + inchesToCm(8);
const state = (models: Record<string, BgModelState>): BgTableSetup => ({ game: { models } });
const judgeBazooka = async (setup: BgTableSetup = {}, extra: Placed[] = []) =>
  (await bgTable([], [bazooka("us", 30), ger("ger", EIGHT), ...extra], setup)).judge({ shooter: "us", target: "ger" });

describe("TN modifiers (§3.2), each on its own", () => {
  it('the base: Training 10, OM1 ±0, DM −1, 8" +4 = 13', async () => {
    const v = await judgeBazooka();
    expect(shotOf(v).need).toBe(13);
    has(v, 0, /^OM1/);
    has(v, -1, /Defensive Modifier/);
    has(v, 4, /within 9" at 8\.00": \+\(12 − 8\)/);
    has(v, 10, /^Training of us \(regular\)$/);
    // The build-up adds up to the TN, to be rolled under.
    expect(
      shotOf(v)
        .modifiers.filter((m) => m.roll === "to-hit")
        .reduce((s, m) => s + m.value, 0),
    ).toBe(13);
    expect(shotOf(v).under).toBe(true);
  });

  it("shooter: Motivated +1, Disorganised −1, Pinned −5, Damaged −5", async () => {
    expect(shotOf(await judgeBazooka(state({ us: { morale: "motivated" } }))).need).toBe(14);
    expect(shotOf(await judgeBazooka(state({ us: { morale: "disorganised" } }))).need).toBe(12);
    const pinned = await judgeBazooka({ status: { us: { pinned: true, markers: [] } } });
    has(pinned, -5, /us is Pinned/);
    has(await judgeBazooka(state({ us: { damaged: true } })), -5, /us is Damaged/);
  });

  it("a subsequent shot at the same target +2, but not for rockets or machine guns (fn. 1)", async () => {
    const v = await judgeBazooka(state({ us: { lastShot: { weapon: "small-arms", target: "ger" } } }));
    has(v, 0, /subsequent shot at ger, but not for rockets/);
    const sherman: Placed = { id: "tank", model: "us-sherman-m4", position: [20, 60], heading: 90, side: "A", unit: "tank" };
    const t = await bgTable([], [sherman, ger("ger", 80)], state({ tank: { lastShot: { weapon: "main-gun", target: "ger" } } }));
    has(t.judge({ shooter: "tank", target: "ger", weapon: "main-gun" }), 2, /a subsequent shot at ger$/);
  });

  it("target: evading −2 to −5 (not also moving), moving −1", async () => {
    const evading = await judgeBazooka(state({ ger: { movement: "evading", evasion: -4 } }));
    has(evading, -4, /ger is evading \(-4\); not also moving/);
    expect(mods(evading).some(([, r]) => /is moving/.test(r))).toBe(false);
    has(await judgeBazooka(state({ ger: { movement: "evading" } })), -2, /the sample value/);
    has(await judgeBazooka(state({ ger: { movement: "moving" } })), -1, /ger is moving/);
    await expect(judgeBazooka(state({ ger: { movement: "evading", evasion: -7 } }))).rejects.toThrow(/evasion -7 is outside the sheet's -2 to -5/);
  });

  it('range beyond 9": +2 up to 18", +1 up to 24", −1 per full 2" beyond (a started step counts by option)', async () => {
    const at = async (inches: number, setup: BgTableSetup = {}) => {
      const sherman: Placed = { id: "tank", model: "us-sherman-m4", position: [20, 60], heading: 90, side: "A", unit: "tank" };
      const t = await bgTable([], [sherman, ger("ger", 20 + 5.2 + BASE_R + inchesToCm(inches))], setup);
      return mods(t.judge({ shooter: "tank", target: "ger", weapon: "main-gun" })).find(([, r]) => /up to|beyond|within/.test(r))!;
    };
    expect((await at(18))[0]).toBe(2);
    expect((await at(20))[0]).toBe(1);
    expect((await at(24))[0]).toBe(1);
    expect((await at(25))[0]).toBe(0);
    expect((await at(25, { options: { beyondStep: "started-step" } }))[0]).toBe(-1);
    expect((await at(26))[0]).toBe(-1);
    expect((await at(31))[0]).toBe(-3);
  });
});

describe("fire modes (§3.3) from the weapon table and the motion state", () => {
  it("OM2 after a Bonus Move; OM3 after moving in both actions is the table's NO for a bazooka", async () => {
    has(await judgeBazooka(state({ us: { bonusMove: true } })), -3, /^OM2: us moved in the Bonus Move/);
    const om3 = await judgeBazooka(state({ us: { bonusMove: true, standardMove: true } }));
    expect(om3.valid).toBe(false);
    expect(text(om3.firers[0]!.shots[0]!.rulings)).toMatch(/Bazooka cannot fire in OM3 \(the weapon table's NO\): us moves in both actions/);
  });
});

describe("rate of fire (§3.4)", () => {
  const panzer = (extra: Partial<Placed> = {}): Placed => ({
    id: "pz",
    model: "ger-panzer-iv",
    position: [20, 60],
    heading: 90,
    side: "B",
    unit: "pz",
    ...extra,
  });
  const judgePanzer = async (s: BgModelState = {}) =>
    (await bgTable([], [panzer(), jeep("jeep", 80)], state({ pz: s }))).judge({ shooter: "pz", target: "jeep", weapon: "main-gun" });

  it("a Veteran rolls one more die on the first to-hit roll, an Elite two; none once it has fired", async () => {
    expect((await judgePanzer()).firers[0]!.dice).toBe(2);
    expect((await judgePanzer({ quality: "elite" })).firers[0]!.dice).toBe(3);
    expect((await judgePanzer({ firedBefore: true })).firers[0]!.dice).toBe(1);
  });

  it("changing target costs one die, except an infantry weapon's first change", async () => {
    expect((await judgePanzer({ firedBefore: true, quality: "veteran", lastShot: { weapon: "main-gun", target: "other" } })).valid).toBe(false);
    const changed = await judgeBazooka(state({ us: { lastShot: { weapon: "small-arms", target: "other" } } }));
    expect(changed.firers[0]!.dice).toBe(1);
    expect(text(changed.firers[0]!.rulings)).toMatch(/the first change is free for an infantry weapon/);
    const second = await judgeBazooka(state({ us: { lastShot: { weapon: "small-arms", target: "other" }, targetChanges: 1 } }));
    expect(second.valid).toBe(false);
  });

  it("Veteran dice are not effect rolls for small arms, unless the option says so", async () => {
    const nco: Placed = { id: "nco", model: "us-nco", position: [30, 60], side: "A", unit: "us" };
    expect((await bgTable([], [nco, ger("ger", EIGHT)])).judge({ shooter: "nco", target: "ger" }).firers[0]!.dice).toBe(3);
    expect(
      (await bgTable([], [nco, ger("ger", EIGHT)], { options: { extraDiceOnSmallArms: true } })).judge({ shooter: "nco", target: "ger" }).firers[0]!.dice,
    ).toBe(4);
  });
});

describe("critical hits, misfires and jams (§3.6, §3.7)", () => {
  // A Panther 7–8" from a jeep's side: OV 19 − DV 0 + 1 (AP > 14 up to 12") + 3 unarmoured.
  const panther: Placed = { id: "pz", model: "ger-panther", position: [20, 60], heading: 90, side: "B", unit: "pz" };
  const jeepAt = () => jeep("jeep", 20 + 5 + inchesToCm(8) + 2, { heading: 0 });
  const fire = async (dice: number[], setup: BgTableSetup = state({ pz: { firedBefore: true } })) =>
    (await bgTable([], [panther, jeepAt()], setup)).resolve({ shooter: "pz", target: "jeep", weapon: "main-gun" }, scriptedDice(dice));

  it("a 1, then a hit again: Major Critical Hit +10 on the impact", async () => {
    const r = await fire([1, 3, 20]);
    expect(r.details.dice.map((d) => d.meaning)).toEqual([
      "to-hit 1 → critical hit: roll again to hit",
      "critical re-roll 3 hits: Major Critical Hit +10",
      expect.stringMatching(/^impact 33 \(OV 19 − DV 0 \(hull side\) \+ 1 \+ 3 \+ 10\), d20 20: vehicles row 20, column 3 → suppressed$/),
    ]);
  });

  it("a 1, then a miss: Minor Critical Hit +5", async () => {
    const r = await fire([1, 19, 20]);
    expect(r.details.dice[1]!.meaning).toBe("critical re-roll 19 misses: Minor Critical Hit +5");
    expect(r.details.dice[2]!.meaning).toMatch(/\+ 5\)/);
  });

  it("rifles and machine weapons score no criticals", async () => {
    const t = await bgTable([], [us("us", 30), enemyJeep("jeep", 30 + BASE_R + inchesToCm(8) + 2)]);
    const r = t.resolve({ shooter: "us", target: "jeep" }, scriptedDice([1, 20, 2, 20]));
    expect(r.details.dice[0]!.meaning).toMatch(/→ hit \(no critical for rifles and machine weapons\)/);
  });

  it("a 20 then 11–19 jams the gun: it is marked, refused until cleared, and clearing takes it off", async () => {
    const r = await fire([20, 15]);
    expect(r.outcomes).toContainEqual({ model: "pz", effect: "damaged", detail: "jammed: main-gun" });
    const status = { pz: { pinned: false, markers: ["jammed: main-gun"] } };
    const jammed = (await bgTable([], [panther, jeepAt()], { status })).judge({ shooter: "pz", target: "jeep", weapon: "main-gun" });
    expect(jammed.valid).toBe(false);
    expect(text(jammed.firers[0]!.rulings)).toMatch(/is jammed: the jam must be cleared first/);
    const cleared = (await bgTable([], [panther, jeepAt()], { status })).act({ action: "clear-jam", unit: "pz" }, scriptedDice([9]));
    expect(cleared.outcomes).toEqual([{ model: "pz", effect: "cleared", detail: "jammed: main-gun" }]);
    expect((cleared.details as ActionDetails).dice[0]!).toMatchObject({ need: 11, under: true, sample: { table: "procedures" } });
  });

  it("a 20 then 1–10 is a dud; then 20 an explosion: the weapon is destroyed and its firer takes a hit", async () => {
    expect((await fire([20, 4])).details.steps.map((s) => s.text)).toContain("pz: the 7.5 cm KwK 42 L/70 misfires (dud); its remaining dice are lost");
    const boom = await fire([20, 20, 20]);
    expect(boom.outcomes).toEqual([
      { model: "pz", effect: "damaged", detail: "weapon destroyed: main-gun" },
      { model: "pz", effect: "damaged", detail: "suppressed" },
    ]);
    expect(boom.details.dice[2]!.meaning).toMatch(/impact 17 \(OV 19 − top DV 2\), d20 20: vehicles row 17, column 3 → suppressed/);
  });
});

describe("a shot that cannot harm its target says so (sheet lines 168, 178, 128–130, 290–294)", () => {
  // A Panzer IV facing the firers, 20" from them: an M1 Garand (OV 1, AP < 3) meets DV 8 to 10 and AP −4 up to 24",
  // an impact of −11 or below, read on the −10 row, whose only result for vehicles is 1–20 in the no-effect column;
  // rifles score no critical hits (line 130) to lift it.
  const panzer: Placed = { id: "pz", model: "ger-panzer-iv", position: [30 + BASE_R + inchesToCm(20) + 3, 60], heading: -90, side: "B", unit: "pz" };

  it("an M1 Garand at a Panzer IV: refused, and the verdict's own rulings say it cannot harm it", async () => {
    const v = (await bgTable([], [us("us", 30), panzer])).judge({ shooter: "us", target: "pz" });
    expect(v.valid).toBe(false);
    const shot = v.firers[0]!.shots[0]!;
    expect(shot).toMatchObject({ canFire: false, harmless: true });
    expect(v.rulings[0]!.reason).toMatch(
      /^M1 Garand cannot harm pz: impact −1[1-3] \(OV 1 − DV (8|10) \((turret|hull) front\) − 4\) \(rifles and machine weapons score no critical hits\), and at that impact every d20 on the Hit Effects Table is no effect$/,
    );
    expect(v.rulings[0]!.sample?.table).toBe("effect-columns");
    expect(v.rulings.at(-1)!.reason).toBe("no model of unit-us can fire at unit-pz");
  });

  it('a bazooka (OV 13, AP 7–14) 8" from the same tank can harm it, and fires', async () => {
    const near = { ...panzer, position: [EIGHT + 2, 60] as [number, number] };
    const v = (await bgTable([], [bazooka("us", 30), near])).judge({ shooter: "us", target: "pz" });
    expect(v.valid).toBe(true);
    expect(v.firers[0]!.shots[0]!.harmless).toBeUndefined();
  });

  it("the same rifle at an unarmoured jeep (AP + 3) can harm it", async () => {
    const v = (await bgTable([], [us("us", 30), enemyJeep("jeep", 30 + BASE_R + inchesToCm(20) + 2)])).judge({ shooter: "us", target: "jeep" });
    expect(v.valid).toBe(true);
  });
});

describe("small arms against infantry (§5, §6.3) and hit effects (§8)", () => {
  const mg: Placed = { id: "mg", model: "ger-mg42-team", position: [30, 60], heading: 90, side: "B", unit: "mg" };
  const target = (extra: Partial<Placed> = {}) => us("us", EIGHT, 60, extra);

  it("no to-hit roll: every die an effect roll at FP with the firepower modifiers", async () => {
    const t = await bgTable([], [mg, target()], state({ us: { movement: "moving" }, mg: { bonusMove: true } }));
    const v = t.judge({ shooter: "mg", target: "us" });
    expect(shotOf(v).resolution).toBe("effect");
    expect(mods(v)).toEqual([
      [2, "us is moving"],
      [-2, "mg moved (as OM2)"],
    ]);
    const r = t.resolve({ shooter: "mg", target: "us" }, scriptedDice([20, 20, 20, 20, 12]));
    expect(r.details.dice).toHaveLength(5);
    expect(r.details.dice[4]!.meaning).toBe("impact 5 (FP 5 + 2 − 2), d20 12: infantry row 5, column 4 → pinned");
    expect(r.outcomes).toEqual([{ model: "us", effect: "pinned", detail: "pinned" }]);
  });

  it("a Pin on a Pinned man makes him Suppressed", async () => {
    const t = await bgTable([], [mg, target()], { status: { us: { pinned: true, markers: [] } } });
    const r = t.resolve({ shooter: "mg", target: "us" }, scriptedDice([20, 20, 20, 20, 12]));
    expect(r.outcomes).toEqual([{ model: "us", effect: "damaged", detail: "suppressed" }]);
    expect(r.details.steps.map((s) => s.text)).toContain("us was already Pinned: the further Pin makes it Suppressed");
  });

  it("column 2 leaves a man wounded and Suppressed by default, removes him by option", async () => {
    const wounded = (await bgTable([], [mg, target()])).resolve({ shooter: "mg", target: "us" }, scriptedDice([3, 20, 20, 20, 20]));
    expect(wounded.outcomes).toEqual([
      { model: "us", effect: "damaged", detail: "wounded" },
      { model: "us", effect: "damaged", detail: "suppressed" },
    ]);
    const out = (await bgTable([], [mg, target()], { options: { infantryColumnTwo: "out-of-action" } })).resolve(
      { shooter: "mg", target: "us" },
      scriptedDice([3, 20, 20, 20, 20]),
    );
    expect(out.outcomes).toEqual([{ model: "us", effect: "casualty", detail: "wounded, out of action" }]);
  });

  it("a destroyed vehicle's occupants test their survival (§7)", async () => {
    const panther: Placed = { id: "pz", model: "ger-panther", position: [20, 60], heading: 90, side: "B", unit: "pz" };
    const t = await bgTable(
      [],
      [panther, jeep("jeep", 20 + 5 + inchesToCm(8) + 2), us("rider", 150)],
      state({ pz: { firedBefore: true }, jeep: { occupants: ["rider"] } }),
    );
    const r = t.resolve({ shooter: "pz", target: "jeep", weapon: "main-gun" }, scriptedDice([5, 1, 17]));
    expect(r.outcomes).toEqual([
      { model: "jeep", effect: "destroyed", detail: "destroyed" },
      { model: "rider", effect: "casualty", detail: "killed" },
    ]);
    expect(r.details.dice[2]!).toMatchObject({ purpose: "save", model: "rider", meaning: "survival 17: killed", rule: "§7" });
  });
});

describe("close combat (§9), resolved when declared", () => {
  it("infantry: d20 + CC + 2 for charging against d20 + CC; the loser removes a base; a tie leaves both", async () => {
    const models = [us("us", 30), ger("ger", 30 + 2 * BASE_R + 0.1)];
    const won = (await bgTable([], models)).resolve({ shooter: "us", target: "ger", action: "close-combat" }, scriptedDice([15, 10]));
    expect(won.details.dice.map((d) => d.meaning)).toEqual([
      expect.stringMatching(/^attack d20 15 \+ 5 \(\+2 charging, \+3 us's Close Combat\) = 20$/),
      expect.stringMatching(/^defence d20 10 \+ 3 .* = 13$/),
    ]);
    expect(won.outcomes).toEqual([{ model: "ger", effect: "casualty", detail: "lost the close combat" }]);
    const tie = (await bgTable([], models)).resolve({ shooter: "us", target: "ger", action: "close-combat" }, scriptedDice([8, 10]));
    expect(tie.outcomes).toEqual([]);
    expect(tie.details.steps.map((s) => s.text)).toContain("a tie, 13 to 13: every base stays in the fight until the next activation");
  });

  it("infantry behind a wall defends with half its cover (+2) and a Suppressed attacker has −10", async () => {
    // 0.9 cm between the bases, 0.5 of it wall: touching across the wall.
    const x = 30 + 2 * BASE_R + 0.9;
    const t = await bgTable(
      [
        {
          id: "wall-1",
          kind: "wall",
          path: [
            [x - BASE_R - 0.45, 40],
            [x - BASE_R - 0.45, 80],
          ],
          height: 1.2,
          thickness: 0.5,
        },
      ],
      [us("us", 30), ger("ger", x)],
      { status: { us: { pinned: false, markers: ["suppressed"] } } },
    );
    expect(t.judge({ shooter: "us", target: "ger", action: "close-combat" }).valid).toBe(true);
    const r = t.resolve({ shooter: "us", target: "ger", action: "close-combat" }, scriptedDice([20, 1]));
    expect(r.details.dice[0]!.meaning).toMatch(/−10 us is Suppressed/);
    expect(r.details.dice[1]!.meaning).toMatch(/\+2 defender's terrain: .*wall wall-1.*−5 \/ 2/);
  });

  it("on a vehicle: OV 2 on the top armour, +5 open, + the charge X; to immobilise +3 and only immobilisation", async () => {
    const schreck: Placed = { id: "ps", model: "ger-panzerschreck", position: [30, 60], side: "B", unit: "ger" };
    const car = jeep("jeep", 30 + BASE_R + 2.5 + 1);
    const t = await bgTable([], [schreck, car]);
    const r = t.resolve({ shooter: "ps", target: "jeep", action: "close-combat" }, scriptedDice([10]));
    expect(r.details.dice[0]!.meaning).toMatch(/^impact 11 \(OV 2 − top DV 0 \+ 5 \+ 4\), d20 10: vehicles row 11, column 2 → immobilised-suppressed$/);
    expect(r.details.steps.map((s) => s.text)).toContain('ps falls back 1" from jeep, towards the side it attacked from');
    const immobilise = t.resolve({ shooter: "ps", target: "jeep", action: "close-combat", toImmobilise: true }, scriptedDice([3]));
    expect(immobilise.details.dice[0]!.meaning).toMatch(
      /^impact 9 \(OV 2 − top DV 0 \+ 3 \+ 4\), d20 3: vehicles row 9, column 1 → counts only as immobilisation$/,
    );
    expect(immobilise.outcomes).toEqual([{ model: "jeep", effect: "damaged", detail: "immobilised (to the end of the game)" }]);
  });

  it('a vehicle more than 2" away is not struck yet', async () => {
    const t = await bgTable([], [us("us", 30), enemyJeep("jeep", 30 + BASE_R + 2.5 + inchesToCm(3))]);
    const r = t.resolve({ shooter: "us", target: "jeep", action: "close-combat" }, scriptedDice([]));
    expect(r.details.steps.map((s) => s.text).join("\n")).toMatch(/more than 2": it charges as against infantry/);
  });
});

describe("immobilisation tests (§2), the action immobilisation-test", () => {
  const sherman: Placed = { id: "tank", model: "us-sherman-m4", position: [40, 60], side: "A", unit: "tank" };
  const foe: Placed = ger("ger", 150);
  const test = async (answers: Answers, dice: number[], setup: BgTableSetup = {}) =>
    (await bgTable([], [sherman, foe], setup)).act({ action: "immobilisation-test", unit: "unit-tank", answers }, scriptedDice(dice));

  it("terrain: 2 × Training less Class and conditions; a failure bogs the vehicle down", async () => {
    const r = await test({ situation: "terrain", reverse: true, streamOrDitch: true }, [13]);
    expect((r.details as ActionDetails).dice[0]!).toMatchObject({ need: 12, under: true });
    expect(r.outcomes).toEqual([{ model: "tank", effect: "damaged", detail: "bogged down" }]);
  });

  it("woods: Training less, Class added (Training + Class = 13)", async () => {
    expect(((await test({ situation: "woods" }, [13])).details as ActionDetails).dice[0]!.meaning).toMatch(/^13 against 13 .* → passes$/);
  });

  it("overrunning: own Class added, 4 × the enemy's Class taken away", async () => {
    expect(((await test({ situation: "overrun", otherClass: 2 }, [20])).details as ActionDetails).dice[0]!.need).toBe(20 + 3 - 8);
  });

  it("a Pinned vehicle takes −5 on the test, as on every roll but Morale (§8)", async () => {
    const r = await test({ situation: "terrain" }, [20], { status: { tank: { pinned: true, markers: [] } } });
    const die = (r.details as ActionDetails).dice[0]!;
    expect(die.need).toBe(20 - 3 - 5);
    expect(die.meaning).toMatch(/tank is Pinned: −5 to every roll but Morale tests/);
  });

  it("unbogging, the test of a bogged-down vehicle: −4 per failed test; a pass takes the marker off", async () => {
    const r = await test({ situation: "terrain" }, [13], {
      status: { tank: { pinned: false, markers: ["bogged down"] } },
      ...state({ tank: { failedUnbogging: 1 } }),
    });
    expect((r.details as ActionDetails).dice[0]!.need).toBe(20 - 3 - 4);
    expect(r.outcomes).toEqual([{ model: "tank", effect: "cleared", detail: "bogged down" }]);
  });
});

describe("the same seed gives the same events", () => {
  it("an MG burst and an HE shot, resolved twice from seed 1944", async () => {
    const sherman: Placed = { id: "tank", model: "us-sherman-m4", position: [20, 60], heading: 90, side: "A", unit: "tank" };
    const t = await bgTable([], [sherman, ger("ger", 60), ger("ger-2", 63, 62)]);
    const decl = { shooter: "tank", target: "ger", weapon: "main-gun", ammunition: "HE" as const };
    const once = fireEvent(battleground, decl, t.resolve(decl, createDice(1944)), 0);
    const twice = fireEvent(battleground, decl, t.resolve(decl, createDice(1944)), 0);
    expect(twice).toEqual(once);
    expect(once.rolls.length).toBeGreaterThan(1);
    const other = fireEvent(battleground, decl, t.resolve(decl, createDice(1945)), 0);
    expect(other.rolls.map((r) => r.value)).not.toEqual(once.rolls.map((r) => r.value));
  });
});
