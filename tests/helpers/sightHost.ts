/**
 * The sight worker without a Worker: the real SightHost in the test's thread, every message structured-
 * cloned as postMessage would. `hostUnderTest` records what the host posts; `inProcessWorker` plugs the
 * host behind the client's SightWorkerPort.
 */
import type { ModelCatalog } from "../../src/core/modelDefinition";
import type { SightWorkerPort } from "../../src/state/sightClient";
import { SightHost } from "../../src/worker/host";
import type { SightParams, SightRequest, SightRequestKind, SightResponse, SightResult } from "../../src/worker/protocol";
import { TEST_CATALOG } from "./scene";

export function hostUnderTest(catalog: ModelCatalog = TEST_CATALOG) {
  const posted: SightResponse[] = [];
  const host = new SightHost(
    (response) => posted.push(structuredClone(response)),
    () => catalog,
  );
  let nextId = 1;

  /** Starts a request; resolves with every message it got, once its last one is posted. */
  async function send<K extends SightRequestKind>(kind: K, params: SightParams<K>): Promise<SightResponse[]> {
    const request = structuredClone({ id: nextId++, kind, ...params } as SightRequest);
    await host.handle(request);
    return posted.filter((m) => m.id === request.id);
  }

  /** The request's result; fails the test with the host's message if it answered anything else. */
  async function ask<K extends SightRequestKind>(kind: K, params: SightParams<K>): Promise<SightResult<K>> {
    const last = (await send(kind, params)).at(-1);
    if (last?.kind !== "result") throw new Error(`${kind} answered ${JSON.stringify(last)}`);
    return last.result as SightResult<K>;
  }

  return { host, posted, send, ask };
}

export function inProcessWorker(catalog: ModelCatalog = TEST_CATALOG): SightWorkerPort {
  const port: SightWorkerPort = {
    onmessage: null,
    onerror: null,
    postMessage: (request) => void host.handle(structuredClone(request)),
    terminate: () => {},
  };
  const host = new SightHost(
    (response) => port.onmessage?.(new MessageEvent("message", { data: structuredClone(response) })),
    () => catalog,
  );
  return port;
}
