/**
 * Markers over models the rules have touched: pinned, and vehicle damage results; and over a unit with order
 * dice (Bolt Action), its order die this turn and its pin markers, above its first model.
 */
import { type Battlefield, modelPose } from "../core/battlefield";
import type { ModelStatus, UnitStatus } from "../core/game/state";
import { Label } from "./Label";

function UnitMarkers({ battlefield, units }: { battlefield: Battlefield; units: Readonly<Record<string, UnitStatus>> }) {
  return (
    <>
      {Object.entries(units).map(([id, u]) => {
        const entry = [...battlefield.models.values()].find((e) => e.unitId === id);
        if (!entry || (!u.pins && !u.order)) return null;
        const pose = modelPose(battlefield, entry.model, entry.def);
        const text = [...(u.order ? [u.order] : []), ...(u.pins ? [`${u.pins} pin${u.pins === 1 ? "" : "s"}`] : [])].join(" · ");
        return (
          <Label key={id} at={[pose.x, pose.y + (entry.def.vehicle ? 11 : 7), pose.z]} tone={u.pins ? "blocked" : "partial"} small testId={`unit-status-${id}`}>
            {text}
          </Label>
        );
      })}
    </>
  );
}

export function StatusMarkers({
  battlefield,
  status,
  units,
}: {
  battlefield: Battlefield;
  status: Readonly<Record<string, ModelStatus>>;
  units: Readonly<Record<string, UnitStatus>>;
}) {
  return (
    <>
      <UnitMarkers battlefield={battlefield} units={units} />
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
