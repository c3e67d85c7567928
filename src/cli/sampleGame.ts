/**
 * Games played headless with the app's own commands and checks: every move through toEvent (the table's
 * checks), the turn's check (turnRefusal) and the rule system's move allowance (overMove) as the game store
 * makes them; orders, shots and the system's own actions judged and resolved by the rule system from the game's
 * seeded dice, exactly as the panels and the sight worker do it (giveOrder, judgeShotInGame, takeActionInGame).
 *
 *  - playSampleGame: the shipped sample replay's six turns of free play on the default battlefield, from the
 *    players' orders written below;
 *  - playWholeGame: a whole game under a rule system's turn, from the deployment to the mission's result,
 *    the turn moved on by the turn engine and both sides played by a simple scripted player (below).
 */

import { readFile } from "node:fs/promises";
import { type Command, toEvent } from "../core/game/commands";
import type { GameEvent } from "../core/game/events";
import { currentState, eventsInEffect, type GameLog, newGame, nextDice, record } from "../core/game/gameLog";
import { findModel, placementOf } from "../core/game/models";
import type { GameState } from "../core/game/state";
import { distance2, meanPoint, type Vec2 } from "../core/geometry2d";
import { scenarioCatalog } from "../core/miniatures/catalog";
import { sampleMissions } from "../core/mission/samples";
import { settleMoves, shiftedPlacement } from "../core/placement";
import { catalogFor } from "../core/scale";
import { formatIssues, parseScenario } from "../core/scenario/load";
import type { Point, Scenario } from "../core/scenario/schema";
import type { ReplayNote } from "../replay/replayFile";
import { dueIn, dueReason, overMove, overMoveReason, type RulesAt, rulesAt, turnRefusal } from "../rules/gameContext";
import { actionEvent, fireEvent, giveOrder, orderEvent } from "../rules/judge";
import { DEFAULT_RULESET, rulesetById } from "../rules/registry";
import type { ActionRequest, DueAction, FireDeclaration, Ruleset } from "../rules/ruleset";
import { DEPLOYMENT, missionOutcome, nextStep } from "../rules/turn";
import { sightReport } from "../sight/lineOfSight";
import { takeActionInGame } from "../worker/action";
import { gameTabletop, judgeShotInGame } from "../worker/fire";

export const SAMPLE_SEED = 1944;
const DEFAULT_BATTLEFIELD_FILE = new URL("../scenarios/default.json", import.meta.url);
/** Replay pacing: events a few seconds apart, from a fixed start, so the file is the same on every run. */
const START = Date.UTC(1944, 5, 6, 6, 30);

type Order =
  | { kind: "advance"; unit: string; by: Point }
  | { kind: "traverse"; model: string; to: number }
  | { kind: "fire"; shooter: string; target: string; note?: string }
  | { kind: "blast"; id: string; on: string; radius: number; label: string; note?: string }
  | { kind: "lift"; id: string };

/** Each turn: the Americans' orders, then the Germans'. Distances in cm (the default table is 180 × 120). */
const TURNS: readonly (readonly Order[])[] = [
  [
    { kind: "advance", unit: "us-sq2", by: [0, 6] },
    { kind: "traverse", model: "us-sherman-1", to: 350 },
    { kind: "fire", shooter: "ger-sq3", target: "us-sq2", note: "The hedge line opens up" },
  ],
  [
    { kind: "advance", unit: "us-sq3", by: [-4, 8] },
    { kind: "fire", shooter: "us-sq2", target: "ger-sq3" },
    { kind: "advance", unit: "ger-sq5", by: [-5, 4] },
    { kind: "fire", shooter: "ger-sq3", target: "us-sq2" },
  ],
  [
    { kind: "blast", id: "mortar-1", on: "ger-sq3-m5", radius: 5, label: "sample: 60 mm mortar HE", note: "Mortar support lands on the hedge line" },
    { kind: "advance", unit: "us-armour", by: [2, 12] },
    { kind: "fire", shooter: "ger-mg42-1", target: "us-sq3" },
  ],
  [
    { kind: "lift", id: "mortar-1" },
    { kind: "fire", shooter: "us-sq3", target: "ger-sq5" },
    { kind: "advance", unit: "ger-sq6", by: [6, -3] },
    { kind: "fire", shooter: "ger-mg42-1", target: "us-sq3" },
  ],
  [
    { kind: "advance", unit: "us-sq4", by: [-3, 7] },
    { kind: "fire", shooter: "us-sq4", target: "ger-sq5" },
    { kind: "traverse", model: "ger-panzer-iv-1", to: 150 },
    { kind: "fire", shooter: "ger-sq5", target: "us-sq4" },
  ],
  [
    { kind: "advance", unit: "us-sq2", by: [2, 5] },
    { kind: "fire", shooter: "us-sq2", target: "ger-sq3", note: "The decisive volley" },
    { kind: "fire", shooter: "ger-mg42-1", target: "us-sq4" },
  ],
];

