/** Operation WW2's referee: the shared one with its context and its d10. */
import type { Dice } from "../../core/dice";
import { Referee as SharedReferee } from "../referee";
import type { Ow2Context } from "./context";

export type { Cause } from "../referee";

export class Referee extends SharedReferee<Ow2Context> {
  constructor(ctx: Ow2Context, dice: Dice) {
    super(ctx, dice, 10);
  }
}
