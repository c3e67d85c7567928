/**
 * The fuzz command's worker thread: it checks the cases the main thread names, so a case that hangs can be
 * stopped (the worker is terminated and a new one started) without stopping the run.
 */
import { parentPort, workerData } from "node:worker_threads";
import { checkCase, type FuzzCase, gameCase, playedGame, playedReplay, replayCase, SHIPPED, scenarioCase } from "./cases";

export interface WorkerRequest {
  readonly kind: FuzzCase["kind"];
  readonly n: number;
}

const { seed } = workerData as { seed: number };
const games = await Promise.all(SHIPPED.map((name, i) => playedGame(name, seed + i)));
const replays = games.map(playedReplay);
const make: Record<FuzzCase["kind"], (n: number) => FuzzCase> = {
  scenario: (n) => scenarioCase(seed, n),
  game: (n) => gameCase(seed, n, games),
  replay: (n) => replayCase(seed, n, replays),
};
parentPort!.on("message", async (request: WorkerRequest) => {
  const c = make[request.kind](request.n);
  // Making a case (a 25 MB mutation) is the fuzzer's work, not the loader's: the clock starts now.
  parentPort!.postMessage("checking");
  parentPort!.postMessage(await checkCase(c));
});
parentPort!.postMessage("ready");
