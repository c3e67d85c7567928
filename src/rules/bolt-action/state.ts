/**
 * Bolt Action's game state from the game log: each unit's order die this turn and its pin markers, as the
 * log's fold keeps them (order-given and fire-resolved events, turn-ended returning the dice to the bag), and
 * what the fire panel asks and shows before a shot.
 */
import { movePath, movesIn, unitOf } from "../../core/game/models";
import { fallenByUnit, turnStart } from "../../core/game/state";
import { pathLength } from "../../core/geometry2d";
import { unitNamed } from "../context";
import { unmarkedSubject } from "../marks";
import type { Question } from "../questions";
import type { GameHistory, PickedModels, Situation, StateLine } from "../ruleset";
import { type BaContext, unitState } from "./context";
import type { MoraleRecord } from "./morale";
import { orderSpecs } from "./orders";
import type { EscapeRecord } from "./recceEscape";
import { type BaFireDeclaration, type BaGameState, type BaOrderRecord, type BaUnitState, type Order, RULESET_ID } from "./types";
import type { AssaultPlan } from "./verdict";

/** Fire HE, or AP, when the weapon has both; an assault is close quarters (§4.5, §5). */
export const DECLARATION: readonly Question[] = [
  {
    id: "he",
    kind: "flag",
    label: "Fire HE",
    rule: "§4.5",
    default: false,
    derived: "by the target",
    help: "A gun with both a Pen value and HE: fire HE (yes) or its Pen (no); by default HE at soft targets, AP at armour.",
  },
  { id: "assault", kind: "flag", label: "Assault (close quarters)", rule: "§5", default: false },
];

/** What a shot's details say of one firer: whether it fired, and its weapon's row. */
interface FiredWeapon {
  readonly model: string;
  readonly canFire: boolean;
  readonly weapon?: { readonly id: string; readonly row: { readonly rules: readonly string[] } };
}

/**
 * Every unit's order die, pins and losses, from the log's fold, with what this turn's events bind it to: a
 * FUBAR (the record of its order-given event) and its shots; and how far each model has moved this turn.
 */
export function gameState(history: GameHistory): BaGameState {
  const units: Record<string, BaUnitState> = { ...(history.state.units as BaGameState["units"]) };
  for (const [unit, lost] of Object.entries(fallenByUnit(history.state))) units[unit] = { ...units[unit], lost };
  const moved: Record<string, number> = {};
  const change = (unit: string | undefined, f: (u: BaUnitState) => BaUnitState) => {
    if (unit !== undefined) units[unit] = f(units[unit] ?? {});
  };
  // Over the game: morale checks (a unit checks again only after further losses) and one-shot weapons fired.
  const spent: Record<string, string[]> = {};
  for (const event of history.events) {
    const record = event.type === "action-taken" ? (event.details as { record?: MoraleRecord } | undefined)?.record : undefined;
    if (record?.check === "morale") change(record.unit, (u) => ({ ...u, moraleCheckedAt: record.lost }));
    if (event.type === "fire-resolved" && event.ruleset === RULESET_ID)
      for (const f of (event.details as { verdict?: { firers?: readonly FiredWeapon[] } } | undefined)?.verdict?.firers ?? [])
        if (f.canFire && f.weapon?.row.rules.includes("one-shot")) spent[f.model] = [...(spent[f.model] ?? []), f.weapon.id];
  }
  for (const event of history.events.slice(turnStart(history.events))) {
    const escaped = event.type === "action-taken" ? (event.details as { record?: EscapeRecord } | undefined)?.record : undefined;
    if (escaped?.escaped) change(escaped.vehicle, (u) => ({ ...u, escapes: escaped.from }));
    if (event.type === "order-given") {
      const fubar = (event.details as { record?: BaOrderRecord } | undefined)?.record?.fubar;
      if (fubar) change(event.unit, (u) => ({ ...u, fubar }));
    } else if (event.type === "fire-resolved") {
      const shot = { shooter: event.shooter, weapon: event.weapon };
      change(unitOf(history.state.scenario, event.shooter) ?? event.shooter, (u) => ({ ...u, shots: [...(u.shots ?? []), shot] }));
      const winner = regroupingAfter(history, event.details);
      if (winner) {
        change(winner, (u) => ({ ...u, regroups: true }));
        // The regroup is measured on its own: what the winner moved before the assault is spent.
        for (const m of history.state.scenario.forces.flatMap((f) => f.units).find((u) => u.id === winner)?.models ?? []) delete moved[m.id];
      }
    } else if (event.type === "model-moved" || event.type === "models-moved") {
      for (const m of movesIn(event)) moved[m.model] = (moved[m.model] ?? 0) + pathLength(movePath(m));
    }
  }
  return { units, moved, spent };
}

/**
 * The unit that regroups after close quarters (001 l.238): the side left on the table (the loser surrenders and
 * is destroyed), or the assaulting infantry when the vehicle survives (l.258); none after a drawn fight.
 */
function regroupingAfter(history: GameHistory, details: unknown): string | undefined {
  const plan = (details as { verdict?: { assault?: AssaultPlan } } | undefined)?.verdict?.assault;
  if (!plan) return undefined;
  const onTable = (unit: string) => history.state.scenario.forces.some((f) => f.units.some((u) => u.id === unit && u.models.length > 0));
  const attacker = onTable(plan.attacker);
  const defender = onTable(plan.defender);
  if (attacker && (!defender || plan.kind === "vehicle")) return plan.attacker;
  return defender && !attacker ? plan.defender : undefined;
}

/** The target unit's order die and pins: Down makes it harder to hit, pins tell on its order tests. */
export function situation(declaration: BaFireDeclaration, ctx: BaContext, _history: GameHistory, picked: PickedModels): Situation {
  const target = unitNamed(ctx, declaration.target);
  const state = unitState(ctx, target.id);
  const order = state.order && orderSpecs(ctx).find((o) => o.id === (state.order satisfies Order | undefined));
  const pins = state.pins ?? 0;
  const line: StateLine = {
    id: "order",
    text: `${target.id}: ${order ? `order die ${order.name}` : "no order die yet"} · ${pins} pin${pins === 1 ? "" : "s"}`,
    rule: "§1.2, §2",
  };
  return {
    questions: DECLARATION.map((q) => q.id),
    fromGame: {},
    shooter: unmarkedSubject(picked.shooter),
    target: unmarkedSubject(picked.target, [line]),
    table: [],
  };
}
