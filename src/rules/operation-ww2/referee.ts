/** Operation WW2's referee: the shared one (../referee.ts) with the game's rules context at hand. */
import type { Dice } from "../../core/dice";
import { DiceReferee } from "../referee";
import type { Ow2Context } from "./context";

export type { Cause, DieMeaning } from "../referee";

export class Referee extends DiceReferee {
  constructor(
    readonly ctx: Ow2Context,
    dice: Dice,
  ) {
    super(dice);
  }
}
