/**
 * The fire panel's setup in Battleground WWII's terms (§3, §4, §9): what the action is and which round. How
 * the shooter and the target moved, their morale and camouflage come from the game log (BattlegroundState).
 */
import type { BgAction, BgFireDeclaration } from "../../rules/battleground/types";

export interface BattlegroundSetupState {
  readonly action: BgAction;
  readonly ammunition: NonNullable<BgFireDeclaration["ammunition"]> | "default";
}

export const BATTLEGROUND_SETUP: BattlegroundSetupState = { action: "fire", ammunition: "default" };

const ACTIONS: ReadonlyArray<readonly [BgAction, string]> = [
  ["fire", "fire"],
  ["close-combat", "close combat"],
  ["clear-jam", "clear a jam"],
];

/** The declaration's extras. */
export function battlegroundDeclaration(setup: BattlegroundSetupState): Partial<BgFireDeclaration> {
  return { action: setup.action, ...(setup.ammunition !== "default" ? { ammunition: setup.ammunition } : {}) };
}

export function BattlegroundSetup({ setup, onChange }: { setup: BattlegroundSetupState; onChange: (next: BattlegroundSetupState) => void }) {
  return (
    <>
      <select value={setup.action} onChange={(e) => onChange({ ...setup, action: e.target.value as BgAction })} aria-label="Action">
        {ACTIONS.map(([id, label]) => (
          <option key={id} value={id}>
            {label}
          </option>
        ))}
      </select>
      <select
        value={setup.ammunition}
        onChange={(e) => onChange({ ...setup, ammunition: e.target.value as BattlegroundSetupState["ammunition"] })}
        aria-label="Round"
      >
        <option value="default">usual round</option>
        <option value="standard">AP / small arms</option>
        <option value="HE">HE</option>
        <option value="smoke">smoke</option>
      </select>
      {setup.ammunition === "HE" && (
        <p className="muted" data-testid="bg-structures">
          HE against a building: the sheet says only that an attack on a structure uses the HE OV, impact = HE OV − the structure&apos;s DV (§6.1); it gives no
          DV, Class or collapse rule for any building, so buildings are not targets here. Models inside one are (heavy cover).
        </p>
      )}
    </>
  );
}
