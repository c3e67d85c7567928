/**
 * Command cards (§2.3, 000 l.61–78): each player's own deck (a sample one: the source never prints it), the
 * hand each army draws in the first turn and refills to in every later one, the American and British redraws,
 * and the played cards that go back into the deck at the end of the turn. Drawing takes a card at random from
 * what is left of the deck (a shuffled deck's top card), on the game's seeded dice.
 */
import type { Dice, DieRoll } from "../../core/dice";
import type { Ruling } from "../ruleset";
import { type Ow2Context, sampleMark } from "./context";
import type { Card, CardsState } from "./types";

/** The armies whose hands the source sizes (000 l.63–74); any other army draws as the general rule (l.63). */
export const ARMIES = ["german", "american", "russian", "british", "other"] as const;
export type Army = (typeof ARMIES)[number];

/** What each army draws before its one card a unit, and the redraw it has (000 l.63–74, l.78). */
const HANDS: Readonly<Record<Army, { readonly base: number; readonly rule: string }>> = {
  german: { base: 7, rule: "000 l.64–65, l.78" },
  american: { base: 5, rule: "000 l.67–68" },
  russian: { base: 5, rule: "000 l.70–71" },
  british: { base: 5, rule: "000 l.73–74" },
  other: { base: 5, rule: "000 l.63" },
};

/** The nation codes of the model catalog (ModelDefinition.nation) and the army each one is. */
const NATIONS: Readonly<Record<string, Army>> = {
  ger: "german",
  us: "american",
  sov: "russian",
  ussr: "russian",
  gb: "british",
  uk: "british",
  brit: "british",
};

