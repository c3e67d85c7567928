/**
 * What browser tests (tests/e2e) reach from the page: `window.__hulldown`. The one place the app exposes
 * its internals; it holds handles only, no test logic.
 */

import { useGame } from "./game";
import { useRejudge } from "./rejudge";
import { useReplay } from "./replayStore";
import type { SightClient } from "./sightClient";
import { getSightClient } from "./sightPool";
import { useUi } from "./uiStore";
import { useVideoStage } from "./videoStage";

export interface TestHooks {
  readonly sight: SightClient;
  readonly game: typeof useGame;
  readonly ui: typeof useUi;
  readonly replay: typeof useReplay;
  /** The table's video stage: what a frame of an exported video shows. */
  readonly video: typeof useVideoStage;
  readonly rejudge: typeof useRejudge;
  /** Where a model appears on screen (CSS pixels), so a test can click it like a user. */
  screenPosition(modelId: string): { x: number; y: number } | undefined;
  /** Where a point of the table [x, y, z] appears on screen. */
  projectPoint(point: readonly [number, number, number]): { x: number; y: number } | undefined;
  /** What the last frame cost the renderer (three's renderer.info): draw calls and triangles, shadows included. */
  frameCost(): { calls: number; triangles: number } | undefined;
}

declare global {
  interface Window {
    __hulldown?: TestHooks;
  }
}

export interface Projector {
  screenPosition: TestHooks["screenPosition"];
  projectPoint: TestHooks["projectPoint"];
  frameCost: TestHooks["frameCost"];
}

let projector: Projector | undefined;

/** Exposes the hooks; the returned function takes them away (an effect's cleanup). */
export function exposeTestHooks(): () => void {
  window.__hulldown = {
    sight: getSightClient(),
    game: useGame,
    ui: useUi,
    replay: useReplay,
    video: useVideoStage,
    rejudge: useRejudge,
    screenPosition: (id) => projector?.screenPosition(id),
    projectPoint: (p) => projector?.projectPoint(p),
    frameCost: () => projector?.frameCost(),
  };
  return () => {
    delete window.__hulldown;
  };
}

/** Lets the scene, which owns the camera, answer `screenPosition` and `projectPoint`. */
export function provideProjector(fn: Projector): void {
  projector = fn;
}
