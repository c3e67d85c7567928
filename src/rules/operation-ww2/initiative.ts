/**
 * The initiative (§2.4, 000 l.86–88): both players lay a card face down and turn them together; the lower
 * priority wins, the order on it does not count. A tie is played again with new cards; after 5 ties each plays
 * the top card of the deck. Every card laid for it is discarded: none of them gives an order.
 */
import type { Ruling } from "../ruleset";
import { cardName } from "./cards";
import type { Card } from "./types";

/** Ties played again with cards from the hand before the deck's top cards decide (000 l.88). */
export const TIES_FROM_HAND = 5;

export interface InitiativeReveal {
  /** The winner, the side with the lower priority; absent on a tie. */
  readonly winner?: string;
  /** On a tie: where the next cards come from, the hand or (after 5 ties) the top of the deck. */
  readonly again?: "hand" | "deck";
  readonly ruling: Ruling;
}

/**
 * The cards of attempt `attempt` (from 1) turned over together. After the fifth tie the deck's top cards decide; the
 * source does not say what a tie of those does, so the top cards are drawn again (INFERRED).
 */
export function revealInitiative(laid: ReadonlyArray<{ readonly side: string; readonly card: Card }>, attempt: number): InitiativeReveal {
  const [a, b] = laid;
  if (!a || !b || laid.length !== 2) throw new Error(`the initiative is laid by two players, got ${laid.length} card(s)`);
  const shown = `${a.side} ${cardName(a.card)}, ${b.side} ${cardName(b.card)}`;
  if (a.card.priority !== b.card.priority) {
    const winner = a.card.priority < b.card.priority ? a : b;
    return {
      winner: winner.side,
      ruling: { reason: `${shown}: the lower priority ${winner.card.priority} wins, ${winner.side} gives the first order`, rule: "000 l.88" },
    };
  }
  const again = attempt >= TIES_FROM_HAND ? "deck" : "hand";
  return {
    again,
    ruling: {
      reason: `${shown}: a tie (${attempt} of ${TIES_FROM_HAND}), ${again === "hand" ? "both lay new cards" : "both play the top card of the deck"}`,
      rule: "000 l.88",
    },
  };
}
