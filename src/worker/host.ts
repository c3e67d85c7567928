/**
 * The sight worker's message handling, apart from the Worker itself so tests can drive it in Node: one
 * SightWorld, requests in, responses out through `post`. Nothing thrown escapes: every failure becomes an
 * error message for its request, and the host keeps serving.
 *
 * Order: world changes (load, sync) chain on one promise that every query awaits, so a query always sees
 * the world as the messages before it left it. Long requests (LATEST_WINS) work in slices and yield to the
 * event loop between them, which lets a newer request arrive and bump the generation they check.
 */
import { type Battlefield, createBattlefield } from "../core/battlefield";
import { scenarioCatalog } from "../core/miniatures/catalog";
import type { ModelCatalog } from "../core/modelDefinition";
import type { Scenario } from "../core/scenario/schema";
import { NotJudgeable } from "../rules/gameContext";
import { sightReport } from "../sight/lineOfSight";
import { type MatrixEntry, opposingPairs, opposingTargets, visibilityEntry } from "../sight/matrix";
import { SightWorld } from "../sight/sightWorld";
import { standingSurface } from "../sight/surface";
import { modelsUnderTemplate } from "../sight/templates";
import { computeViewshed } from "../sight/viewshed";
import { DEFAULT_COARSE_GRID, DEFAULT_FINE_GRID, SightQueryError } from "../sight/visibility";
import { sameData, syncWorld } from "../sight/worldSync";
import { takeActionInGame } from "./action";
import { judgeShotInGame, type Tabletop } from "./fire";
import { LATEST_WINS, type SightRequest, type SightResponse, type SyncResult } from "./protocol";
import { rejudgeGame } from "./rejudgeGame";

/** Work this long between yields: short enough that a drag's newer request gets in quickly. */
const SLICE_MS = 10;

/** Marks a request stopped because a newer one (or a battlefield change) superseded it. */
const CANCELLED = Symbol("cancelled");

type LatestWinsKind = (typeof LATEST_WINS)[number];