export interface SampleGame {
  readonly log: GameLog;
  readonly notes: ReplayNote[];
  /** Orders that could not be carried out on this table (a shot out of sight, a model already fallen). */
  readonly skipped: string[];
}

/** Moves curve a little, as a hand drags them: the recorded path bows sideways at its middle. */
function bowedPath(from: Point, by: Point): Point[] {
  const bow: Point = [-by[1] * 0.15, by[0] * 0.15];
  return [from, [from[0] + by[0] / 2 + bow[0], from[1] + by[1] / 2 + bow[1]], [from[0] + by[0], from[1] + by[1]]];
}

async function loadBattlefield(file: URL | string): Promise<Scenario> {
  const parsed = parseScenario(JSON.parse(await readFile(file, "utf8")), scenarioCatalog);
  if (!parsed.ok) throw new Error(`the battlefield ${file} does not load:\n${formatIssues(parsed.issues)}`);
  return parsed.scenario;
}

/** Why an action was refused, and by what: the table (toEvent), the rules (a verdict, an order), the turn. */
export interface Refusal {
  readonly by: "table" | "rules" | "turn";
  readonly reason: string;
}

/**
 * A game played headless as the app plays it. Each action answers undefined when it is recorded, or its
 * refusal, and leaves the log as it was.
 */
