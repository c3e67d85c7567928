/** While a model is dragged: how far it has moved along its path, live, in the rule system's unit. */
import { type Battlefield, modelPose } from "../core/battlefield";
import { pathLength } from "../core/geometry2d";
import type { DistanceFormat } from "../state/distances";
import type { UiStore } from "../state/uiStore";
import { Label } from "./Label";

export function DragDistance({
  battlefield,
  drag,
  rules,
  shown,
}: {
  battlefield: Battlefield;
  drag: NonNullable<UiStore["drag"]>;
  /** As the game's rule system measures moves. */
  rules: DistanceFormat;
  /** As the player chose to see distances; shown too when it reads differently. */
  shown: DistanceFormat;
}) {
  const entry = battlefield.models.get(drag.model);
  if (!entry) return null;
  const pose = modelPose(battlefield, entry.model, entry.def);
  const moved = pathLength([...drag.path, drag.placement.position]);
  return (
    <Label at={[pose.x, pose.y + (entry.def.vehicle ? 9 : 6), pose.z]} testId="drag-distance">
      moved {rules(moved)}
      {shown(moved) !== rules(moved) && ` (${shown(moved)})`}
    </Label>
  );
}
