/**
 * Immobilisation on the move (002 l.22–57): a vehicle driving through terrain marked # takes an immobilisation
 * test; the sheet lets the opponent pick the moment during the move (l.54), the app makes it due once the move
 * is made, and the vehicle acts on only after it. A bogged-down vehicle's failed unbogging tests so far (−4 each,
 * l.51) are counted from the log, not asked.
 */
import type { GameEvent } from "../../core/game/events";
import { movePath, movesIn } from "../../core/game/models";
import { changesPosition, turnStart } from "../../core/game/state";
import type { ModelFacts } from "../context";
import type { Ruling } from "../ruleset";
import { type BgContext, MARKERS, modelState } from "./context";
import { moveCost } from "./movement";
import { resolutions, resolvedOf } from "./records";
import type { BgModelState } from "./types";

/** The outcome a failed unbogging test leaves (tests.ts), counted here. */
export const STILL_BOGGED = "still bogged down (−4 on the next test)";

/** A model's failed unbogging tests since it last bogged down, and its moves this turn since its last immobilisation test. */
export function bogging(events: readonly GameEvent[], model: string): Pick<BgModelState, "failedUnbogging" | "untestedMoves"> {
  let failed = 0;
  for (const r of resolutions(events, false)) {
    for (const o of r.outcomes.filter((x) => x.model === model)) {
      if ((o.effect === "damaged" || o.effect === "cleared") && o.detail === MARKERS.bogged) failed = 0;
      else if (o.detail === STILL_BOGGED) failed++;
    }
  }
  const moves: NonNullable<BgModelState["untestedMoves"]>[number][] = [];
  for (const e of events.slice(turnStart(events))) {
    if (resolvedOf(e)?.action === "immobilisation-test" && resolvedOf(e)!.outcomes.some((o) => o.model === model)) moves.length = 0;
    for (const m of movesIn(e)) if (m.model === model && changesPosition(m)) moves.push({ heading: m.from.heading, path: movePath(m) });
  }
  return { ...(failed ? { failedUnbogging: failed } : {}), ...(moves.length ? { untestedMoves: moves } : {}) };
}

/** The features marked # for its class that the vehicle drove through this turn since its last immobilisation test. */
export function immobilisationDue(ctx: BgContext, m: ModelFacts): string[] {
  const features = [...ctx.terrain.values()];
  const due = new Set<string>();
  for (const move of modelState(ctx, m.id).untestedMoves ?? [])
    for (const id of moveCost(ctx, { model: m, heading: move.heading, path: move.path, features }).immobilisation) due.add(id);
  return [...due];
}

/** Why a vehicle may not act on before its immobilisation test, or undefined. */
export function immobilisationRefusal(ctx: BgContext, m: ModelFacts): Ruling | undefined {
  const due = immobilisationDue(ctx, m);
  if (!due.length) return undefined;
  const names = due.map((id) => ctx.terrain.get(id)?.name || id).join(", ");
  return {
    reason: `${m.id} drove through ${names}, marked #: its immobilisation test is due (action: immobilisation test) before it acts on`,
    rule: "002 l.22, 25–27, 54",
  };
}
