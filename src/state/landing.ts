/**
 * Where a model the player puts down lands: on the surface under the point, found by a ray into the sight
 * worker's world (a building's floor, else the ground, a hill's slope included), not by the meshes drawn.
 * A building the editor shows up to one floor is looked into from just under the floor above it, so the
 * drop lands on the floor the player sees.
 */
import { floorCutHeight } from "../core/battlefield";
import type { Placement } from "../core/game/events";
import { pointInPolygon, type Vec2 } from "../core/geometry2d";
import { useEditor } from "./editorStore";
import { useGame } from "./game";
import type { SightClient } from "./sightClient";
import { getSightClient } from "./sightPool";

/** The height to look down from at `at`: under the floor above the one shown, or undefined (from the sky). */
export function lookDownFrom(at: Vec2): number | undefined {
  const { battlefield } = useGame.getState();
  for (const [id, level] of Object.entries(useEditor.getState().floorShown)) {
    const building = battlefield.buildings.get(id);
    if (building && level < building.floors - 1 && pointInPolygon(at, building.footprint)) return floorCutHeight(battlefield, building, level);
  }
  return undefined;
}

/**
 * A model put down at `at` facing `heading`: where it stands, with the floor under it. Undefined, with a
 * message, when the sight worker cannot say (the drop is dropped; nothing on the table changes).
 */
export async function landing(at: Vec2, heading: number, client: SightClient = getSightClient()): Promise<Placement | undefined> {
  const position: [number, number] = [at[0], at[1]];
  try {
    const surface = await client.surface({ at: position, below: lookDownFrom(at) });
    return { position, heading, ...(surface.floor && { floor: { ...surface.floor } }) };
  } catch (error) {
    useGame
      .getState()
      .notify("error", `Cannot tell what stands under (${at[0].toFixed(1)}, ${at[1].toFixed(1)}): ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
