/**
 * Smoke clouds as soft volumes: puffs (round sprites, shaders/smoke.*.glsl) inside the cloud's cylinder,
 * the shape the sight engine blocks with (src/scene/scatter.ts). All clouds are one draw call.
 */
import { useThree } from "@react-three/fiber";
import { useMemo } from "react";
import { BufferAttribute, BufferGeometry, Color, type PerspectiveCamera } from "three";
import fragmentShader from "../../shaders/smoke.frag.glsl?raw";
import vertexShader from "../../shaders/smoke.vert.glsl?raw";
import type { Battlefield } from "../core/battlefield";
import type { FeatureOf } from "../core/scenario/schema";
import { smokePuffs } from "./scatter";
import { useTerrainMemo } from "./useTerrainMemo";

export function SmokeClouds({ battlefield }: { battlefield: Battlefield }) {
  const geometry = useTerrainMemo(battlefield, ({ scenario, ground }) => {
    const puffs = scenario.features.filter((f): f is FeatureOf<"smoke"> => f.kind === "smoke").flatMap((c) => smokePuffs(c, ground.heightAt(c.at)));
    if (!puffs.length) return undefined;
    const g = new BufferGeometry();
    g.setAttribute("position", new BufferAttribute(Float32Array.from(puffs.flatMap((p) => p.at)), 3));
    g.setAttribute("size", new BufferAttribute(Float32Array.from(puffs.map((p) => 2 * p.radius)), 1));
    g.setAttribute("shade", new BufferAttribute(Float32Array.from(puffs.map((p) => p.shade)), 1));
    return g;
  });
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const height = useThree((s) => s.size.height);
  const dpr = useThree((s) => s.viewport.dpr);
  const pixelsPerUnit = (height * dpr) / (2 * Math.tan(((camera.fov ?? 50) * Math.PI) / 360));
  // biome-ignore lint/correctness/useExhaustiveDependencies: made once; pixelsPerUnit is written into it on every render
  const uniforms = useMemo(() => ({ color: { value: new Color("#e6e4df") }, opacity: { value: 0.5 }, pixelsPerUnit: { value: pixelsPerUnit } }), []);
  uniforms.pixelsPerUnit.value = pixelsPerUnit;
  if (!geometry) return null;
  return (
    <points geometry={geometry} raycast={() => null} renderOrder={1} name="smoke">
      <shaderMaterial vertexShader={vertexShader} fragmentShader={fragmentShader} uniforms={uniforms} transparent depthWrite={false} />
    </points>
  );
}
