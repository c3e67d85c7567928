/** A building's windows and doors: added, changed and removed as part of the building's data. */
import { distance2 } from "../geometry2d";
import type { Building, Opening } from "../scenario/schema";
import { FeatureEditError } from "./features";

export function wallLength(building: Building, wall: number): number {
  const n = building.footprint.length;
  return distance2(building.footprint[wall % n]!, building.footprint[(wall + 1) % n]!);
}

/**
 * A new window (or door) on a wall and floor, centred on the wall unless `offset` is given, with an id of
 * its own in the building. Sizes fit a storey of the default height; the checks of the loader judge the rest.
 */
export function addOpening(building: Building, type: Opening["type"], wall: number, floor: number, offset?: number): Building {
  const ids = new Set(building.openings.map((o) => o.id));
  let n = 1;
  while (ids.has(`${type}-${n}`)) n++;
  const door = type !== "window";
  const opening: Opening = {
    id: `${type}-${n}`,
    type,
    wall,
    floor,
    offset: offset ?? wallLength(building, wall) / 2,
    width: door ? 1.8 : 1.6,
    height: door ? Math.min(3.8, building.floorHeight) : Math.min(2, building.floorHeight / 2),
    sill: door ? 0 : Math.min(1.5, building.floorHeight / 4),
  };
  return { ...building, openings: [...building.openings, opening] };
}

export function changeOpening(building: Building, id: string, patch: Partial<Omit<Opening, "id">>): Building {
  if (!building.openings.some((o) => o.id === id)) throw new FeatureEditError(`${building.id} has no opening "${id}"`);
  return { ...building, openings: building.openings.map((o) => (o.id === id ? { ...o, ...patch } : o)) };
}

export function removeOpening(building: Building, id: string): Building {
  if (!building.openings.some((o) => o.id === id)) throw new FeatureEditError(`${building.id} has no opening "${id}"`);
  return { ...building, openings: building.openings.filter((o) => o.id !== id) };
}
