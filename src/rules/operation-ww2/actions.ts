/**
 * Operation WW2's own actions (Ruleset.actions), each the rules of cards.ts, initiative.ts, chain.ts, morale.ts
 * and closeCombat.ts taken in the game: drawing the command cards and redrawing, the lone models' test, the panic
 * recovery, laying a card for the initiative, giving an order (or reacting) with a card, passing, close combat,
 * the morale test at the panic threshold, the baptism of fire, ramming and collisions, getting on or off bicycles, and night's searchlights and flares. Each action's record is the part
 * of the game it changed (play.ts reads it back); what the rules require now (`due`) is listed for the players.
 */
import type { Dice } from "../../core/dice";
import { type ModelFacts, modelsNamed } from "../context";
import { plainChoices, type Question } from "../questions";
import {
  type ActionGeometry,
  type ActionRequest,
  type ActionResult,
  type ActionSpec,
  type ActionSystem,
  type DueAction,
  type Ruling,
  refusedAction,
} from "../ruleset";
import { bicycleRefusal, ridesBicycle } from "./bicycles";
import { armyOf, cardName, deckLeft, draw, fullDeck, isManoeuvre, NO_CARDS, redraw, refill } from "./cards";
import { addLink, chainClosed, executionOrder, pass } from "./chain";
import { closeCombatRefusal, fightCloseCombat } from "./closeCombat";
import { collide, collisionRefusal } from "./collisions";
import { isV1, type Ow2Context, sampleMark } from "./context";
import { revealInitiative } from "./initiative";
import { baptismOfFire, loneModelTest, moraleTests, panicThreshold, recovery, testsDue } from "./morale";
import { fireFlare, lightingRefusal } from "./night";
import { NEW_PLAY, type PlayRecord } from "./play";
import { infiltrates, isVehicle } from "./profiles";
import { Referee } from "./referee";
import { type Card, type CardsState, type Facing, type Link, ORDERS, type Order, type Ow2Play } from "./types";
import { drivingTests, evadeTests, freeingTest, runOverRefusal } from "./vehicleMoves";

const CARD_QUESTIONS: readonly Question[] = [
  { id: "order", kind: "choice", label: "Card: order", rule: "000 l.99–112", default: "fire", choices: plainChoices(ORDERS) },
  { id: "priority", kind: "number", label: "Card: priority", rule: "000 l.88, l.92", min: 1, max: 99, step: 1, default: 5 },
];

