/**
 * What the editor draws over the table: the drawing in progress, the outlines of the selected feature's
 * group mates, the selected feature's outline (and a hill's crest line) with a handle on each corner and
 * between corners, which the pointer reports to the terrain editor's tool (src/state/tools/editTerrain.ts),
 * and a gizmo to move and turn it.
 */
import { Line, PivotControls } from "@react-three/drei";
import { useMemo, useRef } from "react";
import { Euler, type Matrix4 } from "three";
import type { Battlefield } from "../core/battlefield";
import { crestSegments } from "../core/edit/crest";
import { groupOf } from "../core/edit/features";
import { featureCenter, featurePoints, moveVertex, shapeKind } from "../core/edit/shape";
import { lerp2, sub2, type Vec2 } from "../core/geometry2d";
import type { Feature, Hill } from "../core/scenario/schema";
import { radToDeg } from "../core/units";
import { moveSelected } from "../state/editActions";
import { useEditor } from "../state/editorStore";
import type { EditorHandle } from "../state/tools/machine";
import type { PointerReports } from "./useToolPointer";

const LIFT = 0.4;
const COLORS = { draft: "#ffd54a", selected: "#4fc3f7", handle: "#ffffff", insert: "#4fc3f7" };

type Lift = (p: Vec2) => [number, number, number];

function useLifted(battlefield: Battlefield): Lift {
  return (p) => [p[0], battlefield.ground.heightAt(p) + LIFT, p[1]];
}

function Draft({ battlefield }: { battlefield: Battlefield }) {
  const { draw, pointer } = useEditor();
  const lift = useLifted(battlefield);
  if (!draw || !("points" in draw)) return null;
  const points = [...draw.points, ...(pointer ? [pointer] : [])];
  return (
    <group>
      {points.length >= 2 && <Line points={points.map(lift)} color={COLORS.draft} lineWidth={3} dashed={false} />}
      {draw.points.map((p, i) => (
        <mesh key={i} position={lift(p)} raycast={() => null}>
          <sphereGeometry args={[i === 0 ? 0.9 : 0.6, 12, 8]} />
          <meshBasicMaterial color={COLORS.draft} />
        </mesh>
      ))}
    </group>
  );
}

function Handle({ handle, color, size, pointer, lift }: { handle: EditorHandle; color: string; size: number; pointer: PointerReports; lift: Lift }) {
  return (
    <mesh
      position={lift(handle.at)}
      onPointerDown={pointer.down}
      onClick={pointer.click}
      onContextMenu={pointer.contextMenu}
      name={handle.kind === "corner" ? `vertex-${handle.index}` : `insert-${handle.index}`}
      userData={{ kind: "editor-handle", handle }}
    >
      <sphereGeometry args={[size, 12, 8]} />
      <meshBasicMaterial color={color} depthTest={false} transparent />
    </mesh>
  );
}

/** A selected hill's crest, at the plateau's height: where its slope ends. */
function Crest({ hill }: { hill: Hill }) {
  const points = useMemo(
    () =>
      crestSegments(hill, 1).flatMap(
        ([a, b]) =>
          [
            [a[0], hill.height + LIFT, a[1]],
            [b[0], hill.height + LIFT, b[1]],
          ] as Array<[number, number, number]>,
      ),
    [hill],
  );
  return points.length ? <Line points={points} segments color={COLORS.selected} lineWidth={2} dashed={false} /> : null;
}

function SelectedFeature({ battlefield, feature, pointer }: { battlefield: Battlefield; feature: Feature; pointer: PointerReports }) {
  const vertexDrag = useEditor((s) => s.vertexDrag);
  const gizmoDrag = useEditor((s) => s.gizmoDrag);
  const lift = useLifted(battlefield);
  const last = useRef<Matrix4 | undefined>(undefined);
  const points = featurePoints(vertexDrag ? moveVertex(feature, vertexDrag.index, vertexDrag.at) : feature);
  const kind = shapeKind(feature);
  const loop = kind === "outline" ? [...points, points[0]!] : points;
  const center = featureCenter(feature);
  const centerAt = lift(center);
  const edges = kind === "outline" || kind === "path" ? loop.slice(0, -1).map((p, i) => lerp2(p, loop[i + 1]!, 0.5)) : [];
  return (
    <group>
      {loop.length >= 2 && kind !== "points" && <Line points={loop.map(lift)} color={COLORS.selected} lineWidth={3} />}
      {feature.kind === "hill" && <Crest hill={feature} />}
      {points.map((p, i) => (
        <Handle key={`v${i}`} handle={{ kind: "corner", index: i, at: [p[0], p[1]] }} color={COLORS.handle} size={0.8} pointer={pointer} lift={lift} />
      ))}
      {edges.map((mid, i) => (
        <Handle key={`m${i}`} handle={{ kind: "edge", index: i, at: mid }} color={COLORS.insert} size={0.5} pointer={pointer} lift={lift} />
      ))}
      {/* Remounted with every change of the feature, so the gizmo starts again from where the feature is. */}
      <group position={centerAt} key={JSON.stringify(feature)}>
        <PivotControls
          fixed
          scale={90}
          depthTest={false}
          activeAxes={[true, false, true]}
          disableScaling
          disableSliders
          onDragStart={() => useEditor.getState().set({ gizmoDrag: true })}
          onDrag={(local) => {
            last.current = local.clone();
          }}
          onDragEnd={() => {
            useEditor.getState().set({ gizmoDrag: false });
            const m = last.current;
            last.current = undefined;
            if (!m) return;
            const turn = radToDeg(new Euler().setFromRotationMatrix(m, "YXZ").y);
            moveSelected([m.elements[12]!, m.elements[14]!], turn);
          }}
        >
          {/* The outline travels with the gizmo while it is dragged. */}
          {gizmoDrag && loop.length >= 2 && (
            <Line
              points={loop.map((p) => {
                const d = sub2(p, center);
                return [d[0], 0, d[1]] as [number, number, number];
              })}
              color={COLORS.draft}
              lineWidth={1.5}
            />
          )}
        </PivotControls>
      </group>
    </group>
  );
}

/** The rest of the selected feature's group (a church's tower), outlined thinner: it moves and turns with it. */
function GroupMates({ battlefield, feature }: { battlefield: Battlefield; feature: Feature }) {
  const lift = useLifted(battlefield);
  const mates = groupOf(battlefield.scenario.features, feature.id).filter((f) => f.id !== feature.id);
  return (
    <>
      {mates.map((mate) => {
        const points = featurePoints(mate);
        const loop = shapeKind(mate) === "outline" ? [...points, points[0]!] : points;
        return loop.length >= 2 ? <Line key={mate.id} points={loop.map(lift)} color={COLORS.selected} lineWidth={1.5} /> : null;
      })}
    </>
  );
}

export function EditorOverlay({ battlefield, pointer }: { battlefield: Battlefield; pointer: PointerReports }) {
  const selected = useEditor((s) => s.selected);
  const feature = battlefield.scenario.features.find((f) => f.id === selected);
  return (
    <group name="editor">
      <Draft battlefield={battlefield} />
      {feature && <SelectedFeature battlefield={battlefield} feature={feature} pointer={pointer} />}
      {feature && <GroupMates battlefield={battlefield} feature={feature} />}
    </group>
  );
}
