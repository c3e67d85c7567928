/**
 * Everything a game has ever had on its table: the starting battlefield with every unit, model and feature
 * placed since, under their latest names, and nothing taken away (casualties, deletions). Display names are
 * drawn from this, so a model keeps its name ("Panzergrenadier 5") in every log line after it falls or is
 * deleted, and a replay names the units its playhead has not reached yet.
 */
import { FeatureEditError } from "../edit/features";
import type { Scenario } from "../scenario/schema";
import { type GameEvent, GameEventError } from "./events";
import type { GameLog } from "./gameLog";
import { applyEvent, initialState } from "./state";

/** The events that bring something onto the table or rename it; the others move, shoot or take away. */
const BRINGS_OR_NAMES: ReadonlySet<GameEvent["type"]> = new Set([
  "unit-placed",
  "model-placed",
  "miniature-imported",
  "model-edited",
  "unit-edited",
  "features-added",
  "feature-changed",
  "features-changed",
]);

/** The table as if nothing had ever left it, over all of the log's events (those after the cursor too). */
export function everPlaced(log: Pick<GameLog, "header" | "events">): Scenario {
  let state = initialState(log.header.scenario);
  for (const event of log.events) {
    if (!BRINGS_OR_NAMES.has(event.type)) continue;
    try {
      state = applyEvent(state, event);
    } catch (error) {
      // An id brought back after it left (the table never had both at once): the first keeps its name.
      if (!(error instanceof GameEventError || error instanceof FeatureEditError)) throw error;
    }
  }
  return state.scenario;
}