export const ACTIONS: readonly ActionSpec[] = [
  {
    id: "deployment-draw",
    name: "Draw for deployment",
    rule: "000 l.995–1005",
    summary: "Each player turns over the top card of his deck: the higher priority number places a unit, then the other (the decks are shuffled again after)",
    phases: ["deployment"],
    by: "side",
    asks: [],
  },
  {
    id: "draw-cards",
    name: "Draw command cards",
    rule: "000 l.63–78",
    summary: "Refill the side's hand to 5 cards (the Germans 7) and one for each unbroken unit; the hand is its own",
    phases: ["cards"],
    by: "side",
    asks: [
      {
        id: "split",
        kind: "flag",
        label: "Alternative card draw",
        rule: "000 l.1039–1044",
        default: false,
        help: "Draw from two halves of the deck, the Move and Charge cards and the fire cards, saying how many from each (a player's choice).",
      },
      { id: "manoeuvre", kind: "number", label: "Move and Charge cards", rule: "000 l.1041", min: 0, max: 40, step: 1, default: 0 },
    ],
  },
  {
    id: "redraw",
    name: "Redraw cards",
    rule: "000 l.68, l.74",
    summary: "The Americans throw back 1 card every turn, the British up to 3 once a game, and draw as many (the slowest are thrown back)",
    phases: ["cards"],
    by: "side",
    asks: [{ id: "count", kind: "number", label: "Cards", rule: "000 l.68, l.74", min: 1, max: 3, step: 1, default: 1 }],
  },
  {
    id: "lone-model-test",
    name: "Lone model test",
    rule: "000 l.84, l.563",
    summary: "A unit down to one model tests its morale before the cards are drawn; on a failure it leaves the table",
    phases: ["cards"],
    by: "unit",
    asks: [],
  },
  {
    id: "recover",
    name: "Panic recovery",
    rule: "000 l.81–82, l.546–551",
    summary: "A panicked unit out of cover runs for it (move it); one in cover tests its morale to rally, and takes no order this turn",
    phases: ["panic"],
    by: "unit",
    asks: [],
  },
  {
    id: "initiative",
    name: "Lay a card for the initiative",
    rule: "000 l.86–88",
    summary: "Lay a card face down; when both are down they are turned over: the lower priority gives the first order",
    phases: ["initiative"],
    by: "side",
    asks: CARD_QUESTIONS,
  },
  {
    id: "give-order",
    name: "Give an order",
    rule: "000 l.90–97",
    summary: "Give the unit an order with a card from the hand; a reaction needs a lower priority than the last card of the chain",
    phases: ["orders"],
    by: "unit",
    asks: CARD_QUESTIONS,
    // The other player reacts to an order with a lower priority card (v2.0: several in a row once the other has passed): 000 l.92–94, 004 l.2.
    sides: "any",
  },
  {
    id: "pass",
    name: "Pass",
    rule: "000 l.94, 004 l.2",
    summary: "React no more: the chain is carried out lowest priority first (v2.0: the other player may still go on)",
    phases: ["orders"],
    by: "side",
    asks: [],
    // The other player reacts to an order with a lower priority card (v2.0: several in a row once the other has passed): 000 l.92–94, 004 l.2.
    sides: "any",
  },
  {
    id: "close-combat",
    name: "Close combat",
    rule: "000 l.517–527",
    summary: "A charging unit's models in base contact roll a d10 each against the enemy they touch: the higher hits (small arms damage, cover ignored)",
    phases: ["orders"],
    by: "unit",
    target: "enemy-unit",
    asks: [],
    // Either side: the charged unit fights back in the same close combat (000 l.527).
    sides: "any",
  },
  {
    id: "driving-test",
    name: "Driving test",
    rule: "000 l.615, l.623–630; 004 l.45–51",
    summary:
      "A vehicle 5 cm into terrain that asks for it tests (v2.0 3+, v1 its training), twice where the terrain says so: on a failure it is stuck and moves no more",
    phases: ["orders"],
    by: "unit",
    asks: [{ id: "tests", kind: "number", label: "Tests", rule: "000 l.615, l.630", min: 1, max: 2, step: 1, default: 1 }],
  },
  {
    id: "free-vehicle",
    name: "Free a stuck vehicle",
    rule: "004 l.53–57",
    summary: "v2.0: a stuck vehicle given a Move or Charge order tests on its training: it drives 1d10 cm straight on, or is immobilised",
    phases: ["orders"],
    by: "unit",
    asks: [],
  },
  {
    id: "run-over",
    name: "Run infantry over",
    rule: "000 l.697–712; 004 l.143–147",
    summary:
      "A charging vehicle (v2.0: a tank) runs over the enemy models its front meets: each tests to evade on its training (above: away, equal: pinned, below: killed)",
    phases: ["orders"],
    by: "unit",
    target: "enemy-unit",
    asks: [{ id: "models", kind: "number", label: "Models run over", rule: "000 l.699", min: 1, max: 20, step: 1, default: 1 }],
  },
  {
    id: "ram",
    name: "Ram or collide",
    rule: "000 l.659–695; 004 l.108–141",
    summary:
      "v1: a charging vehicle rams the target vehicle after a ramming test on its training; v2.0: an accidental collision. Each rolls damage by category (the smaller on heavy weapons, the larger on small arms); a rammed motorbike tests to evade",
    phases: ["orders"],
    by: "unit",
    target: "enemy-unit",
    asks: [
      {
        id: "facing",
        kind: "choice",
        label: "Side of the target hit",
        rule: "004 l.127–139",
        default: "side",
        choices: plainChoices(["front", "side", "rear"]),
      },
    ],
    // Either side: a v2.0 collision is an accident, whoever drove.
    sides: "any",
  },
  {
    id: "searchlight",
    name: "Searchlight",
    rule: "000 l.1025–1029",
    summary:
      "At night (option Searchlights) a unit by a searchlight lights an enemy unit it sees: spotted with the day values this turn; every unit within 200 cm spots the searchlight's unit",
    phases: ["orders"],
    by: "unit",
    target: "enemy-unit",
    asks: [],
  },
  {
    id: "flare",
    name: "Fire a flare",
    rule: "000 l.1025, l.1033",
    summary: "At night (option Flares) a mortar or pistol fires a flare at a unit: 7+ lights it for the turn, else it scatters (place its T(10))",
    phases: ["orders"],
    by: "unit",
    target: "enemy-unit",
    asks: [],
  },
  {
    id: "bicycles",
    name: "Get on or off bicycles",
    rule: "000 l.166–177",
    summary:
      "Under a Move or Charge order the unit gets on its bicycles (15/25/20 cm) or off them (left where they stand): each model pays 5 cm, in a slow move",
    phases: ["orders"],
    by: "unit",
    asks: [],
  },
  {
    id: "morale-test",
    name: "Panic test",
    rule: "000 l.537–542",
    summary: "A morale test for each time the unit's losses reach its panic threshold again; one failure panics it",
    by: "unit",
    asks: [],
    // Either side: a unit tests when its losses reach the threshold, whoever's order it is (000 l.537).
    sides: "any",
  },
  {
    id: "baptism-of-fire",
    name: "Baptism of fire",
    rule: "004 l.175–183",
    summary: "v2.0, when the game's option is on (the source gives no trigger): 1–2 the unit flees, else its training this turn",
    by: "unit",
    asks: [],
  },
];

