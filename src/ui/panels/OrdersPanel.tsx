/**
 * Order dice, for rule systems that have them (Ruleset.orders): the unit's order die this turn and its pin
 * markers, giving it an order (the order test rolled from the game's seeded dice into the game log), and
 * ending the turn (the dice go back to the bag, except those the system keeps).
 */
import { useState } from "react";
import { nextDice } from "../../core/game/gameLog";
import { unitStatusOf } from "../../core/game/state";
import { giveOrder, orderEvent } from "../../rules/judge";
import type { Ruleset } from "../../rules/ruleset";
import { useGame } from "../../state/game";
import { Name } from "./Name";

export function OrdersPanel({ ruleset, unit }: { ruleset: Ruleset; unit: string }) {
  const log = useGame((s) => s.log);
  const state = useGame((s) => s.state);
  const battlefield = useGame((s) => s.battlefield);
  const system = ruleset.orders;
  const [order, setOrder] = useState(system?.orders[0]?.id ?? "");
  if (!system) return null;
  const status = unitStatusOf(state, unit);
  const name = (id: string | undefined) => system.orders.find((o) => o.id === id)?.name ?? id;
  const give = () => {
    const game = useGame.getState();
    try {
      const result = giveOrder(ruleset, { rules: log.header.ruleset, battlefield, state }, unit, order, nextDice(log));
      if (game.recordEvent(orderEvent(ruleset, result))) game.notify("info", game.names.inText(result.summary));
    } catch (error) {
      game.notify("error", `Order: ${(error as Error).message}`);
    }
  };
  const endTurn = () => useGame.getState().recordEvent({ type: "turn-ended", kept: [...system.keptAtTurnEnd], time: Date.now() });
  return (
    <div data-testid="orders-panel" style={{ margin: "6px 0" }}>
      <strong>Orders</strong> <span className="muted">turn {state.turn}</span>
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
            {system.orders.map((o) => (
              <option key={o.id} value={o.id} title={o.summary}>
                {o.name}
              </option>
            ))}
          </select>
          <button type="button" onClick={give} data-testid="give-order" title="With pins the unit takes an order test from the game's dice">
            Give order
          </button>
        </div>
      )}
      <button
        type="button"
        onClick={endTurn}
        data-testid="end-turn"
        title={`Order dice go back to the bag, except ${system.keptAtTurnEnd.map(name).join(" and ")}`}
      >
        End turn
      </button>
    </div>
  );
}
