/**
 * The game's rule system as the panels use it: its rules at the cursor and a declared shot's situation, both
 * derived from the game log by the rule system (src/rules/gameContext.ts), and the actions that turn a
 * player's answers into game-log events: a mark set on a model, an order given, a shot rolled, the turn moved on.
 * No rule is decided here, and no rule system is named.
 */
import { useMemo } from "react";
import type { Battlefield } from "../core/battlefield";
import { eventsInEffect, type GameLog, nextDice } from "../core/game/gameLog";
import { checksMoves, dueIn, dueReason, type GameRecord, type RulesAt, rulesAt } from "../rules/gameContext";
import { actionEvent, fireEvent, giveOrder, orderEvent } from "../rules/judge";
import { marksInForce } from "../rules/marks";
import type { Answer } from "../rules/questions";
import type { ActionRequest, ActionResult, FireDeclaration, MoveVerdict, PickedModels, Situation } from "../rules/ruleset";
import { nextStep, turnEnd } from "../rules/turn";
import { useGame } from "./game";
import { getSightClient } from "./sightPool";

/** The game as it stands at the cursor: what a shot is judged in (the undone tail is not part of it). */
export const gameAtCursor = (log: GameLog): GameRecord => ({ header: log.header, events: log.events.slice(0, log.cursor) });

/** The last rules built at the cursor: every panel, the drag's verdict and each action read the same ones until the game changes. */
let built: { log: GameLog; battlefield: Battlefield; rules: RulesAt } | undefined;

function rulesAtCursor(log: GameLog, battlefield: Battlefield): RulesAt {
  if (built?.log !== log || built.battlefield !== battlefield)
    built = { log, battlefield, rules: rulesAt(log, log.cursor, { battlefieldOf: () => battlefield }) };
  return built.rules;
}

function rulesNow(): RulesAt {
  const { log, battlefield } = useGame.getState();
  return rulesAtCursor(log, battlefield);
}

