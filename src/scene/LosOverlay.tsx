/**
 * The line-of-sight overlay: above every enemy of the shooter, how much of it the shooter sees (green all,
 * amber part, red none), with hull-down, the face a vehicle shows and what hides it; for the hovered or
 * chosen target, the sample rays (green clear, red blocked) with the blocking models ringed and the
 * blocking terrain outlined in red.
 */
import { Line } from "@react-three/drei";
import { useMemo } from "react";
import { modelPose, type Battlefield } from "../core/battlefield";
import type { Vec3 } from "../core/solids/solid";
import { EdgesGeometry } from "three";
import { terrainSolids } from "../core/solids/battlefieldSolids";
import { solidTriangles } from "../core/solids/solidGeometry";
import { targetFacing } from "../sight/facing";
import type { MatrixEntry } from "../sight/matrix";
import type { SightReport } from "../sight/sightReport";
import { useLos, visibilityTone } from "../state/losStore";
import { toBufferGeometry } from "./geometry";
import { Label } from "./Label";

function TargetLabels({ battlefield, shooter, targets }: { battlefield: Battlefield; shooter: string; targets: readonly MatrixEntry[] }) {
  const from = battlefield.models.get(shooter)?.model.position;
  return (
    <>
      {targets.map((t) => {
        const entry = battlefield.models.get(t.target);
        if (!entry || !from) return null;
        const pose = modelPose(battlefield, entry.model, entry.def);
        const top = pose.y + (entry.def.vehicle ? 6.5 : (entry.def.figureHeight ?? 3) + 1.6);
        const tone = visibilityTone(t.visibleFraction);
        // Vehicles say which face the shooter sees; a partly hidden vehicle says what hides it.
        const facing = entry.def.vehicle ? ` ${targetFacing(entry, from).hull.quadrant}` : "";
        const blocker = entry.def.vehicle && tone === "partial" && t.blockedBy[0] ? ` · ${t.blockedBy[0]}` : "";
        return (
          <Label key={t.target} at={[pose.x, top, pose.z]} tone={tone} small={tone === "blocked"} testId={`los-label-${t.target}`}>
            {Math.round(t.visibleFraction * 100)}%{t.hullDown ? " HD" : ""}
            {facing}
            {blocker}
          </Label>
        );
      })}
    </>
  );
}

/** The edges of the terrain pieces that hide part of the target, drawn in red. */
function TerrainBlockers({ battlefield, report }: { battlefield: Battlefield; report: SightReport }) {
  const owners = new Set(report.occluders.filter((o) => o.kind !== "model" && o.kind !== "smoke").map((o) => o.id));
  const features = battlefield.scenario.features;
  const solids = useMemo(() => terrainSolids(battlefield), [features]);
  const edges = useMemo(
    () => solids.filter((s) => owners.has(s.owner)).map((s) => ({ key: `${s.owner}/${s.part}/${s.position.join()}`, geometry: new EdgesGeometry(toBufferGeometry(solidTriangles(s)), 30) })),
    [solids, [...owners].join()],
  );
  return (
    <>
      {edges.map((e) => (
        <lineSegments key={e.key} geometry={e.geometry} raycast={() => null}>
          <lineBasicMaterial color="#ff4a2e" />
        </lineSegments>
      ))}
    </>
  );
}

function Rays({ report }: { report: SightReport }) {
  const { clear, blocked } = useMemo(() => {
    const clear: Vec3[] = [];
    const blocked: Vec3[] = [];
    // Drawing every sample is noise: a few dozen evenly picked rays show the picture.
    const rays = report.rays ?? [];
    const step = Math.max(1, Math.floor(rays.length / 60));
    rays.forEach((r, i) => {
      if (i % step) return;
      (r.clear ? clear : blocked).push(r.from, r.to);
    });
    return { clear, blocked };
  }, [report]);
  return (
    <group name="rays">
      {clear.length > 0 && <Line points={clear} segments color="#59d66b" lineWidth={1.2} transparent opacity={0.8} />}
      {blocked.length > 0 && <Line points={blocked} segments color="#f0533a" lineWidth={1.2} transparent opacity={0.8} />}
    </group>
  );
}

function Blockers({ battlefield, report }: { battlefield: Battlefield; report: SightReport }) {
  return (
    <>
      {report.occluders
        .filter((o) => o.kind === "model")
        .map((o) => {
          const entry = battlefield.models.get(o.id);
          if (!entry) return null;
          const pose = modelPose(battlefield, entry.model, entry.def);
          return (
            <mesh key={o.id} position={[pose.x, pose.y + 0.1, pose.z]} rotation-x={-Math.PI / 2} raycast={() => null}>
              <ringGeometry args={[entry.def.vehicle ? 6 : 1.9, entry.def.vehicle ? 6.6 : 2.4, 40]} />
              <meshBasicMaterial color="#f0533a" transparent opacity={0.9} depthWrite={false} />
            </mesh>
          );
        })}
    </>
  );
}

export function LosOverlay({ battlefield, shooter }: { battlefield: Battlefield; shooter: string }) {
  const { targets, report } = useLos();
  return (
    <group name="los">
      <TargetLabels battlefield={battlefield} shooter={shooter} targets={targets} />
      {report && report.shooter === shooter && (
        <>
          <Rays report={report} />
          <Blockers battlefield={battlefield} report={report} />
          <TerrainBlockers battlefield={battlefield} report={report} />
        </>
      )}
    </group>
  );
}
