/**
 * Who controls each objective, from where the models stand. The policy is deliberately simple and the same for
 * every rule system (a system's own scoring rules may replace it later):
 *  - a model counts where its centre stands, not its base edge;
 *  - a point objective is held by the one side with models within its radius, an area by the one side with
 *    models inside its outline; models of two sides there make it contested (held by nobody), none: nobody;
 *  - a unit has left by an exit when it was taken off through that edge (`exited`) or every model it still has
 *    stands within the exit's reach of the edge, as a table holds no model past its edge.
 */
import { distance2, distanceToPolygonBoundary, pointInPolygon, type Vec2 } from "../geometry2d";
import type { Mission, Objective, Scenario, TableEdge } from "../scenario/schema";

/** A model as the mission sees it: where it stands and whose it is. */
export interface MissionModel {
  readonly id: string;
  readonly unit: string;
  readonly side: string;
  readonly position: Vec2;
}

/** A unit taken off the table through an edge (recorded by the game). */
export interface ExitedUnit {
  readonly unit: string;
  readonly side: string;
  readonly edge: TableEdge;
}

/** What the mission is scored on: the table's size, the models on it and the units that left it. */
export interface MissionState {
  readonly table: { readonly width: number; readonly depth: number };
  readonly models: readonly MissionModel[];
  readonly exited: readonly ExitedUnit[];
}

/** Who holds a point or area objective now. */
export interface ObjectiveControl {
  readonly objective: string;
  /** The side that holds it; absent when nobody does (no models there, or contested). */
  readonly holder?: string;
  /** Models of more than one side are there. */
  readonly contested: boolean;
  /** The sides with models there, in the order of the models. */
  readonly present: readonly string[];
}

/** The units that have left by an exit objective, each side's in turn. */
export interface ExitCount {
  readonly objective: string;
  readonly side: string;
  readonly units: readonly string[];
}

/**
 * The mission's view of a table: every model of the scenario's forces (those `counts` keeps: the caller leaves
 * out what its rule system counts as gone), and the units that left it.
 */
export function missionState(
  scenario: Scenario,
  { exited = [], counts = () => true }: { exited?: readonly ExitedUnit[]; counts?: (model: MissionModel) => boolean } = {},
): MissionState {
  const models = scenario.forces.flatMap((force) =>
    force.units.flatMap((unit) => unit.models.map((m): MissionModel => ({ id: m.id, unit: unit.id, side: force.side, position: m.position }))),
  );
  return { table: scenario.table, models: models.filter(counts), exited };
}

/** Whether a model standing at `p` is on the objective (point or area). */
function onObjective(objective: Exclude<Objective, { kind: "exit" }>, p: Vec2): boolean {
  if (objective.kind === "point") return distance2(p, objective.at) <= objective.radius;
  return pointInPolygon(p, objective.outline) || distanceToPolygonBoundary(p, objective.outline) <= 1e-6;
}

/** Who holds each point and area objective, in the mission's order (exits are counted by exitCounts). */
export function objectiveControl(mission: Mission, state: MissionState): ObjectiveControl[] {
  return mission.objectives.flatMap((objective) => {
    if (objective.kind === "exit") return [];
    const present = [...new Set(state.models.filter((m) => onObjective(objective, m.position)).map((m) => m.side))];
    const holder = present.length === 1 ? present[0] : undefined;
    return [{ objective: objective.id, ...(holder !== undefined && { holder }), contested: present.length > 1, present }];
  });
}

/** How far a point is from a table edge, inwards (cm). */
export function distanceFromEdge(table: MissionState["table"], edge: TableEdge, [x, z]: Vec2): number {
  switch (edge) {
    case "-x":
      return x;
    case "+x":
      return table.width - x;
    case "-z":
      return z;
    case "+z":
      return table.depth - z;
  }
}

/** Each exit objective's units that have left by it, per side that may use it (its own side, or every side). */
export function exitCounts(mission: Mission, state: MissionState): ExitCount[] {
  const unitsOnTable = new Map<string, { side: string; positions: Vec2[] }>();
  for (const m of state.models) {
    const unit = unitsOnTable.get(m.unit) ?? { side: m.side, positions: [] };
    unit.positions.push(m.position);
    unitsOnTable.set(m.unit, unit);
  }
  const sides = [...new Set([...state.models.map((m) => m.side), ...state.exited.map((e) => e.side)])];
  return mission.objectives.flatMap((objective) => {
    if (objective.kind !== "exit") return [];
    const at = [...unitsOnTable].filter(([, u]) => u.positions.every((p) => distanceFromEdge(state.table, objective.edge, p) <= objective.reach));
    const off = state.exited.filter((e) => e.edge === objective.edge && !unitsOnTable.has(e.unit));
    return sides
      .filter((side) => objective.side === undefined || objective.side === side)
      .map((side) => ({
        objective: objective.id,
        side,
        units: [...new Set([...at.filter(([, u]) => u.side === side).map(([id]) => id), ...off.filter((e) => e.side === side).map((e) => e.unit)])],
      }));
  });
}