/** The game's play (the actions so far), or a new one. */
const playOf = (ctx: Ow2Context): Ow2Play => ctx.game.play ?? NEW_PLAY;
const sideOfUnit = (ctx: Ow2Context, unit: string): string => ctx.units.get(unit)?.side ?? "";
const unitsOfSide = (ctx: Ow2Context, side: string): string[] => [...ctx.units.values()].filter((u) => u.side === side && u.models.length).map((u) => u.id);
const sidesOf = (ctx: Ow2Context): string[] => [...new Set([...ctx.units.values()].map((u) => u.side))];
const cardsOf = (ctx: Ow2Context, side: string): CardsState => playOf(ctx).cards[side] ?? NO_CARDS;

interface Taken {
  readonly summary: string;
  readonly record: PlayRecord;
  readonly rulings: readonly Ruling[];
  /** The record shows the side's hand or a card face down: online only that side's seat sees it (ActionResult.secret). */
  readonly secret?: { readonly side: string; readonly what: string };
}

const handSecret = (side: string) => ({ side, what: `${side}'s hand of command cards` });

/** The card of `order` and `priority` in the side's hand, or why not. */
function cardInHand(cards: CardsState, answers: ActionRequest["answers"], side: string): Card | Ruling {
  const order = String(answers?.order ?? "fire");
  const priority = Number(answers?.priority ?? 5);
  const card = cards.hand.find((c) => c.order === order && c.priority === priority);
  return (
    card ?? {
      reason: `${side} holds no ${cardName({ order: order as Order, priority })} (in hand: ${cards.hand.map(cardName).join(", ") || "none"})`,
      rule: "000 l.91",
    }
  );
}
const isRuling = (v: Card | Ruling): v is Ruling => "reason" in v;

/** Units that may take an order this turn: on the table, not ordered, panicked or rallied (000 l.116, l.546, l.551). */
const orderable = (ctx: Ow2Context, side: string): string[] => {
  const p = playOf(ctx);
  return unitsOfSide(ctx, side).filter((u) => !p.ordered[u] && !p.panicked.includes(u) && !p.rallied.includes(u));
};

/** Each die that drew a card says which (in the record only: the log's summary keeps the hand face down). */
function explainDraws(ref: Referee, rolls: readonly { readonly index: number }[], rule: string): void {
  for (const r of rolls)
    ref.explain(r.index, { purpose: "count", meaning: "a command card drawn from the deck", rule, ...sampleMark(ref.ctx, "command-cards") });
}

/**
 * Both players turn over their deck's top card: the higher priority number places a unit first (000 l.999–1000;
 * a tie the source does not settle: drawn again, INFERRED). Nothing is kept: the decks are shuffled again (l.1005).
 */
function deploymentDraw(ref: Referee): Taken | Ruling {
  const ctx = ref.ctx;
  const top = sidesOf(ctx).map((side) => {
    const drawn = draw(fullDeck(ctx), 1, ref.dice, side);
    explainDraws(ref, drawn.rolls, "000 l.997");
    return { side, card: drawn.cards[0]! };
  });
  const shown = top.map((t) => `${t.side} ${cardName(t.card)}`).join(", ");
  const [a, b] = top;
  if (!a || !b) return { reason: "the deployment draw needs two sides on the table", rule: "000 l.995" };
  if (a.card.priority === b.card.priority)
    return {
      summary: `${shown}: a tie, draw again`,
      record: {},
      rulings: [{ reason: `${shown}: a tie (the source does not say): draw again`, rule: "000 l.999" }],
    };
  const [first, second] = a.card.priority > b.card.priority ? [a, b] : [b, a];
  const held = infiltratorsHeldBack(ctx);
  return {
    summary: `${shown}: ${first.side} places a unit, then ${second.side}${held ? `; ${held.summary}` : ""}`,
    record: {},
    rulings: [
      { reason: `the higher priority number places a unit first: ${first.side}, then ${second.side}`, rule: "000 l.999–1000" },
      ...(held ? [held.ruling] : []),
    ],
  };
}

/** The infiltrators, declared now and set up after every other unit of both sides (000 l.1004), or undefined where there are none. */
function infiltratorsHeldBack(ctx: Ow2Context): { summary: string; ruling: Ruling } | undefined {
  const bySide = sidesOf(ctx).flatMap((side) => {
    const units = unitsOfSide(ctx, side).filter((u) => infiltrates(ctx, modelsNamed(ctx, u)));
    return units.length ? [{ side, units }] : [];
  });
  if (!bySide.length) return undefined;
  const named = bySide.map((s) => `${s.side}: ${s.units.join(", ")}`).join("; ");
  return {
    summary: `infiltrators set up last (${named})`,
    ruling: {
      reason: `infiltrators are declared and set up only once both sides have placed every other unit (${named})${bySide.length > 1 ? "; both sides have some: they are placed in turn by the same draw of cards" : ""}`,
      rule: "000 l.1004",
    },
  };
}

