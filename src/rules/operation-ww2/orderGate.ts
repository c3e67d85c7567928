/**
 * What a unit's order of this turn lets it do in the orders step (000 l.116–127, l.147): a Move or a Charge
 * moves it, a Fire, an Ambush, a Covering Fire or a Charge fires it, and a unit without an order yet does
 * neither. The order is the card given in the chain (play.ts); the panic recovery's run for cover, the
 * deployment and free play are not the orders step and move freely.
 */
import type { Ruling } from "../ruleset";
import { orderName } from "./cards";
import type { Ow2Context } from "./context";
import type { Order } from "./types";

/** Where each order says what it does (000 l.117–127). */
const ORDER_LINE: Readonly<Record<Order, string>> = {
  move: "000 l.117",
  charge: "000 l.119",
  fire: "000 l.124",
  ambush: "000 l.125",
  "covering-fire": "000 l.127",
};
/** The orders under which a unit moves. */
export const MOVING_ORDERS: readonly Order[] = ["move", "charge"];
/** The orders under which a unit fires, as a fire panel offers them. */
export const FIRING_ORDERS: readonly Order[] = ["fire", "ambush", "covering-fire", "charge"];

/** Whether the game is in the orders step, where a unit acts only on its order. */
const inOrders = (ctx: Ow2Context): boolean => ctx.game.phase === "orders";

/** The order `unit` was given this turn, in the orders step; undefined outside it or before its card is played. */
export const orderNow = (ctx: Ow2Context, unit: string): Order | undefined => (inOrders(ctx) ? ctx.game.play?.ordered[unit] : undefined);

function refusal(ctx: Ow2Context, unit: string, act: "moves" | "fires", allowing: readonly Order[], line: string): Ruling | undefined {
  if (!inOrders(ctx)) return undefined;
  const order = ctx.game.play?.ordered[unit];
  const names = allowing.map(orderName);
  const only = `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
  if (order === undefined) return { reason: `${unit} has no order this turn: a unit ${act} only under a ${only} order`, rule: `000 l.116, ${line}` };
  if (allowing.includes(order)) return undefined;
  return { reason: `${unit}'s order is ${orderName(order)}: a unit ${act} only under a ${only} order`, rule: `${ORDER_LINE[order]}, ${line}` };
}

/** Why `unit` may not move now, from its order: only a Move or a Charge moves (000 l.147). */
export const moveRefusal = (ctx: Ow2Context, unit: string): Ruling | undefined => refusal(ctx, unit, "moves", MOVING_ORDERS, "l.147");

/** Why `unit` may not fire now, from its order: a Move does not (000 l.117), the firing orders do (l.119–127). */
export const fireRefusal = (ctx: Ow2Context, unit: string): Ruling | undefined => refusal(ctx, unit, "fires", FIRING_ORDERS, "l.119–127");