export function headlessGame(scenario: Scenario, ruleset: Ruleset, seed: number) {
  let log = newGame(scenario, { seed, ruleset: { id: ruleset.id, version: ruleset.versions[0]!, options: {} }, created: new Date(START).toISOString() });
  const catalog = catalogFor(scenario.scale);
  let clock = START;
  // One sight world moved along with the table, as a re-judged file or a game room keeps one.
  const table = gameTabletop(() => catalog);
  /** The game store's checks (recordEvent): out of turn, and a move past its allowance, refused with the rule behind it. */
  const submit = (event: GameEvent): Refusal | undefined => {
    const refused = turnRefusal(log.header, currentState(log), event);
    if (refused) return { by: "turn", reason: refused };
    const tooFar = overMove(log, log.events.length, event, { battlefieldOf: (state) => table.battlefieldOf(state) });
    if (tooFar) return { by: "rules", reason: overMoveReason(tooFar) };
    log = record(log, event);
    return undefined;
  };
  // The rules as the log stands, built once per log (a new event, a new log): what is due is asked of them several times a step.
  let built: { log: GameLog; rules: RulesAt } | undefined;
  const rulesNow = (): RulesAt => {
    if (built?.log !== log) built = { log, rules: rulesAt(log, log.events.length, { battlefieldOf: (state) => table.battlefieldOf(state) }) };
    return built.rules;
  };
  const rules = () => rulesNow().context;
  return {
    ruleset,
    get log() {
      return log;
    },
    state: (): GameState => currentState(log),
    /** The table as it stands now, as the app's drag sees it. */
    battlefield: () => table.battlefieldOf(currentState(log)),
    perform(command: Command): Refusal | undefined {
      const made = toEvent(currentState(log), catalog, command, (clock += 4000));
      return made.ok ? submit(made.event) : { by: "table", reason: made.error };
    },
    async fire(declaration: FireDeclaration & Record<string, unknown>): Promise<Refusal | undefined> {
      const answer = await judgeShotInGame(table, { game: log, declaration, roll: true });
      if (!answer.result) return { by: "rules", reason: answer.verdict.rulings.map((r) => r.reason).join("; ") };
      return submit(fireEvent(ruleset, declaration, answer.result, (clock += 6000)));
    },
    order(unit: string, order: string): Refusal | undefined {
      try {
        const { result } = giveOrder(log, log.events.length, unit, order, { battlefieldOf: (state) => table.battlefieldOf(state) });
        return submit(orderEvent(ruleset, result, (clock += 3000)));
      } catch (error) {
        return { by: "rules", reason: (error as Error).message };
      }
    },
    async act(request: ActionRequest): Promise<Refusal | undefined> {
      try {
        const result = await takeActionInGame(table, { game: log, request });
        if (result.refused) return { by: "rules", reason: result.refused.map((r) => `${r.reason} (${r.rule})`).join("; ") };
        return submit(actionEvent(ruleset, request, result, (clock += 3000)));
      } catch (error) {
        return { by: "rules", reason: (error as Error).message };
      }
    },
    /** Whether `model` sees any of `target`, on the table as it stands now. */
    async sees(model: string, target: string): Promise<boolean> {
      const world = await table.worldOf(table.battlefieldOf(currentState(log)));
      return sightReport(world, model, target).anyVisible;
    },
    /** The rule system's context as the game stands now. */
    rules,
    /** The actions the rules require of `side` now (every side's where undefined), as the Actions panel lists them. */
    due: (side: string | undefined): readonly DueAction[] => ruleset.actions?.due?.(rules(), side) ?? [],
    /** The turn bar's button: the step the turn engine takes next. */
    advance(): Refusal | undefined {
      const due = ruleset.actions?.due ? dueIn(rulesNow()) : [];
      if (due.length) return { by: "rules", reason: dueReason(ruleset, due) };
      return submit({ ...nextStep(ruleset.turn, currentState(log), nextDice(log), eventsInEffect(log)), time: (clock += 1000) });
    },
    dispose: () => table.dispose(),
  };
}

export async function playSampleGame(seed = SAMPLE_SEED, turns: readonly (readonly Order[])[] = TURNS): Promise<SampleGame> {
  const game = headlessGame(await loadBattlefield(DEFAULT_BATTLEFIELD_FILE), rulesetById(DEFAULT_RULESET)!, seed);
  const notes: ReplayNote[] = [];
  const skipped: string[] = [];
  const perform = (command: Command, what: string) => {
    const refused = game.perform(command);
    if (refused) skipped.push(`${what}: ${refused.reason}`);
  };
  try {
    for (const [turn, orders] of turns.entries()) {
      for (const order of orders) {
        const state = game.state();
        const before = game.log.events.length;
        switch (order.kind) {
          case "advance": {
            const unit = state.scenario.forces.flatMap((f) => f.units).find((u) => u.id === order.unit);
            if (!unit) {
              skipped.push(`turn ${turn + 1}: ${order.unit} has no models left`);
              break;
            }
            // Dropped as the app drops a dragged unit: each model shifted by the same step, then settled clear of
            // walls and other models (settleMoves), so the move is one the table allows.
            const battlefield = game.battlefield();
            const moves = unit.models.map((m) => ({
              model: m.id,
              to: shiftedPlacement(battlefield, placementOf(m), order.by),
              path: bowedPath(m.position, order.by),
            }));
            perform({ type: "move-group", moves: settleMoves(battlefield, moves) }, `turn ${turn + 1}: ${order.unit} advances`);
            break;
          }
          case "traverse":
            perform({ type: "traverse", model: order.model, turretHeading: order.to }, `turn ${turn + 1}: ${order.model} traverses`);
            break;
          case "blast": {
            const at = findModel(state.scenario, order.on)?.position;
            if (!at) skipped.push(`turn ${turn + 1}: the blast's aiming point ${order.on} is gone`);
            else
              perform(
                { type: "place-template", template: { id: order.id, shape: { kind: "blast", at, radii: [order.radius] }, from: "above", label: order.label } },
                `turn ${turn + 1}: ${order.label}`,
              );
            break;
          }
          case "lift":
            perform({ type: "remove-template", id: order.id }, `turn ${turn + 1}: lift ${order.id}`);
            break;
          case "fire": {
            const refused = await game.fire({ shooter: order.shooter, target: order.target });
            if (refused) skipped.push(`turn ${turn + 1}: ${order.shooter} at ${order.target}: ${refused.reason}`);
            break;
          }
        }
        if ("note" in order && order.note && game.log.events.length > before) notes.push({ event: game.log.events.length - 1, text: order.note });
      }
    }
  } finally {
    game.dispose();
  }
  return { log: game.log, notes, skipped };
}

