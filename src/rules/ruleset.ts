/**
 * The Ruleset interface: what every rule system (Operation WW2, Bolt Action, Battleground WWII, Flames of
 * War) gives the app. A ruleset is data (its tables) plus pure functions. It never measures the table: the
 * caller computes SightReports (and template results) with the sight engine and passes them in, and it
 * never imports Rapier, React or the DOM, so it runs the same in Node, the browser and a worker.
 *
 * A system owns its game besides: the questions it asks before a shot (`declaration`) and keeps on models
 * (`marks`), as data a generic panel renders (questions.ts); and its game state, derived from the game log
 * alone (`gameState`), which the context carries to every ruling. gameContext.ts builds that context at any
 * point of a game, so the app, the command line, a re-judged file and the server all judge from the log.
 *
 * The flow for one shot, as a fire panel drives it:
 *   situation(declaration, context, history, …)    → the questions that apply, the shooter's and the target's state
 *   sightRequests(declaration, context)            → which SightReports to compute
 *   fireVerdict(declaration, reports, context)     → can they fire, at what, with which modifiers and why
 *                                                    (asks for more reports in `needs` when it has to)
 *   resolveFire(declaration, verdict, dice, context, geometry) → rolls and outcomes, ready to become a fire-resolved event
 * judge.ts wraps the first two for a caller that can answer sight questions synchronously, and turns a
 * result into the game log's event.
 *
 * A system owns its turn too (`turn`, src/rules/turn.ts): phases, who acts, what ends them, between turns.
 */
import type { Dice, DieRoll } from "../core/dice";
import type { GameEvent, Outcome, SmokeCloud } from "../core/game/events";
import type { GameState } from "../core/game/state";
import type { Vec2 } from "../core/geometry2d";
import type { MissionSetup } from "../core/mission/samples";
import type { Scale } from "../core/scenario/schema";
import type { LinearCrossing, SightReport } from "../sight/sightReport";
import type { SurfaceBelow } from "../sight/surface";
import type { TemplatePlacement, TemplateResult } from "../sight/templates";
import type { RulesContext } from "./context";
import type { Answers, Mark, Question, UnitField } from "./questions";

/** A reference into the rule system's digest, e.g. "§5.3". Every ruling carries one. */
export type RuleRef = string;

/**
 * A table whose numbers are editable stand-ins, not the source's (TableSpec.sample): every value read from
 * it says so, so a player never takes a sample number for an official one. `table` is the TableSpec id a
 * player replaces with a loaded table file (Ruleset.loadTables).
 */
export interface SampleTable {
  readonly table: string;
  readonly title: string;
}

/** Each sample table once, in the order first named. */
export function uniqueSampleTables(tables: readonly SampleTable[]): SampleTable[] {
  return [...new Map(tables.map((t) => [t.table, t])).values()];
}

/** The sample tables the dice's meanings name (RolledDie.sample), in the order rolled; uniqueSampleTables keeps each once. */
export const diceSamples = (dice: readonly RolledDie[]): SampleTable[] => dice.flatMap((d) => (d.sample ? [d.sample] : []));

/** One statement of the judge: what was decided and where the rules say so. */
export interface Ruling {
  readonly reason: string;
  readonly rule: RuleRef;
  /** The value it states comes from this sample table. */
  readonly sample?: SampleTable;
}

/** Which roll a modifier changes. */
export type ModifiedRoll = "to-hit" | "damage" | "spotting" | "penetration" | "protection" | "scatter" | "test";

/** A number added to a roll (or, for spotting, to a distance in cm), with its reason and rule. */
export interface Modifier extends Ruling {
  readonly value: number;
  readonly roll: ModifiedRoll;
}

/** A protection class in the system's own words: cover, concealment, bulletproof cover… */
export interface CoverRuling {
  /** The system's class id ("open", "light", "medium", "heavy"; "concealed"; "soft"/"hard"…). */
  readonly class: string;
  /** What gives it, best first. */
  readonly sources: readonly Ruling[];
}

