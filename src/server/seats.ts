/**
 * Who may send what: a player acts only for their own side, a spectator for none. A command acts for the
 * sides of the models and units it touches; the shared table (terrain, templates, the turn, the game's
 * end) is either player's. Whose turn it is, the room asks the rule system (turnRefusal) of every event.
 */

import type { z } from "zod";
import { sideOf } from "../core/game/models";
import type { CommandMessage } from "../core/game/roomProtocol";
import type { GameState } from "../core/game/state";
import type { Scenario } from "../core/scenario/schema";

type Command = z.infer<typeof CommandMessage>;

const forceSide = (scenario: Scenario, force: string) => scenario.forces.find((f) => f.id === force)?.side;

/** The ids (models, units) and forces a command acts on, whose sides must be the sender's. */
function actedOn(command: Command): { ids: string[]; forces: string[]; sides: string[] } {
  switch (command.type) {
    case "move":
    case "traverse":
    case "remove-model":
    case "edit-model":
    case "set-model-state":
      return { ids: [command.model], forces: [], sides: [] };
    case "move-group":
      return { ids: command.moves.map((m) => m.model), forces: [], sides: [] };
    case "place-unit":
      return { ids: [], forces: [command.force], sides: [command.side] };
    case "edit-unit":
      return { ids: [command.unit], forces: command.force ? [command.force] : [], sides: [] };
    case "remove-unit":
      return { ids: [command.unit], forces: [], sides: [] };
    case "import-miniature":
      return { ids: [], forces: [command.force], sides: [] };
    default:
      return { ids: [], forces: [], sides: [] };
  }
}

/** Why the player of `side` may not send `command`, in the words a player reads; undefined when they may. */
export function seatRefusal(state: GameState, side: string, command: Command, nameOf: (id: string) => string): string | undefined {
  const { ids, forces, sides } = actedOn(command);
  for (const id of ids) {
    const owner = sideOf(state.scenario, id);
    if (owner !== undefined && owner !== side) return `${nameOf(id)} is ${owner}'s; you play ${side}`;
  }
  for (const force of forces) {
    const owner = forceSide(state.scenario, force);
    if (owner !== undefined && owner !== side) return `the force ${force} is ${owner}'s; you play ${side}`;
  }
  const other = sides.find((s) => s !== side);
  return other === undefined ? undefined : `you play ${side}, not ${other}`;
}

/** Why the player of `side` may not act with the model or unit `id` (a shot's shooter, an order's unit). */
export function actorRefusal(state: GameState, side: string, id: string, nameOf: (id: string) => string): string | undefined {
  const owner = sideOf(state.scenario, id);
  return owner !== undefined && owner !== side ? `${nameOf(id)} is ${owner}'s; you play ${side}` : undefined;
}
