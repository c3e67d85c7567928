/**
 * The app's conversation with the sight worker: keep it in step with the table, and feed the line-of-sight
 * tool's store. Answers to questions that have since changed are dropped, so a fast pointer never shows
 * stale rays.
 */
import { useEffect, useLayoutEffect, useRef } from "react";
import { useGame } from "./game";
import { useLos } from "./losStore";
import { SightClientError } from "./sightClient";
import { getSightClient } from "./sightPool";
import { useUi } from "./uiStore";

/** A superseded request is not a failure: a newer answer is on its way. */
const superseded = (error: unknown) => error instanceof SightClientError && error.reason === "cancelled";

/**
 * Sends every new table state to the worker (it moves colliders, or rebuilds when terrain changed). A layout
 * effect, so it is sent before any child's effect asks a question about the new table.
 */
export function useSightSync(): void {
  const scenario = useGame((s) => s.state.scenario);
  useLayoutEffect(() => {
    getSightClient()
      .sync(scenario)
      .catch((error: Error) => superseded(error) || useGame.getState().notify("error", `Sight engine: ${error.message}`));
  }, [scenario]);
}

/** The target whose full report is shown: the chosen one, else the hovered enemy. */
export function useShownTarget(): string | undefined {
  const battlefield = useGame((s) => s.battlefield);
  const { shooter, target, hovered } = useUi();
  const side = (id?: string) => (id ? battlefield.models.get(id)?.side : undefined);
  if (target) return target;
  return hovered && shooter && side(hovered) !== side(shooter) ? hovered : undefined;
}

/** Asks the worker what the LOS tool's shooter sees, and the shown target's report, into `useLos`. */
export function useLosFeed(): void {
  const scenario = useGame((s) => s.state.scenario);
  const battlefield = useGame((s) => s.battlefield);
  const { tool, shooter, weapon, target: chosen, checks } = useUi();
  const recorded = useRef(0);
  // A shooter or target removed from the table (a casualty, an undo) is no longer asked about.
  useEffect(() => {
    const gone = (id?: string) => id !== undefined && !battlefield.models.has(id);
    if (gone(shooter)) useUi.getState().set({ shooter: undefined, target: undefined });
    else if (gone(chosen)) useUi.getState().set({ target: undefined });
  }, [battlefield, shooter, chosen]);
  const target = useShownTarget();
  const active = tool === "los" && !!shooter;

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again whenever the table changes (the worker holds the scenario)
  useEffect(() => {
    if (!active || !shooter) {
      useLos.setState({ targets: [], progress: undefined, report: undefined, error: undefined });
      return;
    }
    let current = true;
    useLos.setState({ progress: 0, error: undefined });
    getSightClient()
      .visibleFrom({ shooter, ...(weapon ? { weapon } : {}) }, (done, total) => current && useLos.setState({ progress: done / total }))
      .then((targets) => current && useLos.setState({ targets, progress: undefined }))
      .catch((error: Error) => current && !superseded(error) && useLos.setState({ targets: [], progress: undefined, error: error.message }));
    return () => {
      current = false;
    };
  }, [active, shooter, weapon, scenario]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again whenever the table changes (the worker holds the scenario)
  useEffect(() => {
    if (!active || !shooter || !target) {
      useLos.setState({ report: undefined });
      return;
    }
    let current = true;
    getSightClient()
      .report({ shooter, target, ...(weapon ? { weapon } : {}), includeRays: true })
      .then((report) => {
        if (!current) return;
        useLos.setState({ report });
        // A check the player asked for (a click on a target, not a hover, not a re-measure after an undo)
        // goes into the game log once.
        if (target === chosen && recorded.current !== checks) {
          recorded.current = checks;
          useGame.getState().recordEvent({
            type: "los-checked",
            shooter,
            target,
            ...(weapon ? { weapon } : {}),
            visibleFraction: report.visibleFraction,
            hullDown: report.hullDown,
            time: Date.now(),
          });
        }
      })
      .catch((error: Error) => current && !superseded(error) && useLos.setState({ report: undefined, error: error.message }));
    return () => {
      current = false;
    };
  }, [active, shooter, weapon, target, scenario, checks]);
}
