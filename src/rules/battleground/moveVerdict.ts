/**
 * Ruleset.moveVerdict for Battleground WWII: a move's Movement Points (movement.ts) against one move action's,
 * and whether the model may make a move now at all (activation.ts).
 */
import { type ModelFacts, requireModel } from "../context";
import { type MoveRequest, type MoveVerdict, type Ruling, uniqueSampleTables } from "../ruleset";
import { chargeStage, moveRefusal } from "./activation";
import { type BgContext, modelState } from "./context";
import { moveCost } from "./movement";
import { RULESET_ID } from "./tables";
import { INCH_EPSILON } from "./toHit";

/** A charge move is no ordinary move (l.245, 251–253): the one full move that takes the chargers to their target, or stops them short. */
const chargeMove = (ctx: BgContext, m: ModelFacts, allowance: number): Ruling => ({
  reason: `${m.id} makes its charge move at ${modelState(ctx, m.id).charge!.target}: one full move (${allowance} MP); short of contact it stops there and loses its Standard Action`,
  rule: "002 l.245, 251–253",
});

/**
 * A move's verdict: its Movement Points against one move action's (sample), refused past them or into the
 * sheet's NO, and refused where the model may make no more move now (its state, its activation: activation.ts).
 */
export function moveVerdict(request: MoveRequest, ctx: BgContext): MoveVerdict {
  const m = requireModel(ctx, request.model);
  const cost = moveCost(ctx, { model: m, heading: m.heading, path: request.path, features: [...ctx.terrain.values()] });
  const now = ctx.game.activations ? moveRefusal(ctx, m) : undefined;
  const refusal = now ?? cost.refused ?? (cost.mp > cost.allowance + INCH_EPSILON ? cost.limit : undefined);
  const charging = ctx.game.activations && chargeStage(ctx, m) === "to-move" ? [chargeMove(ctx, m, cost.allowance)] : [];
  const rulings = [...(now ? [now] : []), ...(cost.refused ? [cost.refused] : []), ...charging, ...cost.rulings];
  return {
    ruleset: RULESET_ID,
    model: m.id,
    measure: "MP",
    allowance: cost.allowance,
    cost: cost.mp,
    allowed: !refusal,
    rulings,
    ...(refusal && { refusal }),
    sampleTables: uniqueSampleTables(rulings.flatMap((r) => (r.sample ? [r.sample] : []))),
  };
}
