/**
 * US Tank Destroyer Section placement (§6.3, G21–G22): where the section may appear. Every model must be
 * within Command Distance of a Security Section model and of each other, and none may be within 4"/10 cm of
 * an enemy, within 8"/20 cm of an enemy Recce model in line of sight (not Bogged Down, Bailed Out or At
 * Double), or within 16"/40 cm of an enemy in line of sight unless Concealed by terrain from it.
 */
import { footprintDistance } from "../../core/footprint";
import type { SightReport } from "../../sight/sightReport";
import { type ModelFacts, requireModel } from "../context";
import type { Ruling } from "../ruleset";
import { type FowContext, hasNote, isBailedOut, modelState, sampleMark, teamOf } from "./context";
import { SOURCE_CM, sourcePair } from "./distances";
import { judgeSight } from "./sight";

/** 8"/20 cm and 4"/10 cm of the placement rule, as the source's cm. */
const RECCE_ZONE = 20;
const ANY_ENEMY_ZONE = 10;

export interface PlacementVerdict {
  readonly allowed: boolean;
  readonly rulings: readonly Ruling[];
}

/**
 * `sight(enemy, model)` answers an enemy model's sight report to a section model (the enemy's eye).
 * `security` are the Security Section's models; `section` the Tank Destroyer Section as placed.
 */
export function tankDestroyerPlacement(
  ctx: FowContext,
  section: readonly string[],
  security: readonly string[],
  sight: (enemy: string, model: string) => SightReport,
): PlacementVerdict {
  const rulings: Ruling[] = [];
  const models = section.map((id) => requireModel(ctx, id));
  const side = models[0]?.side;
  const enemies = [...ctx.models.values()].filter((m) => m.side !== side);
  const command = ctx.tables.parameters.commandDistance;
  const apart = (a: ModelFacts, b: ModelFacts) => footprintDistance(a.footprint, b.footprint);
  for (const m of models) {
    if (!security.some((s) => apart(m, requireModel(ctx, s)) <= command))
      rulings.push({
        reason: `${m.id} is not within Command Distance (${command} cm) of a Security Section model`,
        rule: "§6.3",
        ...sampleMark(ctx, "parameters"),
      });
    if (models.length > 1 && !models.some((o) => o !== m && apart(m, o) <= command))
      rulings.push({
        reason: `${m.id} is not within Command Distance (${command} cm) of the rest of the section`,
        rule: "§6.3",
        ...sampleMark(ctx, "parameters"),
      });
    for (const e of enemies) {
      const d = apart(m, e);
      if (d <= ANY_ENEMY_ZONE) {
        rulings.push({ reason: `${m.id} is ${d.toFixed(1)} cm from ${e.id}: within ${sourcePair(ANY_ENEMY_ZONE)} of an enemy`, rule: "§6.3" });
        continue;
      }
      if (d > SOURCE_CM.longRange) continue;
      const report = sight(e.id, m.id);
      const seen = judgeSight(report, e, m, ctx, Infinity);
      if (!seen.canSee) continue;
      const s = modelState(ctx, e.id);
      const recce = hasNote(teamOf(ctx, e), "recce") && !isBailedOut(e) && !s.boggedDown && !s.atDouble;
      if (recce && d <= RECCE_ZONE)
        rulings.push({ reason: `${m.id} is ${d.toFixed(1)} cm from the Recce model ${e.id}, in its sight: within ${sourcePair(RECCE_ZONE)}`, rule: "§6.3" });
      else if (!seen.terrainConcealed)
        rulings.push({
          reason: `${m.id} is ${d.toFixed(1)} cm from ${e.id}, in its sight and not Concealed by terrain: within ${sourcePair(SOURCE_CM.longRange)}`,
          rule: "§6.3",
        });
    }
  }
  return { allowed: rulings.length === 0, rulings: rulings.length ? rulings : [{ reason: "every model of the section may be placed here", rule: "§6.3" }] };
}
