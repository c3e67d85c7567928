/**
 * Markers over models the rules have touched: pinned, and vehicle damage results (one label for the models
 * of a unit that say the same); and over a unit with order dice (Bolt Action), its order die this turn and
 * its pin markers, above its first model.
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

/**
 * Each model's markers as one text; the models of a unit whose text is the same share one label over their
 * middle ("pinned ×4"), since labels of figures a few centimetres apart would overprint each other.
 */
function ModelMarkers({ battlefield, status }: { battlefield: Battlefield; status: Readonly<Record<string, ModelStatus>> }) {
  const groups = new Map<string, { text: string; ids: string[] }>();
  for (const [id, st] of Object.entries(status)) {
    const entry = battlefield.models.get(id);
    if (!entry || (!st.pinned && st.markers.length === 0)) continue;
    const text = [...(st.pinned ? ["pinned"] : []), ...st.markers].join(" · ");
    const key = `${entry.unitId}\u0000${text}`;
    groups.set(key, { text, ids: [...(groups.get(key)?.ids ?? []), id] });
  }
  return (
    <>
      {[...groups.values()].map(({ text, ids }) => {
        const poses = ids.map((id) => {
          const entry = battlefield.models.get(id)!;
          return { pose: modelPose(battlefield, entry.model, entry.def), lift: entry.def.vehicle ? 8 : 4.5 };
        });
        const mean = (f: (p: (typeof poses)[number]) => number) => poses.reduce((sum, p) => sum + f(p), 0) / poses.length;
        return (
          <Label
            key={ids[0]}
            at={[mean((p) => p.pose.x), Math.max(...poses.map((p) => p.pose.y + p.lift)), mean((p) => p.pose.z)]}
            tone="blocked"
            small
            testId={ids.length === 1 ? `status-${ids[0]}` : `status-${battlefield.models.get(ids[0]!)!.unitId}`}
          >
            {ids.length === 1 ? text : `${text} ×${ids.length}`}
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
      <ModelMarkers battlefield={battlefield} status={status} />
    </>
  );
}
