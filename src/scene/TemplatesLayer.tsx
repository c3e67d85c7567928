/**
 * Templates on the table: blast circles and rings, and flamethrower teardrops, drawn on the ground as a
 * light fill with a dark-cased bright outline per ring, readable on grass, road, crops or water. With the
 * template tool a laid template can be grabbed and dragged.
 */
import { Line } from "@react-three/drei";
import { useMemo } from "react";
import { DoubleSide, Shape, ShapeGeometry } from "three";
import type { Battlefield } from "../core/battlefield";
import type { PlacedTemplate } from "../core/game/events";
import { templateAnchor } from "../core/game/templateAnchor";
import { add2, headingVector, scale2, type Vec2 } from "../core/geometry2d";
import type { PointerReports } from "./useToolPointer";

/** The outline of a template in the plan, as points [x, z]. */
function outline(shape: PlacedTemplate["shape"]): Vec2[][] {
  const circle = (c: Vec2, r: number) =>
    Array.from({ length: 48 }, (_, i) => add2(c, [r * Math.cos((i / 48) * 2 * Math.PI), r * Math.sin((i / 48) * 2 * Math.PI)]));
  if (shape.kind === "blast") return shape.radii.map((r) => circle(shape.at, r));
  // A teardrop: the hull of a narrow circle at the muzzle and a wide one at the far end.
  const dir = headingVector(shape.heading);
  const far = add2(shape.from, scale2(dir, shape.length));
  const side: Vec2 = [dir[1], -dir[0]];
  const n = shape.narrowWidth / 2;
  const w = shape.wideWidth / 2;
  const arc = (c: Vec2, r: number, from: number, to: number) =>
    Array.from({ length: 17 }, (_, i) => {
      const a = from + ((to - from) * i) / 16;
      return add2(c, add2(scale2(dir, r * Math.cos(a)), scale2(side, r * Math.sin(a))));
    });
  return [[...arc(shape.from, n, Math.PI / 2, (3 * Math.PI) / 2), ...arc(far, w, -Math.PI / 2, Math.PI / 2)]];
}

const noRaycast = () => null;

function TemplateMesh({ template, y, grabbable, pointer }: { template: PlacedTemplate; y: number; grabbable: boolean; pointer: PointerReports }) {
  const rings = useMemo(() => outline(template.shape), [template.shape]);
  const fills = useMemo(() => rings.map((ring) => new ShapeGeometry(new Shape(ring.map(([x, z]) => ({ x, y: z }) as never)))), [rings]);
  const color = template.shape.kind === "teardrop" ? "#ff8a3d" : "#ffcf4a";
  return (
    <group name={`template-${template.id}`}>
      {fills.map((g, i) => (
        <mesh
          key={i}
          geometry={g}
          rotation-x={Math.PI / 2}
          position-y={y + 0.1 + i * 0.02}
          userData={{ kind: "template", template: template.id }}
          raycast={grabbable && i === 0 ? undefined : noRaycast}
          onPointerDown={pointer.down}
          onClick={pointer.click}
        >
          <meshBasicMaterial color={color} transparent opacity={0.18} side={DoubleSide} depthWrite={false} />
        </mesh>
      ))}
      {rings.map((ring, i) => {
        const points = [...ring, ring[0]!].map(([x, z]) => [x, y + 0.2 + i * 0.02, z] as [number, number, number]);
        return (
          <group key={i}>
            <Line points={points} color="#1a1a1a" lineWidth={4.5} raycast={noRaycast} />
            <Line points={points} color={color} lineWidth={2} raycast={noRaycast} />
          </group>
        );
      })}
    </group>
  );
}

export function TemplatesLayer({
  battlefield,
  templates,
  grabbable,
  pointer,
}: {
  battlefield: Battlefield;
  templates: Readonly<Record<string, PlacedTemplate>>;
  /** With the template tool, a laid template is in the pointer's reach (to be picked up and dragged). */
  grabbable: boolean;
  pointer: PointerReports;
}) {
  return (
    <group name="templates">
      {Object.values(templates).map((t) => (
        <TemplateMesh key={t.id} template={t} y={t.level ?? battlefield.ground.heightAt(templateAnchor(t.shape))} grabbable={grabbable} pointer={pointer} />
      ))}
    </group>
  );
}
