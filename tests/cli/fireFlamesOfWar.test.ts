/**
 * `npm run fire -- … --ruleset flames-of-war` run for real: a hedge between two platoons (both Concealed),
 * the platoon verdict with each firer's easiest target, a seeded roll that prints the same bytes twice with
 * its allocation, and a bad option named in one line.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FireDetails, FireVerdict } from "../../src/rules/ruleset";
import { mgTeam, scenario } from "../helpers/scene";
import { expectOneLineError, run, SPAWN_TIMEOUT } from "./run";

interface Answer {
  readonly verdict: FireVerdict;
  readonly result?: { readonly rolls: unknown[]; readonly details: FireDetails };
}

const hedge = {
  id: "hedge-1",
  kind: "hedge" as const,
  path: [
    [60, 10],
    [60, 110],
  ] as [number, number][],
  height: 2,
  thickness: 1.5,
};

let dir: string;
let file: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "hulldown-fow-"));
  file = join(dir, "hedge.json");
  await writeFile(
    file,
    JSON.stringify(scenario([hedge], [mgTeam("us-1", 40, 50, "A"), mgTeam("us-2", 40, 70, "A"), mgTeam("ger-1", 75, 50, "B"), mgTeam("ger-2", 75, 70, "B")])),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("fire --ruleset flames-of-war", { timeout: SPAWN_TIMEOUT }, () => {
  it("judges the platoon: MG teams, 3 dice each, at Veterans behind a hedge, stationary: Gone to Ground, 6+", async () => {
    const r = await run("fire", [file, "unit-us", "unit-ger", "--ruleset", "flames-of-war", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const answer = JSON.parse(r.stdout) as Answer;
    expect(answer.verdict.valid).toBe(true);
    for (const f of answer.verdict.firers) expect(f).toMatchObject({ canFire: true, dice: 3 });
    expect(answer.verdict.firers.map((f) => f.group)).toEqual(["ger-1", "ger-2"]);
    const shot = answer.verdict.firers[0]!.shots.find((s) => s.group === "ger-1")!;
    expect(shot.need).toBe(6);
    expect(shot.rulings.map((x) => x.reason)).toContain("hedge-1 (hedge) lies between them: both are Concealed");
  });

  it("a seeded roll prints the same bytes twice, with the allocation and every save", async () => {
    const args = [file, "unit-us", "unit-ger", "--ruleset", "flames-of-war", "--roll", "--seed", "1944"];
    const [a, b] = await Promise.all([run("fire", args), run("fire", args)]);
    expect(a.code, a.stderr).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).toMatch(/^Flames of War 2015: unit-us fires at unit-ger/);
    expect(a.stdout).toMatch(/Allocation/);
    const json = JSON.parse((await run("fire", [...args, "--json"])).stdout) as Answer;
    const saves = json.result!.details.dice.filter((d) => d.purpose === "save");
    const hits = json.result!.details.dice.filter((d) => d.purpose === "to-hit" && d.value >= 6);
    expect(saves).toHaveLength(hits.length);
    expect(json.result!.details.allocation).toHaveLength(hits.length);
  });

  it("refuses an option it does not have, naming its options", async () => {
    const r = await run("fire", [file, "unit-us", "unit-ger", "--ruleset", "flames-of-war", "--option", "smallWoodsLetSightThrough=true"]);
    expectOneLineError(r, "fire", 'Flames of War has no option "smallWoodsLetSightThrough"', "rofOneAfterMoving");
  });
});
