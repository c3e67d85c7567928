/** Putting an imported miniature on the table: free ids for it, its unit and its model, then one command. */
import type { Miniature, Point, Scenario } from "../core/scenario/schema";
import { useGame } from "./game";

/** `base`, or `base-2`, `base-3`… whichever no id of the battlefield uses yet. */
export function freeId(scenario: Scenario, base: string): string {
  const used = new Set<string>([
    ...(scenario.miniatures ?? []).map((m) => m.id),
    ...scenario.features.map((f) => f.id),
    ...scenario.forces.flatMap((f) => [f.id, ...f.units.flatMap((u) => [u.id, ...u.models.map((m) => m.id)])]),
  ]);
  const slug = base.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "mini";
  for (let n = 1; ; n++) {
    const id = n === 1 ? slug : `${slug}-${n}`;
    if (!used.has(id)) return id;
  }
}

/** Stores the miniature with the battlefield and stands one model of it at `at` for `force`; false (with a message) if refused. */
export function placeMiniature(miniature: Miniature, force: string, at: Point): boolean {
  const scenario = useGame.getState().state.scenario;
  const unit = freeId(scenario, `${miniature.id}-unit`);
  const model = { id: freeId(scenario, `${miniature.id}-1`), model: miniature.id, position: at, heading: 0, turretHeading: 0 };
  return useGame.getState().perform({ type: "import-miniature", miniature, force, unit, model });
}