/** The ruling on one sight line: one shooter model (eye or weapon) and one target model. */
export interface Verdict {
  readonly ruleset: string;
  readonly shooter: string;
  readonly target: string;
  readonly weapon?: string;
  /** Line of sight in the system's terms (its terrain rules applied to the physical facts). */
  readonly canSee: boolean;
  /** Spotted (or otherwise identified) at this distance, where the system has such a rule. */
  readonly spotted?: boolean;
  readonly cover: CoverRuling;
  /** Modifiers that follow from this line alone (cover, range, the target's position). */
  readonly modifiers: readonly Modifier[];
  /** Every ruling in the order a judge would give them. */
  readonly rulings: readonly Ruling[];
}

/** A sight question the caller answers with the sight engine: sightReport(world, shooter, target, { weapon }). */
export interface SightRequest {
  readonly shooter: string;
  readonly target: string;
  /** A weapon id of the shooter's model definition; absent: from the model's eye. */
  readonly weapon?: string;
  /**
   * Sight from this plan point of the shooter's base (model frame, cm; +z forward) at its eye height, for
   * systems that trace sight "from any part of the base" (src/sight/baseOrigins.ts). Absent: the weapon's or eye's point.
   */
  readonly originOffset?: readonly [number, number];
  /** Models that let sight through besides the shooter's own unit (Bolt Action: intervening infantry). */
  readonly seeThrough?: readonly string[];
}

export const sightKey = (r: SightRequest): string =>
  `${r.shooter}>${r.target}>${r.weapon ?? "eye"}${r.originOffset ? `@${r.originOffset[0].toFixed(3)},${r.originOffset[1].toFixed(3)}` : ""}${r.seeThrough?.length ? `>${[...r.seeThrough].sort().join(",")}` : ""}`;

/** The sight options that answer a request: its weapon, base point (originOffset) and see-through models. */
export const sightOptionsOf = (r: SightRequest): { weapon?: string; originOffset?: readonly [number, number]; seeThrough?: readonly string[] } => ({
  ...(r.weapon ? { weapon: r.weapon } : {}),
  ...(r.originOffset ? { originOffset: r.originOffset } : {}),
  ...(r.seeThrough?.length ? { seeThrough: r.seeThrough } : {}),
});

/** What a player declares: who fires (a unit, or one model), with which weapon, at whom. */
export interface FireDeclaration {
  /** A unit id (every model of it fires) or a model id (only that model fires). */
  readonly shooter: string;
  /** A unit id or a model id (the model is the aiming point; its unit is the target). */
  readonly target: string;
  /** A weapon id of the firers' definitions; absent: each firer's usual weapon. */
  readonly weapon?: string;
}

/**
 * A need in words, for either kind of roll: "7+" (reach it), "8 or less" (roll under it; a fractional
 * Target Number passes on the whole rolls under it), and whether a d`die` can make it at all.
 */
export function describeNeed(need: number, die: number, under = false): { readonly text: string; readonly possible: boolean } {
  if (!under) return { text: `${need}+`, possible: need <= die };
  return { text: `${Number.isInteger(need) ? need : need.toFixed(2)} or less`, possible: need >= 1 };
}

/** One part of the target as one firer may shoot it: whether it may, the number it needs and why. */
export interface ShotVerdict {
  /** The part of the target (a system's own label: "in the open", "light cover", a vehicle's id). */
  readonly group: string;
  readonly canFire: boolean;
  readonly rulings: readonly Ruling[];
  readonly modifiers: readonly Modifier[];
  /** The number a die must reach, modifiers included (above the die's sides: it cannot). */
  readonly need?: number;
  /**
   * Roll-under systems (Battleground WWII's d20 against a Target Number): `need` is the highest roll that
   * passes, not the lowest; below 1 it cannot. Absent: the die must reach `need`.
   */
  readonly under?: boolean;
  /** The table `need` comes from, when it is sample data. */
  readonly sample?: SampleTable;
  /**
   * How a `need` the die cannot reach is still met, in the system's words (Bolt Action's "a 6 always hits");
   * absent: it cannot be.
   */
  readonly beyondDie?: string;
}

/**
 * What a shot needs, in the words a player reads first: "needs 7+", "needs 8 or less", "needs 7+: a 6 always
 * hits", "needs 11+: cannot be made on a d10", or "no roll to hit" (a result straight from a table).
 */
