/**
 * The flamethrower teardrops the game's rules give a player to lay by hand, from the game's own tables
 * (a loaded copy, else the shipped ones).
 */
import type { GameHeader } from "../core/game/events";
import { rulesetById } from "../rules/registry";
import type { FlameTemplate } from "../rules/ruleset";

export function flameTemplates(header: GameHeader["ruleset"]): readonly FlameTemplate[] | { error: string } {
  const ruleset = rulesetById(header.id);
  if (!ruleset?.flameTemplates) return { error: `the rules "${ruleset?.name ?? header.id}" give Hulldown no flamethrower templates` };
  const loaded = ruleset.loadTables(header.tables);
  if (!loaded.ok) return { error: loaded.errors.join("; ") };
  return ruleset.flameTemplates(loaded.tables, header.version);
}
