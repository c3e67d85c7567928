/**
 * The cameras: an orbit camera over the table (focus on the selection with F), and a model's-eye camera at
 * the selected model's eye or gun sight, looking at its target or along its facing.
 */
import { OrbitControls, PerspectiveCamera } from "@react-three/drei";
import { useThree } from "@react-three/fiber";
import { useEffect } from "react";
import type { OrbitControls as OrbitControlsImpl } from "three-stdlib";
import { type Battlefield, modelPose } from "../core/battlefield";
import { headingVector } from "../core/geometry2d";
import type { Vec3 } from "../core/solids/solid";
import { sightOrigin } from "../sight/visibility";

/** Where a model looks from: its weapon's sight or its eye (the same point the sight engine uses). */
export function eyeOf(battlefield: Battlefield, id: string, weapon?: string): Vec3 | undefined {
  const entry = battlefield.models.get(id);
  const known = weapon && entry?.def.weapons.some((w) => w.id === weapon) ? weapon : undefined;
  return entry && sightOrigin(battlefield, entry, known);
}

export function CameraRig({
  battlefield,
  eyeOfModel,
  weapon,
  lookAtModel,
  focus,
  enabled,
}: {
  battlefield: Battlefield;
  /** The model whose eye the camera looks through, when the model's-eye view is on. */
  eyeOfModel?: string;
  /** Look through this weapon's sight (its mount or muzzle) instead of the eye. */
  weapon?: string;
  lookAtModel?: string;
  /** Models to centre the orbit on; changes when the user asks to focus. */
  focus?: { ids: readonly string[]; serial: number };
  enabled: boolean;
}) {
  const controls = useThree((s) => s.controls) as OrbitControlsImpl | null;
  const { width, depth } = battlefield.scenario.table;

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the user asks to focus (the serial changes)
  useEffect(() => {
    if (!controls || !focus || focus.ids.length === 0) return;
    const poses = focus.ids.flatMap((id) => {
      const e = battlefield.models.get(id);
      return e ? [modelPose(battlefield, e.model, e.def)] : [];
    });
    if (!poses.length) return;
    const x = poses.reduce((s, p) => s + p.x, 0) / poses.length;
    const z = poses.reduce((s, p) => s + p.z, 0) / poses.length;
    const y = poses.reduce((s, p) => s + p.y, 0) / poses.length;
    const offset = controls.object.position.clone().sub(controls.target).setLength(45);
    controls.target.set(x, y, z);
    controls.object.position.set(x + offset.x, y + offset.y, z + offset.z);
    controls.update();
  }, [focus?.serial]);

  const eye = eyeOfModel ? eyeOf(battlefield, eyeOfModel, weapon) : undefined;
  const entry = eyeOfModel ? battlefield.models.get(eyeOfModel) : undefined;
  const lookEntry = lookAtModel ? battlefield.models.get(lookAtModel) : undefined;
  const look: Vec3 | undefined = lookEntry
    ? (() => {
        const p = modelPose(battlefield, lookEntry.model, lookEntry.def);
        return [p.x, p.y + 2, p.z];
      })()
    : eye && entry
      ? [eye[0] + headingVector(entry.model.heading)[0] * 50, eye[1], eye[2] + headingVector(entry.model.heading)[1] * 50]
      : undefined;

  return (
    <>
      {eye && look ? (
        <PerspectiveCamera makeDefault position={eye} fov={55} near={0.1} far={2000} onUpdate={(c) => c.lookAt(...look)} />
      ) : (
        <PerspectiveCamera makeDefault position={[width / 2, 95, depth + 55]} fov={45} near={1} far={2000} />
      )}
      <OrbitControls
        makeDefault
        enabled={enabled && !eye}
        target={[width / 2, 0, depth / 2]}
        maxPolarAngle={Math.PI / 2.05}
        // The wheel zooms towards the point under the pointer, as Tabletop Simulator and Foundry do.
        zoomToCursor
        minDistance={8}
        maxDistance={400}
      />
    </>
  );
}
