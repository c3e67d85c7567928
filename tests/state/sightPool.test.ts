/**
 * The pooled sight client: the matrix split over several workers is the one worker's matrix, entry for entry
 * and in order, with progress over the whole; helpers follow later syncs; everything else is the main worker's.
 * Helpers start only when asked (the app asks once its first frame is drawn) or at the first matrix request.
 */
import { describe, expect, it } from "vitest";
import { createSightClient } from "../../src/state/sightClient";
import { createPooledSightClient } from "../../src/state/sightPool";
import { type Placed, scenario } from "../helpers/scene";
import { inProcessWorker } from "../helpers/sightHost";

// Two sides behind and around a wall, so some pairs see each other, some do not, and some partly.
const wall = {
  id: "wall",
  kind: "wall" as const,
  path: [
    [90, 30],
    [90, 70],
  ] as Array<[number, number]>,
  height: 3,
  thickness: 1,
};
const models: Placed[] = [
  ...Array.from({ length: 4 }, (_, i): Placed => ({ id: `a${i}`, model: "us-rifleman", position: [60, 25 + i * 12], side: "A" })),
  ...Array.from({ length: 5 }, (_, i): Placed => ({ id: `b${i}`, model: i % 2 ? "ger-rifleman" : "ger-nco", position: [120 - i * 6, 20 + i * 14], side: "B" })),
];
const table = scenario([wall], models);

describe("the pooled sight client", () => {
  it("splits the matrix over its workers and answers exactly as one worker, with progress over all pairs", async () => {
    const single = createSightClient(inProcessWorker());
    await single.load(table);
    const expected = await single.matrix();
    expect(expected).toHaveLength(2 * 4 * 5);
    expect(new Set(expected.map((e) => (e.visibleFraction <= 0 ? "hidden" : e.visibleFraction >= 1 ? "seen" : "partly"))).size).toBeGreaterThan(1);

    let started = 0;
    const pool = createPooledSightClient(() => (started++, inProcessWorker()), 3);
    await pool.load(table);
    expect(started).toBe(1);
    const progress: Array<[number, number]> = [];
    expect(await pool.matrix({}, (done, total) => progress.push([done, total]))).toEqual(expected);
    // A table that asks for a matrix before the helpers were started gets them then.
    expect(started).toBe(3);
    expect(progress.at(-1)).toEqual([40, 40]);
    expect(
      await pool.matrix({
        pairs: [
          ["b3", "a1"],
          ["a0", "b4"],
        ],
      }),
    ).toEqual(
      await single.matrix({
        pairs: [
          ["b3", "a1"],
          ["a0", "b4"],
        ],
      }),
    );
  });

  it("starts its helpers when asked, before any matrix request, or at the first table when asked before one", async () => {
    const single = createSightClient(inProcessWorker());
    await single.load(table);
    const expected = await single.matrix();

    // The app: one worker until the first frame is drawn, the whole pool after, synced to the table.
    let started = 0;
    const pool = createPooledSightClient(() => (started++, inProcessWorker()), 3);
    await pool.load(table);
    expect(started).toBe(1);
    pool.startHelpers();
    expect(started).toBe(3);
    pool.startHelpers();
    expect(await pool.matrix()).toEqual(expected);
    expect(started).toBe(3);

    // Asked for before there is a table: the helpers start with the first one.
    let early = 0;
    const waiting = createPooledSightClient(() => (early++, inProcessWorker()), 2);
    waiting.startHelpers();
    expect(early).toBe(1);
    await waiting.sync(table);
    expect(early).toBe(2);
    expect(await waiting.matrix()).toEqual(expected);
  });

  it("keeps its helpers in step with the table: after a move, the pooled matrix is the moved table's", async () => {
    const pool = createPooledSightClient(() => inProcessWorker(), 2);
    await pool.load(table);
    const before = await pool.matrix();
    const moved = scenario(
      [wall],
      models.map((m) => (m.id === "a0" ? { ...m, position: [88, 50] as [number, number] } : m)),
    );
    await pool.sync(moved);
    const single = createSightClient(inProcessWorker());
    await single.load(moved);
    const after = await pool.matrix();
    expect(after).toEqual(await single.matrix());
    // The second half (side B shooting) is the helper's: the move must show there, not only on the main worker.
    expect(after.slice(20)).not.toEqual(before.slice(20));
    expect(await pool.report({ shooter: "a0", target: "b2" })).toEqual(await single.report({ shooter: "a0", target: "b2" }));
  });
});
