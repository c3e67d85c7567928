/**
 * Bringing a sight world up to date with a newer scenario of the same battlefield (the game state after a
 * move, a placement, a casualty): only the models that changed are touched, so the world is rebuilt only
 * when the terrain itself changed.
 */
import type { Battlefield, ModelEntry } from "../core/battlefield";
import type { Model } from "../core/scenario/schema";
import { SightWorld } from "./sightWorld";

export interface ModelChanges {
  /** New models (and models whose definition, unit or side changed: they are removed and added again). */
  readonly added: readonly ModelEntry[];
  readonly removed: readonly string[];
  /** Models that moved, turned, traversed or changed floor, elevation or figure height. */
  readonly updated: readonly Model[];
}

/** Equality of plain JSON-like data, whatever the order of object keys (the game log rebuilds models). */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Whether the two battlefields share their table and terrain, so one world can serve both. */
export function sameTerrain(a: Battlefield, b: Battlefield): boolean {
  return sameData(a.scenario.table, b.scenario.table) && sameData(a.scenario.features, b.scenario.features);
}

export function modelChanges(current: Battlefield, next: Battlefield): ModelChanges {
  const added: ModelEntry[] = [];
  const removed: string[] = [];
  const updated: Model[] = [];
  for (const [id, entry] of current.models) {
    const now = next.models.get(id);
    if (!now) removed.push(id);
    else if (now.model.model !== entry.model.model || now.unitId !== entry.unitId || now.forceId !== entry.forceId || now.side !== entry.side) {
      removed.push(id);
      added.push(now);
    } else if (!sameData(now.model, entry.model)) updated.push(now.model);
  }
  for (const [id, entry] of next.models) if (!current.models.has(id)) added.push(entry);
  return { added, removed, updated };
}

/** Applies the changes to the world in place: removals first, so an id can come back as a new model. */
export function applyModelChanges(world: SightWorld, changes: ModelChanges): void {
  world.batch(() => {
    for (const id of changes.removed) world.removeModel(id);
    for (const model of changes.updated) world.updateModel(model);
    for (const entry of changes.added) world.addModel(entry);
  });
}

/** A world brought in step with a battlefield, and what that took. */
export interface WorldSync {
  readonly world: SightWorld;
  /** True only when the terrain changed and the world had to be built again. */
  readonly rebuilt: boolean;
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly updated: readonly string[];
}

/**
 * Brings a world in step with `next`: in place when only models changed; a new world when the terrain
 * changed (the old one is disposed) or when there was none yet.
 */
export async function syncWorld(world: SightWorld | undefined, next: Battlefield): Promise<WorldSync> {
  if (!world) return { world: await SightWorld.create(next), rebuilt: true, added: [...next.models.keys()], removed: [], updated: [] };
  const changes = modelChanges(world.battlefield, next);
  const summary = { added: changes.added.map((e) => e.model.id), removed: [...changes.removed], updated: changes.updated.map((m) => m.id) };
  if (sameTerrain(world.battlefield, next)) {
    applyModelChanges(world, changes);
    return { world, rebuilt: false, ...summary };
  }
  const rebuilt = await SightWorld.create(next);
  world.dispose();
  return { world: rebuilt, rebuilt: true, ...summary };
}
