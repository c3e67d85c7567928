/**
 * One thread of the matrix pool (matrixPool.ts): builds its own sight world from the scenario it is given and
 * answers chunks of pairs with their matrix entries.
 */
import { parentPort, workerData } from "node:worker_threads";
import { scenarioCatalog } from "../core/miniatures/catalog";
import type { Scenario } from "../core/scenario/schema";
import { visibilityEntry } from "../sight/matrix";
import { createSightWorld } from "../sight/sightWorld";
import type { PoolReply, PoolRequest } from "./matrixPool";

const scenario = (workerData as { scenario: Scenario }).scenario;
const world = await createSightWorld(scenario, scenarioCatalog(scenario));
const port = parentPort!;

port.on("message", ({ id, pairs }: PoolRequest) => {
  try {
    port.postMessage({ id, entries: pairs.map(([shooter, target]) => visibilityEntry(world, shooter, target)) } satisfies PoolReply);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies PoolReply);
  }
});
port.postMessage({ id: 0, ready: true } satisfies PoolReply);
