/**
 * The line-of-sight overlay: above the enemy's units, or its models when zoomed in, how much of them the
 * shooter sees (green all, amber part, red none), with hull-down, the face a vehicle shows and what hides
 * it; for the hovered or chosen target, the sample rays (green clear, red blocked) with the blocking models
 * ringed and the blocking terrain outlined in red.
 */
import { Line } from "@react-three/drei";
import { useFrame } from "@react-three/fiber";
import { Fragment, useMemo, useRef, useState } from "react";
import { EdgesGeometry, Vector3 } from "three";
import { type Battlefield, modelPose } from "../core/battlefield";
import type { Vec2 } from "../core/geometry2d";
import { terrainSolids } from "../core/solids/battlefieldSolids";
import type { Vec3 } from "../core/solids/solid";
import { solidTriangles } from "../core/solids/solidGeometry";
import type { MatrixEntry } from "../sight/matrix";
import type { SightReport } from "../sight/sightReport";
import { useGame } from "../state/game";
import { useLos, visibilityTone } from "../state/losStore";
import { labelHeight, labelledAsUnit, labelledModels, modelLabelText, type UnitSight, unitSights, unitSummary } from "../state/unitSight";
import { toBufferGeometry } from "./geometry";
import { Label } from "./Label";
import { useTerrainMemo } from "./useTerrainMemo";

/** Closer than this (cm, camera to a unit), a unit's figures are labelled one by one. */
const NEAR_CM = 75;

/** The aggregated units the camera is close to, updated as the camera moves. */
function useNearUnits(units: readonly UnitSight[]): ReadonlySet<string> {
  const [near, setNear] = useState<ReadonlySet<string>>(new Set());
  const shown = useRef("");
  const at = useMemo(() => new Vector3(), []);
  useFrame(({ camera }) => {
    const ids = units.filter((u) => u.aggregated && camera.position.distanceTo(at.set(...u.labelAt)) < NEAR_CM).map((u) => u.unit);
    if (ids.join() === shown.current) return;
    shown.current = ids.join();
    setNear(new Set(ids));
  });
  return near;
}

function ModelLabel({ battlefield, from, target }: { battlefield: Battlefield; from: Vec2; target: MatrixEntry }) {
  const names = useGame((s) => s.names);
  const entry = battlefield.models.get(target.target);
  if (!entry) return null;
  const pose = modelPose(battlefield, entry.model, entry.def);
  const tone = visibilityTone(target.visibleFraction);
  return (
    <Label at={[pose.x, pose.y + labelHeight(battlefield, target.target), pose.z]} tone={tone} small={tone === "blocked"} testId={`los-label-${target.target}`}>
      {modelLabelText(battlefield, target, from, names)}
    </Label>
  );
}

/**
 * One label per squad when zoomed out; zoomed in, one per figure the shooter sees; vehicles and lone models
 * their own when seen. Hidden models get none (the panel lists them), but the hovered model always gets its own.
 */
function TargetLabels({
  battlefield,
  shooter,
  targets,
  hovered,
}: {
  battlefield: Battlefield;
  shooter: string;
  targets: readonly MatrixEntry[];
  hovered?: string;
}) {
  const from = battlefield.models.get(shooter)?.model.position;
  const names = useGame((s) => s.names);
  const units = useMemo(() => unitSights(battlefield, targets), [battlefield, targets]);
  const near = useNearUnits(units);
  if (!from) return null;
  return (
    <>
      {units.map((u) => (
        <Fragment key={u.unit}>
          {labelledAsUnit(u, near.has(u.unit)) && (
            <Label
              at={u.labelAt}
              tone={u.seen === u.entries.length && u.best >= 0.995 ? "clear" : u.seen ? "partial" : "blocked"}
              small={!u.seen}
              testId={`los-unit-label-${u.unit}`}
            >
              {unitSummary(u, names)}
            </Label>
          )}
          {labelledModels(u, near.has(u.unit), hovered).map((t) => (
            <ModelLabel key={t.target} battlefield={battlefield} from={from} target={t} />
          ))}
        </Fragment>
      ))}
    </>
  );
}

/** The edges of the terrain pieces that hide part of the target, drawn in red. */
function TerrainBlockers({ battlefield, report }: { battlefield: Battlefield; report: SightReport }) {
  const solids = useTerrainMemo(battlefield, terrainSolids);
  const owners = [...new Set(report.occluders.filter((o) => o.kind !== "model" && o.kind !== "smoke").map((o) => o.id))].join("\n");
  const edges = useMemo(() => {
    const blocking = new Set(owners.split("\n"));
    return solids
      .filter((s) => blocking.has(s.owner))
      .map((s) => ({ key: `${s.owner}/${s.part}/${s.position.join()}`, geometry: new EdgesGeometry(toBufferGeometry(solidTriangles(s)), 30) }));
  }, [solids, owners]);
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

export function LosOverlay({ battlefield, shooter, hovered }: { battlefield: Battlefield; shooter: string; hovered?: string }) {
  const { targets, report } = useLos();
  return (
    <group name="los">
      <TargetLabels battlefield={battlefield} shooter={shooter} targets={targets} hovered={hovered} />
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
