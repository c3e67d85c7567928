/**
 * The score and the outcome of a mission: objective points per side, then the victory conditions read in
 * order, the first that holds deciding; when none holds the game is a draw. An exit condition may end the game
 * before its last turn (earlyVictory); the others are read at the end (missionResult).
 */
import type { Mission, VictoryCondition } from "../scenario/schema";
import { type ExitCount, exitCounts, type MissionState, type ObjectiveControl, objectiveControl } from "./control";

export interface SideScore {
  readonly side: string;
  readonly points: number;
}

export interface MissionResult {
  /** Every side of the mission or the table, in the order first met (the table's forces, then the mission's). */
  readonly scores: readonly SideScore[];
  readonly control: readonly ObjectiveControl[];
  readonly exits: readonly ExitCount[];
  /** The winning side; absent: a draw. */
  readonly winner?: string;
  /** The victory condition that decided (its index in mission.victory); absent: a draw. */
  readonly condition?: number;
  /** Why, in words: "most objective points: USA 3, Germany 1". */
  readonly reason: string;
}

/** Each side's objective points: the points and areas it holds (if it may score them) and its units off by exits. */
export function missionScores(mission: Mission, state: MissionState): SideScore[] {
  const control = objectiveControl(mission, state);
  const exits = exitCounts(mission, state);
  const sides = [
    ...new Set([
      ...state.models.map((m) => m.side),
      ...state.exited.map((e) => e.side),
      ...mission.zones.map((z) => z.side),
      ...mission.objectives.flatMap((o) => (o.side === undefined ? [] : [o.side])),
      ...mission.victory.flatMap((v) => (v.kind === "most-points" ? [] : [v.side])),
    ]),
  ];
  const points = new Map(sides.map((side) => [side, 0]));
  for (const objective of mission.objectives) {
    if (objective.kind === "exit") {
      for (const count of exits.filter((e) => e.objective === objective.id))
        points.set(count.side, points.get(count.side)! + objective.points * count.units.length);
      continue;
    }
    const holder = control.find((c) => c.objective === objective.id)?.holder;
    if (holder !== undefined && (objective.side === undefined || objective.side === holder)) points.set(holder, points.get(holder)! + objective.points);
  }
  return sides.map((side) => ({ side, points: points.get(side)! }));
}

const listScores = (scores: readonly SideScore[]) => scores.map((s) => `${s.side} ${s.points}`).join(", ");

/** The units of `side` that have left by exits it may use, each once. */
const unitsOff = (exits: readonly ExitCount[], side: string) => new Set(exits.filter((e) => e.side === side).flatMap((e) => e.units)).size;

/** The winner and why, if the condition holds. */
function decide(
  mission: Mission,
  condition: VictoryCondition,
  scores: readonly SideScore[],
  control: readonly ObjectiveControl[],
  exits: readonly ExitCount[],
): { winner: string; reason: string } | undefined {
  switch (condition.kind) {
    case "most-points": {
      const best = Math.max(...scores.map((s) => s.points));
      const leaders = scores.filter((s) => s.points === best);
      return leaders.length === 1 ? { winner: leaders[0]!.side, reason: `most objective points: ${listScores(scores)}` } : undefined;
    }
    case "hold": {
      const objective = mission.objectives.find((o) => o.id === condition.objective);
      const held = control.find((c) => c.objective === condition.objective)?.holder === condition.side;
      return held ? { winner: condition.side, reason: `${condition.side} hold ${objective?.name ?? condition.objective} at the end` } : undefined;
    }
    case "exit": {
      const off = unitsOff(exits, condition.side);
      return off >= condition.units
        ? { winner: condition.side, reason: `${condition.side} got ${off} of the ${condition.units} units needed off the table` }
        : undefined;
    }
  }
}

function result(mission: Mission, state: MissionState, conditions: (c: VictoryCondition) => boolean): MissionResult {
  const scores = missionScores(mission, state);
  const control = objectiveControl(mission, state);
  const exits = exitCounts(mission, state);
  for (const [index, condition] of mission.victory.entries()) {
    if (!conditions(condition)) continue;
    const decided = decide(mission, condition, scores, control, exits);
    if (decided) return { scores, control, exits, ...decided, condition: index };
  }
  return { scores, control, exits, reason: scores.length ? `a draw: ${listScores(scores)}` : "a draw" };
}

/** The outcome at the end of the game (the turn limit reached, or the players stop): every condition is read. */
export function missionResult(mission: Mission, state: MissionState): MissionResult {
  return result(mission, state, () => true);
}

/** The outcome when a condition that ends the game at once (an exit) holds now; undefined while none does. */
export function earlyVictory(mission: Mission, state: MissionState): MissionResult | undefined {
  const outcome = result(mission, state, (c) => c.kind === "exit");
  return outcome.winner === undefined ? undefined : outcome;
}