export function needPhrase(shot: Pick<ShotVerdict, "need" | "under" | "beyondDie">, die: number): string {
  if (shot.need === undefined) return "no roll to hit";
  const { text, possible } = describeNeed(shot.need, die, shot.under);
  if (possible) return `needs ${text}`;
  return `needs ${text}: ${shot.beyondDie ?? `cannot be made on a d${die}`}`;
}

/** One model of the firing unit: whether it fires, with which weapon and how many dice, at which part. */
export interface FirerVerdict {
  readonly model: string;
  readonly weapon?: { readonly id: string };
  readonly dice: number;
  readonly canFire: boolean;
  readonly rulings: readonly Ruling[];
  /** Every part of the target it was judged against. */
  readonly shots: readonly ShotVerdict[];
  /** The part it fires at. */
  readonly group?: string;
  /** The table its dice come from, when it is sample data. */
  readonly sample?: SampleTable;
}

/** The ruling on a declared shot, for the whole firing unit. */
export interface FireVerdict {
  readonly ruleset: string;
  readonly declaration: FireDeclaration;
  /** Whether anything may fire at all. */
  readonly valid: boolean;
  readonly rulings: readonly Ruling[];
  /** Every model of the firing unit with its own ruling. */
  readonly firers: readonly FirerVerdict[];
  /** Sight questions still to answer before the verdict is complete; ask again with their reports. */
  readonly needs: readonly SightRequest[];
  /** Every sample table a number of this verdict comes from (each ruling and modifier names its own). */
  readonly sampleTables: readonly SampleTable[];
}

/** What a die of a resolved shot decides. */
export type RollPurpose =
  | "to-hit"
  | "damage"
  | "penetration"
  | "protection"
  | "save"
  | "test"
  | "scatter"
  | "count"
  | "radius"
  | "terrain"
  | "allocation"
  | "facing";

/** One die of a resolved shot: what it was rolled for, the number it needed and what it meant. */
export interface RolledDie {
  /** Its place in the game's dice stream (DieRoll.index). */
  readonly index: number;
  readonly sides: number;
  readonly value: number;
  readonly purpose: RollPurpose;
  /** The model it was rolled for: the one shot at, damaged or tested. */
  readonly model?: string;
  /** The number it had to reach, modifiers included, when it is a pass-or-fail roll. */
  readonly need?: number;
  /** `need` is the highest passing roll (a roll-under system), as ShotVerdict.under. */
  readonly under?: boolean;
  /** The die with its modifiers, when modifiers changed it (a damage roll 6 −1 = 5). */
  readonly total?: number;
  /** In words: "to-hit 7+ → hit", "damage 5, infantry in the open → killed". */
  readonly meaning: string;
  readonly rule: RuleRef;
  /** The table its need or its result comes from, when that is sample data. */
  readonly sample?: SampleTable;
}

/** What happened to one model the shot reached. */
export interface HitAllocation {
  readonly model: string;
  /** What hit it: "the MG 42 of ger-mg-1", "the explosion of us-sherman-1". */
  readonly by: string;
  /** The dice (RolledDie.index) that decided its result: its damage roll, a save… */
  readonly rolls: readonly number[];
  readonly effect: Outcome["effect"];
  /** The result in the system's words: "killed", "pinned", "main weapon destroyed", "no effect". */
  readonly result: string;
  /** Why the hit went to this model, where the owner allocates hits by rules (Flames of War §3). */
  readonly allocatedBy?: Ruling;
}

/** One step of the referee's account, with its rule and the dice it speaks of. */
export interface FireStep {
  readonly text: string;
  readonly rule: RuleRef;
  /** RolledDie.index of the rolls it is about. */
  readonly rolls: readonly number[];
}

/** The full ruling of a resolved shot, for the fire panel, the game log entry and the replay. */
export interface FireDetails {
  /** The verdict the shot was resolved under. */
  readonly verdict: FireVerdict;
  /** Every die of the shot in the order rolled. */
  readonly dice: readonly RolledDie[];
  /** Every model hit (or saved), in the order the results fell. */
  readonly allocation: readonly HitAllocation[];
  readonly steps: readonly FireStep[];
  /** Every sample table the shot's numbers came from: the verdict's and the dice's. */
  readonly sampleTables: readonly SampleTable[];
  /**
   * The rule system's game state the shot was judged in (Ruleset.gameState: orders, moves, marks, last
   * targets), as derived from the log. Judging the game again derives it again: this copy is a cross-check
   * that a file's shot was judged in the game the file holds, never the source (src/worker/rejudgeGame.ts).
   */
  readonly game?: unknown;
}

