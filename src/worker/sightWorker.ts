/**
 * The sight worker's entry: one SightHost answering the main thread (src/state/sightClient.ts), so line of
 * sight, the matrix and templates never block the UI.
 */
import { SightHost } from "./host";
import type { SightRequest, SightResponse } from "./protocol";

declare const self: DedicatedWorkerGlobalScope;

const host = new SightHost((response: SightResponse) => self.postMessage(response));

self.onmessage = (event: MessageEvent<SightRequest>) => void host.handle(event.data);
