/**
 * The sight client on every core: one sight worker answers everything, as before, and the visibility matrix
 * is split between it and helper workers, one per further core. The app starts the helpers once its first frame
 * is drawn and the browser is idle (a matrix request starts them if none has yet), so they never slow the first
 * frame and are ready before the user's first matrix; they then follow every load and sync, each holding its
 * own copy of the world (Rapier worlds cannot be shared).
 * The matrix they give together is the one worker's, entry for entry, in the same order.
 */
import type { Scenario } from "../core/scenario/schema";
import { type MatrixEntry, pairsAcrossSides } from "../sight/matrix";
import type { SightParams } from "../worker/protocol";
import { createSightClient, type Progress, type SightClient, type SightWorkerPort } from "./sightClient";

interface Helper {
  readonly client: SightClient;
  /** The helper's last world change; a helper whose change failed sits the matrix out. */
  settled: Promise<boolean>;
}

/** Every opposing pair of the scenario, in the order the worker's battlefield lists its models. */
function scenarioPairs(scenario: Scenario): Array<[string, string]> {
  return pairsAcrossSides(scenario.forces.flatMap((f) => f.units.flatMap((u) => u.models.map((m) => ({ id: m.id, side: f.side })))));
}

/**
 * One pair per model as the target: a matrix over them builds every target's per-model caches (its prepared
 * solids, sight point, pose) and warms the worker's JIT, so a first matrix costs what a later one does.
 */
function warmUpPairs(scenario: Scenario): Array<[string, string]> {
  const targets = new Set<string>();
  return scenarioPairs(scenario).filter(([, target]) => !targets.has(target) && Boolean(targets.add(target)));
}

/** Splits items into `parts` contiguous runs of nearly equal length. */
function split<T>(items: readonly T[], parts: number): T[][] {
  return Array.from({ length: parts }, (_, i) => items.slice(Math.floor((i * items.length) / parts), Math.floor(((i + 1) * items.length) / parts)));
}

/** A sight client over several workers whose helpers start when asked to, or at the first matrix request. */
export interface PooledSightClient extends SightClient {
  /** Starts the helper workers now, synced to the table (or at the first load or sync if there is none yet). */
  startHelpers(): void;
}

/** A sight client over `size` workers (the first answers everything, the others help with the matrix). */
export function createPooledSightClient(startWorker: () => SightWorkerPort, size: number): PooledSightClient {
  const main = createSightClient(startWorker());
  const helpers: Helper[] = [];
  let scenario: Scenario | undefined;
  let helpersWanted = false;

  const follow = (change: (client: SightClient) => Promise<unknown>) => {
    for (const h of helpers)
      h.settled = change(h.client).then(
        () => true,
        () => false,
      );
  };
  // A warm-up is an ordinary matrix request: a real one arriving meanwhile cancels it (latest wins).
  const warmUp = (client: SightClient, pairs: Array<[string, string]>) => void client.matrix({ pairs }).catch(() => undefined);
  const startHelpers = () => {
    helpersWanted = true;
    if (helpers.length || !scenario || size < 2) return;
    const pairs = warmUpPairs(scenario);
    warmUp(main, pairs);
    for (let i = 1; i < size; i++) {
      const client = createSightClient(startWorker());
      const settled = client.sync(scenario).then(
        () => true,
        () => false,
      );
      void settled.then((ok) => ok && warmUp(client, pairs));
      helpers.push({ client, settled });
    }
  };

  async function matrix(query: SightParams<"matrix"> = {}, onProgress?: Progress): Promise<MatrixEntry[]> {
    startHelpers();
    const ready = await Promise.all(helpers.map((h) => h.settled));
    const clients = [main, ...helpers.filter((_, i) => ready[i]).map((h) => h.client)];
    if (clients.length === 1 || !scenario) return main.matrix(query, onProgress);
    const chunks = split(query.pairs ?? scenarioPairs(scenario), clients.length);
    const done = chunks.map(() => 0);
    const total = chunks.reduce((n, c) => n + c.length, 0);
    const parts = await Promise.all(
      clients.map((client, i) =>
        client.matrix({ pairs: chunks[i]! }, (d) => {
          done[i] = d;
          onProgress?.(
            done.reduce((a, b) => a + b, 0),
            total,
          );
        }),
      ),
    );
    return parts.flat();
  }

  // A change of table: the helpers follow it, or start with it if they were asked for before there was one.
  const change = (next: Scenario, apply: (client: SightClient) => Promise<unknown>) => {
    scenario = next;
    if (helpers.length) follow(apply);
    else if (helpersWanted) startHelpers();
  };

  return {
    load: (next) => {
      change(next, (c) => c.load(next));
      return main.load(next);
    },
    sync: (next) => {
      change(next, (c) => c.sync(next));
      return main.sync(next);
    },
    report: (query) => main.report(query),
    visibleFrom: (query, onProgress) => main.visibleFrom(query, onProgress),
    matrix,
    template: (placement) => main.template(placement),
    viewshed: (query) => main.viewshed(query),
    fire: (query) => main.fire(query),
    action: (query) => main.action(query),
    rejudge: (game, onProgress) => main.rejudge(game, onProgress),
    surface: (query) => main.surface(query),
    startHelpers,
    dispose() {
      main.dispose();
      for (const h of helpers) h.client.dispose();
    },
  };
}

function startWorker(): SightWorkerPort {
  return new Worker(new URL("../worker/sightWorker.ts", import.meta.url), { type: "module" });
}

let appClient: PooledSightClient | undefined;

/** The app's one sight client, started on first use; its matrix runs on one worker per core. */
export function getSightClient(): PooledSightClient {
  appClient ??= createPooledSightClient(startWorker, Math.max(1, navigator.hardwareConcurrency || 1));
  return appClient;
}

/**
 * Starts the app's helper workers when the browser is next idle (at the latest after a second). Called once the
 * first frame is drawn: each helper compiles Rapier and builds its own world, work that must not compete with
 * the first frame but should be done before the user asks for a matrix.
 */
export function startSightHelpersWhenIdle(): void {
  const start = () => getSightClient().startHelpers();
  if (typeof requestIdleCallback === "function") requestIdleCallback(start, { timeout: 1000 });
  else setTimeout(start, 0);
}
