/**
 * Battleground WWII's game state comes from the game log: moves counted per turn give the fire mode (§3.3)
 * and the target's movement (§3.2), players record morale, camouflage and evasion with undoable checked
 * events, a shot is the next shot's "last target", a turn's end clears what belongs to the turn, and a
 * game file with these events loads (a tampered one does not). Judged on real Rapier scenes.
 */
import { describe, expect, it } from "vitest";
import { createDice } from "../../../src/core/dice";
import { type Command, toEvent } from "../../../src/core/game/commands";
import { parseGame, serializeGame } from "../../../src/core/game/gameFile";
import { currentState, type GameLog, newGame, record, undo } from "../../../src/core/game/gameLog";
import { MODEL_CATALOG } from "../../../src/core/miniatures/shipped";
import { inchesToCm } from "../../../src/core/units";
import type { BgFireVerdict } from "../../../src/rules/battleground";
import { battleground } from "../../../src/rules/battleground";
import { gameState, motionOf } from "../../../src/rules/battleground/gameState";
import { MARKS } from "../../../src/rules/battleground/questions";
import { fireEvent } from "../../../src/rules/judge";
import { marksInForce } from "../../../src/rules/marks";
import { RULESETS } from "../../../src/rules/registry";
import type { GameHistory } from "../../../src/rules/ruleset";
import { type Placed, scenario } from "../../helpers/scene";
import { BASE_R, bgTableFor, ger } from "./table";

const bazooka = (id: string, x: number, z = 60): Placed => ({ id, model: "us-bazooka", position: [x, z], side: "A", unit: "us" });
/** The rifleman 5.5" (edge to edge) from the bazooka: x rounds up to 6 (+6), and stays 6 after a 1 cm side step. */
const GER_X = 30 + 2 * BASE_R + inchesToCm(5.5);
const start = (): GameLog =>
  newGame(scenario([], [bazooka("us", 30), ger("ger", GER_X)]), {
    seed: 1944,
    ruleset: { id: "battleground", version: "sheet", options: {} },
    created: "2026-11-22T00:00:00Z",
  });

function perform(log: GameLog, command: Command): GameLog {
  const result = toEvent(currentState(log), MODEL_CATALOG, command, 0);
  if (!result.ok) throw new Error(result.error);
  return record(log, result.event);
}
const step = (model: string, x: number, z: number): Command => ({ type: "move", model, to: { position: [x, z], heading: 90 } });
const setState = (model: string, state: Extract<Command, { type: "set-model-state" }>["state"]): Command => ({
  type: "set-model-state",
  ruleset: "battleground",
  model,
  state,
});

/** The game at its cursor, as the rule system derives its state from it. */
const history = (log: GameLog): GameHistory => ({ events: log.events.slice(0, log.cursor), state: currentState(log) });

/** The verdict on the bazooka's shot at the rifleman in the game as the log has it. */
async function judged(log: GameLog): Promise<BgFireVerdict> {
  const state = currentState(log);
  const table = await bgTableFor(state.scenario, { game: gameState(history(log)) });
  return table.judge({ shooter: "us", target: "ger" });
}
const shotOf = (v: BgFireVerdict) => v.firers[0]!.shot!;
const modifier = (v: BgFireVerdict, pattern: RegExp) => shotOf(v).modifiers.filter((m) => m.roll === "to-hit" && pattern.test(m.reason));

