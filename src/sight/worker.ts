/**
 * The sight worker's entry: one SightHost answering the main thread (src/ui/sightClient.ts), so line of
 * sight, the matrix and templates never block the UI.
 */
import { SightHost } from "./workerHost";
import type { SightRequest, SightResponse } from "./workerProtocol";

declare const self: DedicatedWorkerGlobalScope;

const host = new SightHost((response: SightResponse) => self.postMessage(response));

self.onmessage = (event: MessageEvent<SightRequest>) => void host.handle(event.data);
