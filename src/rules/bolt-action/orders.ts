/**
 * Order dice (§1): giving a unit its order this turn, with an order test when it carries pins (when a test
 * is "necessary" and how it is rolled are not in the source: 2D6 against morale minus pins, common practice),
 * the FUBAR table on a double six, Rally removing D6 pins.
 */
import type { Dice } from "../../core/dice";
import { inchesToCm } from "../../core/units";
import { modelsNamed, unitNamed } from "../context";
import { diceSamples, type OrderFacts, type OrderResult, type OrderSpec, uniqueSampleTables } from "../ruleset";
import { type BaContext, pinsOn, sampleMark, unitGap, unitState } from "./context";
import { rollDice, rollTest } from "./dice";
import { moraleTarget } from "./morale";
import { BaReferee } from "./referee";
import { inches, TOLERANCE } from "./sight";
import { type BaFubar, type BaOrderRecord, ORDERS, type Order } from "./types";

export const isOrder = (o: string): o is Order => (ORDERS as readonly string[]).includes(o);

/** How far a unit moves under each order (001 l.24–29): Advance its rate, Run double, the others not at all. */
const PACE: Readonly<Record<Order, number>> = { fire: 0, advance: 1, run: 2, ambush: 0, rally: 0, down: 0 };

export const orderSpecs = (ctx: Pick<BaContext, "tables">): OrderSpec[] => ctx.tables.orders.orders.map((o) => ({ ...o, rule: "§1.2", pace: PACE[o.id] }));

/** Units the unit's side could fire on by mistake: friendly units with an enemy unit within 12" (FUBAR Friendly Fire). */
function friendlyFireTargets(ctx: BaContext, unitId: string, within: number): string[] {
  const side = unitNamed(ctx, unitId).side;
  const units = [...ctx.units.values()];
  return units
    .filter(
      (u) =>
        u.side === side &&
        u.id !== unitId &&
        u.models.length &&
        units.some((e) => e.side !== side && e.models.length && unitGap(ctx, u.id, e.id) <= inchesToCm(within) + TOLERANCE),
    )
    .map((u) => u.id);
}

/** The nearest enemy unit on the table, by distance, with the gap (cm); undefined where none is left. */
function nearestEnemy(ctx: BaContext, unitId: string): { unit: string; distance: number } | undefined {
  const side = unitNamed(ctx, unitId).side;
  return [...ctx.units.values()]
    .filter((u) => u.side !== side && u.models.length)
    .map((u) => ({ unit: u.id, distance: unitGap(ctx, unitId, u.id) }))
    .sort((a, b) => a.distance - b.distance)[0];
}

function fubar(ref: BaReferee, unitId: string, facts: OrderFacts): { order: Order; text: string; fubar?: BaFubar } {
  const value = ref.roll(`FUBAR table for ${unitId}`);
  const row = ref.ctx.tables.orders.fubar.find((r) => value >= r.from && value <= r.upTo)!;
  ref.explain(ref.lastRoll, { purpose: "test", meaning: `FUBAR ${value} → ${row.name}`, rule: "§1.3" });
  if (row.result === "friendly-fire") {
    const targets = friendlyFireTargets(ref.ctx, unitId, row.enemyWithin ?? 12);
    if (!targets.length)
      return { order: "down", text: `Friendly Fire, but no friendly unit has an enemy unit within ${row.enemyWithin}": ${unitId} goes Down` };
    return {
      order: "fire",
      text: `Friendly Fire: ${unitId} takes a Fire order and fires on a friendly unit the opponent picks among ${targets.join(", ")} (each with an enemy within ${row.enemyWithin}")`,
      fubar: { result: "friendly-fire", targets },
    };
  }
  if (facts.nearestVisibleEnemy === null) return { order: "down", text: `Panic, but ${unitId} sees no enemy unit: it goes Down` };
  // Where the caller did not measure sight, the nearest enemy unit by distance stands in for the nearest it sees.
  const enemy = facts.nearestVisibleEnemy ?? nearestEnemy(ref.ctx, unitId);
  if (!enemy) return { order: "down", text: `Panic, but no enemy unit is left: ${unitId} goes Down` };
  const seen = facts.nearestVisibleEnemy ? "the nearest enemy unit it sees" : "the nearest enemy unit (by distance; its sight not measured)";
  return {
    order: "run",
    text: `Panic: ${unitId} takes a Run order and moves as fast as it can away from ${seen}, ${enemy.unit} (${inches(enemy.distance)} away)`,
    fubar: { result: "panic", from: enemy.unit },
  };
}

export function giveOrder(unitId: string, asked: string, dice: Dice, ctx: BaContext, facts: OrderFacts = {}): OrderResult {
  if (!isOrder(asked)) throw new Error(`"${asked}" is not a Bolt Action order; the orders are ${ORDERS.join(", ")}`);
  const unit = unitNamed(ctx, unitId);
  const current = unitState(ctx, unit.id).order;
  if (current) throw new Error(`${unit.id} already has an order die this turn (${current})`);
  const ref = new BaReferee(ctx, dice);
  const pins = pinsOn(ctx, unit.id);
  let order: Order = asked;
  let record: BaOrderRecord | undefined;
  const practice = ctx.tables.practice.orderTest;
  if (pins > 0) {
    const { target, what } = moraleTarget(ctx, unit.id, "orderTest", pins);
    const test = rollTest(
      ref,
      practice.dice,
      target,
      `order test of ${unit.id} (${what})`,
      "§1.1, §9",
      { ...sampleMark(ctx, "practice") },
      modelsNamed(ctx, unit.id)[0]?.id,
    );
    if (test.double6) {
      const result = fubar(ref, unit.id, facts);
      order = result.order;
      if (result.fubar) record = { fubar: result.fubar };
      ref.note(`double six: FUBAR! ${result.text}`, "§1.3", test.rolls);
    } else if (!test.passed) {
      order = "down";
      ref.note(`${unit.id} fails its order test: it goes Down instead of ${asked}`, "§1.1, §9", test.rolls);
    } else ref.note(`${unit.id} passes its order test: ${asked}`, "§1.1", test.rolls);
  } else ref.note(`${unit.id} has no pins: no order test is needed`, "§1.1, §9");
  if (order === "rally" && pins > 0) {
    const removed = rollDice(ref, ctx.tables.orders.rallyRemoves, `Rally of ${unit.id}`, (n) => `Rally: removes ${n} pin${n === 1 ? "" : "s"}`, "§1.2");
    ref.addPins(unit.id, -Math.min(pins, removed.total));
    ref.note(`${unit.id} rallies: ${Math.min(pins, removed.total)} pin${Math.min(pins, removed.total) === 1 ? "" : "s"} removed`, "§1.2", [...removed.rolls]);
  }
  ref.setOrder(unit.id, order);
  const rolled = ref.rolledDice();
  const name = (o: Order) => ctx.tables.orders.orders.find((x) => x.id === o)?.name ?? o;
  return {
    unit: unit.id,
    asked,
    order,
    rolls: ref.rolls(),
    dice: rolled,
    steps: ref.steps,
    summary: order === asked ? `${unit.id}: ${name(order)}` : `${unit.id}: ${name(asked)} asked, ${name(order)} given`,
    units: ref.unitChanges(),
    sampleTables: uniqueSampleTables(diceSamples(rolled)),
    ...(record && { record }),
  };
}
