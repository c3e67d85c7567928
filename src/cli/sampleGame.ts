/**
 * The shipped sample replay's game: six turns on the default battlefield played with the app's own
 * commands, and shots judged and resolved by the rule system from the game's seeded dice, exactly as the
 * sight worker does it (judgeShotInGame). Nothing in it is written by hand but the players' orders below.
 */

import { readFile } from "node:fs/promises";
import { type Command, toEvent } from "../core/game/commands";
import type { GameEvent } from "../core/game/events";
import { currentState, type GameLog, newGame, record } from "../core/game/gameLog";
import { findModel } from "../core/game/models";
import { scenarioCatalog } from "../core/miniatures/catalog";
import { catalogFor } from "../core/scale";
import { formatIssues, parseScenario } from "../core/scenario/load";
import type { Point } from "../core/scenario/schema";
import type { ReplayNote } from "../replay/replayFile";
import { fireEvent } from "../rules/judge";
import { DEFAULT_RULESET, rulesetById } from "../rules/registry";
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

export async function playSampleGame(seed = SAMPLE_SEED, turns: readonly (readonly Order[])[] = TURNS): Promise<SampleGame> {
  const parsed = parseScenario(JSON.parse(await readFile(DEFAULT_BATTLEFIELD_FILE, "utf8")), scenarioCatalog);
  if (!parsed.ok) throw new Error(`the default battlefield does not load:\n${formatIssues(parsed.issues)}`);
  const ruleset = rulesetById(DEFAULT_RULESET)!;
  let log = newGame(parsed.scenario, { seed, ruleset: { id: ruleset.id, version: ruleset.versions[0]!, options: {} }, created: new Date(START).toISOString() });
  const notes: ReplayNote[] = [];
  const skipped: string[] = [];
  const catalog = catalogFor(parsed.scenario.scale);
  let clock = START;
  const add = (event: GameEvent) => {
    log = record(log, event);
  };
  const perform = (command: Command, what: string) => {
    const result = toEvent(currentState(log), catalog, command, (clock += 4000));
    if (result.ok) add(result.event);
    else skipped.push(`${what}: ${result.error}`);
    return result.ok;
  };
  // One sight world moved along with the table, as a re-judged file or a game room keeps one.
  const table = gameTabletop(() => catalog);
  try {
    for (const [turn, orders] of turns.entries()) {
      for (const order of orders) {
        const state = currentState(log);
        const before = log.events.length;
        switch (order.kind) {
          case "advance": {
            const unit = state.scenario.forces.flatMap((f) => f.units).find((u) => u.id === order.unit);
            if (!unit) {
              skipped.push(`turn ${turn + 1}: ${order.unit} has no models left`);
              break;
            }
            const moves = unit.models.map((m) => ({
              model: m.id,
              to: { position: [m.position[0] + order.by[0], m.position[1] + order.by[1]] as Point, heading: m.heading },
              path: bowedPath(m.position, order.by),
            }));
            perform({ type: "move-group", moves }, `turn ${turn + 1}: ${order.unit} advances`);
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
            const declaration = { shooter: order.shooter, target: order.target };
            const answer = await judgeShotInGame(table, { game: log, declaration, roll: true });
            if (!answer.result)
              skipped.push(`turn ${turn + 1}: ${order.shooter} at ${order.target}: ${answer.verdict.rulings.map((r) => r.reason).join("; ")}`);
            else add(fireEvent(ruleset, declaration, answer.result, (clock += 6000)));
            break;
          }
        }
        if ("note" in order && order.note && log.events.length > before) notes.push({ event: log.events.length - 1, text: order.note });
      }
    }
  } finally {
    table.dispose();
  }
  return { log, notes, skipped };
}
