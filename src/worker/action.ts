/**
 * A rule system's own action taken inside a game (Ruleset.actions: a card played, a morale test, an assault, a
 * bombardment): the one function the app's sight worker, a loaded file judged again, the sample games and the game
 * server call. The frame checks what every action shares: the system has it, it is taken in this phase, its unit,
 * side and target are on the table, its answers are of the kinds asked. The system then carries it out with the
 * game's dice at that point and the sight world answering its geometry and sight questions.
 */
import { createDice } from "../core/dice";
import { answersProblems } from "../core/game/answers";
import { rolledSides } from "../core/game/gameLog";
import { sideOf } from "../core/game/models";
import type { GameRecord, RulesAt } from "../rules/gameContext";
import { type ActionGeometry, type ActionRequest, type ActionResult, type ActionSpec, type Ruling, refusedAction, sightOptionsOf } from "../rules/ruleset";
import { DEPLOYMENT, notActing, phaseNameOf, sidesOf } from "../rules/turn";
import { sightReport } from "../sight/lineOfSight";
import { SightQueryError } from "../sight/visibility";
import { requireOnTable, rulesInGame, type Tabletop, tableGeometry } from "./fire";

/** An action asked for inside a game. Plain data, so it crosses to a worker or arrives over the network as it is. */
export interface ActionInGame {
  readonly game: GameRecord;
  /** Take it before this event, in the state after events 0…at−1; absent: after the last event. */
  readonly at?: number;
  readonly request: ActionRequest;
}

/**
 * Takes `asked.request` in its game: the result (`refused` where the rules say no, with the rule). Throws a
 * SightQueryError for a request that names what is not there (an action the system lacks, a unit off the table,
 * an answer of the wrong kind); NotJudgeable (gameContext.ts) when the game's rules cannot judge at all.
 */
export async function takeActionInGame(table: Tabletop, asked: ActionInGame): Promise<ActionResult> {
  const { game, request } = asked;
  const at = asked.at ?? game.events.length;
  const rules = rulesInGame(table, game, at);
  const { ruleset, context, battlefield } = rules;
  const spec = actionSpecOf(rules, request.action);
  requireParties(rules, spec, request, at);
  const wrong = answersProblems(spec.asks, request.answers ?? {}, spec.name)[0];
  if (wrong) throw new SightQueryError(`the action's ${wrong.id}: ${wrong.problem}`);
  const outOfTurn = phaseRefusal(rules, spec) ?? sideRefusal(rules, spec, request);
  if (outOfTurn) return refusedAction([outOfTurn], spec.name);

  const world = await table.worldOf(battlefield);
  const geometry: ActionGeometry = { ...tableGeometry(world, battlefield), sight: (r) => sightReport(world, r.shooter, r.target, sightOptionsOf(r)) };
  const dice = createDice(game.header.seed, rolledSides({ ...game, cursor: at }));
  return ruleset.actions!.takeAction(request, dice, context, geometry);
}

function actionSpecOf({ ruleset }: RulesAt, action: string): ActionSpec {
  const specs = ruleset.actions?.actions ?? [];
  const spec = specs.find((a) => a.id === action);
  if (spec) return spec;
  const known = specs.length ? `its actions: ${specs.map((a) => `${a.id} (${a.name})`).join(", ")}` : "it has no actions of its own";
  throw new SightQueryError(`${ruleset.name} has no action "${action}"; ${known}`);
}

/** The unit, side and target the spec asks for are given and on the table, the target on another side. */
function requireParties({ battlefield }: RulesAt, spec: ActionSpec, request: ActionRequest, at: number): void {
  const scenario = battlefield.scenario;
  if (spec.by === "unit") {
    if (request.unit === undefined) throw new SightQueryError(`${spec.name} is taken by a unit: the request names none`);
    requireOnTable(battlefield, request.unit, "unit", at);
  } else if (request.side === undefined || !scenario.forces.some((f) => f.side === request.side)) {
    const sides = sidesOf(scenario).join(", ");
    throw new SightQueryError(
      `${spec.name} is taken by a side: ${request.side === undefined ? "the request names none" : `"${request.side}" is none`} (sides: ${sides})`,
    );
  }
  const side = request.side ?? sideOf(scenario, request.unit!);
  if (spec.target === "enemy-unit" || spec.target === "own-unit") {
    const whose = spec.target === "enemy-unit" ? "an enemy unit" : `a unit of its own side`;
    if (request.target === undefined) throw new SightQueryError(`${spec.name} is aimed at ${whose}: the request names none`);
    requireOnTable(battlefield, request.target, "target", at);
    if ((sideOf(scenario, request.target) === side) !== (spec.target === "own-unit"))
      throw new SightQueryError(`${spec.name} is aimed at ${whose}: "${request.target}" is on ${sideOf(scenario, request.target)}'s side`);
  }
  if (spec.target === "point") {
    const { width, depth } = scenario.table;
    const [x, z] = request.point ?? [Number.NaN, Number.NaN];
    if (!(x >= 0 && x <= width && z >= 0 && z <= depth))
      throw new SightQueryError(
        `${spec.name} is aimed at a point of the ${width} × ${depth} cm table: the request gives ${request.point ? `(${x}, ${z})` : "none"}`,
      );
  }
}

/** Why the side taking it must wait (another side acts in this step, and the spec is the acting side's only). */
function sideRefusal({ ruleset, history, battlefield }: RulesAt, spec: ActionSpec, request: ActionRequest): Ruling | undefined {
  if (spec.sides === "any") return undefined;
  const side = request.side ?? sideOf(battlefield.scenario, request.unit!);
  const waits = side === undefined ? undefined : notActing(ruleset.turn, history.state, side);
  return waits ? { reason: waits, rule: spec.rule } : undefined;
}

/** Why the spec is not taken in the game's step now, with its rule; undefined in free play or in one of its phases. */
function phaseRefusal({ ruleset, history }: RulesAt, spec: ActionSpec): Ruling | undefined {
  const step = history.state.step;
  if (!step || !spec.phases || spec.phases.includes(step.phase)) return undefined;
  const name = (id: string) => (id === DEPLOYMENT ? "deployment" : phaseNameOf(ruleset.turn, id));
  return { reason: `${spec.name} is taken in the ${spec.phases.map(name).join(" or ")}, not the ${name(step.phase)}`, rule: spec.rule };
}
