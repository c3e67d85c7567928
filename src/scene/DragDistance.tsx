/**
 * While a model is dragged: how far it has moved along its path, live, in the rule system's unit; where the
 * game checks moves, what the move costs of its allowance, and when it is past it (the drop is refused then,
 * unless the players allow it as a house rule).
 */
import { type Battlefield, modelPose } from "../core/battlefield";
import { pathLength } from "../core/geometry2d";
import type { DistanceFormat } from "../state/distances";
import { useMoveVerdict } from "../state/rules";
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
  const path = [...drag.path, drag.placement.position];
  const verdict = useMoveVerdict(drag.model, path);
  const entry = battlefield.models.get(drag.model);
  if (!entry) return null;
  const pose = modelPose(battlefield, entry.model, entry.def);
  const moved = pathLength(path);
  const amount = (n: number) => (verdict?.measure === "in" ? `${n.toFixed(1)}"` : `${n.toFixed(1)} ${verdict?.measure}`);
  return (
    <Label
      at={[pose.x, pose.y + (entry.def.vehicle ? 9 : 6), pose.z]}
      testId="drag-distance"
      {...(verdict && { tone: verdict.allowed ? ("clear" as const) : ("blocked" as const) })}
    >
      moved {rules(moved)}
      {shown(moved) !== rules(moved) && ` (${shown(moved)})`}
      {verdict && ` · ${amount(verdict.cost)} of ${amount(verdict.allowance)}${verdict.allowed ? "" : ": too far"}`}
    </Label>
  );
}
