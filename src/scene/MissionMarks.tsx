/**
 * The mission drawn on the table: each deployment zone tinted in its side's colour, each objective as a marker
 * (a ring for a point, a tinted area, a band along an exit edge) with its name, its points and who holds it now
 * (src/core/mission's policy). The scene only draws: the marks take no pointer, and nothing here decides.
 */
import { Line } from "@react-three/drei";
import { useEffect, useMemo, useState } from "react";
import { type BufferGeometry, DoubleSide, MeshBasicMaterial } from "three";
import type { Battlefield } from "../core/battlefield";
import { polygonCentroid, type Vec2 } from "../core/geometry2d";
import { missionState, objectiveControl } from "../core/mission/control";
import { zoneOutline } from "../core/mission/zones";
import type { Mission, Objective, TableEdge } from "../core/scenario/schema";
import type { Vec3 } from "../core/solids/solid";
import { Label } from "./Label";
import { discDecal, gridDecal } from "./tableGeometry";
import { useTerrainMemo } from "./useTerrainMemo";

/** Zone tints per side, in the order sides appear (the forces', then the mission's): bright enough over flock. */
const SIDE_TINTS = ["#3f7fd0", "#d0503f", "#d0b23f", "#4fb060"];
const OBJECTIVE_TINT = "#ffe27a";
/** Over every ground decal (roads, craters: up to 0.1 cm). */
const LIFT = { zone: 0.12, objective: 0.14 } as const;
/** How high over the ground a name floats (cm). */
const LABEL_HEIGHT = 3;

const tint = (color: string, opacity: number) => new MeshBasicMaterial({ color, transparent: true, opacity, depthWrite: false, side: DoubleSide });

/** The band an exit's units reach to leave by it: `reach` deep along its edge. */
function exitBand(edge: TableEdge, reach: number, { width, depth }: { width: number; depth: number }): Vec2[] {
  const [x0, x1, z0, z1] =
    edge === "-x"
      ? [0, reach, 0, depth]
      : edge === "+x"
        ? [width - reach, width, 0, depth]
        : edge === "-z"
          ? [0, width, 0, reach]
          : [0, width, depth - reach, depth];
  return [
    [x0, z0],
    [x1, z0],
    [x1, z1],
    [x0, z1],
  ];
}

interface Mark {
  readonly key: string;
  readonly geometry: BufferGeometry;
  readonly material: MeshBasicMaterial;
  readonly label: { readonly at: Vec3; readonly text: string };
}

function objectiveMark(objective: Objective, battlefield: Battlefield): Mark {
  const { ground, scenario } = battlefield;
  const material = tint(OBJECTIVE_TINT, 0.45);
  const points = `${objective.points} ${objective.points === 1 ? "pt" : "pts"}`;
  const labelAt = (p: Vec2): Vec3 => [p[0], ground.heightAt(p) + LABEL_HEIGHT, p[1]];
  const forSide = objective.side === undefined ? "" : ` (${objective.side})`;
  switch (objective.kind) {
    case "point":
      return {
        key: `objective/${objective.id}`,
        geometry: discDecal(objective.at, objective.radius, ground, LIFT.objective),
        material,
        label: { at: labelAt(objective.at), text: `${objective.name}${forSide} · ${points}` },
      };
    case "area":
      return {
        key: `objective/${objective.id}`,
        geometry: gridDecal(objective.outline, ground, LIFT.objective, 1),
        material,
        label: { at: labelAt(polygonCentroid(objective.outline)), text: `${objective.name}${forSide} · ${points}` },
      };
    case "exit": {
      const band = exitBand(objective.edge, objective.reach, scenario.table);
      return {
        key: `objective/${objective.id}`,
        geometry: gridDecal(band, ground, LIFT.objective, 1),
        material,
        label: { at: labelAt(polygonCentroid(band)), text: `${objective.name}${forSide} · exit, ${points} a unit` },
      };
    }
  }
}

/** The zones' and objectives' meshes and where their names go, rebuilt only when the terrain or the mission changes. */
function marksOf(battlefield: Battlefield, mission: Mission): Mark[] {
  const { ground, scenario } = battlefield;
  const sides = [...new Set([...scenario.forces.map((f) => f.side), ...mission.zones.map((z) => z.side)])];
  const zones = mission.zones.map((zone, i): Mark => {
    const outline = zoneOutline(zone);
    const centre = polygonCentroid(outline);
    return {
      key: `zone/${i}`,
      geometry: gridDecal(outline, ground, LIFT.zone),
      material: tint(SIDE_TINTS[sides.indexOf(zone.side) % SIDE_TINTS.length]!, 0.22),
      label: { at: [centre[0], ground.heightAt(centre) + LABEL_HEIGHT, centre[1]], text: `${zone.side} deployment zone` },
    };
  });
  return [...zones, ...mission.objectives.map((objective) => objectiveMark(objective, battlefield))];
}

export function MissionMarks({ battlefield, mission }: { battlefield: Battlefield; mission: Mission }) {
  const marks = useTerrainMemo(battlefield, (b) => marksOf(b, mission), [mission]);
  useEffect(
    () => () => {
      for (const mark of marks) {
        mark.geometry.dispose();
        mark.material.dispose();
      }
    },
    [marks],
  );
  // The names mount afresh a frame after the marks change: a label mounted in the same commit as the table's
  // first frame, or kept across a new game, could stay empty (drei's Html never rendered it).
  const [generation, setGeneration] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new set of marks is what asks for fresh labels
  useEffect(() => {
    const frame = requestAnimationFrame(() => setGeneration((g) => g + 1));
    return () => cancelAnimationFrame(frame);
  }, [marks]);
  // Who holds what follows the models.
  const held = useMemo(() => {
    const control = objectiveControl(mission, missionState(battlefield.scenario));
    return new Map(control.map((c) => [`objective/${c.objective}`, c.contested ? " · contested" : c.holder !== undefined ? ` · held by ${c.holder}` : ""]));
  }, [battlefield.scenario, mission]);
  return (
    <>
      <group name="mission">
        {marks.map((mark) => (
          <mesh key={mark.key} geometry={mark.geometry} material={mark.material} raycast={() => null} name={`mission/${mark.key}`} />
        ))}
      </group>
      {generation > 0 &&
        marks.map((mark) => (
          <Label key={`${mark.key}#${generation}`} at={mark.label.at} small testId={`mission-label-${mark.key}`}>
            {mark.label.text}
            {held.get(mark.key) ?? ""}
          </Label>
        ))}
    </>
  );
}

/** The deployment zone being drawn: a rectangle from the first corner to the pointer. */
export function ZoneDraft({ battlefield, from, to }: { battlefield: Battlefield; from: Vec2; to: Vec2 }) {
  const corners = zoneOutline({ kind: "rectangle", side: "", from: [from[0], from[1]], to: [to[0], to[1]] });
  const lifted = [...corners, corners[0]!].map(([x, z]): Vec3 => [x, battlefield.ground.heightAt([x, z]) + LIFT.zone + 0.3, z]);
  // The pointer passes through it: the click on the opposite corner is on the table, not on the line.
  return <Line points={lifted} color={SIDE_TINTS[0]} lineWidth={3} name="mission/zone-draft" raycast={() => null} />;
}
