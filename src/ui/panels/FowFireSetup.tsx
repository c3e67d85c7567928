/**
 * What Flames of War needs to know about this turn that the table does not show (§1.3, §2.5–2.7): whether
 * the firing platoon moved, and whether the target platoon moved, moved At Double or is Dug In. It becomes
 * the rule system's game state for the verdict and the roll.
 */
import type { Battlefield } from "../../core/battlefield";
import type { FowGameState, FowModelState } from "../../rules/flames-of-war/types";

export interface FowTurn {
  readonly firersMoved: boolean;
  readonly targetMoved: boolean;
  readonly targetAtDouble: boolean;
  readonly targetDugIn: boolean;
}

export const FOW_TURN: FowTurn = { firersMoved: false, targetMoved: false, targetAtDouble: false, targetDugIn: false };

/** The game state of the two platoons' models for this turn. */
export function fowGameState(battlefield: Battlefield, shooterUnit: string, targetUnit: string, turn: FowTurn): FowGameState {
  const models: Record<string, FowModelState> = {};
  for (const e of battlefield.models.values()) {
    if (e.unitId === shooterUnit) models[e.model.id] = { moved: turn.firersMoved };
    if (e.unitId === targetUnit)
      models[e.model.id] = { moved: turn.targetMoved || turn.targetAtDouble, atDouble: turn.targetAtDouble, dugIn: turn.targetDugIn };
  }
  return { models };
}

export function FowFireSetup({ turn, onChange }: { turn: FowTurn; onChange: (turn: FowTurn) => void }) {
  const box = (key: keyof FowTurn, label: string) => (
    <label>
      <input type="checkbox" checked={turn[key]} onChange={(e) => onChange({ ...turn, [key]: e.target.checked })} data-testid={`fow-${key}`} /> {label}
    </label>
  );
  return (
    <>
      {box("firersMoved", "firers moved")}
      {box("targetMoved", "target moved")}
      {box("targetAtDouble", "target At Double")}
      {box("targetDugIn", "target Dug In")}
    </>
  );
}