/** The rules at the cursor, or why the game's rules cannot judge (tables that do not load, options it does not have). */
export function useRulesNow(): { rules?: RulesAt; error?: string } {
  const log = useGame((s) => s.log);
  const battlefield = useGame((s) => s.battlefield);
  return useMemo(() => {
    try {
      return { rules: rulesAtCursor(log, battlefield) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }, [log, battlefield]);
}

/** A declared shot as its rule system tells it before the verdict; undefined while the models are not both on the table. */
export function useSituation(rules: RulesAt | undefined, declaration: FireDeclaration, picked: PickedModels): Situation | undefined {
  const key = JSON.stringify([declaration, picked]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the declaration and the models are compared by their JSON (key): ones made afresh each render tell once
  return useMemo(() => {
    if (!rules?.context.models.has(picked.shooter) || !rules.context.models.has(picked.target)) return undefined;
    return rules.ruleset.situation(declaration, rules.context, rules.history, picked);
  }, [rules, key]);
}

/**
 * A dragged model's move as its rule system rules on it so far (allowance, cost, allowed), along the path the
 * drag has taken to where the pointer has it; undefined where the game checks no move (checksMoves).
 */
export function useMoveVerdict(model: string, path: readonly (readonly [number, number])[]): MoveVerdict | undefined {
  const { rules } = useRulesNow();
  if (!rules?.ruleset.moveVerdict || !checksMoves(rules.ruleset, rules.history.state) || !rules.context.models.has(model)) return undefined;
  return rules.ruleset.moveVerdict({ model, path: path.map(([x, z]) => [x, z]) }, rules.context);
}

/**
 * Records a mark on a model (undefined: back to the usual). The record starts from the marks in force, so a
 * mark whose turn has ended does not come back with it; a fixed default is the same as no mark.
 */
export function setMark(model: string, id: string, value: Answer | undefined): void {
  const { ruleset, history } = rulesNow();
  const mark = ruleset.marks.find((m) => m.id === id);
  if (!mark) return;
  const marks: Record<string, Answer> = { ...marksInForce(history, ruleset.marks, model) };
  if (value === undefined || (mark.derived === undefined && value === mark.default)) delete marks[id];
  else marks[id] = value;
  useGame.getState().perform({ type: "set-model-state", ruleset: ruleset.id, model, state: marks });
}

/** Ends the turn of a game in free play: order dice go back to the bag, except those the rule system keeps; the turn's moves and marks lapse. */
export function endTurn(): void {
  const remote = useGame.getState().remote;
  if (remote) return remote.send("end-turn", {});
  const { ruleset } = rulesNow();
  useGame.getState().recordEvent({ type: "turn-ended", ...turnEnd(ruleset.turn), time: Date.now() });
}

/** Moves the game on one step of its rule system's turn (from free play: to the deployment), a die drawn from the game's dice where the step draws one. */
export function advanceTurn(): void {
  const game = useGame.getState();
  if (game.state.ended) return;
  // Online the room takes the step, drawing any die from the game's secret dice.
  if (game.remote) return game.remote.send("advance-turn", {});
  const rules = rulesNow();
  const { ruleset } = rules;
  const due = dueIn(rules);
  if (due.length) return game.notify("error", game.names.inText(`Not yet: ${dueReason(ruleset, due)}`));
  game.recordEvent({ ...nextStep(ruleset.turn, game.state, nextDice(game.log), eventsInEffect(game.log)), time: Date.now() });
}

/** Gives a unit an order (its test rolled from the game's dice), into the game log. */
export function giveOrderNow(unit: string, order: string): void {
  const game = useGame.getState();
  // Online the room rolls the order test with the game's secret dice.
  if (game.remote) return game.remote.send("order", { unit, order });
  try {
    const { ruleset, result } = giveOrder(game.log, game.log.cursor, unit, order, { battlefieldOf: () => game.battlefield });
    if (game.recordEvent(orderEvent(ruleset, result))) game.notify("info", game.names.inText(result.summary));
  } catch (error) {
    game.notify("error", `Order: ${(error as Error).message}`);
  }
}

/**
 * Takes a rule system's own action (a card, a test, an assault) in the sight worker, with the game's dice at the
 * cursor, into the game log; the rules' refusal, with its rule, as the notice. Returns the result for the panel.
 */
export async function takeActionNow(request: ActionRequest): Promise<ActionResult | undefined> {
  const game = useGame.getState();
  // Online the room takes it with the game's secret dice; its event comes back like any other.
  if (game.remote) {
    game.remote.send("action", { request });
    return undefined;
  }
  try {
    const { ruleset } = rulesNow();
    const result = await getSightClient().action({ game: gameAtCursor(game.log), request });
    if (result.refused) game.notify("error", game.names.inText(result.refused.map((r) => `${r.reason} (${r.rule})`).join("; ")));
    else if (useGame.getState().recordEvent(actionEvent(ruleset, request, result))) game.notify("info", game.names.inText(result.summary));
    return result;
  } catch (error) {
    game.notify("error", `${request.action}: ${(error as Error).message}`);
    return undefined;
  }
}

/** Rolls a declared shot in the sight worker, with the game's dice at the cursor, into the game log. */
export async function rollShot(declaration: FireDeclaration & Record<string, unknown>): Promise<void> {
  const game = useGame.getState();
  // Online the room judges and rolls the shot with the game's secret dice.
  if (game.remote) return game.remote.send("fire", { declaration });
  try {
    const { ruleset } = rulesNow();
    const resolved = await getSightClient().fire({ game: gameAtCursor(game.log), declaration, roll: true });
    if (!resolved.result) game.notify("error", "The shot cannot be fired: see the verdict.");
    else if (useGame.getState().recordEvent(fireEvent(ruleset, declaration, resolved.result))) game.notify("info", resolved.result.summary);
  } catch (error) {
    game.notify("error", `Fire: ${(error as Error).message}`);
  }
}
