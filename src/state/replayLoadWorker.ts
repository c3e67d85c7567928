/** A replay loader's worker: checks one replay file off the page's thread and says how far it is (replayLoad.ts). */
import { scenarioCatalog } from "../core/miniatures/catalog";
import { parseReplay } from "../replay/replayFile";
import { RULESETS } from "../rules/registry";
import type { ReplayLoadMessage, ReplayLoadRequest } from "./replayLoadProtocol";

declare const self: DedicatedWorkerGlobalScope;

const post = (message: ReplayLoadMessage) => self.postMessage(message);

self.onmessage = (event: MessageEvent<ReplayLoadRequest>) => {
  const result = parseReplay(event.data.text, scenarioCatalog, { rulesets: RULESETS }, (done, total) => post({ type: "progress", done, total }));
  post({ type: "done", result });
};
