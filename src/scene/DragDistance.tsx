/** While a model is dragged: how far it has moved along its path, live, in the rule system's unit. */
import { modelPose, type Battlefield } from "../core/battlefield";
import { pathLength } from "../core/geometry2d";
import { formatLength, type LengthUnit } from "../core/units";
import type { UiStore } from "../state/uiStore";
import { Label } from "./Label";

export function DragDistance({ battlefield, drag, unit, shownUnit }: {
  battlefield: Battlefield;
  drag: NonNullable<UiStore["drag"]>;
  /** The unit the game's rule system measures moves in. */
  unit: LengthUnit;
  /** The unit the player chose to see; shown too when it differs. */
  shownUnit: LengthUnit;
}) {
  const entry = battlefield.models.get(drag.model);
  if (!entry) return null;
  const pose = modelPose(battlefield, entry.model, entry.def);
  const moved = pathLength([...drag.path, drag.placement.position]);
  return (
    <Label at={[pose.x, pose.y + (entry.def.vehicle ? 9 : 6), pose.z]} testId="drag-distance">
      moved {formatLength(moved, unit)}
      {shownUnit !== unit && ` (${formatLength(moved, shownUnit)})`}
    </Label>
  );
}
