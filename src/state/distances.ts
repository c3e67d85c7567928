/**
 * Distances as the player reads them: in the game's rule system's own way when it has one (Flames of War
 * prints its source's pairs, 16"/40 cm), else in the unit the player chose.
 */
import { formatLength, type LengthUnit } from "../core/units";
import { rulesetById } from "../rules/registry";
import { useGame } from "./game";
import { useUi } from "./uiStore";

export type DistanceFormat = (cm: number) => string;

export function distanceFormat(rulesetId: string, unit: LengthUnit): DistanceFormat {
  const ruleset = rulesetById(rulesetId);
  return ruleset?.formatDistance ? (cm) => ruleset.formatDistance!(cm) : (cm) => formatLength(cm, unit);
}

/** The game's way of writing distances, following the game's rule system and the units toggle. */
export function useDistanceFormat(): DistanceFormat {
  const rulesetId = useGame((s) => s.log.header.ruleset.id);
  const unit = useUi((s) => s.unit);
  return distanceFormat(rulesetId, unit);
}