// ---------------------------------------------------------------------------------------------------------
// A whole game

/** How far the scripted player tries to move a unit in one go (cm), and how far it sets one forward in the deployment. */
const STEP = 12;
const DEPLOY_STEP = 6;
/** Sideways tries (degrees) when the straight line is blocked, and the shorter step after them. */
const TURNS_TRIED = [0, 35, -35] as const;
/**
 * Shots each side fires a turn at most, and the most models a unit that fires may have: teams, guns and
 * vehicles. The replay stays small: a shot records the rule system's whole ruling, some 4 KB a firing model.
 */
const SHOTS_PER_TURN = 1;
const FIRING_MODELS = 3;
/** How far short of an enemy's centre a unit moving at it stops its nearest model (cm): two small bases' half-widths, touching. */
const CONTACT_STOP = 2.6;
/** Actions due in one step the player takes before it gives up (rules that keep asking are a bug). */
const MAX_DUE_ACTIONS = 50;
/** Steps of the turn a game may take before the player gives up (a turn sequence that never ends is a bug). */
const MAX_STEPS = 5000;

export interface WholeGame {
  readonly log: GameLog;
  readonly notes: ReplayNote[];
  /** Every try the table, the rules or the turn refused, with where, what and why. */
  readonly refusals: (Refusal & { readonly what: string })[];
}

interface UnitNow {
  readonly id: string;
  readonly side: string;
  readonly centre: Vec2;
  readonly models: Scenario["forces"][number]["units"][number]["models"];
}

function unitsNow(scenario: Scenario): UnitNow[] {
  return scenario.forces.flatMap((force) =>
    force.units
      .filter((u) => u.models.length > 0)
      .map((u) => ({
        id: u.id,
        side: force.side,
        models: u.models,
        centre: meanPoint(u.models.map((m) => m.position)),
      })),
  );
}

/**
 * Where a unit of `side` heads: the nearest objective its side may score (a point, an area's middle, an
 * exit's edge straight ahead), else the nearest enemy unit; undefined where it stands on it already.
 */
function goalOf(scenario: Scenario, unit: UnitNow, enemies: readonly UnitNow[]): Vec2 | undefined {
  const mission = scenario.mission;
  const goals: { at: Vec2; reach: number }[] = (mission?.objectives ?? []).flatMap((o) => {
    if (o.side !== undefined && o.side !== unit.side) return [];
    if (o.kind === "point") return [{ at: o.at, reach: o.radius }];
    if (o.kind === "area") {
      const xs = o.outline.map((p) => p[0]);
      const zs = o.outline.map((p) => p[1]);
      return [{ at: [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...zs) + Math.max(...zs)) / 2] as Vec2, reach: 2 }];
    }
    const { width, depth } = scenario.table;
    const [x, z] = unit.centre;
    const at: Vec2 = o.edge === "-x" ? [0, z] : o.edge === "+x" ? [width, z] : o.edge === "-z" ? [x, 0] : [x, depth];
    return [{ at, reach: o.reach }];
  });
  if (!goals.length && enemies.length) goals.push({ at: nearest(unit.centre, enemies)!.centre, reach: 0 });
  const goal = goals.sort((a, b) => distance2(unit.centre, a.at) - distance2(unit.centre, b.at))[0];
  return goal && distance2(unit.centre, goal.at) > goal.reach ? goal.at : undefined;
}

