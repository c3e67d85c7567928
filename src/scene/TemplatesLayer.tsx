/** Templates on the table: blast circles and rings, and flamethrower teardrops, drawn on the ground. */
import { useMemo } from "react";
import { DoubleSide, Shape, ShapeGeometry } from "three";
import type { Battlefield } from "../core/battlefield";
import type { PlacedTemplate } from "../core/game/events";
import { add2, headingVector, scale2, type Vec2 } from "../core/geometry2d";

/** The outline of a template in the plan, as points [x, z]. */
function outline(template: PlacedTemplate): Vec2[][] {
  const shape = template.shape;
  const circle = (c: Vec2, r: number) => Array.from({ length: 48 }, (_, i) => add2(c, [r * Math.cos((i / 48) * 2 * Math.PI), r * Math.sin((i / 48) * 2 * Math.PI)]));
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

function TemplateMesh({ template, y }: { template: PlacedTemplate; y: number }) {
  const geometries = useMemo(() => outline(template).map((ring) => new ShapeGeometry(new Shape(ring.map(([x, z]) => ({ x, y: z }) as never)))), [template]);
  return (
    <group name={`template-${template.id}`}>
      {geometries.map((g, i) => (
        <mesh key={i} geometry={g} rotation-x={Math.PI / 2} position-y={y + 0.1 + i * 0.02} raycast={() => null}>
          <meshBasicMaterial color={template.shape.kind === "teardrop" ? "#ff8a3d" : "#ffcf4a"} transparent opacity={0.22} side={DoubleSide} depthWrite={false} />
        </mesh>
      ))}
    </group>
  );
}

export function TemplatesLayer({ battlefield, templates }: { battlefield: Battlefield; templates: Readonly<Record<string, PlacedTemplate>> }) {
  return (
    <group name="templates">
      {Object.values(templates).map((t) => {
        const at = t.shape.kind === "blast" ? t.shape.at : t.shape.from;
        return <TemplateMesh key={t.id} template={t} y={t.level ?? battlefield.ground.heightAt(at)} />;
      })}
    </group>
  );
}
