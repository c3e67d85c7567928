/**
 * Infiltration (003 l.30–39), where the game switches it on: a platoon that has infiltrated in the deployment
 * may come no nearer than 8"/20 cm to an enemy model and keeps within Command Distance (l.33); each of its teams
 * within 16"/40 cm of an enemy model that sees it is spotted at once, unless it is Concealed from it or the enemy
 * is Recce (l.34); if none is, the opponent rolls a die and spots the platoon on a 6 (l.35–37). Spotted
 * infiltrators give the first turn to the opponent (l.38): the record says so; the turn's first side is still the
 * battlefield's (the turn frame). The infiltration move itself is the deployment's, inside the side's zone.
 */
import type { Dice } from "../../core/dice";
import { footprintDistance } from "../../core/footprint";
import { unitNamed } from "../context";
import type { ActionGeometry, Ruling } from "../ruleset";
import { type FowContext, hasNote, sampleMark, teamOf } from "./context";
import { SOURCE_CM, sourcePair } from "./distances";
import { FowReferee, type FowResolution } from "./ratingTests";
import { judgeSight } from "./sight";

/** The nearest an infiltrating team may come to an enemy model: 8"/20 cm (003 l.33). */
const KEEP_OFF_CM = 20;

export interface InfiltrationRecord {
  readonly kind: "infiltration";
  readonly unit: string;
  readonly spotted: boolean;
}

/** Why `unitId` may not end its infiltration where it stands, or undefined (003 l.33). */
export function infiltrationRefusal(ctx: FowContext, unitId: string): Ruling | undefined {
  const models = unitNamed(ctx, unitId).models.map((id) => ctx.models.get(id)!);
  const enemies = [...ctx.models.values()].filter((m) => m.side !== models[0]?.side);
  for (const m of models)
    for (const e of enemies) {
      const d = footprintDistance(m.footprint, e.footprint);
      if (d < KEEP_OFF_CM)
        return {
          reason: `${m.id} is ${d.toFixed(1)} cm from ${e.id}: infiltrators keep ${sourcePair(KEEP_OFF_CM)} from enemy models`,
          rule: "§6.1 (003 l.33)",
        };
    }
  const leader = models[0];
  const command = ctx.tables.parameters.commandDistance;
  const straggler = models.find((m) => leader && footprintDistance(m.footprint, leader.footprint) > command);
  if (straggler)
    return {
      reason: `${straggler.id} is outside Command Distance (${sourcePair(command)}) of ${leader!.id}`,
      rule: "§6.1 (003 l.33)",
      ...sampleMark(ctx, "parameters"),
    };
  return undefined;
}

export function infiltrate(ctx: FowContext, dice: Dice, unitId: string, geometry: Pick<ActionGeometry, "sight">): FowResolution<InfiltrationRecord> {
  const unit = unitNamed(ctx, unitId);
  const models = unit.models.map((id) => ctx.models.get(id)!);
  const enemies = [...ctx.models.values()].filter((m) => m.side !== models[0]?.side);
  const ref = new FowReferee(dice, ctx);
  let spotted = false;
  for (const m of models) {
    for (const e of enemies) {
      const d = footprintDistance(m.footprint, e.footprint);
      if (d > SOURCE_CM.longRange) continue;
      const seen = judgeSight(geometry.sight({ shooter: e.id, target: m.id }), e, m, ctx, Number.POSITIVE_INFINITY);
      if (!seen.canSee) continue;
      const recce = hasNote(teamOf(ctx, e), "recce");
      if (seen.terrainConcealed && !recce) continue;
      ref.note(
        `${m.id} is ${d.toFixed(1)} cm from ${e.id}, in its sight${recce ? " (a Recce model)" : " and not Concealed"}: spotted at once`,
        "§6.1 (003 l.34)",
      );
      spotted = true;
      break;
    }
    if (spotted) break;
  }
  if (!spotted) {
    const { passed, index } = ref.check(`spotting the infiltrators ${unit.id}`, 6, (p) => (p ? "spotted" : "not spotted"), "§6.1 (003 l.35–37)");
    ref.note(
      `no team is spotted at once: the opponent rolls ${passed ? "a 6, the platoon is spotted" : "under 6, it infiltrated unseen"}`,
      "§6.1 (003 l.35–37)",
      [index],
    );
    spotted = passed;
  }
  if (spotted) ref.note(`the infiltrators are spotted: ${unit.side} give the first turn to the opponent`, "§6.1 (003 l.38)");
  return ref.finish(`${unit.id} ${spotted ? "is spotted infiltrating: the first turn goes to the opponent" : "infiltrates unseen"}`, {
    kind: "infiltration",
    unit: unit.id,
    spotted,
  });
}
