/**
 * The main thread's sight client over an in-process host: promises, progress callbacks, and the reason a
 * request failed (a wrong question, a newer request, a dead worker, a closed client).
 */
import { describe, expect, it } from "vitest";
import { createSightClient, type SightClientError, type SightWorkerPort } from "../../src/state/sightClient";
import { eyeAt, type Placed, scenario } from "../helpers/scene";
import { inProcessWorker } from "../helpers/sightHost";

const table = scenario(
  [],
  [
    eyeAt("eye", 30, 60, 2.9),
    ...Array.from({ length: 6 }, (_, i): Placed => ({ id: `t${i}`, model: "ger-rifleman", position: [100, 20 + i * 10], side: "B" })),
  ],
);

/** A worker that never answers: the client's own failure paths. */
const silentWorker = (): SightWorkerPort => ({ onmessage: null, onerror: null, postMessage: () => {}, terminate: () => {} });

async function failure(promise: Promise<unknown>): Promise<SightClientError> {
  return promise.then(
    () => {
      throw new Error("expected the request to fail");
    },
    (error: SightClientError) => error,
  );
}

describe("the sight client", () => {
  it("answers with promises and calls back with progress", async () => {
    const sight = createSightClient(inProcessWorker());
    await sight.load(table);
    expect((await sight.report({ shooter: "eye", target: "t2" })).visibleFraction).toBe(1);
    const progress: Array<[number, number]> = [];
    const seen = await sight.visibleFrom({ shooter: "eye" }, (done, total) => progress.push([done, total]));
    expect(seen.map((e) => e.target)).toEqual(["t0", "t1", "t2", "t3", "t4", "t5"]);
    expect(progress.at(-1)).toEqual([6, 6]);
  });

  it("rejects a wrong question as a query error and a superseded request as cancelled", async () => {
    const sight = createSightClient(inProcessWorker());
    await sight.load(table);
    expect(await failure(sight.report({ shooter: "eye", target: "ghost" }))).toMatchObject({ reason: "query", message: 'unknown target model "ghost"' });
    const older = sight.visibleFrom({ shooter: "eye" });
    const newer = sight.visibleFrom({ shooter: "eye" });
    expect(await failure(older)).toMatchObject({ reason: "cancelled" });
    expect(await newer).toHaveLength(6);
  });

  it("fails pending and later requests when the worker dies or the client is disposed", async () => {
    const sight = createSightClient(silentWorker());
    const pending = sight.report({ shooter: "eye", target: "t0" });
    sight.dispose();
    expect(await failure(pending)).toMatchObject({ reason: "disposed" });
    expect(await failure(sight.sync(table))).toMatchObject({ reason: "disposed" });

    const worker = silentWorker();
    const crashing = createSightClient(worker);
    const lost = crashing.report({ shooter: "eye", target: "t0" });
    worker.onerror?.({ message: "out of memory" } as ErrorEvent);
    expect(await failure(lost)).toMatchObject({ reason: "engine", message: "the sight worker failed: out of memory" });
    expect(await failure(crashing.report({ shooter: "eye", target: "t0" }))).toMatchObject({ reason: "engine" });
  });
});
