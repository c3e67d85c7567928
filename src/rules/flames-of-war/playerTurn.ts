/**
 * What each team did in its own side's latest player turn, from the game log alone: how far it moved in the
 * Movement Step, how far it moved in the Assault Step (a charge, a Stormtroopers move), and whether it shot.
 * A player turn is the side's: a platoon that moved At Double in its turn is still a platoon that moved At
 * Double when the other side shoots at it in the next (003 l.55, 62; digest §1.3), and forgets it only when
 * its own next turn starts. In free play (no turn recorded) the turn since the last turn's end counts.
 */
import type { GameEvent } from "../../core/game/events";
import { movePath } from "../../core/game/models";
import { pathLength } from "../../core/geometry2d";
import type { Scenario } from "../../core/scenario/schema";
import type { GameHistory } from "../ruleset";
import { DEPLOYMENT } from "../turn";
import { FOW_TURN } from "./turn";

/** What one team did in its side's latest player turn (cm). */
export interface TeamTurn {
  /** Moved in the Movement Step (or in free play). */
  readonly moved: number;
  /** Moved in the Shooting Step (Tip and Run). */
  readonly shootingMoved: number;
  /** Moved in the Assault Step: charging into contact, consolidating, a Stormtroopers move. */
  readonly assaultMoved: number;
  readonly shot: boolean;
}

/** The phase a side's player turn starts with: reaching it forgets what the side's teams did last turn. */
const FIRST_PHASE = FOW_TURN.phases[0]!.id;
const ASSAULT = FOW_TURN.phases.at(-1)!.id;
const SHOOTING = FOW_TURN.phases[2]!.id;

function sidesByModel(scenario: Scenario): Map<string, string> {
  const sides = new Map<string, string>();
  for (const force of scenario.forces) for (const unit of force.units) for (const m of unit.models) sides.set(m.id, force.side);
  return sides;
}

function unitsByModel(scenario: Scenario): Map<string, string> {
  const units = new Map<string, string>();
  for (const force of scenario.forces) for (const unit of force.units) for (const m of unit.models) units.set(m.id, unit.id);
  return units;
}

const movesOf = (e: GameEvent) => (e.type === "model-moved" ? [e] : e.type === "models-moved" ? e.moves : []);

/** Per model id, what it did in its side's latest player turn; teams that did nothing are left out. */
export function teamTurns(history: GameHistory): Map<string, TeamTurn> {
  const sides = sidesByModel(history.state.scenario);
  const units = unitsByModel(history.state.scenario);
  const turns = new Map<string, TeamTurn>();
  const add = (id: string, change: Partial<TeamTurn>) => {
    const now = turns.get(id) ?? { moved: 0, shootingMoved: 0, assaultMoved: 0, shot: false };
    turns.set(id, {
      moved: now.moved + (change.moved ?? 0),
      shootingMoved: now.shootingMoved + (change.shootingMoved ?? 0),
      assaultMoved: now.assaultMoved + (change.assaultMoved ?? 0),
      shot: now.shot || change.shot === true,
    });
  };
  let phase: string | undefined;
  for (const e of history.events) {
    if (e.type === "turn-ended") turns.clear();
    else if (e.type === "turn-advanced") {
      // Free play's and the deployment's moves are no player turn's: the first turn starts clean.
      if (e.phase === DEPLOYMENT || phase === DEPLOYMENT) turns.clear();
      phase = e.phase;
      if (e.phase === FIRST_PHASE) for (const id of [...turns.keys()]) if (sides.get(id) === e.side) turns.delete(id);
    } else if (e.type === "fire-resolved" || (e.type === "action-taken" && e.action === "bombardment")) {
      // A battery that bombarded has shot (003 l.284).
      const shooter = e.type === "fire-resolved" ? e.shooter : e.unit;
      for (const [id, unit] of units) if (id === shooter || unit === shooter) add(id, { shot: true });
    } else
      for (const m of movesOf(e)) {
        const length = pathLength(movePath(m));
        if (length === 0 || phase === DEPLOYMENT) continue;
        add(m.model, phase === ASSAULT ? { assaultMoved: length } : phase === SHOOTING ? { shootingMoved: length } : { moved: length });
      }
  }
  return turns;
}

/** A rule action taken in the player turn in progress: its id, who took it, and the system's record of it (its details' `record`, not its dice). */
export interface ActionTaken {
  readonly action: string;
  readonly unit?: string;
  readonly side?: string;
  readonly target?: string;
  readonly record?: unknown;
}

/** The rule actions taken since the player turn in progress began (in free play: since the last turn's end). */
export function actionsThisTurn(history: GameHistory): ActionTaken[] {
  let taken: ActionTaken[] = [];
  for (const e of history.events) {
    if (e.type === "turn-ended" || (e.type === "turn-advanced" && e.phase === FIRST_PHASE)) taken = [];
    else if (e.type === "action-taken")
      taken.push({
        action: e.action,
        ...(e.unit !== undefined ? { unit: e.unit } : {}),
        ...(e.side !== undefined ? { side: e.side } : {}),
        ...(e.target !== undefined ? { target: e.target } : {}),
        ...((e.details as { record?: unknown } | undefined)?.record !== undefined ? { record: (e.details as { record: unknown }).record } : {}),
      });
  }
  return taken;
}

/**
 * The teams Dug In: those of a platoon that passed its test to dig in (the "dig-in" action), until they move
 * (003 l.69 names digging in; §2.5, §4.8 what it gives).
 */
export function dugInTeams(history: GameHistory): Set<string> {
  const units = unitsByModel(history.state.scenario);
  const dug = new Set<string>();
  for (const e of history.events) {
    if (e.type === "action-taken" && e.action === "dig-in" && (e.details as { record?: { passed?: boolean } } | undefined)?.record?.passed)
      for (const [id, unit] of units) if (unit === e.unit) dug.add(id);
    for (const m of movesOf(e)) if (pathLength(movePath(m)) > 0) dug.delete(m.model);
  }
  return dug;
}
