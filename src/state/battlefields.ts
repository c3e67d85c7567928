/**
 * The battlefields that ship with Hulldown, validated when chosen. The default one is part of the first
 * screen; the others are loaded only when a new game is started on them.
 */
import defaultBattlefield from "../scenarios/default.json";

export const DEFAULT_BATTLEFIELD: unknown = defaultBattlefield;

/** A battlefield a new game can start on: one that ships, or one the player saved in the browser. */
export interface BattlefieldChoice {
  readonly id: string;
  readonly name: string;
  /** The battlefield's data, not yet validated. */
  load(): Promise<unknown>;
}

export const BATTLEFIELDS: readonly BattlefieldChoice[] = [
  { id: "default", name: "Saint-Martin crossroads (default)", load: async () => defaultBattlefield },
  { id: "normandy-bocage", name: "Hedgerows at Le Mesnil", load: async () => (await import("../scenarios/normandy-bocage.json")).default },
  { id: "ruined-town", name: "The ruins of Saint-Lô", load: async () => (await import("../scenarios/ruined-town.json")).default },
  { id: "bolt-action-farm", name: "Ferme Lebrun (Bolt Action, 6 × 4 ft)", load: async () => (await import("../scenarios/bolt-action-farm.json")).default },
  { id: "empty", name: "Empty table, to build your own (6 × 4 ft)", load: async () => (await import("../scenarios/empty.json")).default },
];