function drawCards(ref: Referee, side: string, manoeuvre: number | undefined): Taken | Ruling {
  const ctx = ref.ctx;
  const dice = ref.dice;
  const p = playOf(ctx);
  if (p.drawn.includes(side)) return { reason: `${side} has drawn its cards this turn`, rule: "000 l.78" };
  const army = armyOf(ctx, side);
  const units = unitsOfSide(ctx, side).filter((u) => !p.panicked.includes(u)).length;
  const r = refill(ctx, cardsOf(ctx, side), army, units, dice, side, manoeuvre);
  explainDraws(ref, r.rolls, "000 l.63, l.78");
  return {
    summary: `${side} (${army}) draws ${r.drawn.length} command card(s)${manoeuvre === undefined ? "" : `, ${r.drawn.filter(isManoeuvre).length} of them Move or Charge (alternative draw)`}: ${r.cards.hand.length} in hand`,
    record: { cards: { [side]: r.cards }, drawn: [...p.drawn, side] },
    secret: handSecret(side),
    rulings: r.rulings,
  };
}

function redrawCards(ref: Referee, side: string, count: number): Taken | Ruling {
  const ctx = ref.ctx;
  const p = playOf(ctx);
  const cards = cardsOf(ctx, side);
  if (!p.drawn.includes(side)) return { reason: `${side} redraws after drawing its cards`, rule: "000 l.68, l.74" };
  const slowest = [...cards.hand].sort((a, b) => b.priority - a.priority).slice(0, count);
  const r = redraw(
    ctx,
    cards,
    armyOf(ctx, side),
    slowest.map((c) => c.id),
    ref.dice,
    { side, turn: ctx.turn },
  );
  if ("refusal" in r) return r.refusal;
  explainDraws(ref, r.rolls, "000 l.68, l.74");
  return {
    // Which cards went back is the hand's secret: the log's line tells how many (the record, the side's only, which).
    summary: `${side} throws back ${slowest.length} card(s) and draws ${r.drawn.length}`,
    record: { cards: { [side]: r.cards } },
    secret: handSecret(side),
    rulings: r.rulings,
  };
}

function loneTest(ref: Referee, unit: string): Taken | Ruling {
  const ctx = ref.ctx;
  const p = playOf(ctx);
  const models = modelsNamed(ctx, unit);
  const due = loneModelTest(ctx, models, p.losses[unit] ?? 0);
  if (!due) return { reason: `${unit} has ${models.length} models: only a lone model tests (snipers never)`, rule: "000 l.84, l.563" };
  if (p.loneTested.includes(unit)) return { reason: `${unit} has tested this turn`, rule: "000 l.563" };
  const test = moraleTests(ref, unit, models, 1, "lone model test");
  if (!test.passed)
    ref.outcome(models[0]!.id, "casualty", "a lone model fails its morale test and leaves the table", { by: "lone model test", rolls: [ref.lastRoll] });
  return {
    summary: `${unit}, a lone model, tests its morale: ${test.passed ? "passed, it draws its card" : "failed, removed"}`,
    record: { loneTested: [...p.loneTested, unit] },
    rulings: [due, { ...test.ruling, rule: "000 l.563" }],
  };
}

function recover(ref: Referee, unit: string): Taken | Ruling {
  const ctx = ref.ctx;
  const p = playOf(ctx);
  if (!p.panicked.includes(unit)) return { reason: `${unit} is not panicked`, rule: "000 l.546" };
  if (ctx.turn < 2) return { reason: "panic is recovered from the second turn", rule: "000 l.81" };
  if (p.recovered.includes(unit)) return { reason: `${unit} has had its panic recovery this turn`, rule: "000 l.43" };
  const models = modelsNamed(ctx, unit);
  const step = recovery(ctx, models);
  const recovered = [...p.recovered, unit];
  if (step.kind === "run") {
    for (const m of models.filter((x) => step.models.includes(x.id)))
      ref.outcome(m.id, "pinned", "ran for cover and went to ground", { by: "panic recovery", rolls: [] });
    return { summary: `${unit} is panicked in the open: it runs for cover (move it) and goes to ground`, record: { recovered }, rulings: [step.ruling] };
  }
  const test = moraleTests(ref, unit, models, 1, "rally");
  if (!test.passed) return { summary: `${unit} fails to rally: still panicked`, record: { recovered }, rulings: [step.ruling, test.ruling] };
  for (const m of models.filter((x) => x.pinned)) ref.outcome(m.id, "unpinned", "rallied: stands up", { by: "rally", rolls: [ref.lastRoll] });
  return {
    summary: `${unit} rallies: no longer panicked, and takes no order this turn`,
    record: { recovered, panicked: p.panicked.filter((u) => u !== unit), rallied: [...p.rallied, unit] },
    rulings: [step.ruling, test.ruling, { reason: `${unit} takes no order in the turn it rallies`, rule: "000 l.551" }],
  };
}

