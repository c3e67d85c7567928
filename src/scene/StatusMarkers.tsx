/** Markers over models the rules have touched: pinned, and vehicle damage results. */
import { modelPose, type Battlefield } from "../core/battlefield";
import type { ModelStatus } from "../core/game/state";
import { Label } from "./Label";

export function StatusMarkers({ battlefield, status }: { battlefield: Battlefield; status: Readonly<Record<string, ModelStatus>> }) {
  return (
    <>
      {Object.entries(status).map(([id, st]) => {
        const entry = battlefield.models.get(id);
        if (!entry || (!st.pinned && st.markers.length === 0)) return null;
        const pose = modelPose(battlefield, entry.model, entry.def);
        const text = [...(st.pinned ? ["pinned"] : []), ...st.markers].join(" · ");
        return (
          <Label key={id} at={[pose.x, pose.y + (entry.def.vehicle ? 8 : 4.5), pose.z]} tone="blocked" small testId={`status-${id}`}>
            {text}
          </Label>
        );
      })}
    </>
  );
}
