/** What the page and a replay loader's worker say to each other (replayLoad.ts, replayLoadWorker.ts). */
import type { ReplayFileResult } from "../replay/replayFile";

export interface ReplayLoadRequest {
  readonly text: string;
}

export type ReplayLoadMessage =
  | { readonly type: "progress"; readonly done: number; readonly total: number }
  | { readonly type: "done"; readonly result: ReplayFileResult };
