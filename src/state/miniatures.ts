/**
 * Putting an imported miniature on the table: free ids for it, its unit and its model, where it was dropped
 * (on the floor or ground under it, clear of walls and other bases), then one command.
 */
import type { Placement } from "../core/game/events";
import type { Vec2 } from "../core/geometry2d";
import { scenarioCatalog } from "../core/miniatures/catalog";
import { nearestFreeSpot, tableBodies } from "../core/placement";
import type { Miniature, Scenario } from "../core/scenario/schema";
import { useGame } from "./game";
import { landing } from "./landing";
import type { SightClient } from "./sightClient";

/** `base`, or `base-2`, `base-3`… whichever no id of the battlefield (or of the game: `everPlaced`) uses yet. */
export function freeId(scenario: Scenario, base: string): string {
  const used = new Set<string>([
    ...(scenario.miniatures ?? []).map((m) => m.id),
    ...scenario.features.map((f) => f.id),
    ...scenario.forces.flatMap((f) => [f.id, ...f.units.flatMap((u) => [u.id, ...u.models.map((m) => m.id)])]),
  ]);
  const slug =
    base
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "mini";
  for (let n = 1; ; n++) {
    const id = n === 1 ? slug : `${slug}-${n}`;
    if (!used.has(id)) return id;
  }
}

/**
 * Stores the miniature with the battlefield and stands one model of it for `force` where `at` lands: the
 * nearest spot there clear of walls, buildings and other models. False (with a message) if refused.
 */
export async function placeMiniature(miniature: Miniature, force: string, at: Vec2, client?: SightClient): Promise<boolean> {
  const landed = await landing(at, 0, client);
  return landed !== undefined && placeMiniatureAt(miniature, force, landed);
}

/** The same on a placement already landed (the floor or ground it stands on known). */
export function placeMiniatureAt(miniature: Miniature, force: string, at: Placement): boolean {
  const { battlefield, everPlaced, notify, perform } = useGame.getState();
  const scenario = battlefield.scenario;
  const def = scenarioCatalog({ scale: scenario.scale, miniatures: [miniature] }).get(miniature.id);
  if (!def) {
    notify("error", `${miniature.name} has no model to stand on the table`);
    return false;
  }
  const wanted = {
    id: freeId(everPlaced, `${miniature.id}-1`),
    model: miniature.id,
    position: at.position,
    heading: at.heading,
    turretHeading: 0,
    ...(at.floor && { floor: at.floor }),
  };
  const model = nearestFreeSpot(battlefield, def, wanted, tableBodies(battlefield));
  if (!model) {
    notify("error", `No room for ${miniature.name} where it was dropped: move something or drop it elsewhere`);
    return false;
  }
  return perform({ type: "import-miniature", miniature, force, unit: freeId(everPlaced, `${miniature.id}-unit`), model });
}