describe("motion state from the game log's moves (§3.3)", () => {
  it("no move: OM1; one move: the Bonus Move, OM2 in the TN build-up; a second move: OM3, the bazooka's NO", async () => {
    const still = await judged(start());
    const om = (await bgTableFor(currentState(start()).scenario)).ctx.tables.weapons.bazooka!.om;
    expect(modifier(still, /^OM1/)).toMatchObject([{ value: om[0] }]);
    const once = perform(start(), step("us", 30, 61));
    expect(motionOf(history(once), "us")).toEqual({ motion: "bonus", recorded: false, moves: 1 });
    const moved = await judged(once);
    expect(modifier(moved, /^OM2: us moved in the Bonus Move/)).toMatchObject([{ value: om[1] }]);
    expect(shotOf(moved).need! - shotOf(still).need!).toBe(om[1]! - om[0]!);
    const twice = await judged(perform(once, step("us", 30, 60)));
    expect(twice.valid).toBe(false);
    expect(twice.firers[0]!.shots[0]!.rulings.map((r) => r.reason).join("\n")).toMatch(/cannot fire in OM3 \(the weapon table's NO\)/);
  });

  it("turning on the spot is no move; undoing the move gives OM1 back", async () => {
    const turned = perform(start(), { type: "move", model: "us", to: { position: [30, 60], heading: 45 } });
    expect(motionOf(history(turned), "us").motion).toBe("none");
    const undone = undo(perform(start(), step("us", 30, 61)));
    expect(modifier(await judged(undone), /^OM1/)).toHaveLength(1);
  });

  it("a target that moved this turn is moving (−1); one recorded as evading takes its evasion instead (fn. 2)", async () => {
    const still = await judged(start());
    const moving = await judged(perform(start(), step("ger", GER_X, 61)));
    expect(modifier(moving, /ger is moving/)).toMatchObject([{ value: -1 }]);
    expect(shotOf(moving).need).toBe(shotOf(still).need! - 1);
    const evading = await judged(perform(perform(start(), step("ger", GER_X, 61)), setState("ger", { movement: "evading", evasion: -4 })));
    expect(modifier(evading, /ger is evading \(-4\)/)).toHaveLength(1);
    expect(modifier(evading, /ger is moving/)).toEqual([]);
  });

  it("a player's record of both actions wins over the count: one long move made as OM3", async () => {
    const log = perform(perform(start(), step("us", 30, 61)), setState("us", { motion: "both" }));
    expect(motionOf(history(log), "us")).toEqual({ motion: "both", recorded: true, moves: 1 });
    expect((await judged(log)).valid).toBe(false);
  });
});

describe("morale, camouflage and the last target, recorded as events (§3.2, §3.4)", () => {
  it("Motivated +1 on the shooter and a camouflaged target −2, each an undoable event", async () => {
    const base = shotOf(await judged(start())).need!;
    const motivated = perform(start(), setState("us", { morale: "motivated" }));
    expect(shotOf(await judged(motivated)).need).toBe(base + 1);
    const camouflaged = perform(motivated, setState("ger", { camouflaged: true }));
    const v = await judged(camouflaged);
    expect(modifier(v, /ger is camouflaged/)).toMatchObject([{ value: -2 }]);
    expect(shotOf(v).need).toBe(base + 1 - 2);
    expect(shotOf(await judged(undo(camouflaged))).need).toBe(base + 1);
  });

  it("a shot recorded in the log makes the next one at the same target subsequent (a rocket gets no +2, fn. 1)", async () => {
    const log = start();
    const table = await bgTableFor(currentState(log).scenario, { game: gameState(history(log)) });
    const declaration = { shooter: "unit-us", target: "unit-ger" };
    const result = battleground.resolveFire(declaration, table.judge(declaration), createDice(log.header.seed), table.ctx, table.geometry);
    const after = record(log, fireEvent(battleground, declaration, result, 0));
    expect(gameState(history(after)).models!.us).toMatchObject({ lastShot: { weapon: "small-arms", target: "unit-ger" }, firedBefore: true });
    expect(modifier(await judged(after), /subsequent shot at ger, but not for rockets/)).toMatchObject([{ value: 0 }]);
  });

  it("the turn's end clears moves, evasion and last shots; morale and camouflage stay", async () => {
    let log = perform(start(), step("us", 30, 61));
    log = perform(log, setState("us", { morale: "motivated", movement: "running" }));
    log = perform(log, setState("ger", { camouflaged: true, movement: "evading", evasion: -3 }));
    log = record(log, { type: "turn-ended", kept: [] });
    const state = currentState(log);
    expect(state.moves).toEqual({});
    // The log keeps what was recorded; the marks of the ended turn no longer hold.
    expect(marksInForce(history(log), MARKS, "us")).toEqual({ morale: "motivated" });
    expect(marksInForce(history(log), MARKS, "ger")).toEqual({ camouflaged: true });
    const v = await judged(log);
    expect(modifier(v, /^OM1/)).toHaveLength(1);
    expect(modifier(v, /Motivated/)).toHaveLength(1);
    expect(modifier(v, /camouflaged/)).toHaveLength(1);
    expect(modifier(v, /evading|moving/)).toEqual([]);
    // A record in the next turn starts from the marks in force: the last turn's evasion does not come back.
    const next = perform(log, setState("ger", { ...marksInForce(history(log), MARKS, "ger"), morale: "broken" }));
    expect(marksInForce(history(next), MARKS, "ger")).toEqual({ camouflaged: true, morale: "broken" });
    expect(modifier(await judged(next), /evading/)).toEqual([]);
  });

  it("commands are checked: an unknown model, a state it already has, a change from a state it does not have", () => {
    const state = currentState(start());
    expect(toEvent(state, MODEL_CATALOG, setState("nobody", { morale: "broken" }))).toEqual({ ok: false, error: 'no model "nobody" on the table' });
    expect(toEvent(state, MODEL_CATALOG, setState("us", {}))).toEqual({ ok: false, error: "us's rule state is already so" });
    const stale = toEvent(currentState(perform(start(), setState("us", { morale: "broken" }))), MODEL_CATALOG, setState("us", { morale: "steady" }));
    expect(stale.ok && stale.event).toMatchObject({ type: "model-state-set", from: { morale: "broken" }, to: { morale: "steady" } });
  });
});

describe("game files with rule state", () => {
  it("a saved game with moves and model-state-set events loads and round-trips; a changed `from` is refused where it is", () => {
    const log = perform(perform(start(), step("us", 30, 61)), setState("ger", { camouflaged: true, morale: "disorganised" }));
    const text = serializeGame(log);
    const loaded = parseGame(text, MODEL_CATALOG, { rulesets: RULESETS });
    expect(loaded.ok && serializeGame(loaded.game.log)).toBe(text);
    const file = JSON.parse(text) as { events: Array<Record<string, unknown>> };
    file.events[1]!.from = { morale: "motivated" };
    const bad = parseGame(JSON.stringify(file), MODEL_CATALOG, { rulesets: RULESETS });
    expect(bad.ok ? bad.game.warning : bad.error).toMatch(/events\[1\]: model-state-set: ger's rule state is not what the change starts from/);
    file.events[1]!.from = {};
    file.events[1]!.to = { evasion: -7 };
    const outOfRange = parseGame(JSON.stringify(file), MODEL_CATALOG, { rulesets: RULESETS });
    expect(outOfRange.ok ? outOfRange.game.warning : outOfRange.error).toMatch(/events\[1\]\.to\.evasion/);
    // Only the marks the rule system keeps: Battleground asks no "heroic".
    file.events[1]!.to = { heroic: true };
    const unknown = parseGame(JSON.stringify(file), MODEL_CATALOG, { rulesets: RULESETS });
    expect(unknown.ok ? unknown.game.warning : unknown.error).toMatch(
      /events\[1\]\.to\.heroic: Battleground WWII asks no "heroic"; it asks motion, movement, evasion, morale, quality, camouflaged/,
    );
  });
});
