/**
 * Features that stop no sight line but matter to players: woods and crops (outline and canopy), roads and
 * water, smoke. Drawn as translucent volumes or ground decals.
 */
import { useMemo } from "react";
import { DoubleSide, ExtrudeGeometry, Shape, type BufferGeometry } from "three";
import type { Battlefield } from "../core/battlefield";
import { add2, scale2, sub2, type Vec2 } from "../core/geometry2d";
import type { Feature } from "../core/scenario/schema";

const AREA_STYLE = {
  woods: { color: "#2f4a24", opacity: 0.55 },
  crops: { color: "#c8b35a", opacity: 0.6 },
  road: { color: "#8d7b5f", opacity: 1 },
  river: { color: "#3f6e8c", opacity: 0.9 },
  stream: { color: "#4f7f9c", opacity: 0.9 },
  trench: { color: "#5b4a36", opacity: 1 },
  foxhole: { color: "#5b4a36", opacity: 1 },
  crater: { color: "#4a3d2e", opacity: 1 },
  rough: { color: "#7a6a48", opacity: 0.85 },
  pond: { color: "#3f6e8c", opacity: 0.9 },
  smoke: { color: "#d9d9d9", opacity: 0.45 },
} as const;

/** A prism over an outline in the x–z plane, from y0 to y1 (Shape works in x–y, so z is mirrored in). */
function prism(outline: readonly Vec2[], y0: number, y1: number): BufferGeometry {
  const shape = new Shape(outline.map(([x, z]) => ({ x, y: -z }) as never));
  const geometry = new ExtrudeGeometry(shape, { depth: y1 - y0, bevelEnabled: false });
  geometry.rotateX(-Math.PI / 2);
  geometry.translate(0, y0, 0);
  return geometry;
}

/** The outline of a path widened to `width` (square ends), as one polygon per segment. */
function ribbon(path: readonly Vec2[], width: number): Vec2[][] {
  const quads: Vec2[][] = [];
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i]!;
    const b = path[i + 1]!;
    const d = sub2(b, a);
    const l = Math.hypot(d[0], d[1]);
    const n = scale2([-d[1] / l, d[0] / l], width / 2);
    const e = scale2([d[0] / l, d[1] / l], width / 2);
    quads.push([add2(sub2(a, e), n), add2(add2(b, e), n), sub2(add2(b, e), n), sub2(sub2(a, e), n)]);
  }
  return quads;
}

function featureGeometries(f: Feature, battlefield: Battlefield): BufferGeometry[] {
  const ground = battlefield.ground;
  switch (f.kind) {
    case "woods":
    case "crops":
      return [prism(f.outline, 0.05, Math.max(...f.outline.map((p) => ground.heightAt(p))) + f.height)];
    case "rough":
    case "pond":
      return [prism(f.outline, 0.02, 0.08 + Math.max(...f.outline.map((p) => ground.heightAt(p))))];
    case "road":
    case "river":
    case "stream":
    case "trench":
      return ribbon(f.path, f.width).map((quad) => prism(quad, 0.02, 0.08 + Math.max(...quad.map((p) => ground.heightAt(p)))));
    case "smoke":
    case "foxhole":
    case "crater": {
      const radius = f.radius;
      const outline = Array.from({ length: 20 }, (_, i) => add2(f.at, [radius * Math.cos((i / 20) * 2 * Math.PI), radius * Math.sin((i / 20) * 2 * Math.PI)]));
      return [prism(outline, 0.02, f.kind === "smoke" ? f.height : 0.1)];
    }
    default:
      return [];
  }
}

export function AreaFeatures({ battlefield }: { battlefield: Battlefield }) {
  // Areas change with the features only: models moving (a drag, a replay's glide) must not rebuild them.
  const features = battlefield.scenario.features;
  const items = useMemo(
    () =>
      battlefield.scenario.features.flatMap((f) =>
        f.kind in AREA_STYLE ? featureGeometries(f, battlefield).map((geometry, i) => ({ key: `${f.id}/${i}`, geometry, style: AREA_STYLE[f.kind as keyof typeof AREA_STYLE] })) : [],
      ),
    [features],
  );
  return (
    <>
      {items.map(({ key, geometry, style }) => (
        // Decals and canopies: the pointer passes through them to the ground.
        <mesh key={key} geometry={geometry} receiveShadow raycast={() => null}>
          <meshStandardMaterial color={style.color} transparent={style.opacity < 1} opacity={style.opacity} side={DoubleSide} depthWrite={style.opacity === 1} />
        </mesh>
      ))}
    </>
  );
}
