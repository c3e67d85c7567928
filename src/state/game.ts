/** The app's one game store, starting on the default battlefield until the autosave is restored. */

import { type GameLog, newGame, type RulesetChoice } from "../core/game/gameLog";
import { unitFieldIssues } from "../core/game/unitFields";
import { scenarioCatalog } from "../core/miniatures/catalog";
import type { ScenarioIssue } from "../core/scenario/issue";
import { formatIssues, parseScenario } from "../core/scenario/load";
import type { Mission } from "../core/scenario/schema";
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
 * The rule system a battlefield's data names for itself (`ruleset` in the file), when it is one this app has:
 * in the version it names, else its default one. Read before the data is validated, which it may not be yet.
 */
export function ownRuleset(data: unknown): RulesetChoice | undefined {
  const named = typeof data === "object" && data !== null && "ruleset" in data ? (data.ruleset as { id?: unknown; version?: unknown } | null) : undefined;
  const system = typeof named?.id === "string" ? rulesetById(named.id) : undefined;
  if (!system) return undefined;
  return { id: system.id, version: system.versions.find((v) => v === named?.version) ?? system.versions[0]!, options: {} };
}

/**
 * A new game on a battlefield's data under a rule system (unless chosen: the battlefield's own, else the default
 * one), or the reason it cannot be played. A battlefield that names no scale takes the rule system's default scale
 * (Flames of War: 15 mm).
 */
export function gameOn(
  data: unknown,
  ruleset: RulesetChoice = ownRuleset(data) ?? defaultRuleset(),
): { ok: true; log: GameLog } | { ok: false; issues: readonly ScenarioIssue[] } {
  const scale = rulesetById(ruleset.id)?.defaultScale;
  const named = typeof data === "object" && data !== null && "scale" in data;
  const parsed = parseScenario(scale && !named ? { ...(data as object), scale } : data, scenarioCatalog);
  if (!parsed.ok) return { ok: false, issues: parsed.issues };
  const system = rulesetById(ruleset.id);
  const words = system ? unitFieldIssues(parsed.scenario, system.unitFields ?? [], system.name) : [];
  if (words.length) return { ok: false, issues: words };
  return { ok: true, log: newGame(parsed.scenario, { seed: randomSeed(), ruleset }) };
}

/**
 * A battlefield's data with the mission a new game is played to: its own (undefined), none (null: free play) or
 * another one (a rule system's sample). Validated with the rest when the game starts.
 */
export function withMission(data: unknown, mission: Mission | null | undefined): unknown {
  if (mission === undefined || typeof data !== "object" || data === null) return data;
  const { mission: _own, ...rest } = data as Record<string, unknown>;
  return mission === null ? rest : { ...rest, mission };
}

/** A game the player would lose by replacing it: something played, or rules tables of its own loaded. */
export const inProgress = (log: GameLog): boolean => log.events.length > 0 || log.header.ruleset.tables.length > 0;

function defaultGame(): GameLog {
  const game = gameOn(DEFAULT_BATTLEFIELD);
  if (!game.ok) throw new Error(`the default battlefield is invalid:\n${formatIssues(game.issues)}`);
  return game.log;
}

export const useGame = createGameStore(defaultGame());
