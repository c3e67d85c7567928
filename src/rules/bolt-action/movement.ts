/**
 * How far a model may move under its unit's order (001 l.24–29, 54–60): the Advance rate, or double it at the
 * Run; no move under Fire, Ambush, Rally or Down. A unit with no order die yet is measured at the Advance rate,
 * the order that moves and still fires. Terrain and a vehicle's turns are not counted yet (issue 24).
 */
import { pathLength } from "../../core/geometry2d";
import { cmToInches } from "../../core/units";
import { requireModel } from "../context";
import { type MoveRequest, type MoveVerdict, type Ruling, uniqueSampleTables } from "../ruleset";
import { type BaContext, sampleMark, unitState } from "./context";
import { profileOf } from "./profiles";
import { TOLERANCE } from "./sight";
import { RULESET_ID } from "./types";

const STILL: Record<string, string> = { fire: "Fire", ambush: "Ambush", rally: "Rally", down: "Down" };

export function moveVerdict(request: MoveRequest, ctx: BaContext): MoveVerdict {
  const m = requireModel(ctx, request.model);
  const profile = profileOf(ctx, m);
  const kind = profile.vehicle?.moves ?? "infantry";
  const rates = ctx.tables.movement.rates[kind];
  const order = unitState(ctx, m.unitId).order;
  const cost = cmToInches(pathLength(request.path));
  const profiles = sampleMark(ctx, "profiles");
  const rulings: Ruling[] = [
    {
      reason: `${m.id} moves as ${kind === "infantry" ? (profile.type === "artillery" ? "infantry (the rates table has no artillery row)" : "infantry") : `a ${kind} vehicle`}: Advance ${rates.advance}", Run ${rates.run}"`,
      rule: "001 l.54–60",
      ...profiles,
    },
  ];
  let allowance: number;
  if (order !== undefined && STILL[order]) {
    allowance = 0;
    rulings.push({ reason: `its unit's order is ${STILL[order]}: it does not move`, rule: "001 l.24–29" });
  } else if (order === "run") {
    allowance = rates.run;
    rulings.push({ reason: `Run: double speed, no shooting: ${rates.run}"`, rule: "001 l.26" });
  } else {
    allowance = rates.advance;
    rulings.push({
      reason: order === "advance" ? `Advance: moves then fires: ${rates.advance}"` : `no order die yet: measured at the Advance rate, ${rates.advance}"`,
      rule: "001 l.25",
    });
  }
  const allowed = cost <= allowance + cmToInches(TOLERANCE);
  const measured: Ruling = {
    reason: `the move is ${cost.toFixed(2)}" of ${allowance}"${allowed ? "" : `: ${(cost - allowance).toFixed(2)}" too far`}; terrain and turns not counted yet`,
    rule: "001 l.54–96",
  };
  rulings.push(measured);
  return {
    ruleset: RULESET_ID,
    model: m.id,
    measure: "in",
    allowance,
    cost,
    allowed,
    rulings,
    ...(!allowed && { refusal: measured }),
    sampleTables: uniqueSampleTables(rulings.flatMap((r) => (r.sample ? [r.sample] : []))),
  };
}
