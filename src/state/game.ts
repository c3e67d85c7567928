/** The app's one game store, starting on the default battlefield until the autosave is restored. */
import { type GameLog, newGame, type RulesetChoice } from "../core/game/gameLog";
import { scenarioCatalog } from "../core/miniatures/catalog";
import type { ScenarioIssue } from "../core/scenario/issue";
import { formatIssues, parseScenario } from "../core/scenario/load";
import { RULESETS, rulesetById } from "../rules/registry";
import { DEFAULT_BATTLEFIELD } from "./battlefields";
import { createGameStore } from "./gameStore";

/** A new game's rule system (the first one unless chosen), in its default (first) version. */
export function defaultRuleset(id: string = RULESETS[0]!.id) {
  const ruleset = rulesetById(id);
  if (!ruleset) throw new Error(`unknown rule system "${id}"; the rule systems are ${RULESETS.map((r) => r.id).join(", ")}`);
  return { id: ruleset.id, version: ruleset.versions[0]!, options: {} };
}

export function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}

/**
 * A new game on a battlefield's data under a rule system (the default one unless chosen), or the reason it cannot
 * be played. A battlefield that names no scale takes the rule system's default scale (Flames of War: 15 mm).
 */
export function gameOn(data: unknown, ruleset: RulesetChoice = defaultRuleset()): { ok: true; log: GameLog } | { ok: false; issues: readonly ScenarioIssue[] } {
  const scale = rulesetById(ruleset.id)?.defaultScale;
  const named = typeof data === "object" && data !== null && "scale" in data;
  const parsed = parseScenario(scale && !named ? { ...(data as object), scale } : data, scenarioCatalog);
  if (!parsed.ok) return { ok: false, issues: parsed.issues };
  return { ok: true, log: newGame(parsed.scenario, { seed: randomSeed(), ruleset }) };
}

function defaultGame(): GameLog {
  const game = gameOn(DEFAULT_BATTLEFIELD);
  if (!game.ok) throw new Error(`the default battlefield is invalid:\n${formatIssues(game.issues)}`);
  return game.log;
}

export const useGame = createGameStore(defaultGame());