function layInitiative(ref: Referee, side: string, request: ActionRequest): Taken | Ruling {
  const ctx = ref.ctx;
  const p = playOf(ctx);
  const init = p.initiative;
  if (init.winner !== undefined) return { reason: `${init.winner} has won the initiative this turn`, rule: "000 l.88" };
  if (init.laid.some((l) => l.side === side)) return { reason: `${side} has laid its card: the other player lays one`, rule: "000 l.88" };
  const cards = cardsOf(ctx, side);
  let card: Card | Ruling;
  if (init.attempt > 5) {
    // After 5 ties both play the deck's top card (000 l.88).
    const top = draw(deckLeft(ctx, cards), 1, ref.dice, side);
    explainDraws(ref, top.rolls, "000 l.88");
    card = top.cards[0] ?? { reason: `${side}'s deck is empty`, rule: "000 l.88" };
  } else card = cardInHand(cards, request.answers, side);
  if (isRuling(card)) return card;
  const laid = [...init.laid, { side, card }];
  const played = [{ side, card }];
  if (laid.length < 2)
    return {
      summary: `${side} lays a card face down for the initiative`,
      record: { played, initiative: { ...init, laid } },
      rulings: [],
      secret: { side, what: `the card ${side} laid face down` },
    };
  // Turned over together: both cards are public now.
  const reveal = revealInitiative(laid, init.attempt);
  const initiative = reveal.winner !== undefined ? { laid, attempt: init.attempt, winner: reveal.winner } : { laid: [], attempt: init.attempt + 1 };
  return { summary: `initiative: ${reveal.ruling.reason}`, record: { played, initiative }, rulings: [reveal.ruling] };
}

function giveOrder(ctx: Ow2Context, unit: string, request: ActionRequest): Taken | Ruling {
  const p = playOf(ctx);
  const side = sideOfUnit(ctx, unit);
  const sides = sidesOf(ctx);
  const card = cardInHand(cardsOf(ctx, side), request.answers, side);
  if (isRuling(card)) return card;
  // A chain the players closed (a priority 1 or passes) is carried out: the next order opens a new one.
  const open = chainClosed(p.chain, sides, ctx.options.version) ? { links: [], passed: [] } : p.chain;
  const opener = open.links[0]?.side ?? side;
  const orders = { ordered: new Set(Object.keys(p.ordered)), panicked: new Set(p.panicked), rallied: new Set(p.rallied) };
  const link: Link = { side, unit, card, intent: card.order };
  const next = addLink(open, link, { sides, opener, version: ctx.options.version, orders });
  if ("refusal" in next) return next.refusal;
  const closed = chainClosed(next, sides, ctx.options.version);
  const reaction = open.links.length ? `reacts to ${cardName(open.links.at(-1)!.card)} with` : "opens a chain with";
  return {
    summary: `${unit} (${side}) ${reaction} ${cardName(card)}${
      closed
        ? `; the chain is carried out: ${executionOrder(next)
            .map((l) => `${l.unit} ${cardName(l.card)}`)
            .join(", ")}`
        : ""
    }`,
    record: { chain: next, ordered: { ...p.ordered, [unit]: card.order }, played: [{ side, card }] },
    rulings: [{ reason: `${unit}: ${cardName(card)}`, rule: open.links.length ? "000 l.92–94" : "000 l.91" }, ...(closed ? [closed] : [])],
  };
}

function passChain(ctx: Ow2Context, side: string): Taken | Ruling {
  const p = playOf(ctx);
  const closedBefore = chainClosed(p.chain, sidesOf(ctx), ctx.options.version);
  if (closedBefore) return { reason: `no chain to pass in: ${closedBefore.reason}`, rule: closedBefore.rule };
  const next = pass(p.chain, side);
  if ("refusal" in next) return next.refusal;
  const closed = chainClosed(next, sidesOf(ctx), ctx.options.version);
  return {
    summary: `${side} passes${
      closed
        ? `; the chain is carried out: ${executionOrder(next)
            .map((l) => `${l.unit} ${cardName(l.card)}`)
            .join(", ")}`
        : isV1(ctx)
          ? ""
          : ": the other player may go on"
    }`,
    record: { chain: next },
    rulings: [closed ?? { reason: `${side} passed: the other player may give more orders while their priority falls`, rule: "004 l.2" }],
  };
}

function closeCombat(ref: Referee, unit: string, target: string): Taken | Ruling {
  const p = playOf(ref.ctx);
  // The charged unit fights back: whichever side asks, the charging unit is the one with the Charge order.
  const [attacker, defender] = p.ordered[unit] !== "charge" && p.ordered[target] === "charge" ? [target, unit] : [unit, target];
  const refusal = closeCombatRefusal(ref.ctx, attacker, defender, p.ordered[attacker]);
  if (refusal) return refusal;
  const rulings = fightCloseCombat(ref, attacker, defender);
  const dead = ref.outcomes.filter((o) => o.effect === "casualty").length;
  return { summary: `${attacker} in close combat with ${defender}: ${dead} killed`, record: {}, rulings };
}