/** A macrotask boundary without setTimeout's 4 ms clamp, so queued messages are handled before we go on. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}

export class SightHost {
  /** The world as the requests so far leave it; never rejects (undefined: nothing loaded yet). */
  private world: Promise<SightWorld | undefined> = Promise.resolve(undefined);
  private readonly generations = new Map<LatestWinsKind, number>();
  /** The battlefield each world was last brought in step with (the rules read units and status from it). */
  private readonly battlefields = new WeakMap<SightWorld, Battlefield>();

  constructor(
    private readonly post: (response: SightResponse) => void,
    /** The model definitions for a scenario (by default, the catalog of its scale). */
    private readonly catalogOf: (scenario: Scenario) => ModelCatalog = (scenario) => scenarioCatalog(scenario),
  ) {}

  /** Answers one request; resolves once its last message is posted. */
  async handle(request: SightRequest): Promise<void> {
    const { id } = request;
    try {
      const response = await this.answer(request);
      this.post(response === CANCELLED ? { id, kind: "cancelled" } : response);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.post({ id, kind: "error", message, query: error instanceof SightQueryError || error instanceof NotJudgeable });
    }
  }

  private async answer(request: SightRequest): Promise<SightResponse | typeof CANCELLED> {
    const { id } = request;
    switch (request.kind) {
      case "load":
        return { id, kind: "result", request: "load", result: { models: (await this.build(request.scenario)).battlefield.models.size } };
      case "sync":
        return { id, kind: "result", request: "sync", result: await this.sync(request.scenario) };
      case "report": {
        const world = await this.currentWorld();
        const result = sightReport(world, request.shooter, request.target, { weapon: request.weapon, includeRays: request.includeRays });
        return { id, kind: "result", request: "report", result };
      }
      case "template":
        return { id, kind: "result", request: "template", result: modelsUnderTemplate(await this.currentWorld(), request.placement) };
      case "visibleFrom": {
        const isCurrent = this.startGeneration("visibleFrom");
        const world = await this.currentWorld();
        const { shooter, weapon } = request;
        // Sampled like a single report, so a label and the report behind it agree.
        const options = { weapon, coarseGrid: DEFAULT_COARSE_GRID, fineGrid: DEFAULT_FINE_GRID };
        const targets = opposingTargets(world, shooter);
        const result = await this.sliced(id, isCurrent, targets, (target) => visibilityEntry(world, shooter, target, options));
        return result === CANCELLED ? result : { id, kind: "result", request: "visibleFrom", result };
      }
      case "surface":
        return { id, kind: "result", request: "surface", result: standingSurface(await this.currentWorld(), request.at, request.below) };
      case "fire":
        return { id, kind: "result", request: "fire", result: await judgeShotInGame(this.tabletopOn(await this.world), request) };
      case "action":
        return { id, kind: "result", request: "action", result: await takeActionInGame(this.tabletopOn(await this.world), request) };
      case "rejudge": {
        // Its own world, apart from the table's: the player goes on while the file's shots are judged again.
        let sliceStart = performance.now();
        const onProgress = async (done: number, total: number) => {
          if (performance.now() - sliceStart < SLICE_MS) return;
          this.post({ id, kind: "progress", done, total });
          await nextTask();
          sliceStart = performance.now();
        };
        return { id, kind: "result", request: "rejudge", result: await rejudgeGame(request.game, { catalogOf: this.catalogOf, onProgress }) };
      }
      case "viewshed": {
        const isCurrent = this.startGeneration("viewshed");
        const world = await this.currentWorld();
        // One yield first: while a model is dragged only the latest viewshed is worth computing.
        await nextTask();
        if (!isCurrent()) return CANCELLED;
        return { id, kind: "result", request: "viewshed", result: computeViewshed(world, request.observer, request) };
      }
      case "matrix": {
        const isCurrent = this.startGeneration("matrix");
        const world = await this.currentWorld();
        const pairs = request.pairs ?? opposingPairs(world);
        const result = await this.sliced(id, isCurrent, pairs, ([shooter, target]) => visibilityEntry(world, shooter, target));
        return result === CANCELLED ? result : { id, kind: "result", request: "matrix", result };
      }
      default:
        throw new SightQueryError(`unknown sight request kind ${JSON.stringify((request as { kind: unknown }).kind)}`);
    }
  }

  private async currentWorld(): Promise<SightWorld> {
    const world = await this.world;
    if (!world) throw new SightQueryError("no battlefield loaded: send a load or sync request first");
    return world;
  }

  /**
   * Chains a change of the world after the changes before it. The next requests get the world it leaves, or
   * the previous one if it fails; the caller gets its result or its error.
   */
  private change<R>(apply: (world: SightWorld | undefined) => Promise<{ world: SightWorld; result: R }>): Promise<R> {
    this.cancelLatestWins();
    const previous = this.world;
    const step = previous.then(apply);
    this.world = step.then(
      (s) => s.world,
      () => previous,
    );
    return step.then((s) => s.result);
  }

  /** A new world for the scenario, in place of the previous one. */
  private build(scenario: Scenario): Promise<SightWorld> {
    return this.change(async (old) => {
      const battlefield = createBattlefield(scenario, this.catalogOf(scenario));
      const world = await SightWorld.create(battlefield);
      this.battlefields.set(world, battlefield);
      old?.dispose();
      return { world, result: world };
    });
  }

  /** Brings the world in step with the scenario: in place when only models changed; the first sync builds it. */
  private sync(scenario: Scenario): Promise<SyncResult> {
    return this.syncTo(createBattlefield(scenario, this.catalogOf(scenario)));
  }

  private syncTo(next: Battlefield): Promise<SyncResult> {
    return this.change<SyncResult>(async (world) => {
      const { world: synced, ...result } = await syncWorld(world, next);
      this.battlefields.set(synced, next);
      return { world: synced, result };
    });
  }

  /**
   * Shots are judged on the table of the game's point: on `world` when it shows that table already (the app
   * syncs it before it asks, so usually nothing changes and no newer request is cancelled), else on the world
   * moved there, as a sync would move it.
   */
  private tabletopOn(world: SightWorld | undefined): Tabletop {
    const current = world && this.battlefields.get(world);
    return {
      battlefieldOf: (state) =>
        current && sameData(current.scenario, state.scenario) ? current : createBattlefield(state.scenario, this.catalogOf(state.scenario)),
      worldOf: async (battlefield) => {
        if (battlefield === current) return world!;
        await this.syncTo(battlefield);
        return this.currentWorld();
      },
    };
  }

  /** Starts a new generation of a latest-wins kind; the returned check turns false once a newer one starts. */
  private startGeneration(kind: LatestWinsKind): () => boolean {
    const generation = (this.generations.get(kind) ?? 0) + 1;
    this.generations.set(kind, generation);
    return () => this.generations.get(kind) === generation;
  }

  private cancelLatestWins(): void {
    for (const kind of LATEST_WINS) this.startGeneration(kind);
  }

  /**
   * Maps the items in time slices. Before the first item and after each slice it yields, reports progress
   * and stops if the request is no longer current.
   */
  private async sliced<T>(
    id: number,
    isCurrent: () => boolean,
    items: readonly T[],
    step: (item: T) => MatrixEntry,
  ): Promise<MatrixEntry[] | typeof CANCELLED> {
    const results: MatrixEntry[] = [];
    let sliceStart = -Infinity;
    for (const item of items) {
      if (performance.now() - sliceStart > SLICE_MS) {
        if (results.length) this.post({ id, kind: "progress", done: results.length, total: items.length });
        await nextTask();
        if (!isCurrent()) return CANCELLED;
        sliceStart = performance.now();
      }
      results.push(step(item));
    }
    this.post({ id, kind: "progress", done: items.length, total: items.length });
    return results;
  }
}
