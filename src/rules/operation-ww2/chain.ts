/**
 * An order and its reactions (§2.5, 000 l.90–97, 004 l.2): the player whose chain it is gives a unit an order
 * with a card and says what it will do; the other may react with another unit and a card of lower priority, the
 * first counter-react, and so on until someone plays a priority 1 or passes. v2.0: once the other player has
 * passed, a player may go on giving orders in a row while each card's priority is lower than the last. Then the
 * orders are carried out lowest priority first. A unit takes one order a turn; a panicked unit takes none
 * (000 l.546), nor one that rallied this turn (l.551).
 */
import type { Ruling } from "../ruleset";
import { cardName } from "./cards";
import type { Chain, Link, Version } from "./types";

export const NEW_CHAIN: Chain = { links: [], passed: [] };

/** Why a unit may take no order now, from the turn's record; undefined when it may. */
export interface UnitOrders {
  /** Units given an order this turn (in this chain or an earlier one). */
  readonly ordered: ReadonlySet<string>;
  readonly panicked: ReadonlySet<string>;
  /** Units that rallied in this turn's panic recovery. */
  readonly rallied: ReadonlySet<string>;
}

function unitRefusal(unit: string, orders: UnitOrders): Ruling | undefined {
  if (orders.ordered.has(unit)) return { reason: `${unit} has had its order this turn`, rule: "000 l.116" };
  if (orders.panicked.has(unit)) return { reason: `${unit} is panicked: it takes no order until it rallies`, rule: "000 l.546" };
  if (orders.rallied.has(unit)) return { reason: `${unit} rallied this turn and takes no order in it`, rule: "000 l.551" };
  return undefined;
}

/** Whether the chain is closed: a priority 1 was played (nothing is lower), or the players passed (000 l.94, 004 l.2). */
export function chainClosed(chain: Chain, sides: readonly string[], version: Version): Ruling | undefined {
  const last = chain.links.at(-1);
  if (last && last.card.priority <= 1) return { reason: `${cardName(last.card)} was played: nothing can react to it`, rule: "000 l.94" };
  if (!last) return undefined;
  if (version === "v1" && chain.passed.length) return { reason: `${chain.passed[0]} passed: the chain is carried out`, rule: "000 l.94" };
  if (sides.every((s) => chain.passed.includes(s))) return { reason: "both players passed: the chain is carried out", rule: "004 l.2" };
  return undefined;
}

/**
 * Why `link` may not join the chain, with its line, or undefined: the chain's opening order comes from the
 * side whose chain it is; each reaction is another unit's with a lower priority than the last card, by the side
 * whose reply it is (v1: the sides alternate; v2.0: a side goes on while the other has passed).
 */
export function linkRefusal(
  chain: Chain,
  link: Link,
  context: { sides: readonly string[]; opener: string; version: Version; orders: UnitOrders },
): Ruling | undefined {
  const closed = chainClosed(chain, context.sides, context.version);
  if (closed) return closed;
  const unit = unitRefusal(link.unit, context.orders);
  if (unit) return unit;
  if (chain.links.some((l) => l.unit === link.unit)) return { reason: `${link.unit} already has an order in this chain`, rule: "000 l.92–94" };
  const last = chain.links.at(-1);
  if (!last) return link.side === context.opener ? undefined : { reason: `${context.opener} gives the first order of this chain`, rule: "000 l.49, l.91" };
  if (chain.passed.includes(link.side)) return { reason: `${link.side} passed in this chain`, rule: "000 l.94" };
  if (link.card.priority >= last.card.priority)
    return {
      reason: `a reaction needs a lower priority than ${cardName(last.card)}: ${cardName(link.card)} is not lower`,
      rule: "000 l.92, l.94",
    };
  if (link.side === last.side) {
    const other = context.sides.find((s) => s !== link.side);
    if (context.version === "v1" || (other !== undefined && !chain.passed.includes(other)))
      return {
        reason:
          context.version === "v1"
            ? `${link.side} gave the last order: it is the other player's reaction`
            : `${link.side} gave the last order: it goes on only once ${other} has passed`,
        rule: context.version === "v1" ? "000 l.92–94" : "004 l.2",
      };
  }
  return undefined;
}

/** The chain with `link` added, or the refusal. */
export function addLink(chain: Chain, link: Link, context: Parameters<typeof linkRefusal>[2]): Chain | { refusal: Ruling } {
  const refusal = linkRefusal(chain, link, context);
  return refusal ? { refusal } : { ...chain, links: [...chain.links, link] };
}

/** A pass, refused before the chain's first order and from a side that passed already. */
export function pass(chain: Chain, side: string): Chain | { refusal: Ruling } {
  if (!chain.links.length) return { refusal: { reason: "the chain's first order cannot be passed: every unbroken unit takes an order", rule: "000 l.37" } };
  if (chain.passed.includes(side)) return { refusal: { reason: `${side} passed already`, rule: "000 l.94" } };
  return { ...chain, passed: [...chain.passed, side] };
}

/** The order in which the chain is carried out: lowest priority first (000 l.53, l.94). */
export const executionOrder = (chain: Chain): Link[] => [...chain.links].sort((a, b) => a.card.priority - b.card.priority);
