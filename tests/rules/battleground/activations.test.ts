/**
 * Battleground WWII's activations and states in a game that follows its turns (sheet 002): a unit's activation
 * has a Bonus Move and a Standard Action (l.107–111), so two move actions; Pinned loses the bonus action
 * (l.239); a Suppressed model may only rally in its activation (l.235–236), a 1 giving it a Bonus Move
 * (l.236–237); a bogged-down vehicle first takes its unbogging test (l.56–57), an immobilised one never moves
 * again (l.230); a charge follows a passed Morale test, a failed one loses the Standard Action (l.247–249); a
 * model killed "with −1 to the morale test" weighs on the unit's test (l.226). The order of activations is
 * the sample option `activation` (the sheet gives none). Played on a game log, as the app plays it.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Dice, DieRoll } from "../../../src/core/dice";
import { type Command, toEvent } from "../../../src/core/game/commands";
import type { GameEvent } from "../../../src/core/game/events";
import { currentState, type GameLog, newGame, nextDice, record } from "../../../src/core/game/gameLog";
import { MODEL_CATALOG } from "../../../src/core/miniatures/shipped";
import type { Feature } from "../../../src/core/scenario/schema";
import { inchesToCm } from "../../../src/core/units";
import { type BgFireDeclaration, battleground } from "../../../src/rules/battleground";
import { gameState } from "../../../src/rules/battleground/gameState";
import { OPTION_SPECS } from "../../../src/rules/battleground/options";
import type { ActionDetails } from "../../../src/rules/battleground/records";
import { KILLED_WITH_MORALE } from "../../../src/rules/battleground/states";
import { actionEvent, fireEvent } from "../../../src/rules/judge";
import type { ActionRequest, ActionResult, GameHistory } from "../../../src/rules/ruleset";
import { nextStep } from "../../../src/rules/turn";
import { type Placed, scenario } from "../../helpers/scene";
import { scriptedDice } from "../operation-ww2/fakes";
import { bgTableFor, text } from "./table";

const IN = inchesToCm(1);
const rifleman = (id: string, unit: string, x: number, side: "A" | "B" = "A"): Placed => ({
  id,
  model: side === "A" ? "us-rifleman" : "ger-rifleman",
  position: [x, side === "A" ? 30 : 100],
  heading: side === "A" ? 90 : 270,
  side,
  unit,
});
const MODELS = [rifleman("us-1", "us", 40), rifleman("us-2", "us", 45), rifleman("bar-1", "bar", 90), rifleman("ger-1", "ger", 60, "B")];

const start = (options: Record<string, unknown> = {}, models: Placed[] = MODELS): GameLog =>
  newGame(scenario([], models), { seed: 1944, ruleset: { id: "battleground", version: "sheet", options }, created: "2026-11-27T00:00:00Z" });

function perform(log: GameLog, command: Command): GameLog {
  const result = toEvent(currentState(log), MODEL_CATALOG, command, 0);
  if (!result.ok) throw new Error(result.error);
  return record(log, result.event);
}
/** The turn bar's button. */
const advance = (log: GameLog): GameLog => record(log, { ...nextStep(battleground.turn, currentState(log), nextDice(log)), time: 0 } as GameEvent);
/** From a new game to turn 1's first activation (side A's). */
const turnOne = (log: GameLog): GameLog => advance(advance(log));
const history = (log: GameLog): GameHistory => ({ events: log.events.slice(0, log.cursor), state: currentState(log) });

