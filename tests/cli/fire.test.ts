/**
 * `npm run fire` run for real, as a child process, on small battlefields written to a temp directory:
 * Operation WW2's sight rules turn on a measured depth or distance (a man inside a wood, a target beyond a
 * low wall, an MG behind a window), a seeded roll prints the same bytes twice, and bad input exits 2 with
 * one line. Positions are the models' own (centre of base): "6 cm inside" means the model's position is.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FireDetails, FireVerdict } from "../../src/rules/ruleset";
import { type Placed, scenario, testHouse } from "../helpers/scene";
import { expectOneLineError, run, SPAWN_TIMEOUT } from "./run";

type Features = Parameters<typeof scenario>[0];
interface Answer {
  readonly verdict: FireVerdict & { readonly pairs: ReadonlyArray<{ shooter: string; target: string; canSee: boolean }> };
  readonly result?: { readonly rolls: unknown[]; readonly details: FireDetails };
}

const rifleman = (id: string, x: number, side: "A" | "B", extra: Partial<Placed> = {}): Placed => ({
  id,
  model: side === "A" ? "us-rifleman" : "ger-rifleman",
  position: [x, 60],
  side,
  ...extra,
});
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
const lowWall = {
  id: "wall-1",
  kind: "wall" as const,
  path: [
    [100, 20],
    [100, 100],
  ] as [number, number][],
  height: 1.4,
  thickness: 1,
};
const house = testHouse({
  roof: { state: "intact", shape: "gable", ridgeHeight: 3.5 },
  openings: [{ id: "window-up", type: "window", wall: 3, floor: 1, offset: 10, width: 4, height: 3, sill: 1 }],
});
/** The middle of the test house's west wall, whose window the MG looks through. */
const WALL_MIDDLE = 100.3;
const mgBehindWindow = (d: number): Placed => ({
  id: "mg",
  model: "ger-mg42-team",
  position: [WALL_MIDDLE + d, 60],
  heading: -90,
  side: "B",
  floor: { building: "house", level: 1 },
});

let dir: string;
const files = new Map<string, string>();

async function field(name: string, features: Features, models: Placed[]): Promise<string> {
  const path = join(dir, `${name}.json`);
  await writeFile(path, JSON.stringify(scenario(features, models)));
  files.set(name, path);
  return path;
}

async function fire(args: readonly string[]): Promise<Answer> {
  const r = await run("fire", [...args, "--json"]);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toBe("");
  return JSON.parse(r.stdout) as Answer;
}