function moraleTest(ref: Referee, unit: string): Taken | Ruling {
  const ctx = ref.ctx;
  const p = playOf(ctx);
  const models = modelsNamed(ctx, unit);
  const { threshold, ruling } = panicThreshold(ctx, models);
  const losses = p.losses[unit] ?? 0;
  const tested = p.testedLosses[unit] ?? 0;
  const count = testsDue(tested, losses, threshold);
  if (!count) return { reason: `${unit} has lost ${losses} model(s), tested for ${tested}: no panic test is due (PH ${threshold})`, rule: ruling.rule };
  const test = moraleTests(ref, unit, models, count, "morale test");
  const testedLosses = { ...p.testedLosses, [unit]: losses };
  if (test.passed)
    return { summary: `${unit} passes ${count > 1 ? `${count} morale tests` : "its morale test"}`, record: { testedLosses }, rulings: [ruling, test.ruling] };
  // Panic stands the pinned models up: they run with the rest (000 l.554).
  for (const m of models.filter((x) => x.pinned)) ref.outcome(m.id, "unpinned", "panic overrides pinned", { by: "morale test", rolls: [ref.lastRoll] });
  return {
    summary: `${unit} fails its morale test: panicked, it takes no order until it rallies`,
    record: { testedLosses, panicked: [...p.panicked.filter((u) => u !== unit), unit] },
    rulings: [ruling, test.ruling, { reason: "a panicked unit takes no order until it rallies; pinned models stand to run with it", rule: "000 l.546, l.554" }],
  };
}

function baptism(ref: Referee, unit: string): Taken | Ruling {
  const ctx = ref.ctx;
  if (!ctx.options.baptismOfFire || isV1(ctx))
    return { reason: "baptism of fire is v2.0's table, rolled only with the game's option on: the source gives no trigger", rule: "004 l.175" };
  const p = playOf(ctx);
  const roll = ref.roll(`baptism of fire: ${unit}`);
  const result = baptismOfFire(roll);
  ref.explain(ref.lastRoll, { purpose: "test", meaning: result.ruling.reason, rule: result.ruling.rule });
  if (result.flees)
    for (const m of modelsNamed(ctx, unit)) ref.outcome(m.id, "casualty", "fled its baptism of fire", { by: "baptism of fire", rolls: [ref.lastRoll] });
  return {
    summary: `${unit}'s baptism of fire: ${result.flees ? "it flees the table" : `training ${result.training}+ this turn`}`,
    record: result.training !== undefined ? { baptised: { ...p.baptised, [unit]: result.training } } : {},
    rulings: [result.ruling],
  };
}

/** The unit's vehicle (its first model), or why the action is a vehicle's. */
function vehicleOf(ctx: Ow2Context, unit: string, what: string): ModelFacts | Ruling {
  const vehicle = modelsNamed(ctx, unit)[0];
  return vehicle && isVehicle(ctx, vehicle) ? vehicle : { reason: `${unit} is not a vehicle: ${what} is a vehicle's`, rule: "§4.5 (000 l.604)" };
}

function drivingTest(ref: Referee, unit: string, tests: number): Taken | Ruling {
  const p = playOf(ref.ctx);
  const vehicle = vehicleOf(ref.ctx, unit, "a driving test");
  if ("reason" in vehicle) return vehicle;
  if (p.stuck?.[unit] !== undefined || p.immobilised?.includes(unit)) return { reason: `${unit} is stuck already`, rule: "000 l.628" };
  const test = drivingTests(ref, vehicle, Math.min(2, Math.max(1, tests)));
  return {
    summary: `${unit}'s driving test: ${test.passed ? "it drives on" : "stuck, it moves no more this turn"}`,
    record: test.passed ? {} : { stuck: { ...p.stuck, [unit]: ref.ctx.turn } },
    rulings: [test.ruling],
  };
}

function freeVehicle(ref: Referee, unit: string): Taken | Ruling {
  const ctx = ref.ctx;
  const p = playOf(ctx);
  if (isV1(ctx)) return { reason: "in v1 a stuck vehicle moves again the next turn: no test frees it", rule: "000 l.628" };
  if (p.stuck?.[unit] === undefined) return { reason: `${unit} is not stuck`, rule: "004 l.53" };
  if (p.stuck[unit] === ctx.turn) return { reason: `${unit} stuck this turn: it moves no more in it`, rule: "004 l.51" };
  if (!["move", "charge"].includes(p.ordered[unit] ?? "")) return { reason: `${unit} is freed under a Move or Charge order`, rule: "004 l.53" };
  const vehicle = vehicleOf(ctx, unit, "freeing");
  if ("reason" in vehicle) return vehicle;
  const test = freeingTest(ref, vehicle);
  const { [unit]: _freed, ...stuck } = p.stuck;
  return {
    summary: test.freed ? `${unit} is freed: it drives ${test.distance} cm straight ahead` : `${unit} is immobilised`,
    record: test.freed ? { stuck } : { stuck, immobilised: [...(p.immobilised ?? []), unit] },
    rulings: [test.ruling],
  };
}

