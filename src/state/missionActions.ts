/**
 * The editor's actions on the mission: each change is the whole mission as it is to be, one `set-mission`
 * command, so it is checked as a battlefield file's mission is (zones on the table, sides that exist) and
 * undone like any edit. The first zone or objective on a battlefield without a mission makes one.
 */
import type { Vec2 } from "../core/geometry2d";
import type { Mission, Objective, Point } from "../core/scenario/schema";
import { snapped } from "./editActions";
import { useGame } from "./game";

/** The mission a battlefield gets when the editor first adds to it: free to rename, won on objective points. */
const NEW_MISSION: Mission = { name: "Mission", zones: [], objectives: [], victory: [{ kind: "most-points" }] };

/** A point clicked on the table, snapped as the editor snaps and kept to the millimetre: a file reads "42.1", not "42.05298…". */
const placed = (p: Vec2): Point => {
  const [x, z] = snapped(p);
  return [Math.round(x * 10) / 10, Math.round(z * 10) / 10];
};

const current = (): Mission | undefined => useGame.getState().state.scenario.mission;

/** The sides a zone may be drawn for: the forces', then those only the mission's zones name. */
export function missionSides(): string[] {
  const { forces, mission } = useGame.getState().state.scenario;
  return [...new Set([...forces.map((f) => f.side), ...(mission?.zones.map((z) => z.side) ?? [])])];
}

/** Sets the mission to what `edit` makes of it (the current one, or a new one); false when it is refused (said in a toast). */
export function changeMission(edit: (mission: Mission) => Mission): boolean {
  return useGame.getState().perform({ type: "set-mission", mission: edit(current() ?? NEW_MISSION) });
}

export function removeMission(): boolean {
  return useGame.getState().perform({ type: "set-mission", mission: undefined });
}

/** A rectangular deployment zone for `side` between two opposite corners. */
export function addZone(side: string, from: Vec2, to: Vec2): boolean {
  if (!side) {
    useGame.getState().notify("error", "Choose the side the deployment zone is for first.");
    return false;
  }
  const [a, b] = [placed(from), placed(to)];
  return changeMission((m) => ({ ...m, zones: [...m.zones, { kind: "rectangle", side, from: a, to: b }] }));
}

/** The first free objective id and name: objective-N, "Objective N". */
function nextObjective(objectives: readonly Objective[]): { id: string; name: string } {
  let n = objectives.length + 1;
  while (objectives.some((o) => o.id === `objective-${n}`)) n++;
  return { id: `objective-${n}`, name: `Objective ${n}` };
}

/** A point objective dropped at `at`, scoring 1 point for either side within the default radius. */
export function addObjective(at: Vec2): boolean {
  return changeMission((m) => ({
    ...m,
    objectives: [...m.objectives, { ...nextObjective(m.objectives), kind: "point", at: placed(at), radius: 7.5, points: 1 }],
  }));
}

export function removeZone(index: number): boolean {
  return changeMission((m) => ({ ...m, zones: m.zones.filter((_, i) => i !== index) }));
}

/** Removes an objective, and the victory conditions that hold it. */
export function removeObjective(id: string): boolean {
  return changeMission((m) => ({
    ...m,
    objectives: m.objectives.filter((o) => o.id !== id),
    victory: m.victory.filter((v) => v.kind !== "hold" || v.objective !== id),
  }));
}
