/**
 * Sample missions: made up for Hulldown where a rule system's texts give no mission of their own, built for a
 * battlefield (its table and its two sides) from what the system does say about setting up (MissionSetup:
 * game length, how deep the deployment zones are). Every one is marked `sample`, and missionTitle says so.
 *
 * The two sides deploy along the pair of opposite edges that parts their forces best (the long edges of a table
 * without both sides on it, the first side named at 0); the side nearer the edge at 0 takes it.
 */
import type { Vec2 } from "../geometry2d";
import type { DeploymentZone, Mission, Objective, Scenario, TableEdge } from "../scenario/schema";

/** What a rule system says about setting a battle up, read by the sample missions. */
export interface MissionSetup {
  /** How many turns a game lasts. */
  readonly turns: number;
  /** How far each side's deployment zone reaches in from its edge (cm), on a table `across` cm between the two edges. */
  zoneDepth(across: number): number;
  /** Where the turns and zones come from in the rule system's texts; absent: they are Hulldown's samples too. */
  readonly source?: string;
}

/** Sides for a table whose forces name fewer than two. */
const STAND_IN_SIDES = ["Allies", "Axis"] as const;
/** Radius of a sample point objective (cm): about a large base's reach around a marker. */
const OBJECTIVE_RADIUS = 10;

/** A mission's name as a player reads it: "Hold the crossroads (sample)" for a sample one. */
export const missionTitle = (mission: Pick<Mission, "name" | "sample">): string => (mission.sample ? `${mission.name} (sample)` : mission.name);

/**
 * How well the sides' models part along an axis (0: x, 1: z), as a share of the table across it: the gap between
 * the nearer side's furthest model and the further side's nearest (negative where they mingle), and which side is nearer.
 */
function parting(a: readonly Vec2[], b: readonly Vec2[], axis: 0 | 1, size: number): { gap: number; aFirst: boolean } {
  const mean = (ps: readonly Vec2[]) => ps.reduce((s, p) => s + p[axis], 0) / ps.length;
  const aFirst = mean(a) <= mean(b);
  const [near, far] = aFirst ? [a, b] : [b, a];
  return { gap: (Math.min(...far.map((p) => p[axis])) - Math.max(...near.map((p) => p[axis]))) / size, aFirst };
}

/** The two sides, nearer edge first, and the axis between their edges: "z" (they face across the depth) or "x". */
function battleLines(scenario: Scenario): { sides: [string, string]; axis: "x" | "z" } {
  const named = [...new Set(scenario.forces.map((f) => f.side))];
  const sides: [string, string] = [named[0] ?? STAND_IN_SIDES[0], named[1] ?? (named[0] === STAND_IN_SIDES[1] ? STAND_IN_SIDES[0] : STAND_IN_SIDES[1])];
  const { width, depth } = scenario.table;
  const positions = (side: string) => scenario.forces.filter((f) => f.side === side).flatMap((f) => f.units.flatMap((u) => u.models.map((m) => m.position)));
  const a = positions(sides[0]);
  const b = positions(sides[1]);
  // A table without both sides on it: the long edges, the first side named at 0.
  if (!a.length || !b.length) return { sides, axis: width >= depth ? "z" : "x" };
  const alongX = parting(a, b, 0, width);
  const alongZ = parting(a, b, 1, depth);
  const [axis, best] = alongX.gap > alongZ.gap ? (["x", alongX] as const) : (["z", alongZ] as const);
  return { sides: best.aFirst ? sides : [sides[1], sides[0]], axis };
}

/**
 * The table in the frame of the battle: `along` runs parallel to the deployment edges, `across` from the first
 * side's edge (0) to the second's; `at(along, across)` is the table point.
 */
function frame(scenario: Scenario, axis: "x" | "z") {
  const { width, depth } = scenario.table;
  const along = axis === "z" ? width : depth;
  const across = axis === "z" ? depth : width;
  const at = (u: number, v: number): [number, number] => (axis === "z" ? [u, v] : [v, u]);
  const edges: [TableEdge, TableEdge] = axis === "z" ? ["-z", "+z"] : ["-x", "+x"];
  return { along, across, at, edges };
}

/** The sample missions of a rule system on a battlefield: hold the crossroads, break through, meeting engagement. */
export function sampleMissions(scenario: Scenario, setup: MissionSetup): Mission[] {
  const { sides, axis } = battleLines(scenario);
  const [first, second] = sides;
  const { along, across, at, edges } = frame(scenario, axis);
  // Zones never meet: at most 40% of the way across each.
  const deep = Math.min(setup.zoneDepth(across), across * 0.4);
  const zones: DeploymentZone[] = [
    { kind: "rectangle", side: first, from: at(0, 0), to: at(along, deep) },
    { kind: "rectangle", side: second, from: at(0, across - deep), to: at(along, across) },
  ];
  const point = (id: string, name: string, u: number, v: number, points: number, side?: string): Objective => ({
    id,
    kind: "point",
    name,
    at: at(u, v),
    radius: OBJECTIVE_RADIUS,
    points,
    ...(side !== undefined && { side }),
  });
  const source = setup.source && `${setup.source}; the objectives and victory conditions are Hulldown's samples`;
  const common = { sample: true, ...(source && { source }), turns: setup.turns, zones };
  const middle = across / 2;
  return [
    {
      name: "Hold the crossroads",
      description: `${second} hold the crossroads in the middle of the table; ${first} must take it. Whoever holds it at the end wins; else the most objective points.`,
      ...common,
      objectives: [
        point("crossroads", "Crossroads", along / 2, middle, 3),
        point("left-flank", "Left flank", along / 4, middle, 1),
        point("right-flank", "Right flank", (3 * along) / 4, middle, 1),
      ],
      victory: [{ kind: "hold", objective: "crossroads", side: second }, { kind: "most-points" }],
    },
    {
      name: "Break through",
      description: `${first} must get two units off ${second}'s table edge before the game ends; ${second} win by holding the roadblock at the end.`,
      ...common,
      objectives: [
        { id: "breakthrough", kind: "exit", name: `${second}'s table edge`, edge: edges[1], side: first, points: 1, reach: 2.5 },
        point("roadblock", "Roadblock", along / 2, across - deep - OBJECTIVE_RADIUS, 2, second),
      ],
      victory: [{ kind: "exit", side: first, units: 2 }, { kind: "hold", objective: "roadblock", side: second }, { kind: "most-points" }],
    },
    {
      name: "Meeting engagement",
      description: "Both sides arrive at once. Three objectives lie across the middle of the table; the most objective points at the end wins.",
      ...common,
      objectives: [
        point("west", "Farm track", along / 6, middle, 1),
        point("centre", "Village", along / 2, middle, 1),
        point("east", "Hill road", (5 * along) / 6, middle, 1),
      ],
      victory: [{ kind: "most-points" }],
    },
  ];
}
