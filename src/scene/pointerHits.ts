/**
 * What the pointer's ray met on the drawn table, as the tools read it (a TablePointer). The layers the pointer
 * can meet tag their meshes in userData: terrain surfaces with their owner and kind, miniatures with the model
 * of each instance, laid templates and editor handles with theirs.
 */
import type { ThreeEvent } from "@react-three/fiber";
import type { Intersection, Ray } from "three";
import type { Battlefield } from "../core/battlefield";
import type { Placement } from "../core/game/events";
import type { EditorHandle, TablePointer } from "../state/tools/machine";
import { drawnMiddle, liesDown } from "./modelInstances";

/** What a mesh a pointer can meet says about itself: its kind, and the model, template, handle or feature it is part of. */
interface PointerTag {
  readonly kind?: string;
  /** The feature (or "table") a terrain surface belongs to. */
  readonly owner?: string;
  /** Miniatures: the model of each instance. */
  readonly models?: readonly string[];
  readonly template?: string;
  readonly handle?: EditorHandle;
}

const tagOf = (hit: Intersection): PointerTag => (hit.object.userData ?? {}) as PointerTag;

const BUILDING_KINDS: ReadonlySet<string> = new Set(["roof", "building-wall"]);

/** Past this many pixels between press and release, a click ends a drag of the camera. */
const CLICK_SLOP = 4;

/**
 * The model in `building` whose figure, as drawn (lying down when pinned), the ray passes closest to: a model
 * upstairs is picked without hiding the roofs.
 */
function modelInside(battlefield: Battlefield, pinned: ReadonlySet<string>, building: string | undefined, ray: Ray): string | undefined {
  let best: { id: string; distance: number } | undefined;
  for (const entry of battlefield.models.values()) {
    if (entry.model.floor?.building !== building) continue;
    const distance = ray.distanceToPoint(drawnMiddle(battlefield, entry, liesDown(entry, pinned)));
    if (!best || distance < best.distance) best = { id: entry.model.id, distance };
  }
  return best?.id;
}

/**
 * The nearest model the ray meets on its drawn figures and bases, before it meets the ground: a part drawn
 * below the table (a laid-down figure's rifle, turned into it) is not seen, so a click on the table beside it misses it.
 */
export function modelMet(hits: readonly Intersection[]): string | undefined {
  for (const hit of hits) {
    const tag = tagOf(hit);
    if (tag.kind === "ground") return undefined;
    if (tag.kind === "model" && hit.instanceId !== undefined) return tag.models?.[hit.instanceId];
  }
  return undefined;
}

/** What the pointer's ray met, nearest first; `pinned`: the models drawn lying down. */
export function tablePointer(battlefield: Battlefield, pinned: ReadonlySet<string>, event: ThreeEvent<PointerEvent | MouseEvent>): TablePointer {
  const hits = event.intersections;
  const model = modelMet(hits);
  const first = hits[0] ? tagOf(hits[0]) : {};
  const inside = first.kind && BUILDING_KINDS.has(first.kind) ? modelInside(battlefield, pinned, first.owner, event.ray) : undefined;
  const surface = hits.find((h) => tagOf(h).owner !== undefined);
  const owner = surface && tagOf(surface).owner;
  const templateHit = hits.find((h) => tagOf(h).template !== undefined);
  const template = templateHit && { id: tagOf(templateHit).template!, at: [templateHit.point.x, templateHit.point.z] as const };
  const handle = hits.map(tagOf).find((t) => t.handle !== undefined)?.handle;
  const stand = standOf(hits);
  const ground = hits.find((h) => tagOf(h).kind === "ground");
  return {
    ...(model && { model }),
    // Through a roof a click means a model under it; through a wall or a window, the model the pointer meets.
    ...((model ?? inside) && { picked: model && first.kind !== "roof" ? model : (inside ?? model) }),
    ...(template && { template }),
    ...(handle && { handle }),
    ...(surface && { point: [surface.point.x, surface.point.y, surface.point.z] as const }),
    ...(owner && owner !== "table" && { feature: owner }),
    ...(stand && { stand }),
    ...(ground && { ground: [ground.point.x, ground.point.z] as const }),
    button: event.button,
    pressed: event.buttons !== 0,
    shift: event.shiftKey,
    alt: event.altKey,
    dragged: event.delta > CLICK_SLOP,
  };
}

/**
 * Where a model put down under a pointer's ray would stand, from the ray's hits on the drawn table (nearest
 * first): on the first ground or floor surface (a hedge or a wall in front of it is looked past).
 */
export function standOf(hits: readonly Intersection[]): Omit<Placement, "heading"> | undefined {
  for (const hit of hits) {
    const { kind, owner, part } = (hit.object.userData ?? {}) as { kind?: string; owner?: string; part?: string };
    const position: [number, number] = [hit.point.x, hit.point.z];
    if (kind === "ground") return { position };
    const level = kind === "building-floor" && part ? Number(part.replace("floor-", "")) : NaN;
    if (owner && Number.isInteger(level)) return { position, floor: { building: owner, level } };
  }
  return undefined;
}
