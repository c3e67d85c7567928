/**
 * The fuzz command's worker thread: it checks the cases the main thread names, so a case that hangs can be
 * stopped (the worker is terminated and a new one started) without stopping the run.
 */
import { parentPort, workerData } from "node:worker_threads";
import { checkCase, gameCase, playedGame, SHIPPED, scenarioCase } from "./cases";

export interface WorkerRequest {
  readonly kind: "scenario" | "game";
  readonly n: number;
}

const { seed } = workerData as { seed: number };
const games = await Promise.all(SHIPPED.map((name, i) => playedGame(name, seed + i)));
parentPort!.on("message", async (request: WorkerRequest) => {
  const c = request.kind === "scenario" ? scenarioCase(seed, request.n) : gameCase(seed, request.n, games);
  // Making a case (a 25 MB mutation) is the fuzzer's work, not the loader's: the clock starts now.
  parentPort!.postMessage("checking");
  parentPort!.postMessage(await checkCase(c));
});
parentPort!.postMessage("ready");
