/**
 * Which of a model's recorded marks still hold at a point of the game. The log keeps every mark a player
 * recorded (model-state-set, whole: each event carries all of the model's marks); a mark that lasts a turn
 * (Mark.lasts) holds only while no turn has ended since the model's marks were last recorded. A player's next
 * record starts from the marks in force, so a lapsed mark never comes back with it.
 */
import type { GameEvent } from "../core/game/events";
import { hasId, turnStart } from "../core/game/state";
import type { Answers, Mark } from "./questions";
import type { GameHistory, StateLine, SubjectSituation } from "./ruleset";

/** Whether the model's marks were recorded since the last turn ended. */
function recordedThisTurn(events: readonly GameEvent[], model: string): boolean {
  return events.slice(turnStart(events)).some((e) => e.type === "model-state-set" && e.model === model);
}

/** The marks in force on `model`: the system's own, recorded and still holding. */
export function marksInForce(history: GameHistory, marks: readonly Mark[], model: string): Answers {
  const recorded = hasId(history.state.modelStates, model) ? history.state.modelStates[model]! : {};
  const keys = Object.keys(recorded);
  if (!keys.length) return {};
  const thisTurn = marks.some((m) => m.lasts === "turn" && hasId(recorded, m.id)) && recordedThisTurn(history.events, model);
  return Object.fromEntries(
    keys.flatMap((id) => {
      const mark = marks.find((m) => m.id === id);
      return mark && (mark.lasts === "game" || thisTurn) ? [[id, recorded[id]!]] : [];
    }),
  );
}

/** A shooter or target of a system that keeps no marks: its state in words only. */
export const unmarkedSubject = (model: string, lines: readonly StateLine[] = []): SubjectSituation => ({ model, lines, marks: [], recorded: {}, fromGame: {} });