/** What a resolution changes on a unit besides its models: pin markers added, its order die placed or turned. */
export interface UnitChange {
  readonly unit: string;
  /** Pin markers added (negative: removed). */
  readonly pins?: number;
  readonly order?: string;
}

/** A resolved shot: what goes into the game log's fire-resolved event. */
export interface FireResult {
  /** The weapon ids that fired. */
  readonly weapons: readonly string[];
  readonly rolls: readonly DieRoll[];
  readonly outcomes: readonly Outcome[];
  /** A referee's one-line account. */
  readonly summary: string;
  /** The system's full ruling (verdict, every roll with its meaning, the allocation), for the panel and the replay. */
  readonly details: FireDetails;
  /** Unit-level results (systems whose pins and orders belong to units, as Bolt Action's). */
  readonly units?: readonly UnitChange[];
  /** Smoke clouds the shot leaves on the table (Battleground's smoke rounds): the fire-resolved event adds them as terrain. */
  readonly clouds?: readonly SmokeCloud[];
}

/** Template questions a resolution asks when a shell lands somewhere it only knows after rolling. */
export interface TemplateGeometry {
  modelsUnder(placement: TemplatePlacement): TemplateResult;
  readonly table: { readonly width: number; readonly depth: number };
  /** The surface a shell landing at `at` falls onto: the ground, a floor or a roof (its height y, cm, and what it is). */
  surfaceBelow?(at: Vec2): SurfaceBelow;
  /** Walls, hedges and other linear obstacles between a point of impact on the table and a model (Battleground's −1, §6.2). */
  linearObstaclesFrom?(at: Vec2, model: string): readonly LinearCrossing[];
}

/** A named switch for a point the source leaves open, with the digest's default. */
export interface OptionSpec {
  readonly id: string;
  readonly label: string;
  readonly rule: RuleRef;
  readonly description: string;
  readonly choices: readonly (string | boolean)[];
  readonly default: string | boolean;
}

/** A table the system uses, as data. `sample` tables are not the source's numbers: they are editable stand-ins. */
export interface TableSpec {
  readonly id: string;
  readonly title: string;
  readonly rule: RuleRef;
  readonly sample: boolean;
  readonly note: string;
}

/**
 * A table file as a user loads it (and as the shipped ones are written): which table of which ruleset it
 * replaces, and its data in the shape of the shipped file.
 */
export interface TableFile {
  readonly ruleset: string;
  readonly table: string;
  readonly title?: string;
  readonly rule?: RuleRef;
  readonly sample?: boolean;
  readonly note?: string;
  readonly data: unknown;
}

export type TableLoadResult<Tables> = { readonly ok: true; readonly tables: Tables } | { readonly ok: false; readonly errors: readonly string[] };

/** A unit the battlefield editor offers: its models' definition ids, in the order they are laid out. */
export interface UnitPreset {
  readonly id: string;
  readonly name: string;
  readonly kind: "squad" | "team" | "gun" | "vehicle";
  /** Model definition ids (src/core/miniatures/shipped.ts); the first leads the formation. */
  readonly models: readonly string[];
  /** Why the composition is a stand-in, when the source gives no army list; shown as "sample". */
  readonly sample?: string;
}

/** `n` models of one definition, for a preset's list: `[...times(8, "us-rifleman")]`. */
export const times = (n: number, definition: string): string[] => Array.from({ length: n }, () => definition);

/** A flamethrower teardrop a player may lay by hand, sized by the rules' own template table (cm). */
export interface FlameTemplate {
  readonly id: string;
  readonly length: number;
  readonly narrowWidth: number;
  readonly wideWidth: number;
  /** From sample data, not the source: the player must see it. */
  readonly sample: boolean;
}

/** One order a unit may be given (Bolt Action's order dice). */
export interface OrderSpec {
  readonly id: string;
  readonly name: string;
  readonly summary: string;
  readonly rule: RuleRef;
  /** How far a unit under it moves, as a share of its usual move: 0 it stays (a shot, a rally), 2 twice as far (a run); absent: its usual move. */
  readonly pace?: number;
}

