/**
 * The national special moves: Stormtroopers (German, 003 l.266–280), a Skill Test in the Assault Step for
 * another 4"/10 cm as if it were the Movement Step, and Tip and Run (British, l.116–120), a Skill Test straight
 * after shooting for a 4"/10 cm move. Either way the platoon does not assault that turn (l.120, 274): the
 * assault action refuses it, and the move itself is checked by moveVerdict against the passed test.
 */
import type { Dice } from "../../core/dice";
import { unitNamed } from "../context";
import type { FowContext } from "./context";
import { sourcePair } from "./distances";
import { FowReferee, type FowResolution } from "./ratingTests";

/** A special move's extra distance: 4"/10 cm (003 l.119, 272). */
export const SPECIAL_MOVE_CM = 10;

export interface SpecialMoveRecord {
  readonly kind: "stormtroopers" | "tip-and-run";
  readonly unit: string;
  readonly passed: boolean;
}

export function specialMove(ctx: FowContext, dice: Dice, unitId: string, kind: SpecialMoveRecord["kind"]): FowResolution<SpecialMoveRecord> {
  const unit = unitNamed(ctx, unitId);
  const ref = new FowReferee(dice, ctx);
  const stormtroopers = kind === "stormtroopers";
  const rule = stormtroopers ? "§6.4 (003 l.270–272)" : "§6.2 (003 l.118–119)";
  const passed = ref.test(unit.id, "skill", stormtroopers ? "a Stormtroopers move" : "Tip and Run", rule);
  ref.note(
    passed
      ? `${unit.id} may move another ${sourcePair(SPECIAL_MOVE_CM)}${stormtroopers ? ", mounting and dismounting as in the Movement Step (l.276)" : " away from the platoons it shot at"}`
      : `${unit.id} stays where it is`,
    rule,
  );
  ref.note(`${unit.id} does not assault this turn`, stormtroopers ? "§6.4 (003 l.274)" : "§6.2 (003 l.120)");
  const name = stormtroopers ? "Stormtroopers" : "Tip and Run";
  return ref.finish(`${unit.id} ${passed ? `passes its Skill Test: ${name}, ${sourcePair(SPECIAL_MOVE_CM)}` : `fails its Skill Test: no ${name} move`}`, {
    kind,
    unit: unit.id,
    passed,
  });
}
