/**
 * A declared shot judged inside a game, and with `roll` resolved with the game's dice: the one function the
 * app's sight worker, a loaded file judged again (rejudgeGame.ts), `npm run fire -- game.json --at n` and the
 * game server call. It stands where the rules and the sight engine meet: the rule system asks sight and
 * template questions synchronously, and only a Rapier world answers them (src/rules imports no Rapier).
 *
 * Everything comes from the game: the state after events 0…at−1 (the log's fold), the rule system's game
 * state derived from those events (gameContext.ts), the dice at that point of the seed's stream, and a sight
 * world the caller keeps in step with that table (Tabletop). Nothing a panel recorded is read.
 */
import { type Battlefield, createBattlefield } from "../core/battlefield";
import { createDice } from "../core/dice";
import { answersProblems } from "../core/game/answers";
import { rolledSides } from "../core/game/gameLog";
import type { GameState } from "../core/game/state";
import { scenarioCatalog } from "../core/miniatures/catalog";
import type { ModelCatalog } from "../core/modelDefinition";
import type { Scenario } from "../core/scenario/schema";
import { type GameRecord, type RulesAt, rulesAt } from "../rules/gameContext";
import { judgeFire } from "../rules/judge";
import { type FireDeclaration, type FireResult, type FireVerdict, sightOptionsOf, type TemplateGeometry } from "../rules/ruleset";
import { sightReport } from "../sight/lineOfSight";
import type { SightWorld } from "../sight/sightWorld";
import { linearObstaclesFrom, surfaceBelow } from "../sight/surface";
import { modelsUnderTemplate } from "../sight/templates";
import { SightQueryError } from "../sight/visibility";
import { syncWorld } from "../sight/worldSync";

/** A shot declared inside a game. Plain data, so it crosses to a worker or arrives over the network as it is. */
export interface ShotInGame {
  /** The game as its file holds it: the header (battlefield, rule system, options, tables, seed) and the events. */
  readonly game: GameRecord;
  /** Judge it before this event, in the state after events 0…at−1; absent: after the last event. */
  readonly at?: number;
  /** Who fires with what at whom, and the answers to the system's questions (Ruleset.declaration). */
  readonly declaration: FireDeclaration & Record<string, unknown>;
  /** Resolve it too, with the game's dice at that point (its seed, after every die rolled before); `seed`: another stream, same point. */
  readonly roll?: true | { readonly seed: number };
}

export interface FireAnswer {
  readonly verdict: FireVerdict;
  /** Present when a roll was asked for and the verdict allows the shot. */
  readonly result?: FireResult;
}

/** Where shots are judged: the table a state shows, and a sight world in step with it. */
export interface Tabletop {
  battlefieldOf(state: GameState): Battlefield;
  worldOf(battlefield: Battlefield): Promise<SightWorld>;
}

/**
 * A tabletop for one game judged along its events (the command line, a file judged again, a game room): one
 * sight world, built at the first shot and moved along with the table after it.
 */
export function gameTabletop(catalogOf: (scenario: Scenario) => ModelCatalog = scenarioCatalog): Tabletop & { dispose(): void } {
  let battlefield: Battlefield | undefined;
  let world: SightWorld | undefined;
  let worldOn: Battlefield | undefined;
  return {
    battlefieldOf: (state) =>
      battlefield?.scenario === state.scenario ? battlefield : (battlefield = createBattlefield(state.scenario, catalogOf(state.scenario))),
    async worldOf(on) {
      if (worldOn !== on) world = (await syncWorld(world, (worldOn = on))).world;
      return world!;
    },
    dispose: () => world?.dispose(),
  };
}

/** What a resolution may ask of the table (TemplateGeometry), answered by the sight world. */
export function tableGeometry(world: SightWorld, battlefield: Battlefield): TemplateGeometry {
  return {
    modelsUnder: (placement) => modelsUnderTemplate(world, placement),
    table: battlefield.scenario.table,
    surfaceBelow: (point) => surfaceBelow(world, point),
    linearObstaclesFrom: (point, model) => linearObstaclesFrom(world, point, model),
  };
}

/** The rules at event `at` of a game, a point the game lacks told as a SightQueryError. */
export function rulesInGame(table: Tabletop, game: GameRecord, at: number): RulesAt {
  try {
    return rulesAt(game, at, { battlefieldOf: (state) => table.battlefieldOf(state) });
  } catch (error) {
    if (error instanceof RangeError) throw new SightQueryError(error.message);
    throw error;
  }
}

/** A declaration's shooter or target, at the point it is judged: a unit's or a model's id, or a SightQueryError naming what is there. */
export function requireOnTable(battlefield: Battlefield, id: string, role: string, at: number): void {
  const units = battlefield.scenario.forces.flatMap((f) => f.units).filter((u) => u.models.length);
  if (units.some((u) => u.id === id || u.models.some((m) => m.id === id))) return;
  const known = units.slice(0, 8).map((u) => `${u.id} (${u.models.map((m) => m.id).join(", ")})`);
  throw new SightQueryError(
    `the ${role} "${id}" is neither a model nor a unit on the table before event ${at}; ${known.length ? `its units: ${known.join("; ")}${units.length > 8 ? "…" : ""}` : "it has no models"}`,
  );
}

/**
 * Judges `shot` in its game (and resolves it when asked). Throws a SightQueryError for a point the game
 * lacks, a shooter or target not on the table there, or an answer the system does not take; NotJudgeable
 * (gameContext.ts) when the game's rules cannot judge at all (an unknown system, tables that do not load).
 */
export async function judgeShotInGame(table: Tabletop, shot: ShotInGame): Promise<FireAnswer> {
  const { game, declaration } = shot;
  const at = shot.at ?? game.events.length;
  const { ruleset, context, battlefield, game: ruleState } = rulesInGame(table, game, at);
  requireOnTable(battlefield, declaration.shooter, "shooter", at);
  requireOnTable(battlefield, declaration.target, "target", at);
  const asked = Object.fromEntries(Object.entries(declaration).filter(([id]) => ruleset.declaration.some((q) => q.id === id)));
  const wrong = answersProblems(ruleset.declaration, asked, ruleset.name)[0];
  if (wrong) throw new SightQueryError(`the declaration's ${wrong.id}: ${wrong.problem}`);

  const world = await table.worldOf(battlefield);
  const verdict = judgeFire(ruleset, declaration, context, (r) => sightReport(world, r.shooter, r.target, sightOptionsOf(r)));
  if (!shot.roll || !verdict.valid) return { verdict };
  const seed = shot.roll === true ? game.header.seed : shot.roll.seed;
  const dice = createDice(seed, rolledSides({ ...game, cursor: at }));
  const result = ruleset.resolveFire(declaration, verdict, dice, context, tableGeometry(world, battlefield));
  // The game state goes with the shot: judging the file again derives it again and checks this copy against it.
  return { verdict, result: { ...result, details: { ...result.details, game: ruleState } } };
}
