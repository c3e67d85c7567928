/**
 * The sight worker's entry: one SightHost answering the main thread (src/ui/sightClient.ts), so line of
 * sight, the matrix and templates never block the UI.
 */
import { MODEL_CATALOG } from "../../models/catalog";
import { SightHost } from "./workerHost";
import type { SightRequest, SightResponse } from "./workerProtocol";

declare const self: DedicatedWorkerGlobalScope;

const host = new SightHost(MODEL_CATALOG, (response: SightResponse) => self.postMessage(response));

self.onmessage = (event: MessageEvent<SightRequest>) => void host.handle(event.data);
