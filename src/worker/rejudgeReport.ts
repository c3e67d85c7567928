/**
 * What judging a game's shots again reports (src/worker/rejudgeGame.ts), apart from the rules and the sight
 * engine that make it: the main thread reads reports without loading either.
 */
import type { GameEvent, GameEventOf } from "../core/game/events";

export interface RejudgeReport {
  /** Events judged again and found as the file records them. */
  readonly rejudged: number;
  /** Events that could not be judged again, each as "events[3]: fire-resolved: not re-judged: why". */
  readonly notRejudged: readonly string[];
  /** The first event the rules do not give as the file records it; the events before it hold. */
  readonly divergence?: { readonly event: number; readonly message: string };
}

/** Events the rules decide, and so judge again: resolved shots, orders given and a system's own actions. */
export type Judged = GameEventOf<"fire-resolved" | "order-given" | "action-taken">;

export const isJudged = (event: GameEvent): event is Judged => event.type === "fire-resolved" || event.type === "order-given" || event.type === "action-taken";

/** What the file says the game can be kept to, in the loader's words. */
export const divergenceWarning = (divergence: NonNullable<RejudgeReport["divergence"]>): string =>
  `${divergence.message}; the game holds up to event ${divergence.event}`;
