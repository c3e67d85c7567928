/**
 * The formatter and the linter (Biome, biome.jsonc) pass on the whole tree, so `npm test` fails on what CI's
 * lint check would. Fix with `npm run format`.
 */
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { expect, it } from "vitest";

const ROOT = resolve(__dirname, "..");

it("the code is formatted and passes the linter (npm run lint)", () => {
  const run = spawnSync(resolve(ROOT, "node_modules/.bin/biome"), ["check", ".", "--max-diagnostics=20"], { cwd: ROOT, encoding: "utf8" });
  expect(run.error).toBeUndefined();
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
});
