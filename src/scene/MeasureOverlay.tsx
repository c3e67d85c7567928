/**
 * The ruler between two ends, each a model or a point of the table: base to base between two models, from
 * a point to a model's base edge, or point to point; with the height difference, in cm or inches.
 */
import { Line } from "@react-three/drei";
import { type Battlefield, modelFootprint, modelPose } from "../core/battlefield";
import { distanceToFootprint, footprintDistance } from "../core/footprint";
import { distance2 } from "../core/geometry2d";
import type { Vec3 } from "../core/solids/solid";
import type { DistanceFormat } from "../state/distances";
import type { RulerEnd } from "../state/uiStore";
import { Label } from "./Label";

type Resolved = { at: Vec3; model?: ReturnType<Battlefield["models"]["get"]> };

function resolve(battlefield: Battlefield, end: RulerEnd): Resolved | undefined {
  if ("point" in end) return { at: [...end.point] };
  const entry = battlefield.models.get(end.model);
  if (!entry) return undefined;
  const pose = modelPose(battlefield, entry.model, entry.def);
  return { at: [pose.x, pose.y, pose.z], model: entry };
}

/** The distance a player measures between the two ends, in the plan (cm). */
function rulerDistance(a: Resolved, b: Resolved): number {
  const fp = (r: Resolved) => r.model && modelFootprint(r.model.def, r.model.model);
  const fa = fp(a);
  const fb = fp(b);
  if (fa && fb) return footprintDistance(fa, fb);
  if (fa) return distanceToFootprint(fa, [b.at[0], b.at[2]]);
  if (fb) return distanceToFootprint(fb, [a.at[0], a.at[2]]);
  return distance2([a.at[0], a.at[2]], [b.at[0], b.at[2]]);
}

export function MeasureOverlay({ battlefield, ends, format }: { battlefield: Battlefield; ends: readonly RulerEnd[]; format: DistanceFormat }) {
  const resolved = ends.flatMap((end) => resolve(battlefield, end) ?? []);
  const lift = 0.4;
  if (resolved.length === 1) {
    const [x, y, z] = resolved[0]!.at;
    return (
      <Label at={[x, y + 2, z]} testId="ruler-start">
        from here…
      </Label>
    );
  }
  if (resolved.length < 2) return null;
  const [a, b] = resolved as [Resolved, Resolved];
  const distance = rulerDistance(a, b);
  const rise = b.at[1] - a.at[1];
  const kind = a.model && b.model ? " base to base" : a.model || b.model ? " to the base" : "";
  return (
    <group name="ruler">
      <Line
        points={[
          [a.at[0], a.at[1] + lift, a.at[2]],
          [b.at[0], b.at[1] + lift, b.at[2]],
        ]}
        color="#ffe27a"
        lineWidth={3}
      />
      <Label at={[(a.at[0] + b.at[0]) / 2, (a.at[1] + b.at[1]) / 2 + 3, (a.at[2] + b.at[2]) / 2]} testId="ruler-label">
        {format(distance)}
        {kind}
        {Math.abs(rise) >= 0.05 && (
          <>
            {" "}
            · {rise > 0 ? "+" : "−"}
            {format(Math.abs(rise))} height
          </>
        )}
      </Label>
    </group>
  );
}
