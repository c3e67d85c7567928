/** The app's one game store, starting on the default battlefield until the autosave is restored. */
import { newGame, type GameLog } from "../core/game/gameLog";
import { scenarioCatalog } from "../core/miniatures/catalog";
import { formatIssues, parseScenario, type ScenarioIssue } from "../core/scenario/load";
import { RULESETS } from "../rules/registry";
import { DEFAULT_BATTLEFIELD } from "./battlefields";
import { createGameStore } from "./gameStore";

/** New games are played under the first rule system, in its default (first) version. */
export function defaultRuleset() {
  const ruleset = RULESETS[0]!;
  return { id: ruleset.id, version: ruleset.versions[0]!, options: {} };
}

export function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}

/** A new game on a battlefield's data, or the reason it cannot be played. */
export function gameOn(data: unknown): { ok: true; log: GameLog } | { ok: false; issues: readonly ScenarioIssue[] } {
  const parsed = parseScenario(data, scenarioCatalog);
  if (!parsed.ok) return { ok: false, issues: parsed.issues };
  return { ok: true, log: newGame(parsed.scenario, { seed: randomSeed(), ruleset: defaultRuleset() }) };
}

function defaultGame(): GameLog {
  const game = gameOn(DEFAULT_BATTLEFIELD);
  if (!game.ok) throw new Error(`the default battlefield is invalid:\n${formatIssues(game.issues)}`);
  return game.log;
}

export const useGame = createGameStore(defaultGame());
