/**
 * Smoke clouds as soft volumes: puffs (round sprites, shaders/smoke.*.glsl) scattered by the seeded dice
 * inside the cloud's cylinder, the shape the sight engine blocks with, none reaching past it. All clouds
 * are one draw call.
 */
import { useThree } from "@react-three/fiber";
import { useMemo } from "react";
import { BufferAttribute, BufferGeometry, Color, type PerspectiveCamera } from "three";
import fragmentShader from "../../shaders/smoke.frag.glsl?raw";
import vertexShader from "../../shaders/smoke.vert.glsl?raw";
import type { Battlefield } from "../core/battlefield";
import { createDice } from "../core/dice";
import type { FeatureOf } from "../core/scenario/schema";
import { seedOf } from "./woodsTrees";

export interface Puff {
  readonly at: readonly [number, number, number];
  readonly radius: number;
  readonly shade: number;
}

/** Puffs of a cloud, each wholly inside its cylinder (radius `radius`, from the ground up `height`). */
export function smokePuffs(cloud: FeatureOf<"smoke">, groundY: number): Puff[] {
  const dice = createDice(seedOf(cloud.id));
  const roll = () => dice.fraction("smoke puff");
  const radius = Math.min(cloud.radius, cloud.height / 2) * 0.55;
  const count = Math.min(60, Math.max(8, Math.round((cloud.radius * cloud.radius * cloud.height) / radius ** 3)));
  return Array.from({ length: count }, () => {
    const r = radius * (0.7 + 0.3 * roll());
    const reach = Math.max(0, cloud.radius - r) * Math.sqrt(roll());
    const angle = roll() * 2 * Math.PI;
    const y = groundY + r + roll() * Math.max(0, cloud.height - 2 * r);
    return { at: [cloud.at[0] + reach * Math.cos(angle), y, cloud.at[1] + reach * Math.sin(angle)] as const, radius: r, shade: roll() };
  });
}

export function SmokeClouds({ battlefield }: { battlefield: Battlefield }) {
  const features = battlefield.scenario.features;
  const geometry = useMemo(() => {
    const puffs = features.filter((f): f is FeatureOf<"smoke"> => f.kind === "smoke").flatMap((c) => smokePuffs(c, battlefield.ground.heightAt(c.at)));
    if (!puffs.length) return undefined;
    const g = new BufferGeometry();
    g.setAttribute("position", new BufferAttribute(Float32Array.from(puffs.flatMap((p) => p.at)), 3));
    g.setAttribute("size", new BufferAttribute(Float32Array.from(puffs.map((p) => 2 * p.radius)), 1));
    g.setAttribute("shade", new BufferAttribute(Float32Array.from(puffs.map((p) => p.shade)), 1));
    return g;
  }, [features]);
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const height = useThree((s) => s.size.height);
  const dpr = useThree((s) => s.viewport.dpr);
  const pixelsPerUnit = (height * dpr) / (2 * Math.tan(((camera.fov ?? 50) * Math.PI) / 360));
  const uniforms = useMemo(() => ({ color: { value: new Color("#e6e4df") }, opacity: { value: 0.5 }, pixelsPerUnit: { value: pixelsPerUnit } }), []);
  uniforms.pixelsPerUnit.value = pixelsPerUnit;
  if (!geometry) return null;
  return (
    <points geometry={geometry} raycast={() => null} renderOrder={1} name="smoke">
      <shaderMaterial vertexShader={vertexShader} fragmentShader={fragmentShader} uniforms={uniforms} transparent depthWrite={false} />
    </points>
  );
}