/** What a simple scripted player (npm run sample-game) knows of a unit as it picks its order. */
export interface ScriptedFacts {
  /** How far the unit's goal is (cm); absent where it stands on it. */
  readonly toGoal?: number;
  /** Whether one of its models sees a model of an enemy unit. */
  readonly enemyInSight: boolean;
}

/** An order given to a unit: the test when one was needed, and what the unit ends up doing. */
export interface OrderResult {
  readonly unit: string;
  /** The order asked for. */
  readonly asked: string;
  /** The order die it ends up with (Down after a failed test; Fire or Run after a FUBAR). */
  readonly order: string;
  readonly rolls: readonly DieRoll[];
  readonly dice: readonly RolledDie[];
  readonly steps: readonly FireStep[];
  readonly summary: string;
  /** Pins and order dice changed (the unit's own order is in `order`). */
  readonly units: readonly UnitChange[];
  readonly sampleTables: readonly SampleTable[];
  /** The system's own record of what the order binds the unit to (a FUBAR's friendly fire or flight), which its gameState reads back from the event. */
  readonly record?: unknown;
}

/** What the caller knows of the table for an order test's consequences (FUBAR: friendly fire, panic). */
export interface OrderFacts {
  /** The nearest enemy unit the unit can see, null when it sees none; absent when not measured. */
  readonly nearestVisibleEnemy?: { readonly unit: string; readonly distance: number } | null;
}

/** Order dice as state: each unit's order this turn, with the test that gives it (which orders outlast the turn: TurnStructure.keptAtTurnEnd). */
export interface OrderSystem<C> {
  readonly orders: readonly OrderSpec[];
  giveOrder(unit: string, order: string, dice: Dice, context: C, facts?: OrderFacts): OrderResult;
  /**
   * The orders a simple scripted player gives `unit` now, best first (a player's choice, not a rule: the rules
   * judge each as any other); absent: the first order under which a unit moves.
   */
  scripted?(unit: string, context: C, facts: ScriptedFacts): readonly string[];
}

/**
 * A rule system's own action, as data the Actions panel renders: a card played, a morale or panic test, an
 * assault, a rally, a bombardment. What it acts on and what it asks are declared here; `takeAction` carries it
 * out. Its `action-taken` event keeps the dice, the outcomes and the system's own record (`details`), which the
 * system's `gameState` reads back.
 */
export interface ActionSpec {
  readonly id: string;
  readonly name: string;
  readonly rule: RuleRef;
  /** One line for the panel: what it does. */
  readonly summary: string;
  /** The turn's phases (PhaseSpec ids, "deployment" for the set-up) it is taken in; absent: any, and in free play. */
  readonly phases?: readonly string[];
  /** Who takes it: a unit ("unit"), or a side itself ("side": a card played, a bombardment called). */
  readonly by: "unit" | "side";
  /**
   * In a step where one side acts, who may take it: that side ("acting", the default), or either ("any": a
   * reaction to the enemy's order, a morale test forced on a unit by the enemy's fire).
   */
  readonly sides?: "acting" | "any";
  /** What it is aimed at: an enemy unit (an assault), a unit of its own side (a transport boarded), a point of the table (a bombardment); absent: nothing. */
  readonly target?: "enemy-unit" | "own-unit" | "point";
  /** The questions asked before it is taken: each answer is `ActionRequest.answers[id]`. */
  readonly asks: readonly Question[];
  /**
   * Worth a try by a simple scripted player (npm run sample-game) in its unit's activation, beside what is due:
   * "before-move" (a rally) or "after-move" (an assault once there); one aimed at an enemy unit is aimed at the
   * nearest within `within` cm, and a unit whose try before its move was taken moves at that enemy (a charge).
   * The rules judge it as any other; absent: the player takes it only when it is due.
   */
  readonly tried?: { readonly when: "before-move" | "after-move"; readonly within?: number };
}

