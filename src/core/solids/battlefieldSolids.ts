/**
 * All solids of a battlefield in the world frame: the ground and terrain features, and each model posed
 * where it stands. The renderer draws these and the sight world collides with them.
 */
import { type Battlefield, figureScale, type ModelEntry, modelPose } from "../battlefield";
import { blocksSight, type Hill } from "../scenario/schema";
import { featureSolids, groundSolids, toWorld } from "./featureSolids";
import { modelLocalSolids } from "./modelSolids";
import type { Solid } from "./solid";

/** The ground and every feature that stops sight: what the sight world collides with. */
export function terrainSolids(battlefield: Battlefield): Solid[] {
  const { scenario, ground, catalog } = battlefield;
  const hills = scenario.features.filter((f): f is Hill => f.kind === "hill");
  const seen = scenario.features.filter(blocksSight);
  return [...groundSolids(ground, hills, scenario.table.width, scenario.table.depth), ...seen.flatMap((f) => featureSolids(f, ground, catalog))];
}

/** The solids of decorative features: drawn, never collided with. */
export function decorativeSolids(battlefield: Battlefield): Solid[] {
  const { scenario, ground, catalog } = battlefield;
  return scenario.features.filter((f) => !blocksSight(f)).flatMap((f) => featureSolids(f, ground, catalog));
}

/** A model's parts in its own frame, with its turret and figure height applied. */
export function modelFrameSolids(entry: ModelEntry): Solid[] {
  return modelLocalSolids(entry.def, entry.model.id, { turretHeading: entry.model.turretHeading, figureScale: figureScale(entry.def, entry.model) });
}

export function modelWorldSolids(battlefield: Battlefield, entry: ModelEntry): Solid[] {
  return toWorld(modelFrameSolids(entry), modelPose(battlefield, entry.model, entry.def));
}
