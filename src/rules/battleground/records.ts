/**
 * Battleground's own record of what was resolved, read back from the game log: each shot (fire-resolved, its
 * ruling in FireDetails) and each action (action-taken, its dice and steps in ActionDetails) with the action it
 * was, its outcomes and its dice, each die with its rule. The game state (gameState.ts, states.ts, bogging.ts)
 * reads tests, shots and charges from here.
 */
import type { GameEvent, Outcome } from "../../core/game/events";
import { turnStart } from "../../core/game/state";
import type { FireStep, HitAllocation, RolledDie, SampleTable } from "../ruleset";
import { RULESET_ID } from "./tables";

/** What an action-taken event of this system keeps (ActionResult.details). */
export interface ActionDetails {
  readonly dice: readonly RolledDie[];
  readonly steps: readonly FireStep[];
  readonly allocation: readonly HitAllocation[];
  readonly sampleTables: readonly SampleTable[];
  /** The charge's or close combat's target unit. */
  readonly target?: string;
}

/** What a shot's ruling (the BgFireVerdict kept in FireDetails) tells the game state: the action and each firer's weapon. */
export interface ShotRuling {
  readonly action?: string;
  readonly firers?: ReadonlyArray<{ readonly model: string; readonly canFire: boolean; readonly weapon?: { readonly id: string } }>;
}

export interface Resolved {
  /** "fire" or "close-combat" for a shot's ruling; the ActionSpec id for an action. */
  readonly action: string;
  /** Who acted: the declared shooter, or the action's unit. */
  readonly by: string;
  readonly target?: string;
  readonly outcomes: readonly Outcome[];
  readonly dice: readonly RolledDie[];
  /** The shot's ruling, for a shot. */
  readonly verdict?: ShotRuling;
}

/** One event as this system resolved it, or undefined for any other event. */
export function resolvedOf(e: GameEvent): Resolved | undefined {
  if (e.type === "fire-resolved" && e.ruleset === RULESET_ID) {
    const details = e.details as { verdict?: ShotRuling; dice?: readonly RolledDie[] } | undefined;
    return {
      action: details?.verdict?.action ?? "fire",
      by: e.shooter,
      target: e.target,
      outcomes: e.outcomes,
      dice: details?.dice ?? [],
      ...(details?.verdict ? { verdict: details.verdict } : {}),
    };
  }
  if (e.type === "action-taken" && e.ruleset === RULESET_ID) {
    const details = e.details as Partial<ActionDetails> | undefined;
    return {
      action: e.action,
      by: e.unit ?? e.side ?? "",
      ...(e.target !== undefined ? { target: e.target } : {}),
      outcomes: e.outcomes,
      dice: details?.dice ?? [],
    };
  }
  return undefined;
}

/** This system's resolutions of the game, oldest first (`thisTurn`: only the turn in progress). */
export function resolutions(events: readonly GameEvent[], thisTurn = true): Resolved[] {
  return (thisTurn ? events.slice(turnStart(events)) : events).flatMap((e) => {
    const r = resolvedOf(e);
    return r ? [r] : [];
  });
}