/** An action asked for: by whom, at what, with the answers to its questions. */
export interface ActionRequest {
  readonly action: string;
  /** The side taking it (required where the spec is taken `by: "side"`; else the unit's side). */
  readonly side?: string;
  readonly unit?: string;
  /** The unit it is aimed at: an enemy's (ActionSpec.target "enemy-unit") or its own side's ("own-unit"). */
  readonly target?: string;
  /** The table point it is aimed at, cm (ActionSpec.target "point"). */
  readonly point?: readonly [number, number];
  readonly answers?: Answers;
}

/** An action carried out: its dice, what it did to models and units, and the system's record; or why the rules refuse it. */
export interface ActionResult {
  /** The rules refuse it (nothing is rolled or recorded): why, with the rule. */
  readonly refused?: readonly Ruling[];
  readonly rolls: readonly DieRoll[];
  readonly outcomes: readonly Outcome[];
  readonly units?: readonly UnitChange[];
  /** A referee's one-line account, with model and unit ids (the app names them). */
  readonly summary: string;
  /** The system's own record of it (a card's id, a test's dice and steps), read back by its gameState. */
  readonly details?: unknown;
  /**
   * Its dice and details are this side's secret (a hand of cards drawn): online the other seats get the event
   * without them until the game ends, so `summary` must not tell them; on one screen the step's PhaseSpec.hides
   * passes the device. The system's gameState must take an event whose details say `{ hidden }`.
   */
  readonly secret?: { readonly side: string; readonly what: string };
}

/** The rules' refusal of an action (nothing rolled or recorded): why, with the rule, and a summary naming the action. */
export const refusedAction = (rulings: readonly Ruling[], name: string): ActionResult => ({
  refused: rulings,
  rolls: [],
  outcomes: [],
  summary: `${name}: ${rulings.map((r) => r.reason).join("; ")}`,
});

/** An action the rules require now (a morale test after casualties, a panic test, a Motivation test), and why. */
export interface DueAction {
  readonly request: ActionRequest;
  readonly why: Ruling;
}

/** What an action may ask of the table: the template questions, and sight lines (a panicked unit's cover, a spotter's view). */
export interface ActionGeometry extends TemplateGeometry {
  sight(request: SightRequest): SightReport;
}

/** A system's own actions (Ruleset.actions): the specs, carrying one out, and what is due. */
export interface ActionSystem<C> {
  readonly actions: readonly ActionSpec[];
  /** Carries out a request the frame has checked (a known action in its phase, its unit and target on the table, answers of the right kinds). */
  takeAction(request: ActionRequest, dice: Dice, context: C, geometry: ActionGeometry): ActionResult;
  /** The actions the rules require of `side` now (every side's where undefined), in the order they are taken. */
  due?(context: C, side: string | undefined): readonly DueAction[];
}

/** What a player does on the table that the turn allows or not. */
export type TurnAction = "move" | "fire" | "order";

/** One phase (or step) of a turn. */
export interface PhaseSpec {
  readonly id: string;
  readonly name: string;
  readonly rule: RuleRef;
  /**
   * Who acts: "all", both sides (a step the players carry out together: cards refilled, panic recovered);
   * "alternate", the sides one unit's activation at a time, the first side first, until every unit has had one;
   * "drawn", the holder of an order die drawn from the bag, one unit a die, until the bag is empty;
   * "player", the side whose player turn it is (TurnStructure.playerTurns).
   */
  readonly acts: "all" | "alternate" | "drawn" | "player";
  readonly allows: readonly TurnAction[];
  /** What ends it, in the system's words. */
  readonly ends: string;
  /**
   * What a step of this phase shows its acting side only (a die drawn from the bag, a card in hand): on one
   * screen the device passes to that side's player, who confirms, before the step is shown (turn.ts handOver).
   */
  readonly hides?: Ruling;
}