const rulingsText = (a: Answer) => a.verdict.rulings.map((r) => `${r.reason} [${r.rule}]`);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "hulldown-fire-"));
  // The shooter 25 cm from the man: within the 30 cm a stationary man in cover is spotted at (sample table).
  await field("wood-6", [woods(94)], [rifleman("us", 75, "A"), rifleman("ger", 100, "B")]);
  await field("wood-4", [woods(96)], [rifleman("us", 75, "A"), rifleman("ger", 100, "B")]);
  // The wall's far face at x = 100.5; the man 7 cm beyond it.
  await field("wall-7", [lowWall], [rifleman("us", 85, "A"), rifleman("ger", 100.5 + 7, "B")]);
  await field("mg-3", [house], [mgBehindWindow(3), rifleman("us", 40, "A")]);
  await field("mg-8", [house], [mgBehindWindow(8), rifleman("us", 40, "A")]);
  // Battleground WWII: a bazooka 8" (edge to edge) from a man touching the low wall's far face.
  await field("bg-wall", [lowWall], [{ id: "us", model: "us-bazooka", position: [101.8 - 2.5 - 20.32, 60], side: "A" }, rifleman("ger", 101.8, "B")]);
  await field(
    "open",
    [],
    [
      rifleman("us-1", 40, "A", { unit: "squad" }),
      rifleman("us-2", 40, "A", { unit: "squad", position: [40, 64] }),
      rifleman("ger-1", 60, "B", { unit: "ger" }),
      rifleman("ger-2", 60, "B", { unit: "ger", position: [60, 64] }),
    ],
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("fire: Operation WW2 sight rules from measured positions", { timeout: SPAWN_TIMEOUT }, () => {
  it("a man 6 cm inside a wood cannot be seen, and the verdict says so first; 4 cm inside he can", async () => {
    const [deep, shallow] = await Promise.all([fire([files.get("wood-6")!, "us", "ger"]), fire([files.get("wood-4")!, "us", "ger"])]);
    expect(deep.verdict.valid).toBe(false);
    expect(deep.verdict.pairs.every((p) => !p.canSee)).toBe(true);
    expect(rulingsText(deep)[0]).toMatch(/^us cannot see ger: the target stands \d\.\d cm inside woods bois; sight reaches at most 5 cm into it \[§5\.3\]$/);
    expect(shallow.verdict.valid).toBe(true);
    expect(shallow.verdict.pairs.every((p) => p.canSee)).toBe(true);
    expect(rulingsText(shallow).join("\n")).not.toMatch(/cannot see/);
  });

  it("a target 7 cm beyond a low wall is visible under v1 and not under v2.0", async () => {
    const [v1, v2] = await Promise.all([
      fire([files.get("wall-7")!, "us", "ger", "--version", "v1"]),
      fire([files.get("wall-7")!, "us", "ger", "--version", "v2.0"]),
    ]);
    expect(v1.verdict.pairs.every((p) => p.canSee)).toBe(true);
    expect(v1.verdict.valid).toBe(true);
    expect(v2.verdict.pairs.every((p) => !p.canSee)).toBe(true);
    expect(v2.verdict.valid).toBe(false);
    expect(rulingsText(v2)[0]).toMatch(
      /^us cannot see ger: the target is \d\.\d cm beyond the low wall wall-1; ground-level models see at most 5 cm beyond it \(v2\.0\) \[§5\.3\]$/,
    );
  });

  it("an MG 3 cm behind a first-floor window can fire out; at 8 cm it cannot", async () => {
    const [near, far] = await Promise.all([fire([files.get("mg-3")!, "mg", "us"]), fire([files.get("mg-8")!, "mg", "us"])]);
    expect(near.verdict.valid).toBe(true);
    expect(near.verdict.firers).toMatchObject([{ model: "mg", weapon: { id: "team-weapon" }, canFire: true }]);
    expect(far.verdict.valid).toBe(false);
    expect(rulingsText(far)[0]).toMatch(
      /^mg cannot see us: the shooter is \d\.\d cm inside house from the window window-up; only models within 5 cm of an opening can fire \[§5\.4\]$/,
    );
  });
});

describe("fire --roll --seed", { timeout: SPAWN_TIMEOUT }, () => {
  it("prints the same bytes twice: the verdict, every die with its meaning, the allocation", async () => {
    const args = [files.get("open")!, "unit-squad", "unit-ger", "--roll", "--seed", "1944"];
    const [a, b] = await Promise.all([run("fire", args), run("fire", args)]);
    expect(a.code, a.stderr).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    for (const heading of ["Rulings", "Firers", "Dice", "Allocation", "Steps"]) expect(a.stdout).toMatch(new RegExp(`^${heading}$`, "m"));
    // Two semi-automatic rifles, 2 dice each, needing 7+ on the sample weapon table.
    expect(a.stdout).toMatch(/^ {2}us-1 \(small-arms\): 2 dice · sample weapons table at "in the open", needs 7\+ on a d10 · sample weapons table$/m);
    expect(a.stdout.match(/to-hit 7\+ → (hit|miss)/g)).toHaveLength(4);
  });

  it("--json gives the sight worker's answer: the result's dice match its rolls one for one", async () => {
    const answer = await fire([files.get("open")!, "unit-squad", "unit-ger", "--roll", "--seed", "1944"]);
    const { dice, allocation } = answer.result!.details;
    expect(dice.map((d) => d.index)).toEqual(answer.result!.rolls.map((_, i) => i));
    expect(dice.filter((d) => d.purpose === "to-hit")).toHaveLength(4);
    for (const d of dice) expect(d.meaning.length).toBeGreaterThan(0);
    for (const a of allocation) expect(a.rolls.every((i) => dice.some((d) => d.index === i))).toBe(true);
  });
});

describe("fire --ruleset battleground", { timeout: SPAWN_TIMEOUT }, () => {
  it("a d20 Target Number built from the sheet's modifiers: 10 − 1 (DM) + 4 (8\") − 5 (linear cover) = 8 or less", async () => {
    const r = await run("fire", [files.get("bg-wall")!, "us", "ger", "--ruleset", "battleground", "--roll", "--seed", "7"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Battleground WWII sheet: us fires at ger$/m);
    expect(r.stdout).toMatch(/^ {2}us \(small-arms\): 1 die · sample weapons table at "ger", needs 8 or less on a d20$/m);
    expect(r.stdout).toMatch(
      /^ {4}−5 to-hit: ger is behind the wall wall-1 \(touching it; the shooter is [\d.]+ cm from it\): linear cover \[§3\.2\] · sample terrain table$/m,
    );
    expect(r.stdout).toMatch(/^ {2}#0 +d20 +\d+ +to-hit (1 → critical|\d+ (at or under|over) TN 8)/m);
    // Seed 7 rolls a 1 and a minor critical: +5 on the man the bazooka hit.
    expect(r.stdout).toMatch(/impact 11 \(HE FP 6 ring 1 \+ 5 \(critical hit\)\)/);
  });

  it("runs on the default battlefield: an MG 42 at a squad rolls straight on the effects table", async () => {
    const answer = await fire(["src/scenarios/default.json", "ger-mg42-1", "us-sq3", "--ruleset", "battleground", "--roll", "--seed", "7"]);
    expect(answer.verdict.ruleset).toBe("battleground");
    expect(answer.verdict.valid).toBe(true);
    const dice = answer.result!.details.dice;
    expect(dice).toHaveLength(5);
    for (const d of dice) expect(d).toMatchObject({ sides: 20, purpose: "damage", rule: "§10" });
    for (const d of dice) expect(d.meaning).toMatch(/^impact -?\d+ \(FP 5.*\), d20 \d+: infantry row -?\d+, column [1-5] → /);
  });
});

describe("fire: bad input exits 2 with one line", { timeout: SPAWN_TIMEOUT }, () => {
  it("names the unknown id, weapon, rule system, version or option", async () => {
    const open = files.get("open")!;
    const cases: Array<[string[], string[]]> = [
      [
        [open, "us-1", "nobody"],
        ['the target "nobody" is neither a model nor a unit on the table', "unit-ger (ger-1, ger-2)"],
      ],
      [
        [open, "us-1", "ger-1", "--weapon", "bazooka"],
        ['us-1 has no weapon "bazooka" under Operation WW2', "small-arms, hand-grenade"],
      ],
      [
        [open, "us-1", "ger-1", "--ruleset", "chess"],
        ['unknown rule system "chess"', "operation-ww2"],
      ],
      [
        [open, "us-1", "ger-1", "--version", "v3"],
        ['Operation WW2 has no version "v3"', "v2.0, v1"],
      ],
      [
        [open, "us-1", "ger-1", "--option", "fog=true"],
        ['Operation WW2 has no option "fog"', "smallWoodsLetSightThrough"],
      ],
      [
        [open, "us-1", "ger-1", "--option", "smallWoodsLetSightThrough=maybe"],
        ['option "smallWoodsLetSightThrough" of Operation WW2 must be one of true, false, got "maybe"'],
      ],
      [[open, "us-1", "ger-1", "--roll"], ["--roll needs --seed"]],
    ];
    const runs = await Promise.all(cases.map(([args]) => run("fire", args)));
    runs.forEach((r, i) => expectOneLineError(r, "fire", ...cases[i]![1]));
  });
});
