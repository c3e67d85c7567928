/**
 * The main thread's side of the sight worker (src/worker/sightWorker.ts): each request becomes a promise, long
 * ones report progress. The protocol is src/worker/protocol.ts.
 */
import type { Scenario } from "../core/scenario/schema";
import type { TemplatePlacement } from "../sight/templates";
import type { SightParams, SightRequest, SightRequestKind, SightResponse, SightResult } from "../worker/protocol";

export type Progress = (done: number, total: number) => void;

/**
 * Why a request failed. "query": the question was wrong (unknown model or weapon, bad template);
 * "cancelled": a newer request of the same kind, or a battlefield change, superseded it (expected while
 * dragging: ignore it); "engine": the sight engine failed; "disposed": the client was closed.
 */
export class SightClientError extends Error {
  constructor(
    message: string,
    readonly reason: "query" | "cancelled" | "engine" | "disposed",
  ) {
    super(message);
    this.name = "SightClientError";
  }
}

/** The part of a Worker the client uses: a real Worker in the app, an in-process host in tests. */
export interface SightWorkerPort {
  postMessage(message: SightRequest): void;
  onmessage: ((event: MessageEvent<SightResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

export interface SightClient {
  /** Builds the world for a validated scenario. */
  load(scenario: Scenario): Promise<SightResult<"load">>;
  /** Brings the world in step with the table (builds it the first time); cheap when only models changed. */
  sync(scenario: Scenario): Promise<SightResult<"sync">>;
  report(query: SightParams<"report">): Promise<SightResult<"report">>;
  visibleFrom(query: SightParams<"visibleFrom">, onProgress?: Progress): Promise<SightResult<"visibleFrom">>;
  matrix(query?: SightParams<"matrix">, onProgress?: Progress): Promise<SightResult<"matrix">>;
  template(placement: TemplatePlacement): Promise<SightResult<"template">>;
  viewshed(query: SightParams<"viewshed">): Promise<SightResult<"viewshed">>;
  fire(query: SightParams<"fire">): Promise<SightResult<"fire">>;
  action(query: SightParams<"action">): Promise<SightResult<"action">>;
  /** A loaded game's shots and orders judged again (progress: shots and orders done of all). */
  rejudge(game: SightParams<"rejudge">["game"], onProgress?: Progress): Promise<SightResult<"rejudge">>;
  /** Where a model put down at a point stands (a floor or the ground), by a ray into the sight world. */
  surface(query: SightParams<"surface">): Promise<SightResult<"surface">>;
  /** Stops the worker; pending requests fail with reason "disposed". */
  dispose(): void;
}

interface Pending {
  resolve(result: unknown): void;
  reject(error: SightClientError): void;
  onProgress?: Progress;
}

/** A client over one sight worker (sightPool.ts starts the app's). */
export function createSightClient(worker: SightWorkerPort): SightClient {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let broken: SightClientError | undefined;

  const failAll = (error: SightClientError) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };

  worker.onmessage = ({ data }) => {
    const p = pending.get(data.id);
    if (!p) return;
    if (data.kind === "progress") return p.onProgress?.(data.done, data.total);
    pending.delete(data.id);
    if (data.kind === "result") p.resolve(data.result);
    else if (data.kind === "error") p.reject(new SightClientError(data.message, data.query ? "query" : "engine"));
    else p.reject(new SightClientError("superseded by a newer request or a change of the battlefield", "cancelled"));
  };
  // The host answers every failure as a message, so an error event means the worker itself is gone.
  worker.onerror = (event) => {
    broken = new SightClientError(`the sight worker failed: ${event.message || "it could not start"}`, "engine");
    failAll(broken);
  };

  function request<K extends SightRequestKind>(kind: K, params: SightParams<K>, onProgress?: Progress): Promise<SightResult<K>> {
    if (broken) return Promise.reject(broken);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve: resolve as (result: unknown) => void, reject, onProgress });
      worker.postMessage({ id, kind, ...params } as SightRequest);
    });
  }

  return {
    load: (scenario) => request("load", { scenario }),
    sync: (scenario) => request("sync", { scenario }),
    report: (query) => request("report", query),
    visibleFrom: (query, onProgress) => request("visibleFrom", query, onProgress),
    matrix: (query = {}, onProgress) => request("matrix", query, onProgress),
    template: (placement) => request("template", { placement }),
    viewshed: (query) => request("viewshed", query),
    fire: (query) => request("fire", query),
    action: (query) => request("action", query),
    rejudge: (game, onProgress) => request("rejudge", { game }, onProgress),
    surface: (query) => request("surface", query),
    dispose() {
      broken = new SightClientError("the sight client was disposed", "disposed");
      worker.terminate();
      failAll(broken);
    },
  };
}