/** The `count` models of `target` nearest the vehicle: those its front meets, as the player declared how many (000 l.699). */
function runOver(ref: Referee, unit: string, target: string, count: number): Taken | Ruling {
  const ctx = ref.ctx;
  const vehicle = vehicleOf(ctx, unit, "running infantry over");
  if ("reason" in vehicle) return vehicle;
  const near = (m: ModelFacts) => Math.hypot(m.position[0] - vehicle.position[0], m.position[1] - vehicle.position[1]);
  const victims = [...modelsNamed(ctx, target)].sort((a, b) => near(a) - near(b)).slice(0, count);
  const refusal = runOverRefusal(ctx, vehicle, playOf(ctx).ordered[unit], victims);
  if (refusal) return refusal;
  const rulings = evadeTests(ref, victims, vehicle.id);
  const killed = ref.outcomes.filter((o) => o.effect === "casualty").length;
  return {
    summary: `${unit} runs over ${victims.length} of ${target}: ${killed} killed`,
    record: {},
    rulings: [{ reason: "the vehicle drove at least 10 cm straight under its Charge order (the player's to check)", rule: "000 l.699" }, ...rulings],
  };
}

function ram(ref: Referee, unit: string, target: string, facing: Facing): Taken | Ruling {
  const ctx = ref.ctx;
  const p = playOf(ctx);
  const [rammer] = modelsNamed(ctx, unit);
  if (!rammer) return { reason: `${unit} has no model on the table`, rule: "000 l.659" };
  const struck = modelsNamed(ctx, target)[0];
  const refusal = collisionRefusal(ctx, rammer, struck, p.ordered[unit]);
  if (refusal) return refusal;
  const { rulings, failed } = collide(ref, rammer, struck!, facing);
  const hits = ref.outcomes.filter((o) => o.effect !== "no-effect").length;
  return {
    summary: failed
      ? `${unit} fails its ramming test: it does not move this turn`
      : `${unit} ${isV1(ctx) ? "rams" : "collides with"} ${target}: ${hits} result(s)`,
    record: failed ? { stuck: { ...p.stuck, [unit]: ctx.turn } } : {},
    rulings,
  };
}

function light(ref: Referee, what: "searchlight" | "flare", unit: string, target: string, geometry: Pick<ActionGeometry, "sight"> | undefined): Taken | Ruling {
  const ctx = ref.ctx;
  const p = playOf(ctx);
  const refusal = lightingRefusal(ctx, what, unit, target, geometry);
  if (refusal) return refusal;
  if (what === "searchlight")
    return {
      summary: `${unit} lights ${target} with its searchlight`,
      record: { lit: { ...p.lit, [target]: "searchlight" }, searchlights: [...(p.searchlights ?? []).filter((u) => u !== unit), unit] },
      rulings: [{ reason: `${target} is spotted with the day values this turn; every unit within 200 cm spots ${unit}`, rule: "000 l.1029" }],
    };
  const flare = fireFlare(ref, unit, target);
  return {
    summary: `${unit} fires a flare at ${target}: ${flare.hit ? "on target, lit this turn" : "it scatters"}`,
    record: flare.hit ? { lit: { ...p.lit, [target]: "flare" } } : {},
    rulings: [flare.ruling],
  };
}

function bicycles(ctx: Ow2Context, unit: string): Taken | Ruling {
  const p = playOf(ctx);
  const models = modelsNamed(ctx, unit);
  const refusal = bicycleRefusal(ctx, unit, models);
  if (refusal) return refusal;
  const riding = !ridesBicycle(ctx, models[0]!);
  return {
    summary: `${unit} gets ${riding ? "on" : "off"} its bicycles: 5 cm of a slow move`,
    record: { bicycles: { ...p.bicycles, [unit]: { riding, turn: ctx.turn } } },
    rulings: [
      riding
        ? { reason: `${unit} rides: 15 cm slow, 25 fast, 20 charging, terrain as a motorbike`, rule: "000 l.168–177" }
        : { reason: `${unit} leaves its bicycles where it gets off: they may be ridden again later`, rule: "000 l.175" },
    ],
  };
}

function carryOut(request: ActionRequest, ref: Referee, geometry: Pick<ActionGeometry, "sight"> | undefined): Taken | Ruling {
  const ctx = ref.ctx;
  const side = request.side ?? sideOfUnit(ctx, request.unit ?? "");
  const unit = request.unit ?? "";
  switch (request.action) {
    case "deployment-draw":
      return deploymentDraw(ref);
    case "draw-cards":
      return drawCards(ref, side, request.answers?.split === true ? Number(request.answers.manoeuvre ?? 0) : undefined);
    case "redraw":
      return redrawCards(ref, side, Number(request.answers?.count ?? 1));
    case "lone-model-test":
      return loneTest(ref, unit);
    case "recover":
      return recover(ref, unit);
    case "initiative":
      return layInitiative(ref, side, request);
    case "give-order":
      return giveOrder(ctx, unit, request);
    case "pass":
      return passChain(ctx, side);
    case "close-combat":
      return closeCombat(ref, unit, request.target ?? "");
    case "driving-test":
      return drivingTest(ref, unit, Number(request.answers?.tests ?? 1));
    case "free-vehicle":
      return freeVehicle(ref, unit);
    case "run-over":
      return runOver(ref, unit, request.target ?? "", Number(request.answers?.models ?? 1));
    case "ram":
      return ram(ref, unit, request.target ?? "", (["front", "side", "rear"] as const).find((f) => f === request.answers?.facing) ?? "side");
    case "searchlight":
    case "flare":
      return light(ref, request.action, unit, request.target ?? "", geometry);
    case "bicycles":
      return bicycles(ctx, unit);
    case "morale-test":
      return moraleTest(ref, unit);
    case "baptism-of-fire":
      return baptism(ref, unit);
    default:
      return { reason: `Operation WW2 has no action "${request.action}"`, rule: "§2" };
  }
}

