/**
 * Coherency (000 l.151–153): a unit's models stay at most 10 cm apart, in a long chain or bunched up. A
 * model moved on its own ends within 10 cm of another of its unit (its models are moved one by one, keeping
 * coherency, l.153); a unit moved as one ends as one chain, which also restores a unit losses broke (l.152).
 * Measured base edge to base edge, where the moves end; vehicles and single-model units have no coherency.
 */

import { type Footprint, footprintDistance, translatedFootprint } from "../../core/footprint";
import type { Vec2 } from "../../core/geometry2d";
import type { ModelFacts } from "../context";
import type { MoveRequest, Ruling } from "../ruleset";
import type { Ow2Context } from "./context";
import { isVehicle } from "./profiles";

/** The most two models of a unit stand apart (cm, 000 l.151). */
export const COHERENCY_CM = 10;
/** Rounding of a drag's end (cm). */
const TOLERANCE = 0.05;

/** Where a model's footprint ends after `request` (or stays, when it does not move in it). */
function footprintAfter(model: ModelFacts, request: MoveRequest | undefined): Footprint {
  if (!request || request.path.length < 2) return model.footprint;
  const [start, end] = [request.path[0]!, request.path.at(-1)!];
  const by: Vec2 = [end[0] - start[0], end[1] - start[1]];
  return translatedFootprint(model.footprint, by);
}

/** The models not linked to `from` by a chain of gaps of at most COHERENCY_CM. */
function outOfChain(from: string, ends: ReadonlyMap<string, Footprint>): string[] {
  const reached = new Set([from]);
  const queue = [from];
  while (queue.length) {
    const at = ends.get(queue.pop()!)!;
    for (const [id, fp] of ends)
      if (!reached.has(id) && footprintDistance(at, fp) <= COHERENCY_CM + TOLERANCE) {
        reached.add(id);
        queue.push(id);
      }
  }
  return [...ends.keys()].filter((id) => !reached.has(id));
}

/** The coherency ruling on a move of infantry `m`, and its refusal where the move breaks coherency. */
export function coherencyRuling(request: MoveRequest, m: ModelFacts, ctx: Ow2Context): { ruling?: Ruling; refusal?: Ruling } {
  const members = (ctx.units.get(m.unitId)?.models ?? []).flatMap((id) => {
    const model = ctx.models.get(id);
    return model && !isVehicle(ctx, model) ? [model] : [];
  });
  if (isVehicle(ctx, m) || members.length < 2) return {};
  const moves = new Map([request, ...(request.with ?? [])].map((r) => [r.model, r]));
  const ends = new Map(members.map((model) => [model.id, footprintAfter(model, moves.get(model.id))]));
  const group = moves.size > 1;
  const apart = group
    ? outOfChain(m.id, ends)
    : Math.min(...members.filter((o) => o.id !== m.id).map((o) => footprintDistance(ends.get(m.id)!, ends.get(o.id)!))) > COHERENCY_CM + TOLERANCE
      ? [m.id]
      : [];
  const rule = group ? "§4.2 (000 l.151–153)" : "§4.2 (000 l.151, l.153)";
  if (!apart.length)
    return {
      ruling: {
        reason: `${group ? "its unit ends as one chain" : `${m.id} ends`} within ${COHERENCY_CM} cm of ${group ? "each other" : "another model of its unit"}: coherent`,
        rule,
      },
    };
  const refusal: Ruling = {
    reason: group
      ? `coherency: ${apart.join(", ")} would end more than ${COHERENCY_CM} cm from the chain of ${m.unitId}'s other models`
      : `coherency: ${m.id} would end more than ${COHERENCY_CM} cm from every other model of ${m.unitId}`,
    rule,
  };
  return { ruling: refusal, refusal };
}
