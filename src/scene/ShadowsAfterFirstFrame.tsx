/**
 * Shadows are switched on after the first frame: the first picture of the table comes without the shadow
 * pass and its heavier shaders (seconds on a CPU-rendered browser), the next one has them, and with them
 * the terrain's painted patterns (src/scene/tableMaterial.ts).
 */
import { useFrame, useThree } from "@react-three/fiber";
import { useRef } from "react";
import type { Material, Mesh } from "three";
import { paintPatterns } from "./tableMaterial";

export function ShadowsAfterFirstFrame({ onFirstFrame }: { onFirstFrame: () => void }) {
  const scene = useThree((s) => s.scene);
  const done = useRef(false);
  useFrame(() => {
    if (done.current) return;
    done.current = true;
    // Materials compiled without shadows must be compiled again with them.
    requestAnimationFrame(() => {
      paintPatterns();
      scene.traverse((object) => {
        const material = (object as Mesh).material as Material | Material[] | undefined;
        for (const m of Array.isArray(material) ? material : material ? [material] : []) m.needsUpdate = true;
      });
      onFirstFrame();
    });
  });
  return null;
}
