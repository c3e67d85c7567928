/**
 * Coherency (000 l.151–153): a unit's models stay at most 10 cm apart, in a long chain or bunched up. A
 * model moved on its own ends within 10 cm of another of its unit (its models are moved one by one, keeping
 * coherency, l.153); a unit moved as one ends as one chain, which also restores a unit losses broke (l.152).
 * v2.0 gives a squad's vehicles a coherency of 20 cm (004 l.157); v1 none. Measured base (or hull) edge to edge, where
 * the moves end, between the models of the moving one's kind (infantry or vehicles); a lone model has none.
 */

import { type Footprint, footprintDistance, translatedFootprint } from "../../core/footprint";
import type { Vec2 } from "../../core/geometry2d";
import type { ModelFacts } from "../context";
import type { MoveRequest, Ruling } from "../ruleset";
import { isV1, type Ow2Context } from "./context";
import { isVehicle } from "./profiles";

/** The most two models of a unit stand apart (cm): infantry (000 l.151), v2.0 a squad's vehicles (004 l.157). */
export const COHERENCY_CM = { infantry: 10, vehicles: 20 } as const;
/** Rounding of a drag's end (cm). */
const TOLERANCE = 0.05;

/** Where a model's footprint ends after `request` (or stays, when it does not move in it). */
function footprintAfter(model: ModelFacts, request: MoveRequest | undefined): Footprint {
  if (!request || request.path.length < 2) return model.footprint;
  const [start, end] = [request.path[0]!, request.path.at(-1)!];
  const by: Vec2 = [end[0] - start[0], end[1] - start[1]];
  return translatedFootprint(model.footprint, by);
}

/** The models not linked to `from` by a chain of gaps of at most `most` cm. */
function outOfChain(from: string, ends: ReadonlyMap<string, Footprint>, most: number): string[] {
  const reached = new Set([from]);
  const queue = [from];
  while (queue.length) {
    const at = ends.get(queue.pop()!)!;
    for (const [id, fp] of ends)
      if (!reached.has(id) && footprintDistance(at, fp) <= most + TOLERANCE) {
        reached.add(id);
        queue.push(id);
      }
  }
  return [...ends.keys()].filter((id) => !reached.has(id));
}

/** The coherency ruling on a move of `m`, and its refusal where the move breaks coherency. */
export function coherencyRuling(request: MoveRequest, m: ModelFacts, ctx: Ow2Context): { ruling?: Ruling; refusal?: Ruling } {
  const vehicle = isVehicle(ctx, m);
  const members = (ctx.units.get(m.unitId)?.models ?? []).flatMap((id) => {
    const model = ctx.models.get(id);
    return model && isVehicle(ctx, model) === vehicle ? [model] : [];
  });
  if ((vehicle && isV1(ctx)) || members.length < 2) return {};
  const most = COHERENCY_CM[vehicle ? "vehicles" : "infantry"];
  const moves = new Map([request, ...(request.with ?? [])].map((r) => [r.model, r]));
  const ends = new Map(members.map((model) => [model.id, footprintAfter(model, moves.get(model.id))]));
  const group = moves.size > 1;
  const apart = group
    ? outOfChain(m.id, ends, most)
    : Math.min(...members.filter((o) => o.id !== m.id).map((o) => footprintDistance(ends.get(m.id)!, ends.get(o.id)!))) > most + TOLERANCE
      ? [m.id]
      : [];
  const rule = vehicle ? "004 l.157" : group ? "§4.2 (000 l.151–153)" : "§4.2 (000 l.151, l.153)";
  if (!apart.length)
    return {
      ruling: {
        reason: `${group ? "its unit ends as one chain" : `${m.id} ends`} within ${most} cm of ${group ? "each other" : "another model of its unit"}: coherent`,
        rule,
      },
    };
  const refusal: Ruling = {
    reason: group
      ? `coherency: ${apart.join(", ")} would end more than ${most} cm from the chain of ${m.unitId}'s other models`
      : `coherency: ${m.id} would end more than ${most} cm from every other model of ${m.unitId}`,
    rule,
  };
  return { ruling: refusal, refusal };
}
