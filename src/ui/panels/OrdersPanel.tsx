/**
 * Order dice, for rule systems that have them (Ruleset.orders): the unit's order die this turn and its pin
 * markers, and giving it an order (the order test rolled from the game's seeded dice into the game log).
 */
import { useState } from "react";
import { unitStatusOf } from "../../core/game/state";
import type { OrderSpec } from "../../rules/ruleset";
import { useGame } from "../../state/game";
import { giveOrderNow } from "../../state/rules";
import { Name } from "./Name";

export function OrdersPanel({ orders, unit }: { orders: readonly OrderSpec[]; unit: string }) {
  const state = useGame((s) => s.state);
  const [order, setOrder] = useState(orders[0]?.id ?? "");
  const status = unitStatusOf(state, unit);
  const name = (id: string | undefined) => orders.find((o) => o.id === id)?.name ?? id;
  return (
    <div data-testid="orders-panel" style={{ margin: "6px 0" }}>
      <strong>Orders</strong>
      <div data-testid="unit-order">
        <Name id={unit} />:{" "}
        {status.order ? (
          <>
            order die <strong>{name(status.order)}</strong>
          </>
        ) : (
          "no order die yet"
        )}{" "}
        · {status.pins} pin{status.pins === 1 ? "" : "s"}
      </div>
      {!status.order && (
        <div style={{ display: "flex", gap: 6 }}>
          <select value={order} onChange={(e) => setOrder(e.target.value)} aria-label="Order to give">
            {orders.map((o) => (
              <option key={o.id} value={o.id} title={o.summary}>
                {o.name}
              </option>
            ))}
          </select>
          <button
            type="button"
            onClick={() => giveOrderNow(unit, order)}
            data-testid="give-order"
            title="With pins the unit takes an order test from the game's dice"
          >
            Give order
          </button>
        </div>
      )}
    </div>
  );
}
