/**
 * Operation WW2's game as its actions leave it (the action-taken events' records, read back): each side's
 * command cards, the initiative being laid, the chain of orders and reactions open now, the order each unit has
 * this turn, panicked and rallied units, morale tests taken for the losses, lone models tested. A record holds
 * the part of the game its action changed as it stands after it, the fold keeping the last of each; a side's hand
 * is recorded whole only by its secret actions (the cards drawn), and a card played publicly is recorded alone,
 * so no public record shows a hand. A new turn clears what lasts a turn (the played cards go back into the deck,
 * 000 l.78). A step of the turn bar closes the chain open in the last one: moving on is both players passing.
 * Another seat online reads a secret record as `{ hidden }`: it skips it.
 */
import { fallenByUnit } from "../../core/game/state";
import type { GameHistory } from "../ruleset";
import { endOfTurn, NO_CARDS, playCard } from "./cards";
import { NEW_CHAIN } from "./chain";
import { RULESET_ID } from "./tables";
import type { Card, CardsState, Initiative, Ow2Play, SpottingState } from "./types";

export const NO_INITIATIVE: Initiative = { laid: [], attempt: 1 };

export const NEW_PLAY: Ow2Play = {
  turn: 0,
  cards: {},
  drawn: [],
  initiative: NO_INITIATIVE,
  chain: NEW_CHAIN,
  ordered: {},
  lastOrders: {},
  panicked: [],
  recovered: [],
  rallied: [],
  testedLosses: {},
  loneTested: [],
  baptised: {},
  losses: {},
};

/** What an action's record changes: its parts of the game as they stand after it, and the cards it played from a hand. */
export type PlayRecord = Partial<Omit<Ow2Play, "turn" | "losses" | "lastOrders">> & {
  readonly played?: ReadonlyArray<{ readonly side: string; readonly card: Card }>;
};

function applyRecord(play: Ow2Play, record: PlayRecord): Ow2Play {
  const { played, cards: hands, ...rest } = record;
  const cards: Record<string, CardsState> = { ...play.cards, ...hands };
  for (const { side, card } of played ?? []) cards[side] = playCard(cards[side] ?? NO_CARDS, card);
  return { ...play, ...rest, cards };
}

/** The turn's end: played cards back into the deck, the turn's orders, recoveries, tests and initiative cleared. */
function newTurn(play: Ow2Play, turn: number): Ow2Play {
  const cards = Object.fromEntries(Object.entries(play.cards).map(([side, c]) => [side, endOfTurn(c)]));
  return {
    ...NEW_PLAY,
    turn,
    cards,
    lastOrders: { ...play.lastOrders, ...play.ordered },
    panicked: play.panicked,
    testedLosses: play.testedLosses,
    // A vehicle stuck stays so until a test frees it (v2.0) or its turn is over (v1: read by the turn it got stuck).
    ...(play.stuck ? { stuck: play.stuck } : {}),
    ...(play.immobilised ? { immobilised: play.immobilised } : {}),
    // A unit stays on or off its bicycles until it gets on or off again.
    ...(play.bicycles ? { bicycles: play.bicycles } : {}),
  };
}

const isRecord = (v: unknown): v is { play: PlayRecord } => typeof v === "object" && v !== null && "play" in v;

/** The play at a point of the game, from its events. */
export function playOf(history: GameHistory): Ow2Play {
  let play = NEW_PLAY;
  for (const e of history.events) {
    if (e.type === "turn-advanced" || e.type === "turn-ended") {
      const turn = e.type === "turn-advanced" ? e.turn : play.turn + 1;
      play = turn !== play.turn ? newTurn(play, turn) : { ...play, chain: NEW_CHAIN };
    } else if (e.type === "action-taken" && e.ruleset === RULESET_ID && isRecord(e.details)) {
      play = applyRecord(play, e.details.play);
    }
  }
  return { ...play, losses: fallenByUnit(history.state) };
}

/**
 * A unit's state for the spotting table from its execution marker (000 l.116, l.118–126; §5.8): stationary until
 * its first order (l.1006); a Move order moving (INFERRED for infantry: a slow move counts as stationary, l.118, but
 * slow or fast is not recorded); Fire, Covering Fire and Charge firing; an Ambush firing only if the unit fired with
 * it this turn (`firedNow`), else stationary (whether it fired in an earlier turn is not recorded).
 */
export function spottingStateOf(play: Ow2Play, unit: string, firedNow: boolean): SpottingState {
  const now = play.ordered[unit];
  const order = now ?? play.lastOrders[unit];
  switch (order) {
    case undefined:
      return "stationary";
    case "move":
      return "moving";
    case "ambush":
      return now !== undefined && firedNow ? "firing" : "stationary";
    default:
      return "firing";
  }
}
