/**
 * The viewshed overlay: what the selected model can see of the ground, floors and rooftops, painted over
 * the table (shaders/viewshed.*.glsl). It follows the model as it moves: the sight worker recomputes it.
 */
import { useEffect, useMemo, useState } from "react";
import { BufferAttribute, BufferGeometry, Color, DoubleSide } from "three";
import fragmentShader from "../../shaders/viewshed.frag.glsl?raw";
import vertexShader from "../../shaders/viewshed.vert.glsl?raw";
import type { Viewshed } from "../sight/viewshed";
import { useGame } from "../state/game";
import { SightClientError } from "../state/sightClient";
import { getSightClient } from "../state/sightPool";

/** Above the surface, so the overlay never fights the ground for the same depth. */
const LIFT = 0.12;
/** Neighbouring cells further apart in height than this (a wall's top and the ground) are not joined. */
const STEP = 1.5;

export function viewshedGeometry(v: Viewshed): BufferGeometry {
  const { columns, rows, cell, heights, visible } = v;
  const positions = new Float32Array(columns * rows * 3);
  const visibility = new Float32Array(columns * rows);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const i = r * columns + c;
      positions.set([(c + 0.5) * cell, heights[i]! + LIFT, (r + 0.5) * cell], i * 3);
      visibility[i] = visible[i]!;
    }
  }
  const indices: number[] = [];
  const joined = (...cells: number[]) => Math.max(...cells.map((k) => heights[k]!)) - Math.min(...cells.map((k) => heights[k]!)) <= STEP;
  for (let r = 0; r + 1 < rows; r++) {
    for (let c = 0; c + 1 < columns; c++) {
      const a = r * columns + c;
      const b = a + 1;
      const d = a + columns;
      const e = d + 1;
      if (joined(a, b, d)) indices.push(a, d, b);
      if (joined(b, d, e)) indices.push(b, d, e);
    }
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute("position", new BufferAttribute(positions, 3));
  geometry.setAttribute("visibility", new BufferAttribute(visibility, 1));
  geometry.setIndex(indices);
  return geometry;
}

export function ViewshedOverlay({ observer }: { observer: string }) {
  const scenario = useGame((s) => s.state.scenario);
  const [viewshed, setViewshed] = useState<Viewshed>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again whenever the table changes (the worker holds the scenario)
  useEffect(() => {
    let current = true;
    getSightClient()
      .viewshed({ observer })
      .then((v) => current && setViewshed(v))
      .catch((error: unknown) => {
        if (current && !(error instanceof SightClientError && error.reason === "cancelled"))
          useGame.getState().notify("error", `Viewshed: ${(error as Error).message}`);
      });
    return () => {
      current = false;
    };
  }, [observer, scenario]);
  const geometry = useMemo(() => viewshed && viewshedGeometry(viewshed), [viewshed]);
  const uniforms = useMemo(() => ({ seenColor: { value: new Color("#5fe06f") }, hiddenColor: { value: new Color("#7a1f1a") }, opacity: { value: 0.45 } }), []);
  if (!geometry || viewshed?.observer !== observer) return null;
  return (
    <mesh geometry={geometry} raycast={() => null} renderOrder={2}>
      <shaderMaterial vertexShader={vertexShader} fragmentShader={fragmentShader} uniforms={uniforms} transparent depthWrite={false} side={DoubleSide} />
    </mesh>
  );
}
