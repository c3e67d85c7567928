/** A building's windows and doors: added, changed and removed as part of the building's data. */
import { distance2 } from "../geometry2d";
import type { Building, Opening } from "../scenario/schema";
import { FeatureEditError } from "./features";

/** Room kept between an opening and a corner of its wall, or another opening (cm). */
const CLEARANCE = 0.5;

export function wallLength(building: Building, wall: number): number {
  const n = building.footprint.length;
  return distance2(building.footprint[wall % n]!, building.footprint[(wall + 1) % n]!);
}

/** A new opening's size: one that fits a storey of the building's height (a door from the floor up). */
function openingSize(building: Building, type: Opening["type"]): Pick<Opening, "width" | "height" | "sill"> {
  const door = type !== "window";
  return {
    width: door ? 1.8 : 1.6,
    height: door ? Math.min(3.8, building.floorHeight) : Math.min(2, building.floorHeight / 2),
    sill: door ? 0 : Math.min(1.5, building.floorHeight / 4),
  };
}

/**
 * A new window (or door) on a wall and floor, centred on the wall unless `offset` is given, with an id of
 * its own in the building. Sizes fit a storey of the default height; the checks of the loader judge the rest.
 */
export function addOpening(building: Building, type: Opening["type"], wall: number, floor: number, offset?: number): Building {
  const ids = new Set(building.openings.map((o) => o.id));
  let n = 1;
  while (ids.has(`${type}-${n}`)) n++;
  const opening: Opening = { id: `${type}-${n}`, type, wall, floor, offset: offset ?? wallLength(building, wall) / 2, ...openingSize(building, type) };
  return { ...building, openings: [...building.openings, opening] };
}

/** The openings of a building that share part of a wall on one floor, each pair once: "+ window" never makes one. */
export function overlappingOpenings(building: Building): Array<readonly [Opening, Opening]> {
  const pairs: Array<readonly [Opening, Opening]> = [];
  building.openings.forEach((a, i) => {
    for (const b of building.openings.slice(i + 1))
      if (a.wall === b.wall && a.floor === b.floor && Math.abs(a.offset - b.offset) < (a.width + b.width) / 2) pairs.push([a, b]);
  });
  return pairs;
}

/**
 * A new window or door where the building has room for it: the first wall (from wall 0, doors on the ground
 * floor, windows on any floor from the ground up) with a free stretch as wide as it, as near the wall's middle
 * as that stretch allows. Refused, saying so, when every wall is full.
 */
export function addOpeningWhereFree(building: Building, type: Opening["type"]): Building {
  const { width } = openingSize(building, type);
  const floors = type === "window" ? building.floors : 1;
  for (let floor = 0; floor < floors; floor++) {
    for (let wall = 0; wall < building.footprint.length; wall++) {
      const length = wallLength(building, wall);
      const taken = building.openings.filter((o) => o.wall === wall && o.floor === floor);
      const free = (offset: number) => taken.every((o) => Math.abs(o.offset - offset) >= (o.width + width) / 2 + CLEARANCE);
      const reach = length / 2 - width / 2 - CLEARANCE;
      // From the middle outwards, half a centimetre at a time, either side.
      for (let d = 0; d <= reach; d += 0.5) {
        for (const offset of [length / 2 - d, length / 2 + d]) if (free(offset)) return addOpening(building, type, wall, floor, offset);
      }
    }
  }
  throw new FeatureEditError(`${building.name ?? building.id} has no free stretch of wall for another ${type}: remove an opening or move one`);
}

export function changeOpening(building: Building, id: string, patch: Partial<Omit<Opening, "id">>): Building {
  if (!building.openings.some((o) => o.id === id)) throw new FeatureEditError(`${building.id} has no opening "${id}"`);
  return { ...building, openings: building.openings.map((o) => (o.id === id ? { ...o, ...patch } : o)) };
}

export function removeOpening(building: Building, id: string): Building {
  if (!building.openings.some((o) => o.id === id)) throw new FeatureEditError(`${building.id} has no opening "${id}"`);
  return { ...building, openings: building.openings.filter((o) => o.id !== id) };
}
