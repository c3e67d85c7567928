/** The ruler: base-to-base distance between two models, with the height difference, in cm or inches. */
import { Line } from "@react-three/drei";
import { modelFootprint, modelPose, type Battlefield } from "../core/battlefield";
import { footprintDistance } from "../core/footprint";
import { formatLength, type LengthUnit } from "../core/units";
import { Label } from "./Label";

export function MeasureOverlay({ battlefield, models, unit }: { battlefield: Battlefield; models: readonly string[]; unit: LengthUnit }) {
  const entries = models.flatMap((id) => battlefield.models.get(id) ?? []);
  if (entries.length < 2) return null;
  const [a, b] = entries as [NonNullable<(typeof entries)[0]>, NonNullable<(typeof entries)[0]>];
  const pa = modelPose(battlefield, a.model, a.def);
  const pb = modelPose(battlefield, b.model, b.def);
  const distance = footprintDistance(modelFootprint(a.def, a.model), modelFootprint(b.def, b.model));
  const rise = pb.y - pa.y;
  const lift = 0.4;
  return (
    <group name="ruler">
      <Line points={[[pa.x, pa.y + lift, pa.z], [pb.x, pb.y + lift, pb.z]]} color="#ffe27a" lineWidth={3} />
      <Label at={[(pa.x + pb.x) / 2, (pa.y + pb.y) / 2 + 3, (pa.z + pb.z) / 2]} testId="ruler-label">
        {formatLength(distance, unit)} base to base
        {Math.abs(rise) >= 0.05 && <> · {rise > 0 ? "+" : "−"}{formatLength(Math.abs(rise), unit)} height</>}
      </Label>
    </group>
  );
}
