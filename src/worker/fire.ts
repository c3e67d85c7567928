/**
 * A declared shot, judged and resolved where the sight world lives. The worker is where the rules and the
 * sight engine meet: the rule system asks sight and template questions synchronously, and only the worker
 * holds the Rapier world that answers them. The rules themselves stay pure (src/rules imports no Rapier).
 */
import type { Battlefield } from "../core/battlefield";
import { createDice } from "../core/dice";
import type { GameHeader } from "../core/game/events";
import type { ModelStatus } from "../core/game/state";
import { tableContext } from "../rules/context";
import { judgeFire } from "../rules/judge";
import { rulesetById } from "../rules/registry";
import { type FireDeclaration, type FireResult, type FireVerdict, sightOptionsOf, type TemplateGeometry } from "../rules/ruleset";
import { sightReport } from "../sight/lineOfSight";
import type { SightWorld } from "../sight/sightWorld";
import { linearObstaclesFrom, surfaceBelow } from "../sight/surface";
import { modelsUnderTemplate } from "../sight/templates";
import { SightQueryError } from "../sight/visibility";

export interface FireQuery {
  /** The game's rule system, as in its log header (its loaded tables optional). */
  readonly ruleset: Omit<GameHeader["ruleset"], "tables"> & { readonly tables?: GameHeader["ruleset"]["tables"] };
  readonly declaration: FireDeclaration & Record<string, unknown>;
  /** Pinned flags and damage markers from the game state. */
  readonly status: Readonly<Record<string, ModelStatus>>;
  /** The game turn, from 1 (absent: 1). */
  readonly turn?: number;
  /** The rule system's per-game state (orders executed, exposed commanders…). */
  readonly game?: unknown;
  /** To resolve the shot as well: the game's seed and the sides of every die rolled so far. */
  readonly roll?: { readonly seed: number; readonly previous: readonly number[] };
}

export interface FireAnswer {
  readonly verdict: FireVerdict;
  /** Present when a roll was asked for and the verdict allows the shot. */
  readonly result?: FireResult;
}

export function answerFire(world: SightWorld, battlefield: Battlefield, query: FireQuery): FireAnswer {
  const ruleset = rulesetById(query.ruleset.id);
  if (!ruleset) throw new SightQueryError(`unknown rule system "${query.ruleset.id}"`);
  const tables = ruleset.loadTables(query.ruleset.tables ?? []);
  if (!tables.ok) throw new SightQueryError(`the game's rules tables do not load: ${tables.errors.join("; ")}`);
  const context = ruleset.createContext(tableContext(battlefield, { status: query.status, ...(query.turn ? { turn: query.turn } : {}) }), {
    options: { ...query.ruleset.options, version: query.ruleset.version },
    tables: tables.tables,
    ...(query.game ? { game: query.game } : {}),
  });
  const verdict = judgeFire(ruleset, query.declaration, context, (r) => sightReport(world, r.shooter, r.target, sightOptionsOf(r)));
  if (!query.roll || !verdict.valid) return { verdict };
  const dice = createDice(query.roll.seed, query.roll.previous);
  const geometry: TemplateGeometry = {
    modelsUnder: (placement) => modelsUnderTemplate(world, placement),
    table: battlefield.scenario.table,
    surfaceBelow: (at) => surfaceBelow(world, at),
    linearObstaclesFrom: (at, model) => linearObstaclesFrom(world, at, model),
  };
  const result = ruleset.resolveFire(query.declaration, verdict, dice, context, geometry);
  // The rule state goes with the shot ({} when none was given: the same to every system), so it can be judged again.
  return { verdict, result: { ...result, details: { ...result.details, game: query.game ?? {} } } };
}
