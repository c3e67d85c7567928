/** A short game on the default table for replay tests: real commands, shots rolled from the game's seed. */

import { createDice } from "../../src/core/dice";
import { type Command, toEvent } from "../../src/core/game/commands";
import type { GameEvent } from "../../src/core/game/events";
import { currentState, type GameLog, newGame, record, rolledSides } from "../../src/core/game/gameLog";
import { findModel } from "../../src/core/game/models";
import { scenarioCatalog } from "../../src/core/miniatures/catalog";
import { catalogFor } from "../../src/core/scale";
import { parseScenario } from "../../src/core/scenario/load";
import type { Point } from "../../src/core/scenario/schema";
import { DEFAULT_BATTLEFIELD } from "../../src/state/battlefields";

export function defaultScenario() {
  const parsed = parseScenario(DEFAULT_BATTLEFIELD, scenarioCatalog);
  if (!parsed.ok) throw new Error("default battlefield does not load");
  return parsed.scenario;
}

/** A short game on the default table: real commands, and a shot whose dice come from the game's seed. */
export function playedGame(): GameLog {
  const scenario = defaultScenario();
  const catalog = catalogFor(scenario.scale);
  let log = newGame(scenario, { seed: 7, ruleset: { id: "operation-ww2", version: "v2.0", options: {} }, created: "2026-01-01T00:00:00.000Z" });
  const perform = (command: Command) => {
    const result = toEvent(currentState(log), catalog, command, 0);
    if (!result.ok) throw new Error(result.error);
    log = record(log, result.event);
  };
  const shoot = (shooter: string, target: string, casualty: string) => {
    const dice = createDice(log.header.seed, rolledSides(log));
    const hit = dice.roll(10, "to hit");
    dice.roll(6, "damage");
    const event: GameEvent = {
      type: "fire-resolved",
      ruleset: "operation-ww2",
      shooter,
      weapon: "rifle",
      target,
      rolls: dice.rolls.map((r) => ({ ...r })),
      outcomes: [{ model: casualty, effect: hit > 5 ? "casualty" : "pinned", detail: "" }],
      summary: `${shooter} at ${target}`,
    };
    log = record(log, event);
  };
  // An L-shaped walk: 30 cm east then 40 cm north, 70 cm in all.
  perform({
    type: "move",
    model: "us-hq-m1",
    to: { position: [94, 70.5], heading: 0 },
    path: [
      [64, 30.5],
      [94, 30.5],
      [94, 70.5],
    ],
  });
  perform({ type: "traverse", model: "us-sherman-1", turretHeading: 90 });
  shoot("us-sq2", "ger-sq3", "ger-sq3-m4");
  perform({ type: "place-template", template: { id: "t1", shape: { kind: "blast", at: [60, 67], radii: [5] }, from: "above", label: "test" } });
  for (let i = 0; i < 30; i++) {
    const m = findModel(currentState(log).scenario, "us-sq1-m3")!;
    // Back out of the squad's line first, then to and fro: never onto a comrade or into the hedge.
    const to: Point = i === 0 ? [m.position[0], m.position[1] - 4] : [m.position[0] + (i % 2 ? -1.5 : 1.5), m.position[1]];
    perform({ type: "move", model: "us-sq1-m3", to: { position: to, heading: m.heading }, path: [m.position, to] });
  }
  shoot("ger-sq3", "us-sq2", "us-sq2-m5");
  return log;
}
