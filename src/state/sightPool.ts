/**
 * The sight client on every core: one sight worker answers everything, as before, and the visibility matrix
 * is split between it and helper workers, one per further core. Helpers start on the first matrix request and
 * then follow every load and sync, each holding its own copy of the world (Rapier worlds cannot be shared).
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

/** Splits items into `parts` contiguous runs of nearly equal length. */
function split<T>(items: readonly T[], parts: number): T[][] {
  return Array.from({ length: parts }, (_, i) => items.slice(Math.floor((i * items.length) / parts), Math.floor(((i + 1) * items.length) / parts)));
}

/** A sight client over `size` workers (the first answers everything, the others help with the matrix). */
export function createPooledSightClient(startWorker: () => SightWorkerPort, size: number): SightClient {
  const main = createSightClient(startWorker());
  const helpers: Helper[] = [];
  let scenario: Scenario | undefined;

  const follow = (change: (client: SightClient) => Promise<unknown>) => {
    for (const h of helpers)
      h.settled = change(h.client).then(
        () => true,
        () => false,
      );
  };
  const startHelpers = () => {
    if (helpers.length || !scenario) return;
    for (let i = 1; i < size; i++) {
      const client = createSightClient(startWorker());
      helpers.push({
        client,
        settled: client.sync(scenario).then(
          () => true,
          () => false,
        ),
      });
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

  return {
    load: (next) => {
      scenario = next;
      follow((c) => c.load(next));
      return main.load(next);
    },
    sync: (next) => {
      scenario = next;
      follow((c) => c.sync(next));
      return main.sync(next);
    },
    report: (query) => main.report(query),
    visibleFrom: (query, onProgress) => main.visibleFrom(query, onProgress),
    matrix,
    template: (placement) => main.template(placement),
    viewshed: (query) => main.viewshed(query),
    fire: (query) => main.fire(query),
    rejudge: (game, onProgress) => main.rejudge(game, onProgress),
    surface: (query) => main.surface(query),
    dispose() {
      main.dispose();
      for (const h of helpers) h.client.dispose();
    },
  };
}

function startWorker(): SightWorkerPort {
  return new Worker(new URL("../worker/sightWorker.ts", import.meta.url), { type: "module" });
}

let appClient: SightClient | undefined;

/** The app's one sight client, started on first use; its matrix runs on one worker per core. */
export function getSightClient(): SightClient {
  appClient ??= createPooledSightClient(startWorker, Math.max(1, navigator.hardwareConcurrency || 1));
  return appClient;
}