/** A side's army: the nation most of its models are, as the catalog names them. */
export function armyOf(ctx: Ow2Context, side: string): Army {
  const counts = new Map<Army, number>();
  for (const m of ctx.models.values()) {
    if (m.side !== side) continue;
    const army = NATIONS[m.def.nation ?? ""] ?? "other";
    counts.set(army, (counts.get(army) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "other";
}

/**
 * The hand an army holds: its base and one card a unit, every unit in the first turn (000 l.63) and each
 * unbroken one in the later turns (l.78), the panicked units drawing none.
 */
export function handSize(army: Army, units: number): { readonly size: number; readonly ruling: Ruling } {
  const { base, rule } = HANDS[army];
  return { size: base + units, ruling: { reason: `${base} cards and one for each of ${units} units: ${base + units}`, rule } };
}

/** The whole deck of the command-cards table. */
export function fullDeck(ctx: Ow2Context): Card[] {
  return ctx.tables["command-cards"].deck.flatMap(({ order, priorities }) => {
    const seen = new Map<number, number>();
    return priorities.map((priority) => {
      const n = (seen.get(priority) ?? 0) + 1;
      seen.set(priority, n);
      return { id: `${order}-${priority}${n > 1 ? `-${n}` : ""}`, order, priority };
    });
  });
}

export const NO_CARDS: CardsState = { hand: [], played: [] };

/** What is left in the deck: the full deck less the hand and the played cards. */
export function deckLeft(ctx: Ow2Context, cards: CardsState): Card[] {
  const out = new Set([...cards.hand, ...cards.played].map((c) => c.id));
  return fullDeck(ctx).filter((c) => !out.has(c.id));
}

/** `n` cards drawn at random from `deck`, one die each (the last card is taken without a roll). */
export function draw(deck: readonly Card[], n: number, dice: Dice, side: string): { cards: Card[]; rolls: DieRoll[] } {
  const left = [...deck];
  const cards: Card[] = [];
  const rolls: DieRoll[] = [];
  while (cards.length < n && left.length) {
    const at = left.length === 1 ? 0 : dice.roll(left.length, `${side} draws a command card (${left.length} in the deck)`) - 1;
    if (left.length > 1) rolls.push({ ...dice.rolls[dice.rolls.length - 1]! });
    cards.push(...left.splice(at, 1));
  }
  return { cards, rolls };
}

export interface Refill {
  readonly cards: CardsState;
  readonly drawn: readonly Card[];
  readonly rolls: readonly DieRoll[];
  readonly rulings: readonly Ruling[];
}

/**
 * The hand refilled to its size at the start of a turn (000 l.63, l.78): as many cards drawn as it lacks; a hand
 * already as large keeps its cards (the cards in hand are carried on, l.78). A deck run dry draws what it has.
 */
/** The manoeuvre cards of the alternative card draw (000 l.1041): Move and Charge; the rest are fire cards. */
export const isManoeuvre = (c: Card): boolean => c.order === "move" || c.order === "charge";

/**
 * The hand refilled to its size at the start of a turn (000 l.63, l.78): as many cards drawn as it lacks; a hand
 * already as large keeps its cards (the cards in hand are carried on, l.78). A deck run dry draws what it has.
 * `manoeuvre`: the alternative card draw (000 l.1039–1044, a player's choice, said to the other), this many from
 * the half of Move and Charge cards and the rest from the half of fire cards.
 */
export function refill(ctx: Ow2Context, cards: CardsState, army: Army, units: number, dice: Dice, side: string, manoeuvre?: number): Refill {
  const { size, ruling } = handSize(army, units);
  const lacking = Math.max(0, size - cards.hand.length);
  const deck = deckLeft(ctx, cards);
  const halves =
    manoeuvre === undefined
      ? [{ deck, n: lacking }]
      : [
          { deck: deck.filter(isManoeuvre), n: Math.min(manoeuvre, lacking) },
          { deck: deck.filter((c) => !isManoeuvre(c)), n: lacking - Math.min(manoeuvre, lacking) },
        ];
  const draws = halves.map((h) => draw(h.deck, h.n, dice, side));
  const drawn = draws.flatMap((d) => d.cards);
  const rolls = draws.flatMap((d) => d.rolls);
  const rulings: Ruling[] = [
    { ...ruling, ...sampleMark(ctx, "command-cards") },
    {
      reason: `${cards.hand.length} in hand: ${drawn.length} drawn${drawn.length < lacking ? ` (the deck held only ${drawn.length})` : ""}`,
      rule: "000 l.78",
      ...sampleMark(ctx, "command-cards"),
    },
    ...(manoeuvre === undefined
      ? []
      : [
          {
            reason: `alternative card draw: ${draws[0]!.cards.length} from the Move and Charge cards, ${draws[1]!.cards.length} from the fire cards`,
            rule: "000 l.1041–1044",
          },
        ]),
  ];
  return { cards: { ...cards, hand: [...cards.hand, ...drawn] }, drawn, rolls, rulings };
}

/** The most cards an army may throw back and redraw after drawing, and when (000 l.68, l.74); none for the others. */
export function redrawAllowance(army: Army, cards: CardsState, turn: number): { readonly most: number; readonly refusal?: Ruling; readonly rule: string } {
  const redrawn = cards.redrawn ?? [];
  if (army === "american")
    return redrawn.includes(turn)
      ? { most: 0, rule: "000 l.68", refusal: { reason: `the Americans redraw one card a turn, and have redrawn in turn ${turn}`, rule: "000 l.68" } }
      : { most: 1, rule: "000 l.68" };
  if (army === "british")
    return redrawn.length
      ? { most: 0, rule: "000 l.74", refusal: { reason: `the British redraw up to 3 cards once a game, and redrew in turn ${redrawn[0]}`, rule: "000 l.74" } }
      : { most: 3, rule: "000 l.74" };
  return {
    most: 0,
    rule: "000 l.63–74",
    refusal: { reason: "only the American (one card every turn) and the British (up to 3 once a game) redraw", rule: "000 l.68, l.74" },
  };
}

/** Cards thrown back and as many redrawn (the thrown ones go back into the deck only at the turn's end, with the played ones). */
export function redraw(
  ctx: Ow2Context,
  cards: CardsState,
  army: Army,
  ids: readonly string[],
  dice: Dice,
  at: { readonly side: string; readonly turn: number },
): Refill | { refusal: Ruling } {
  const { side } = at;
  const allowance = redrawAllowance(army, cards, at.turn);
  if (allowance.refusal) return { refusal: allowance.refusal };
  if (ids.length > allowance.most)
    return { refusal: { reason: `${side} may redraw at most ${allowance.most} card(s), not ${ids.length}`, rule: allowance.rule } };
  const thrown = ids.map((id) => cards.hand.find((c) => c.id === id));
  const missing = ids.find((_, i) => !thrown[i]);
  if (missing !== undefined) return { refusal: { reason: `${side} holds no card ${missing}`, rule: allowance.rule } };
  const kept = cards.hand.filter((c) => !ids.includes(c.id));
  const after: CardsState = { hand: kept, played: [...cards.played, ...(thrown as Card[])], redrawn: [...(cards.redrawn ?? []), at.turn] };
  const { cards: drawn, rolls } = draw(deckLeft(ctx, after), ids.length, dice, side);
  return {
    cards: { ...after, hand: [...kept, ...drawn] },
    drawn,
    rolls,
    rulings: [{ reason: `${ids.length} card(s) thrown back and ${drawn.length} redrawn`, rule: allowance.rule }],
  };
}

/** A card played (an order, the initiative): out of the hand where it is held (a card off the deck's top is not) into the played cards. */
export const playCard = (cards: CardsState, card: Card): CardsState => ({
  ...cards,
  hand: cards.hand.filter((c) => c.id !== card.id),
  played: [...cards.played, card],
});

/** The turn's end: the played cards are shuffled back into the deck, the hand is kept (000 l.78). */
export const endOfTurn = (cards: CardsState): CardsState => ({ ...cards, played: [] });

/** A card in words: "Fire 5". */
export const cardName = (c: Pick<Card, "order" | "priority">): string =>
  `${c.order === "covering-fire" ? "Covering Fire" : c.order[0]!.toUpperCase() + c.order.slice(1)} ${c.priority}`;
