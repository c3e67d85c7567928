/**
 * The rule systems the app offers. A new system is a folder under src/rules implementing Ruleset and one line
 * in this list: the app, the command line and game files reach it only through here (docs/rule-systems.md).
 */
import { battleground } from "./battleground";
import { boltAction } from "./bolt-action";
import { flamesOfWar } from "./flames-of-war";
import { operationWw2 } from "./operation-ww2";
import type { Ruleset } from "./ruleset";

export const RULESETS: readonly Ruleset[] = [operationWw2, battleground, boltAction, flamesOfWar];

export const DEFAULT_RULESET = operationWw2.id;

export function rulesetById(id: string): Ruleset | undefined {
  return RULESETS.find((r) => r.id === id);
}
