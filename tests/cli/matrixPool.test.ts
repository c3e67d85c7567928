/**
 * The matrix on a pool of worker threads gives the single-threaded answer, entry for entry and in order,
 * whatever the number of threads and however the chunks fall between them.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MatrixPool } from "../../src/cli/matrixPool";
import { scenarioCatalog } from "../../src/core/miniatures/catalog";
import { parseScenarioJson } from "../../src/core/scenario/load";
import type { Scenario } from "../../src/core/scenario/schema";
import { opposingPairs, visibilityMatrix } from "../../src/sight/matrix";
import { createSightWorld, type SightWorld } from "../../src/sight/sightWorld";

/** Each thread starts tsx and Rapier and builds its own world: seconds on a busy machine. */
const POOL_TIMEOUT = 120_000;

let scenario: Scenario;
let world: SightWorld;

beforeAll(async () => {
  const result = parseScenarioJson(await readFile(new URL("../../src/scenarios/default.json", import.meta.url), "utf8"), scenarioCatalog);
  if (!result.ok) throw new Error("the default battlefield does not validate");
  scenario = result.scenario;
  world = await createSightWorld(scenario, scenarioCatalog(scenario));
});

afterAll(() => world.dispose());

describe("the matrix pool", () => {
  it(
    "answers exactly as visibilityMatrix on one thread, in the pairs' order, with 2 and 3 threads",
    async () => {
      // Every 37th opposing pair: both directions, all kinds of models, some hidden, some partly seen.
      const pairs = opposingPairs(world).filter((_, i) => i % 37 === 0);
      const expected = visibilityMatrix(world, { pairs });
      expect(new Set(expected.map((e) => e.visibleFraction > 0 && e.visibleFraction < 1)).size).toBe(2);
      for (const threads of [2, 3]) {
        const pool = await MatrixPool.start(scenario, threads);
        try {
          const progress: number[] = [];
          expect(pool.size).toBe(threads);
          expect(await pool.matrix(pairs, (done) => progress.push(done))).toEqual(expected);
          expect(progress.at(-1)).toBe(pairs.length);
        } finally {
          await pool.close();
        }
      }
    },
    POOL_TIMEOUT,
  );

  it(
    "fails a request whose pair names a model that is not on the table, naming it",
    async () => {
      const pool = await MatrixPool.start(scenario, 1);
      try {
        await expect(pool.matrix([["ger-hq-m1", "nobody"]])).rejects.toThrow(/nobody/);
      } finally {
        await pool.close();
      }
    },
    POOL_TIMEOUT,
  );
});