async function tableAt(log: GameLog) {
  const state = currentState(log);
  return bgTableFor(state.scenario, { game: gameState(history(log)), status: state.status, options: log.header.ruleset.options });
}
/** The verdict on moving `model` `inches` straight up the table from where it stands now. */
async function verdictOn(log: GameLog, model: string, inches = 3) {
  const t = await tableAt(log);
  const at = t.ctx.models.get(model)!.position;
  return battleground.moveVerdict!({ model, path: [at, [at[0], at[1] + inches * IN]] }, t.ctx);
}
const stepUp = (log: GameLog, model: string, inches = 3): GameLog => {
  const at = currentState(log)
    .scenario.forces.flatMap((f) => f.units.flatMap((u) => u.models))
    .find((m) => m.id === model)!.position;
  return perform(log, { type: "move", model, to: { position: [at[0], at[1] + inches * IN], heading: 90 } });
};
/** Scripted d20s that follow on from the game's rolls so far, as the game's own dice would. */
function diceAfter(log: GameLog, values: readonly number[]): Dice {
  const offset = currentState(log).rollsUsed;
  const rolls: DieRoll[] = [];
  const roll = (sides: number, reason: string): number => {
    const value = values[rolls.length];
    if (value === undefined) throw new Error(`the script has no roll left for "${reason}"`);
    rolls.push({ index: offset + rolls.length, sides, value, reason });
    return value;
  };
  return { seed: 0, roll, fraction: (reason) => (roll(2 ** 32, reason) - 1) / 2 ** 32, rolls };
}
/** One of the system's actions taken in the game with scripted d20s and recorded as the app records it. */
async function act(log: GameLog, request: ActionRequest, dice: number[]): Promise<GameLog> {
  const result = (await tableAt(log)).act(request, diceAfter(log, dice));
  if (result.refused) throw new Error(result.summary);
  return record(log, actionEvent(battleground, request, result, 0));
}
const diceOf = (r: ActionResult) => (r.details as ActionDetails).dice;
/** A shot resolved in the game with scripted d20s and recorded as the app records it. */
async function shoot(log: GameLog, declaration: BgFireDeclaration, dice: number[]): Promise<GameLog> {
  const t = await tableAt(log);
  return record(log, fireEvent(battleground, declaration, t.resolve(declaration, diceAfter(log, dice)), 0));
}
/** A shot's outcome recorded on a model as a resolution leaves it (a Suppression, a Pin). */
const befalls = (log: GameLog, model: string, effect: "damaged" | "pinned" | "casualty", detail: string, target = model): GameLog =>
  record(log, {
    type: "fire-resolved",
    ruleset: "battleground",
    shooter: "ger-1",
    weapon: "rifle",
    target,
    rolls: [],
    outcomes: [{ model, effect, detail }],
    summary: `${model} ${detail}`,
    time: 0,
  });

