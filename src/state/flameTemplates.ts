/**
 * The flamethrower teardrops the game's rules give: Operation WW2's template table (the game's own copy if
 * one was loaded, else the shipped sample), by version: T(L) in v1, L(12) and L(24) in v2.0.
 */
import type { GameHeader } from "../core/game/events";
import { loadOw2Tables, RULESET_ID } from "../rules/operation-ww2/tables";

export interface FlameTemplate {
  readonly id: string;
  readonly length: number;
  readonly narrowWidth: number;
  readonly wideWidth: number;
  /** From sample data, not the source: the player must see it. */
  readonly sample: boolean;
}

export function flameTemplates(ruleset: GameHeader["ruleset"]): FlameTemplate[] | { error: string } {
  if (ruleset.id !== RULESET_ID) return { error: `the rules "${ruleset.id}" give Hulldown no flamethrower templates` };
  const loaded = loadOw2Tables(ruleset.tables);
  if (!loaded.ok) return { error: loaded.errors.join("; ") };
  const table = loaded.tables.data["flamethrower-templates"];
  const sample = loaded.tables.specs.find((s) => s.id === "flamethrower-templates")?.sample ?? true;
  const ids = ruleset.version === "v1" ? (["TL"] as const) : (["L12", "L24"] as const);
  return ids.flatMap((id) => (table[id] ? [{ id, ...table[id], sample }] : []));
}
