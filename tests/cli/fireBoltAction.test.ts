/**
 * `npm run fire -- … --ruleset bolt-action` run for real: the same verdict the worker gives, in inches and
 * d6, a seeded roll printed the same twice, an assault declared with --declare, and bad switches refused.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CM_PER_INCH } from "../../src/core/units";
import { type Placed, scenario } from "../helpers/scene";
import { expectOneLineError, run, SPAWN_TIMEOUT } from "./run";

let dir: string;
let file: string;
/** A lone US rifleman and a German squad whose closest base edge is 12.1" away: long range for a rifle. */
const models: Placed[] = [
  { id: "us-1", model: "us-rifleman", position: [20, 60], side: "A" },
  ...[55, 60, 65].map((z, i): Placed => ({ id: `ger-${i + 1}`, model: "ger-rifleman", position: [20 + 2.5 + 12.1 * CM_PER_INCH, z], side: "B", unit: "ger" })),
];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "hulldown-fire-ba-"));
  file = join(dir, "range.json");
  await writeFile(file, JSON.stringify(scenario([], models)));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("npm run fire --ruleset bolt-action", () => {
  it(
    'judges in inches: long range at 12.1", the small unit, 5+ on a d6',
    async () => {
      const r = await run("fire", [file, "us-1", "unit-ger", "--ruleset", "bolt-action"]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^Bolt Action source: us-1 fires at unit-ger\nCAN FIRE/);
      expect(r.stdout).toMatch(/us-1 \(small-arms\): 1 die at "unit-ger", needs 5\+ on a d6/);
      expect(r.stdout).toMatch(/−1 to-hit: long range: 12\.1", beyond 50 % of the weapon's range/);
      expect(r.stdout).toMatch(/−1 to-hit: the target is a small unit: a 3-man team; sample choice: the source names the −1 but not what a small unit is/);
      expect(r.stdout).toMatch(/practice: SAMPLE procedures the source leaves out/);
    },
    SPAWN_TIMEOUT,
  );

  it(
    "rolls the same dice twice from one seed, and resolves an assault declared with --declare",
    async () => {
      const args = [file, "us-1", "unit-ger", "--ruleset", "bolt-action", "--roll", "--seed", "12", "--json"];
      const [a, b] = await Promise.all([run("fire", args), run("fire", args)]);
      expect(a.stdout).toBe(b.stdout);
      expect(JSON.parse(a.stdout).result.rolls[0]).toMatchObject({ index: 0, sides: 6 });
      const far = await run("fire", [file, "us-1", "unit-ger", "--ruleset", "bolt-action", "--declare", "assault", "--json"]);
      expect(JSON.parse(far.stdout).verdict.rulings.at(-1).reason).toMatch(/beyond the 12" Run move/);
    },
    SPAWN_TIMEOUT,
  );

  it(
    "refuses a question the system does not ask",
    async () => {
      expectOneLineError(
        await run("fire", [file, "us-1", "unit-ger", "--ruleset", "bolt-action", "--declare", "smoke"]),
        "fire",
        'Bolt Action asks no "smoke" before a shot',
        "he, assault",
      );
    },
    SPAWN_TIMEOUT,
  );
});
