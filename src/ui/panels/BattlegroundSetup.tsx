/**
 * The fire panel's setup in Battleground WWII's terms (§3.3, §3.2, §4, §9): what the action is, which round,
 * how the shooter moved this activation (OM1, OM2, OM3) and how the target moves. It turns them into the
 * declaration and the game state the ruleset reads.
 */
import type { BgAction, BgFireDeclaration, BgGameState, Movement } from "../../rules/battleground/types";
import { MOVEMENT } from "../../rules/battleground/types";

export interface BattlegroundSetupState {
  readonly action: BgAction;
  readonly ammunition: NonNullable<BgFireDeclaration["ammunition"]> | "default";
  /** How the shooter moved this activation: no move (OM1), the Bonus Move only (OM2), both actions (OM3). */
  readonly moved: "none" | "bonus" | "both";
  readonly targetMovement: Movement;
}

export const BATTLEGROUND_SETUP: BattlegroundSetupState = { action: "fire", ammunition: "default", moved: "none", targetMovement: "stationary" };

const ACTIONS: ReadonlyArray<readonly [BgAction, string]> = [
  ["fire", "fire"],
  ["close-combat", "close combat"],
  ["clear-jam", "clear a jam"],
];
const MOVES: ReadonlyArray<readonly [BattlegroundSetupState["moved"], string]> = [
  ["none", "did not move (OM1)"],
  ["bonus", "Bonus Move only (OM2)"],
  ["both", "moved in both actions (OM3)"],
];

/** The declaration's extras and the game state for the shooter and the target. */
export function battlegroundQuery(setup: BattlegroundSetupState, shooterModels: readonly string[], target: string): { declaration: Partial<BgFireDeclaration>; game: BgGameState } {
  const motion = { bonusMove: setup.moved !== "none", standardMove: setup.moved === "both" };
  return {
    declaration: { action: setup.action, ...(setup.ammunition !== "default" ? { ammunition: setup.ammunition } : {}) },
    game: { models: { ...Object.fromEntries(shooterModels.map((m) => [m, motion])), [target]: { movement: setup.targetMovement } } },
  };
}

export function BattlegroundSetup({ setup, onChange }: { setup: BattlegroundSetupState; onChange: (next: BattlegroundSetupState) => void }) {
  return (
    <>
      <select value={setup.action} onChange={(e) => onChange({ ...setup, action: e.target.value as BgAction })} aria-label="Action">
        {ACTIONS.map(([id, label]) => (
          <option key={id} value={id}>{label}</option>
        ))}
      </select>
      <select value={setup.ammunition} onChange={(e) => onChange({ ...setup, ammunition: e.target.value as BattlegroundSetupState["ammunition"] })} aria-label="Round">
        <option value="default">usual round</option>
        <option value="standard">AP / small arms</option>
        <option value="HE">HE</option>
        <option value="smoke">smoke</option>
      </select>
      <label>
        shooter{" "}
        <select value={setup.moved} onChange={(e) => onChange({ ...setup, moved: e.target.value as BattlegroundSetupState["moved"] })} aria-label="Shooter's movement">
          {MOVES.map(([id, label]) => (
            <option key={id} value={id}>{label}</option>
          ))}
        </select>
      </label>
      <label>
        target is{" "}
        <select value={setup.targetMovement} onChange={(e) => onChange({ ...setup, targetMovement: e.target.value as Movement })} aria-label="Target's movement">
          {MOVEMENT.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
      </label>
    </>
  );
}
