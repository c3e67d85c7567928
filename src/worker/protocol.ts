/**
 * The messages between the main thread and the sight worker. Every request carries an id that its responses
 * repeat: any number of progress messages (long requests), then exactly one result, error or cancelled.
 * Everything here is plain data, so it crosses postMessage (structured clone) unchanged.
 */
import type { GameLog } from "../core/game/gameLog";
import type { Vec2 } from "../core/geometry2d";
import type { Scenario } from "../core/scenario/schema";
import type { ActionResult } from "../rules/ruleset";
import type { MatrixEntry } from "../sight/matrix";
import type { SightReport } from "../sight/sightReport";
import type { StandingSurface } from "../sight/surface";
import type { TemplatePlacement, TemplateResult } from "../sight/templates";
import type { Viewshed } from "../sight/viewshed";
import type { WorldSync } from "../sight/worldSync";
import type { ActionInGame } from "./action";
import type { FireAnswer, ShotInGame } from "./fire";
import type { RejudgeReport } from "./rejudgeReport";

export interface LoadResult {
  readonly models: number;
}

/** What a sync changed in the worker's world (rebuilt: the terrain changed). */
export type SyncResult = Omit<WorldSync, "world">;

/** Each kind of request: its fields besides id and kind, and what it answers. */
export interface SightQueries {
  /** A validated scenario: builds the world. */
  load: { params: { scenario: Scenario }; result: LoadResult };
  /** A newer scenario of the same battlefield (the game state after moves): the world follows it. */
  sync: { params: { scenario: Scenario }; result: SyncResult };
  report: { params: { shooter: string; target: string; weapon?: string; includeRays?: boolean }; result: SightReport };
  /** One shooter against every model of the other sides, sampled like a report: the "visible %" labels. */
  visibleFrom: { params: { shooter: string; weapon?: string }; result: MatrixEntry[] };
  /** Every opposing pair (or the pairs given), at the matrix's coarser sampling. */
  matrix: { params: { pairs?: ReadonlyArray<readonly [string, string]> }; result: MatrixEntry[] };
  template: { params: { placement: TemplatePlacement }; result: TemplateResult };
  /** What one model sees of the table's surface, on a grid (the viewshed overlay). */
  viewshed: { params: { observer: string; weapon?: string; cell?: number }; result: Viewshed };
  /** Where a model put down at `at` stands: the first building floor below `below` (cm), else the ground. */
  surface: { params: { at: Vec2; below?: number }; result: StandingSurface };
  /**
   * A declared shot judged inside the game at a point of it (judgeShotInGame): the verdict, and with `roll`
   * the resolved result. The world follows the table at that point, as a sync would move it.
   */
  fire: { params: ShotInGame; result: FireAnswer };
  /** A rule system's own action taken inside the game at a point of it (takeActionInGame), with the game's dice. */
  action: { params: ActionInGame; result: ActionResult };
  /** A loaded game's shots and orders judged again on a world of its own, with progress (src/worker/rejudgeGame.ts). */
  rejudge: { params: { game: Pick<GameLog, "header" | "events"> }; result: RejudgeReport };
}

export type SightRequestKind = keyof SightQueries;
export type SightParams<K extends SightRequestKind> = SightQueries[K]["params"];
export type SightResult<K extends SightRequestKind> = SightQueries[K]["result"];

export type SightRequest<K extends SightRequestKind = SightRequestKind> = K extends SightRequestKind
  ? { readonly id: number; readonly kind: K } & SightParams<K>
  : never;

/**
 * Requests a newer one of the same kind makes pointless (dragging a model asks again and again): the older
 * one stops between targets and answers "cancelled". A load or sync cancels them too, since their answer
 * would describe a table that no longer exists.
 */
export const LATEST_WINS = ["visibleFrom", "matrix", "viewshed"] as const satisfies readonly SightRequestKind[];

export type SightResponse =
  | { [K in SightRequestKind]: { readonly id: number; readonly kind: "result"; readonly request: K; readonly result: SightResult<K> } }[SightRequestKind]
  | { readonly id: number; readonly kind: "progress"; readonly done: number; readonly total: number }
  /** `query`: the question was wrong (unknown model, weapon, bad template), not the engine. */
  | { readonly id: number; readonly kind: "error"; readonly message: string; readonly query: boolean }
  | { readonly id: number; readonly kind: "cancelled" };