/** A rule system's turn, as data; src/rules/turn.ts walks it from the game log. */
export interface TurnStructure {
  /** Turns in a game: the source's number, or a sample one (`sample` says why it is a stand-in). */
  readonly length: { readonly turns: number; readonly rule: RuleRef; readonly sample?: string };
  /** Each side plays all the phases in a player turn of its own (Flames of War); otherwise the phases are the sides' together. */
  readonly playerTurns: boolean;
  readonly phases: readonly PhaseSpec[];
  /** Who takes the first activation or player turn, until the system's initiative rules decide it. */
  readonly first: Ruling;
  /**
   * The side that takes the first activation of an alternating phase (`phase`, its id) where the game decided it
   * (an initiative won with cards), read from the game so far; absent or undefined: the battlefield's first side.
   */
  readonly firstSide?: (phase: string, history: GameHistory) => string | undefined;
  /** How the forces are set up before the first turn. */
  readonly deployment: Ruling;
  /** What happens between turns, in the system's words. */
  readonly betweenTurns: readonly Ruling[];
  /** Orders a unit keeps into the next turn (their dice stay out of the bag). */
  readonly keptAtTurnEnd: readonly string[];
  /** Orders under which a unit fires out of its turn, in another side's step once its unit has its order (Bolt Action's Ambush); absent: none. */
  readonly firesOutOfTurnUnder?: readonly string[];
  /**
   * Orders under which a unit moves out of turn, in another side's step once its unit has its order, where its
   * system's move verdict allows the move (Bolt Action's recce escape, gone Down); absent: none.
   */
  readonly movesOutOfTurnUnder?: readonly string[];
  /** Every model's Pinned is lifted when the turn ends (a system whose pins lapse on their own, not by a rally). */
  readonly pinsLapseAtTurnEnd: boolean;
}

/** A move a player asks of one model: the path it takes from where it stands (plan, cm), its end where it goes. */
export interface MoveRequest {
  readonly model: string;
  readonly path: readonly Vec2[];
  /**
   * The other models moved in the same group move (a unit dragged as one): a rule that measures between a
   * unit's models (Flames of War's Command Distance) measures to where they go, not where they stood.
   */
  readonly with?: readonly MoveRequest[];
}

/** A rule system's ruling on a move: what one move allows, what this one costs, whether it may be made, and why. */
export interface MoveVerdict {
  readonly ruleset: string;
  readonly model: string;
  /** What cost and allowance count, in the system's terms: "in" (inches moved), "cm" or "MP" (Movement Points). */
  readonly measure: string;
  readonly allowance: number;
  readonly cost: number;
  readonly allowed: boolean;
  /** Every ruling, the one that refuses it (if any) among them. */
  readonly rulings: readonly Ruling[];
  /** The ruling that refuses it, where it is refused (too far, or ground the model may not enter). */
  readonly refusal?: Ruling;
  readonly sampleTables: readonly SampleTable[];
}

/** A point of a game: its events so far (0…n−1) and the table state they fold to (core/game/state.ts). */
export interface GameHistory {
  readonly events: readonly GameEvent[];
  readonly state: GameState;
}

/** A line of the account a system gives of its game state, in its own words. */
export interface StateLine {
  /** What it tells, for tests and styling: "motion", "move-cost", "last-shot", "smoke". */
  readonly id: string;
  readonly text: string;
  readonly rule?: RuleRef;
  readonly sample?: SampleTable;
  /** A feature a player may take off the table from this line (a smoke cloud cleared by hand). */
  readonly feature?: string;
}

/** The shooter or the target of a declared shot as the game leaves it: its state in words, and its marks. */
export interface SubjectSituation {
  /** The model its marks are on: the one picked (its unit's state is told on its lines). */
  readonly model: string;
  readonly lines: readonly StateLine[];
  /** Ids of the system's marks that apply to it now (Battleground's evasion only while it evades). */
  readonly marks: readonly string[];
  /** The marks in force on it: those recorded and still holding (src/rules/marks.ts). */
  readonly recorded: Answers;
  /** What the game gives for each derived mark not recorded. */
  readonly fromGame: Answers;
}

/** A declared shot before it is judged: what to ask and what to show, all from the rule system. */
export interface Situation {
  /** Ids of the declaration's questions that apply to this shot (Operation WW2's "commander out" only for a vehicle). */
  readonly questions: readonly string[];
  /** What the game gives for each derived question left unanswered (Flames of War: the firers moved this turn). */
  readonly fromGame: Answers;
  readonly shooter: SubjectSituation;
  readonly target: SubjectSituation;
  /** The table's rule state: smoke clouds and when they clear. */
  readonly table: readonly StateLine[];
}

/** The models a situation is told for: the shooter and the target picked on the table. */
export interface PickedModels {
  readonly shooter: string;
  readonly target: string;
}