describe("two move actions an activation (002 l.107–111)", () => {
  it("the Bonus Move and the Standard Action's move are allowed; a third move is refused with the rule", async () => {
    let log = turnOne(start());
    expect((await verdictOn(log, "us-1")).allowed).toBe(true);
    log = stepUp(stepUp(log, "us-1"), "us-1");
    const third = await verdictOn(log, "us-1");
    expect(third.allowed).toBe(false);
    // The fire panel tells the shooter's activation among its state lines.
    const told = (await tableAt(log)).ctx;
    const lines = battleground.situation({ shooter: "us-1", target: "ger-1" }, told, history(log), { shooter: "us-1", target: "ger-1" }).shooter.lines;
    expect(lines.find((l) => l.id === "activation")?.text).toMatch(/^no move now: us-1 has made 2 of its 2 move action/);
    expect(third.refusal).toMatchObject({ reason: expect.stringMatching(/us-1 has made 2 of its 2 move action\(s\) this activation/), rule: "002 l.107–111" });
    // A move past one move action's points is refused however many actions are left (l.3: 1" a point; 6 MP sample).
    const far = await verdictOn(turnOne(start()), "us-2", 7);
    expect(far.allowed).toBe(false);
    expect(far.refusal!.reason).toMatch(/7 MP of the 6 MP of one infantry move action/);
  });

  it("sample default: a step of the turn is one unit's activation; another unit waits, a unit that had its activation moves no more", async () => {
    let log = stepUp(turnOne(start()), "us-1");
    expect((await verdictOn(log, "us-2")).allowed).toBe(true);
    const other = await verdictOn(log, "bar-1");
    expect(other.allowed).toBe(false);
    expect(other.refusal!.reason).toMatch(/this activation is unit-us's: unit-bar waits for its own \(option activation: .*sample/);
    log = advance(advance(log)); // the Germans' activation, then the Americans' next one
    expect(currentState(log).step!.side).toBe("A");
    const again = await verdictOn(log, "us-2");
    expect(again.refusal!.reason).toMatch(/unit-us has had its activation this turn/);
    expect((await verdictOn(log, "bar-1")).allowed).toBe(true);
  });

  it("option whole-turn: the order is kept off the table, only the two move actions count", async () => {
    expect(OPTION_SPECS.find((o) => o.id === "activation")).toMatchObject({ default: "unit-per-step", label: expect.stringMatching(/sample/i) });
    const log = stepUp(turnOne(start({ activation: "whole-turn" })), "us-1");
    expect((await verdictOn(log, "bar-1")).allowed).toBe(true);
  });

  it("free play and the deployment count no activation", async () => {
    expect(gameState(history(start())).activations).toBeUndefined();
    expect(gameState(history(advance(start()))).activations).toBeUndefined();
    expect(gameState(history(stepUp(turnOne(start()), "us-1"))).activations).toEqual({ step: 0, units: { "unit-us": 0 } });
  });
});

describe("states in the activation (002 l.56–57, 230, 235–242)", () => {
  it("Pinned loses the bonus action: one move action (l.239)", async () => {
    let log = befalls(turnOne(start()), "us-1", "pinned", "pinned");
    log = stepUp(log, "us-1");
    const second = await verdictOn(log, "us-1");
    expect(second.refusal).toMatchObject({
      reason: expect.stringMatching(/made 1 of its 1 move action\(s\).*Pinned: it loses its bonus action/),
      rule: "002 l.239",
    });
  });

  it("Suppressed may only rally (l.235–236); a passed rally clears it but spends the activation; a 1 gives a Bonus Move (l.236–237)", async () => {
    const suppressed = befalls(turnOne(start()), "us-1", "damaged", "suppressed");
    expect((await verdictOn(suppressed, "us-1")).refusal).toMatchObject({
      reason: expect.stringMatching(/Suppressed: .* may only try to rally/),
      rule: "002 l.235–236",
    });
    // Training of a regular rifleman is the sample profile's; 5 passes it, 20 does not.
    const failed = await act(suppressed, { action: "rally", unit: "unit-us" }, [20]);
    expect(currentState(failed).status["us-1"]!.markers).toContain("suppressed");
    const passed = await act(suppressed, { action: "rally", unit: "unit-us" }, [5]);
    expect(currentState(passed).status["us-1"]!.markers).not.toContain("suppressed");
    expect(gameState(history(passed)).models!["us-1"]!.rallied).toBe("stays");
    expect((await verdictOn(passed, "us-1")).refusal!.reason).toMatch(/spent its activation rallying/);
    expect(text((await tableAt(passed)).judge({ shooter: "us-1", target: "ger-1" }).firers[0]!.rulings)).toMatch(/no Standard Action to fire/);
    const one = await act(suppressed, { action: "rally", unit: "unit-us" }, [1]);
    expect(gameState(history(one)).models!["us-1"]!.rallied).toBe("bonus-move");
    expect((await verdictOn(one, "us-1")).allowed).toBe(true);
    expect((await verdictOn(stepUp(one, "us-1"), "us-1")).allowed).toBe(false);
  });

  it("a rally test's die says its need from Training and the sample table, and the Pinned −5 (l.239–240)", async () => {
    const log = befalls(befalls(turnOne(start()), "us-1", "damaged", "suppressed"), "us-1", "pinned", "pinned");
    const t = await tableAt(log);
    const die = diceOf(t.act({ action: "rally", unit: "unit-us" }, scriptedDice([5])))[0]!;
    expect(die).toMatchObject({ purpose: "test", rule: "002 l.235–237", under: true, sample: { table: "procedures" } });
    const training = die.need! + 5;
    expect(die.meaning).toMatch(new RegExp(`Training ${training} − 5 \\(us-1 is Pinned`));
  });

  it("immobilised to the end of the game, or bogged down until its unbogging test (l.56–57, 230)", async () => {
    const log = turnOne(start());
    expect((await verdictOn(befalls(log, "us-1", "damaged", "immobilised (to the end of the game)"), "us-1")).refusal!.rule).toBe("002 l.230–231");
    expect((await verdictOn(befalls(log, "us-1", "damaged", "bogged down"), "us-1")).refusal!.reason).toMatch(/unbogging test/);
  });
});

describe("Pinned is removed once the unit's activation is over (002 l.240–241)", () => {
  const pinLapse = (unit: string): ActionRequest => ({ action: "pin-lapse", unit });
  const dueNow = async (log: GameLog) => battleground.actions!.due!((await tableAt(log)).ctx, undefined).map((d) => d.request);
  // Turn 1's steps: A, B, A, then the turn's end (unit-us and unit-bar are side A's, unit-ger side B's).

  it("a unit Pinned before or in its activation: the lapse falls due as its step ends, not at the turn's end", async () => {
    expect(battleground.turn.pinsLapseAtTurnEnd).toBe(false);
    let log = stepUp(befalls(turnOne(start()), "us-1", "pinned", "pinned"), "us-1");
    expect(await dueNow(log)).toEqual([]);
    log = advance(log); // the Germans' activation: unit-us's is over
    expect(await dueNow(log)).toEqual([pinLapse("unit-us")]);
    const due = battleground.actions!.due!((await tableAt(log)).ctx, undefined)[0]!;
    expect(due.why).toMatchObject({ reason: expect.stringMatching(/unit-us's activation is over: Pinned is removed from us-1/), rule: "002 l.240–241" });
    // The side waiting in this step takes it (a reaction), and the table shows the model no longer Pinned.
    log = await act(log, pinLapse("unit-us"), []);
    expect(currentState(log).status["us-1"]!.pinned).toBe(false);
    expect(log.events.at(-1)).toMatchObject({ type: "action-taken", outcomes: [{ model: "us-1", effect: "unpinned" }] });
    expect(await dueNow(log)).toEqual([]);
  });

  it("a unit Pinned after its activation stays Pinned into the next turn, and loses that activation's bonus action", async () => {
    let log = advance(stepUp(turnOne(start()), "us-2")); // unit-us has had its activation; the Germans' step
    log = befalls(log, "us-1", "pinned", "pinned");
    log = advance(advance(log));
    expect(currentState(log).step!.phase).toBe("end");
    expect(await dueNow(log)).toEqual([]);
    log = advance(log); // turn 2: the turn's step lifts no pin
    expect(log.events.at(-1)).not.toHaveProperty("pinsLapse");
    expect(currentState(log).status["us-1"]!.pinned).toBe(true);
    log = stepUp(log, "us-1");
    expect((await verdictOn(log, "us-1")).refusal!.reason).toMatch(/Pinned: it loses its bonus action/);
    expect(await dueNow(advance(log))).toEqual([pinLapse("unit-us")]);
  });

  it("a Pinned unit that neither moved nor acted: its lapse is due at the turn's end (sample reading); taken early, refused", async () => {
    let log = befalls(turnOne(start()), "bar-1", "pinned", "pinned");
    log = advance(stepUp(log, "us-1"));
    expect(await dueNow(log)).toEqual([]);
    expect((await tableAt(log)).act(pinLapse("unit-bar"), scriptedDice([])).refused).toEqual([
      { reason: "no model of unit-bar is Pinned past the end of its activation", rule: "002 l.240–241" },
    ]);
    expect(await dueNow(advance(advance(log)))).toEqual([pinLapse("unit-bar")]);
  });

  it("option whole-turn: the activation is the turn, so every Pinned model's lapse falls due at the turn's end", async () => {
    let log = stepUp(befalls(turnOne(start({ activation: "whole-turn" })), "us-1", "pinned", "pinned"), "us-1");
    log = advance(log);
    expect(await dueNow(log)).toEqual([]);
    expect(await dueNow(advance(advance(log)))).toEqual([pinLapse("unit-us")]);
  });

  it("in free play the players lift Pinned when they say the activation ended", async () => {
    const log = await act(befalls(start(), "us-1", "pinned", "pinned"), pinLapse("unit-us"), []);
    expect(currentState(log).status["us-1"]!.pinned).toBe(false);
  });
});

describe("Morale tests (002 l.226, 232, 245–249)", () => {
  const inContact = [rifleman("us-1", "us", 60), { ...rifleman("ger-1", "ger", 60, "B"), position: [60, 30 + 2.5 + 0.2] as [number, number] }];

  it("a charge in a game's turn comes after its Morale test: refused before it, allowed after a pass, refused after a failure", async () => {
    const log = turnOne(start({}, inContact));
    const charge: BgFireDeclaration = { shooter: "unit-us", target: "unit-ger", action: "close-combat" };
    const before = (await tableAt(log)).judge(charge);
    expect(before.valid).toBe(false);
    expect(before.rulings[0]).toMatchObject({ reason: expect.stringMatching(/take the Morale test before a charge first/), rule: "002 l.247–248" });
    const morale: ActionRequest = { action: "charge", unit: "unit-us", target: "unit-ger" };
    const passed = await act(log, morale, [3]);
    expect(gameState(history(passed)).models!["us-1"]!.charge).toEqual({ morale: "passed", target: "unit-ger" });
    expect((await tableAt(passed)).judge(charge).valid).toBe(true);
    // Close combat, the action: refused before the test, fought after it (attack d20, defence d20).
    expect((await tableAt(log)).act({ action: "close-combat", unit: "unit-us", target: "unit-ger" }, scriptedDice([])).refused).toBeDefined();
    const fight = (await tableAt(passed)).act({ action: "close-combat", unit: "unit-us", target: "unit-ger" }, diceAfter(passed, [15, 2]));
    expect(fight.outcomes).toEqual([{ model: "ger-1", effect: "casualty", detail: "lost the close combat" }]);
    const failed = await act(log, morale, [20]);
    const refused = (await tableAt(failed)).judge(charge);
    expect(text(refused.rulings)).toMatch(/failed the Morale test before a charge: they lose their Standard Action/);
    // In free play the test is the players' own: the charge is judged as before.
    expect((await tableAt(start({}, inContact))).judge(charge).valid).toBe(true);
  });

  it("a model killed makes the unit's Morale test due; Pinned does not count against it (l.240), a kill 'with −1' does (l.226)", async () => {
    let log = befalls(turnOne(start()), "us-1", "pinned", "pinned");
    log = befalls(log, "us-2", "casualty", KILLED_WITH_MORALE, "unit-us");
    expect(gameState(history(log)).losses).toEqual({ "unit-us": { killed: 1, withMorale: 1, tested: false } });
    const losses = { action: "morale-test", unit: "unit-us", answers: { cause: "losses" } };
    expect(battleground.actions!.due!((await tableAt(log)).ctx, "A")).toEqual([{ request: losses, why: expect.objectContaining({ rule: "002 l.224–226" }) }]);
    const die = diceOf((await tableAt(log)).act(losses, scriptedDice([20])))[0]!;
    expect(die.meaning).toMatch(/1 model\(s\) killed with −1 to the morale test/);
    expect(die.meaning).not.toMatch(/Pinned/);
    const tested = await act(log, losses, [20]);
    expect(battleground.actions!.due!((await tableAt(tested)).ctx, "A")).toEqual([]);
  });

  it("an immobilised vehicle's crew Morale test is due; failed, the crew abandons it and it neither moves nor fires (l.232)", async () => {
    const tank: Placed = { id: "tank", model: "us-sherman-m4", position: [60, 30], heading: 0, side: "A", unit: "armour" };
    const log = befalls(turnOne(start({}, [tank, rifleman("ger-1", "ger", 60, "B")])), "tank", "damaged", "immobilised (to the end of the game)");
    const crew = { action: "morale-test", unit: "unit-armour", answers: { cause: "crew" } };
    expect(battleground.actions!.due!((await tableAt(log)).ctx, "A").map((d) => d.request)).toEqual([crew]);
    const abandoned = await act(log, crew, [20]);
    expect(currentState(abandoned).status.tank!.markers).toContain("abandoned by its crew");
    expect(battleground.actions!.due!((await tableAt(abandoned)).ctx, "A")).toEqual([]);
    expect(text((await tableAt(abandoned)).judge({ shooter: "tank", target: "ger-1" }).firers[0]!.rulings)).toMatch(/abandoned by its crew/);
  });
});

describe("the charge move (002 l.245–253): one full move into contact, or it falls short", () => {
  const apart = [rifleman("us-1", "us", 60), { ...rifleman("ger-1", "ger", 60, "B"), position: [60, 30 + 4 * IN] as [number, number] }];
  const charge: ActionRequest = { action: "charge", unit: "unit-us", target: "unit-ger" };
  const closeCombat: BgFireDeclaration = { shooter: "unit-us", target: "unit-ger", action: "close-combat" };
  const charged = () => act(turnOne(start({}, apart)), charge, [3]);

  it("after a passed Morale test the move is the charge move, with its ruling; close combat waits for it", async () => {
    const log = await charged();
    const verdict = await verdictOn(log, "us-1", 1);
    expect(verdict.allowed).toBe(true);
    expect(verdict.rulings).toContainEqual({
      reason: expect.stringMatching(
        /us-1 makes its charge move at unit-ger: one full move \(6 MP\); short of contact it stops there and loses its Standard Action/,
      ),
      rule: "002 l.245, 251–253",
    });
    expect((await tableAt(log)).judge(closeCombat).rulings[0]).toMatchObject({ reason: expect.stringMatching(/not in contact .* charge move comes first/) });
    // An ordinary move has no such ruling.
    expect((await verdictOn(turnOne(start({}, apart)), "us-1", 1)).rulings.map((r) => r.rule)).not.toContain("002 l.245, 251–253");
  });

  it("short of contact it stops after its full move and loses its Standard Action: no more move, no shot, no close combat (l.252–253)", async () => {
    const log = stepUp(await charged(), "us-1", 1);
    expect(gameState(history(log)).models!["us-1"]!.charge).toEqual({ morale: "passed", target: "unit-ger", moved: true });
    const short = { reason: "unit-us's charge at unit-ger fell short: it stopped after a full move and lost its Standard Action", rule: "002 l.252–253" };
    expect((await verdictOn(log, "us-1", 1)).refusal).toEqual(short);
    const t = await tableAt(log);
    expect(t.judge({ shooter: "us-1", target: "ger-1" }).firers[0]!.rulings).toEqual([short]);
    expect(t.judge(closeCombat).rulings).toContainEqual(short);
    expect(t.act({ action: "close-combat", unit: "unit-us", target: "unit-ger" }, scriptedDice([])).refused).toContainEqual(short);
  });

  it("in contact its Standard Action is the attack: close combat, not a shot nor another move (l.245–246)", async () => {
    const log = stepUp(await charged(), "us-1", (4 * IN - 2.6) / IN);
    const t = await tableAt(log);
    expect(t.judge(closeCombat).valid).toBe(true);
    expect(text(t.judge({ shooter: "us-1", target: "ger-1" }).firers[0]!.rulings)).toMatch(/its Standard Action is the attack \(Close combat\), not a shot/);
    expect((await verdictOn(log, "us-1", 1)).refusal).toMatchObject({ reason: expect.stringMatching(/charged into contact/), rule: "002 l.245–246" });
  });

  it("a failed Morale test before a charge loses the Standard Action: no shot either (l.248–249)", async () => {
    const log = await act(turnOne(start({}, apart)), charge, [20]);
    expect((await tableAt(log)).judge({ shooter: "us-1", target: "ger-1" }).firers[0]!.rulings).toEqual([
      { reason: "us-1 failed the Morale test before a charge: it lost its Standard Action", rule: "002 l.248–249" },
    ]);
  });

  it("the shipped whole-game replay (npm run sample-game -- --ruleset battleground) shows rallies, charges with their Morale test, close combat and Pinned lifted", () => {
    const events = (JSON.parse(readFileSync("public/replays/battleground.json", "utf8")) as { events: GameEvent[] }).events;
    const taken = (action: string) => events.flatMap((e) => (e.type === "action-taken" && e.action === action ? [e] : []));
    for (const action of ["rally", "charge", "close-combat", "pin-lapse"]) expect(taken(action).length, action).toBeGreaterThan(0);
    expect(
      taken("charge")
        .map((e) => e.summary)
        .join("\n"),
    ).toMatch(/morale test before a charge \d+ against \d+ .*→ passes/);
  });

  it("a charge is the bases': a unit of vehicles is refused; a rally of a unit nobody suppressed is refused (l.235, 245)", async () => {
    const tank: Placed = { id: "tank", model: "us-sherman-m4", position: [60, 30], heading: 90, side: "A", unit: "armour" };
    const t = await tableAt(turnOne(start({}, [tank, rifleman("ger-1", "ger", 60, "B")])));
    expect(t.act({ action: "charge", unit: "unit-armour", target: "unit-ger" }, scriptedDice([])).refused![0]!.rule).toBe("002 l.245–251");
    const rally = (await tableAt(turnOne(start()))).act({ action: "rally", unit: "unit-us" }, scriptedDice([]));
    expect(rally.refused).toEqual([{ reason: "no model of unit-us is Suppressed", rule: "002 l.235–237" }]);
    // What a scripted player tries (ActionSpec.tried): the rally first; the charge at an enemy within one full move (6"), then close combat.
    const tried = Object.fromEntries(battleground.actions!.actions.filter((a) => a.tried).map((a) => [a.id, a.tried]));
    expect(tried).toEqual({
      rally: { when: "before-move" },
      charge: { when: "before-move", within: 6 * IN },
      "close-combat": { when: "after-move", within: 6 * IN },
    });
  });
});

describe("immobilisation on the move and what the app records (002 l.22–57, 73–75, 115–118)", () => {
  const tank: Placed = { id: "tank", model: "us-sherman-m4", position: [30, 30], heading: 0, side: "A", unit: "armour" };
  const woods: Feature = {
    id: "wood-1",
    kind: "woods",
    name: "Bois Carré",
    outline: [
      [60, 0],
      [66, 0],
      [66, 60],
      [60, 60],
    ],
    height: 8,
  };
  const startWoods = (): GameLog =>
    newGame(scenario([woods], [tank, rifleman("ger-1", "ger", 150, "B")]), {
      seed: 1944,
      ruleset: { id: "battleground", version: "sheet", options: {} },
      created: "2026-11-27T00:00:00Z",
    });
  const through = (log: GameLog): GameLog =>
    perform(log, {
      type: "move",
      model: "tank",
      to: { position: [80, 30], heading: 0 },
      path: [
        [30, 30],
        [80, 30],
      ],
    });
  const test: ActionRequest = { action: "immobilisation-test", unit: "unit-armour" };

  it("a tank through light woods (#) owes its immobilisation test before it moves or fires on; a passed test frees it", async () => {
    const log = through(turnOne(startWoods()));
    const after = await tableAt(log);
    const move = battleground.moveVerdict!(
      {
        model: "tank",
        path: [
          [80, 30],
          [85, 30],
        ],
      },
      after.ctx,
    );
    expect(move.refusal).toMatchObject({
      reason: expect.stringMatching(/drove through Bois Carré, marked #: its immobilisation test is due/),
      rule: "002 l.22, 25–27, 54",
    });
    expect(text(after.judge({ shooter: "tank", target: "ger-1" }).rulings)).toMatch(/immobilisation test is due/);
    expect(battleground.actions!.due!(after.ctx, "A").map((d) => d.request)).toEqual([test]);
    const r = after.act(test, scriptedDice([1]));
    // In woods the test is against 2 × Training − Training + Class (l.33–34, 53).
    expect(diceOf(r)[0]!.meaning).toMatch(/in woods the Class is added.*moving through woods: −Training/);
    const passed = record(log, actionEvent(battleground, test, r, 0));
    expect((await verdictOn(passed, "tank", 1)).allowed).toBe(true);
  });

  it("a failed test bogs it down; failed unbogging tests are counted from the log, −4 each (l.51, 56–57)", async () => {
    let log = await act(through(turnOne(startWoods())), test, [20]);
    expect(currentState(log).status.tank!.markers).toContain("bogged down");
    log = await act(log, test, [20]);
    expect(gameState(history(log)).models!.tank!.failedUnbogging).toBe(1);
    const third = (await tableAt(log)).act(test, scriptedDice([20]));
    expect(diceOf(third)[0]!.meaning).toMatch(/− 4 \(1 failed unbogging test\(s\)\)/);
  });

  it("each model's shot is its own weapon's, so a mixed unit's next shot matches it (+2, l.71), and target changes are counted (l.115)", async () => {
    const models: Placed[] = [
      { ...rifleman("us-1", "us", 40), position: [40, 60], heading: 0 },
      { id: "gun", model: "ger-pak40", position: [55, 60], heading: 0, side: "A", unit: "us" },
      { id: "car", model: "ger-kubelwagen", position: [45, 100], heading: 90, side: "B", unit: "car" },
      { ...rifleman("ger-2", "ger2", 90, "B"), position: [90, 100] },
    ];
    const atCar: BgFireDeclaration = { shooter: "unit-us", target: "unit-car" };
    let log = await shoot(turnOne(start({}, models)), atCar, Array(20).fill(19));
    const state = gameState(history(log)).models!;
    expect(log.events.at(-1)).toMatchObject({ weapon: "small-arms+main-gun" });
    expect(state["us-1"]!.lastShot).toEqual({ weapon: "small-arms", target: "unit-car" });
    expect(state.gun!.lastShot).toEqual({ weapon: "main-gun", target: "unit-car" });
    // The rifleman's next shot at the car is a subsequent shot of his own weapon.
    const again = (await tableAt(log)).judge({ shooter: "us-1", target: "unit-car" });
    expect(again.firers[0]!.shot!.modifiers).toContainEqual(expect.objectContaining({ value: 2, reason: "a subsequent shot at car" }));
    log = await shoot(log, { shooter: "us-1", target: "unit-ger2" }, Array(20).fill(19));
    expect(gameState(history(log)).models!["us-1"]!.targetChanges).toBe(1);
  });

  it("quality is a mark kept for the game; a wounded model is Damaged (−5, l.75; the sheet does not define Damaged)", async () => {
    let log = perform(turnOne(start()), { type: "set-model-state", ruleset: "battleground", model: "us-1", state: { quality: "veteran" } });
    expect(gameState(history(log)).models!["us-1"]!.quality).toBe("veteran");
    log = befalls(log, "us-2", "damaged", "wounded");
    expect(gameState(history(log)).models!["us-2"]!.damaged).toBe(true);
  });
});