export function takeAction(request: ActionRequest, dice: Dice, ctx: Ow2Context, geometry?: Pick<ActionGeometry, "sight">): ActionResult {
  const ref = new Referee(ctx, dice);
  const name = ACTIONS.find((a) => a.id === request.action)?.name ?? request.action;
  const taken = carryOut(request, ref, geometry);
  if ("reason" in taken) return refusedAction([taken], name);
  // A card's order goes on its unit for the turn (GameState.units): a reaction acts in the other side's step under it.
  const given = Object.entries(taken.record.ordered ?? {}).filter(([unit, order]) => ctx.game.play?.ordered[unit] !== order);
  return {
    rolls: ref.rolls(),
    outcomes: ref.finalOutcomes(),
    ...(given.length ? { units: given.map(([unit, order]) => ({ unit, order })) } : {}),
    summary: taken.summary,
    details: { play: taken.record, rulings: taken.rulings, dice: ref.rolledDice(), steps: ref.steps },
    ...(taken.secret ? { secret: taken.secret } : {}),
  };
}

/**
 * What the rules require now, in the order taken: lone models' tests and the cards in the cards step, the panicked
 * units' recovery, the initiative's cards (the fastest in hand), the order of the side whose chain it is (its
 * slowest card, to its first unit still to be ordered), and any unit's panic test. Of `side` only where given.
 */
export function due(ctx: Ow2Context, side: string | undefined): DueAction[] {
  const p = playOf(ctx);
  const sides = sidesOf(ctx).filter((s) => side === undefined || s === side);
  const phase = ctx.game.phase;
  const out: DueAction[] = [];
  const unitDue = (action: string, unit: string, why: Ruling) => out.push({ request: { action, unit }, why });
  for (const s of sides) {
    for (const unit of unitsOfSide(ctx, s)) {
      const models = modelsNamed(ctx, unit);
      const { threshold, ruling } = panicThreshold(ctx, models);
      if (testsDue(p.testedLosses[unit] ?? 0, p.losses[unit] ?? 0, threshold))
        unitDue("morale-test", unit, {
          reason: `${unit} has lost ${p.losses[unit]} model(s): its losses reached the panic threshold ${threshold}`,
          rule: ruling.rule,
        });
    }
    if (phase === "cards") {
      for (const unit of unitsOfSide(ctx, s)) {
        const lone = loneModelTest(ctx, modelsNamed(ctx, unit), p.losses[unit] ?? 0);
        if (lone && !p.loneTested.includes(unit)) unitDue("lone-model-test", unit, lone);
      }
      if (!p.drawn.includes(s)) out.push({ request: { action: "draw-cards", side: s }, why: { reason: `${s} refills its hand`, rule: "000 l.41, l.78" } });
    }
    if (phase === "panic" && ctx.turn >= 2)
      for (const unit of p.panicked.filter((u) => sideOfUnit(ctx, u) === s && !p.recovered.includes(u)))
        unitDue("recover", unit, { reason: `${unit} is panicked`, rule: "000 l.81–82" });
    if (phase === "initiative" && p.initiative.winner === undefined && !p.initiative.laid.some((l) => l.side === s)) {
      const fastest = [...cardsOf(ctx, s).hand].sort((a, b) => a.priority - b.priority)[0];
      if (fastest || p.initiative.attempt > 5)
        out.push({
          request: { action: "initiative", side: s, answers: fastest ? { order: fastest.order, priority: fastest.priority } : {} },
          why: { reason: `${s} lays a card face down for the initiative`, rule: "000 l.88" },
        });
    }
    if (phase === "orders" && ctx.game.acting === s && !p.chain.links.length) {
      const unit = orderable(ctx, s)[0];
      const slowest = [...cardsOf(ctx, s).hand].sort((a, b) => b.priority - a.priority)[0];
      if (unit && slowest)
        out.push({
          request: { action: "give-order", unit, answers: { order: slowest.order, priority: slowest.priority } },
          why: {
            // Only the side giving the order sees this line: the device is its player's (PhaseSpec.hides).
            reason: `every unbroken unit takes an order each turn: ${unit} has none yet; ${s}'s hand: ${[...cardsOf(ctx, s).hand]
              .sort((a, b) => a.priority - b.priority)
              .map(cardName)
              .join(", ")}`,
            rule: "000 l.37",
          },
        });
    }
  }
  return out;
}

export const OW2_ACTIONS: ActionSystem<Ow2Context> = {
  actions: ACTIONS,
  takeAction: (request, dice, context, geometry) => takeAction(request, dice, context, geometry),
  due,
};