/**
 * A rule system. Method syntax keeps a ruleset with richer declaration, verdict and state types assignable
 * here. `G` is its game state: what `gameState` derives and createContext's `game` takes.
 */
export interface Ruleset<
  D extends FireDeclaration = FireDeclaration,
  C extends RulesContext = RulesContext,
  V extends FireVerdict = FireVerdict,
  T = unknown,
  G = unknown,
> {
  readonly id: string;
  readonly name: string;
  /** Versions of the rules it implements; the first is the default. */
  readonly versions: readonly string[];
  /** The unit its rules speak (distances inside are always cm). */
  readonly lengthUnit: "cm" | "in";
  /** Sides of its main die. */
  readonly die: number;
  /** The miniatures' scale of a new game on a battlefield that names none (absent: the scenario default, 28 mm). */
  readonly defaultScale?: Scale;
  /** A distance (cm) as its rules print it, e.g. 16"/40 cm; absent: in `lengthUnit`. */
  formatDistance?(cm: number): string;
  readonly options: readonly OptionSpec[];
  readonly tables: readonly TableSpec[];
  /** The units the battlefield editor offers under this system: squads, teams, guns and vehicles. */
  readonly unitPresets: readonly UnitPreset[];
  /** Game length and deployment depth for its sample missions (src/core/mission/samples.ts), cited where its texts give them. */
  readonly missionSetup: MissionSetup;
  /**
   * The questions asked before a shot: each answer is the declaration field of its id. Left out, an answer is
   * the question's default, or for a derived question what the game gives (Situation.fromGame).
   */
  readonly declaration: readonly Question[];
  /** What a player records on a model between shots (model-state-set events): Battleground's morale, camouflage. */
  readonly marks: readonly Mark[];
  /** The unit fields of the battlefield it reads (Unit.quality, Unit.rank), which the editor sets per unit; absent: none. */
  readonly unitFields?: readonly UnitField[];
  /** The shipped tables with the given files (validated) replacing theirs. */
  loadTables(files: readonly TableFile[]): TableLoadResult<T>;
  /**
   * The system's game state at a point of the game, from its events alone: moves this turn, pins, orders,
   * marks, last targets. Pure and cheap enough to ask at every shot; gameContext.ts hands it to createContext.
   */
  gameState(history: GameHistory): G;
  /** The system's context: the table, the game's options (as stored in the game header), tables and game state. */
  createContext(table: RulesContext, setup?: { readonly options?: Readonly<Record<string, unknown>>; readonly tables?: T; readonly game?: G }): C;
  /** A declared shot as the fire panel shows it before the verdict: the questions that apply, the two sides' state and marks. */
  situation(declaration: D, context: C, history: GameHistory, picked: PickedModels): Situation;
  losVerdict(report: SightReport, context: C, declaration?: Partial<D>): Verdict;
  /** The weapon ids a model (by id) may fire under this system: to offer a choice, and to refuse an unknown one. */
  weaponsOf(model: string, context: C): readonly string[];
  sightRequests(declaration: D, context: C): SightRequest[];
  fireVerdict(declaration: D, reports: readonly SightReport[], context: C): V;
  /** Throws when the verdict is not valid; `geometry` is needed when a template is laid (area weapons). */
  resolveFire(declaration: D, verdict: V, dice: Dice, context: C, geometry?: TemplateGeometry): FireResult;
  /** The flamethrower teardrops of `version`, from its tables (absent: the system lays no flame template). */
  flameTemplates?(tables: T, version: string): readonly FlameTemplate[];
  /**
   * Its turn, as data: the phases in order, who acts in each, what ends it, what happens between turns, the
   * game's length and the deployment (src/rules/turn.ts walks it from the log and refuses what is out of turn).
   */
  readonly turn: TurnStructure;
  /** A move's allowance, cost and verdict from the system's movement tables (absent: it checks no move yet). */
  moveVerdict?(request: MoveRequest, context: C): MoveVerdict;
  /** Order dice, for systems that give each unit an order a turn (Bolt Action). */
  readonly orders?: OrderSystem<C>;
  /** The system's own actions (cards, tests, assaults, bombardments), taken through the Actions panel. */
  readonly actions?: ActionSystem<C>;
}
