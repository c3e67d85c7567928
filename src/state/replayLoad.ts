/**
 * Loading a replay file off the page's thread: a 100,000-event replay takes seconds to check and compare, and
 * the page must stay responsive, say how far it is and let the player give up. Each load runs in a worker of
 * its own (replayLoadWorker.ts); Cancel terminates it and leaves the player's game as it was. Where there is
 * no Worker (Node, the tests), the same load runs in the thread, its progress reported the same way.
 */
import { create } from "zustand";
import { scenarioCatalog } from "../core/miniatures/catalog";
import { parseReplay, type ReplayFileResult } from "../replay/replayFile";
import { RULESETS } from "../rules/registry";
import type { ReplayLoadMessage, ReplayLoadRequest } from "./replayLoadProtocol";

/** What a loader worker is to the page: a Worker, or a stand-in in the tests. */
export interface ReplayLoaderPort {
  postMessage(request: ReplayLoadRequest): void;
  onmessage: ((event: MessageEvent<ReplayLoadMessage>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

export interface ReplayLoading {
  readonly title: string;
  /** Reading the file, or checking its events (each folded and the table after it hashed and compared). */
  readonly phase: "reading" | "checking";
  readonly done: number;
  readonly total: number;
}

export const useReplayLoad = create<{ readonly loading?: ReplayLoading }>(() => ({}));

/** The load under way: cancelling it ends its worker and answers its promise. */
let current: { readonly port?: ReplayLoaderPort; readonly finish: (answer: ReplayFileResult | "cancelled") => void } | undefined;

function startWorker(): ReplayLoaderPort | undefined {
  if (typeof Worker === "undefined") return undefined;
  return new Worker(new URL("./replayLoadWorker.ts", import.meta.url), { type: "module" }) as unknown as ReplayLoaderPort;
}

/**
 * Reads and checks a replay file's text, in a worker where there is one; "cancelled" when the player gave up
 * (or another load took its place). Progress shows in useReplayLoad while it runs.
 */
export function loadReplayText(text: string, title: string, start: () => ReplayLoaderPort | undefined = startWorker): Promise<ReplayFileResult | "cancelled"> {
  cancelReplayLoad();
  useReplayLoad.setState({ loading: { title, phase: "reading", done: 0, total: 0 } });
  return new Promise((resolve) => {
    const port = start();
    const load = {
      ...(port && { port }),
      finish(answer: ReplayFileResult | "cancelled") {
        if (current !== load) return;
        current = undefined;
        port?.terminate();
        useReplayLoad.setState({ loading: undefined });
        resolve(answer);
      },
    };
    current = load;
    const progress = (done: number, total: number) => {
      if (current === load) useReplayLoad.setState({ loading: { title, phase: "checking", done, total } });
    };
    if (!port) {
      load.finish(parseReplay(text, scenarioCatalog, { rulesets: RULESETS }, progress));
      return;
    }
    port.onmessage = ({ data }) => (data.type === "progress" ? progress(data.done, data.total) : load.finish(data.result));
    port.onerror = (event) => load.finish({ ok: false, error: `the replay could not be read: ${event.message}` });
    port.postMessage({ text });
  });
}

/** Gives up the load under way, if any: its worker ends, and its caller hears "cancelled". */
export function cancelReplayLoad(): void {
  current?.finish("cancelled");
}