const nearest = <T extends { centre: Vec2 }>(from: Vec2, among: readonly T[]): T | undefined =>
  [...among].sort((a, b) => distance2(from, a.centre) - distance2(from, b.centre))[0];

/**
 * Plays a whole game under `ruleset` on a battlefield (its own mission, else the system's first sample
 * mission): the deployment (each side sets its first units a little forward, in its zone), then each step the
 * turn engine takes. In a step where a side acts, its next unit (every unit, in a player turn) takes the order the
 * system ranks first for it where it gives orders (OrderSystem.scripted; moving as far as that order lets it), tries the actions the system marks worth a try (ActionSpec.tried: a rally; a
 * charge at an enemy within reach, then moving at it), moves towards the nearest objective its side may score, and,
 * a team, gun or vehicle, fires at the nearest enemy unit it sees (a shot a side a turn). A move tries the straight line, then sideways, then half as far.
 */
export async function playWholeGame(ruleset: Ruleset, seed: number, battlefield: Scenario): Promise<WholeGame> {
  // Parsed as a file would be, so that the game's header is the battlefield a replay of it reads back.
  const withMission = parseScenario({ ...battlefield, mission: battlefield.mission ?? sampleMissions(battlefield, ruleset.missionSetup)[0] }, scenarioCatalog);
  if (!withMission.ok) throw new Error(`the battlefield with its mission does not load:\n${formatIssues(withMission.issues)}`);
  const scenario = withMission.scenario;
  const game = headlessGame(scenario, ruleset, seed);
  const notes: ReplayNote[] = [];
  const refusals: WholeGame["refusals"][number][] = [];
  const where = () => {
    const state = game.state();
    return state.step?.phase === DEPLOYMENT ? "deployment" : `turn ${state.turn}`;
  };
  const refused = (what: string, why: Refusal | undefined): boolean => {
    if (why) refusals.push({ ...why, what: `${where()}: ${what}` });
    return why !== undefined;
  };
  const note = (text: string) => notes.push({ event: game.log.events.length - 1, text });

  /** A unit's move towards `goal`, `length` cm at most: the first try the table, the rules and the turn allow. */
  const move = (unit: UnitNow, goal: Vec2, length: number): void => {
    const gap = distance2(unit.centre, goal);
    const ahead = Math.atan2(goal[1] - unit.centre[1], goal[0] - unit.centre[0]);
    for (const reach of [Math.min(length, gap), Math.min(length, gap) / 2])
      for (const turn of TURNS_TRIED) {
        const angle = ahead + (turn * Math.PI) / 180;
        const by: Point = [reach * Math.cos(angle), reach * Math.sin(angle)];
        const moves = unit.models.map((m) => ({
          model: m.id,
          to: { position: [m.position[0] + by[0], m.position[1] + by[1]] as Point, heading: m.heading },
          path: [m.position, [m.position[0] + by[0], m.position[1] + by[1]]] as Point[],
        }));
        if (!refused(`${unit.id} moves ${reach.toFixed(1)} cm${turn ? ` (${turn}° off the line)` : ""}`, game.perform({ type: "move-group", moves }))) return;
      }
  };

  const fire = async (unit: UnitNow, enemies: readonly UnitNow[]): Promise<boolean> => {
    for (const target of [...enemies].sort((a, b) => distance2(unit.centre, a.centre) - distance2(unit.centre, b.centre)).slice(0, 2)) {
      if (!refused(`${unit.id} fires at ${target.id}`, await game.fire({ shooter: unit.id, target: target.id }))) return true;
    }
    return false;
  };

  /** A unit's move at `enemy`, `reach` cm at most: its nearest model set just short of the enemy's nearest (a charge). */
  const moveAt = (unit: UnitNow, enemy: UnitNow, reach: number): void => {
    const pairs = unit.models.flatMap((a) => enemy.models.map((e) => ({ a: a.position, e: e.position, d: distance2(a.position, e.position) })));
    const { a, e, d } = pairs.sort((x, y) => x.d - y.d)[0]!;
    const goal: Vec2 = [unit.centre[0] + e[0] - a[0], unit.centre[1] + e[1] - a[1]];
    move(unit, goal, Math.min(reach, Math.max(0, d - CONTACT_STOP)));
  };

  /**
   * The actions the rule system marks worth a try (ActionSpec.tried) at `when` in the unit's activation, one aimed at
   * an enemy unit at the nearest within its reach; what the rules refuse is not taken and not counted (a rally of a
   * unit nobody suppressed). Returns the enemy a try before the move was aimed at, which the unit then moves at.
   */
  const tryActions = async (unit: UnitNow, enemies: readonly UnitNow[], when: "before-move" | "after-move") => {
    const phase = game.state().step?.phase;
    let aimed: { enemy: UnitNow; within: number } | undefined;
    for (const spec of ruleset.actions?.actions ?? []) {
      // A unit's own actions only, aimed at an enemy unit or at nothing (the player picks no table points).
      if (spec.tried?.when !== when || spec.by !== "unit" || spec.target === "point") continue;
      if (spec.phases && (phase === undefined || !spec.phases.includes(phase))) continue;
      const within = spec.tried.within ?? Number.POSITIVE_INFINITY;
      const enemy = spec.target === "enemy-unit" ? nearest(unit.centre, enemies) : undefined;
      if (spec.target === "enemy-unit" && (!enemy || distance2(unit.centre, enemy.centre) > within)) continue;
      if (await game.act({ action: spec.id, unit: unit.id, ...(enemy ? { target: enemy.id } : {}) })) continue;
      note(`${unit.id}: ${spec.name}${enemy ? ` at ${enemy.id}` : ""}`);
      if (enemy && when === "before-move") aimed = { enemy, within };
    }
    return aimed;
  };

  /**
   * Gives `unit` the first order the system ranks for it (OrderSystem.scripted: its goal's distance and whether an
   * enemy is in sight; else the first order that moves) the rules take; returns how far the order it ends up with
   * lets it move (OrderSpec.pace: a failed test leaves it Down, where it stays).
   */
  const giveOrder = async (unit: UnitNow, enemies: readonly UnitNow[]): Promise<number> => {
    const orders = ruleset.orders;
    if (!orders) return 1;
    const ranked = orders.scripted
      ? orders.scripted(unit.id, game.rules(), { ...goalDistance(unit, enemies), enemyInSight: await enemyInSight(unit, enemies) })
      : orders.orders.filter((o) => o.pace !== 0).map((o) => o.id);
    for (const id of ranked) {
      const name = orders.orders.find((o) => o.id === id)?.name ?? id;
      if (!refused(`${unit.id} is given a ${name} order`, game.order(unit.id, id))) break;
    }
    const given = game.state().units[unit.id]?.order;
    return orders.orders.find((o) => o.id === given)?.pace ?? 1;
  };

  const goalDistance = (unit: UnitNow, enemies: readonly UnitNow[]): { toGoal?: number } => {
    const goal = goalOf(game.state().scenario, unit, enemies);
    return goal ? { toGoal: distance2(unit.centre, goal) } : {};
  };

  /** Whether the unit's first model sees a model of one of the three nearest enemy units (the nearest model of each). */
  const enemyInSight = async (unit: UnitNow, enemies: readonly UnitNow[]): Promise<boolean> => {
    const eye = unit.models[0]!;
    for (const enemy of [...enemies].sort((a, b) => distance2(unit.centre, a.centre) - distance2(unit.centre, b.centre)).slice(0, 3)) {
      const target = nearest(
        eye.position,
        enemy.models.map((m) => ({ id: m.id, centre: m.position })),
      )!;
      if (await game.sees(eye.id, target.id)) return true;
    }
    return false;
  };

  /** Every action the rules require of `side` now (every side's where undefined), until none is due or one is refused. */
  const takeDueActions = async (side: string | undefined): Promise<void> => {
    for (let taken = 0; taken < MAX_DUE_ACTIONS; taken++) {
      const due = game.due(side)[0];
      if (!due || refused(`${due.request.unit ?? due.request.side} takes ${due.request.action} (${due.why.reason})`, await game.act(due.request))) return;
    }
  };

  try {
    game.advance();
    note(`Deployment: ${scenario.mission!.name}${scenario.mission!.sample ? " (sample)" : ""}`);
    for (const side of [...new Set(unitsNow(game.state().scenario).map((u) => u.side))]) {
      const units = unitsNow(game.state().scenario);
      for (const unit of units.filter((u) => u.side === side).slice(0, 2)) {
        const goal = goalOf(
          game.state().scenario,
          unit,
          units.filter((u) => u.side !== side),
        );
        if (goal) move(unit, goal, DEPLOY_STEP);
      }
    }
    // What each unit has done this turn, and which units have had their activation in this phase.
    let turn = -1;
    let phase = "";
    const moved = new Set<string>();
    const fired = new Set<string>();
    const activated = new Set<string>();
    const shots = new Map<string, number>();
    for (let steps = 0; !game.state().ended; steps++) {
      if (steps >= MAX_STEPS) throw new Error(`the game did not end after ${MAX_STEPS} steps of its turn`);
      // What the last activation made due (a panic test after its shot) is taken before the turn moves on.
      await takeDueActions(undefined);
      const why = game.advance();
      if (why) throw new Error(`the turn engine's own step was refused: ${why.reason}`);
      const state = game.state();
      if (state.ended) break;
      if (state.turn !== turn) {
        turn = state.turn;
        phase = "";
        for (const done of [moved, fired, shots]) done.clear();
        note(`Turn ${turn}`);
      }
      if (state.step!.phase !== phase) {
        phase = state.step!.phase;
        activated.clear();
      }
      const spec = ruleset.turn.phases.find((p) => p.id === phase);
      const side = state.step!.side;
      // Every side's: the turn moves on only once none is owed (a panic test may fall to the side waiting).
      await takeDueActions(undefined);
      if (!spec || side === undefined) continue;
      const units = unitsNow(state.scenario);
      // A unit with an order die still out (kept from the last turn) has no die in the bag to be drawn.
      const ordered = (u: UnitNow) => spec.allows.includes("order") && state.units[u.id]?.order !== undefined;
      const mine = units.filter((u) => u.side === side && !activated.has(u.id) && !ordered(u));
      const acting = spec.acts === "player" ? mine : mine.slice(0, 1);
      for (const unit of acting) {
        activated.add(unit.id);
        const enemies = unitsNow(game.state().scenario).filter((u) => u.side !== side);
        const pace = spec.allows.includes("order") ? await giveOrder(unit, enemies) : 1;
        const now = unitsNow(game.state().scenario).find((u) => u.id === unit.id);
        if (!now) continue;
        const charged = await tryActions(now, enemies, "before-move");
        const goal = goalOf(game.state().scenario, now, enemies);
        if (spec.allows.includes("move") && !moved.has(unit.id) && (charged || (goal && pace > 0))) {
          moved.add(unit.id);
          if (charged) moveAt(now, charged.enemy, charged.within);
          else move(now, goal!, STEP * pace);
        }
        const there = unitsNow(game.state().scenario).find((u) => u.id === unit.id);
        if (there)
          await tryActions(
            there,
            unitsNow(game.state().scenario).filter((u) => u.side !== side),
            "after-move",
          );
        if (spec.allows.includes("fire") && !fired.has(unit.id) && now.models.length <= FIRING_MODELS && (shots.get(side) ?? 0) < SHOTS_PER_TURN) {
          fired.add(unit.id);
          const shooter = unitsNow(game.state().scenario).find((u) => u.id === unit.id);
          if (shooter && (await fire(shooter, enemies))) {
            shots.set(side, (shots.get(side) ?? 0) + 1);
            // What the shot makes due (a morale check after casualties) is taken before the next step.
            await takeDueActions(side);
          }
        }
      }
    }
    const outcome = missionOutcome(game.state().scenario);
    note(`The end: ${game.state().ended!.reason}${outcome?.winner ? `. ${outcome.winner} win` : ""}`);
  } finally {
    game.dispose();
  }
  return { log: game.log, notes, refusals };
}
