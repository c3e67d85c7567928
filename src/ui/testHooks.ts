/**
 * What browser tests (tests/e2e) reach from the page: `window.__hulldown`. The one place the app exposes
 * its internals; it holds handles only, no test logic.
 */
import { getSightClient, type SightClient } from "./sightClient";
import { useGame } from "./game";
import { useUi } from "./store/uiStore";

export interface TestHooks {
  readonly sight: SightClient;
  readonly game: typeof useGame;
  readonly ui: typeof useUi;
  /** Where a model appears on screen (CSS pixels), so a test can click it like a user. */
  screenPosition(modelId: string): { x: number; y: number } | undefined;
}

declare global {
  interface Window {
    __hulldown?: TestHooks;
  }
}

let projector: TestHooks["screenPosition"] | undefined;

/** Exposes the hooks; the returned function takes them away (an effect's cleanup). */
export function exposeTestHooks(): () => void {
  window.__hulldown = { sight: getSightClient(), game: useGame, ui: useUi, screenPosition: (id) => projector?.(id) };
  return () => {
    delete window.__hulldown;
  };
}

/** Lets the scene, which owns the camera, answer `screenPosition`. */
export function provideScreenPosition(fn: TestHooks["screenPosition"]): void {
  projector = fn;
}
