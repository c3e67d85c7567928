/**
 * Indirect fire (§9): one to-hit roll at the aimed model; a hit lays the template on it, a miss scatters
 * by the range band (one band more without line of sight). Roofs stop shells; a 105 mm+ shell on a roof
 * rolls on the roof table. Armour counts for nothing, and armoured vehicles need the template's centre on
 * them and the "7/x" penetration roll to suffer more than the small arms table.
 */
import type { TemplatePlacement } from "../../sight/templates";
import type { TemplateGeometry } from "../ruleset";
import { demolishes, roofRoll } from "./buildings";
import { sampleMark } from "./context";
import { groupOf, shotOf, weaponLabel } from "./direct";
import type { Firer, Ow2FireVerdict } from "./fire";
import type { Referee } from "./referee";
import { aimOf, blastDamage, blastRadius, requireGeometry, scatter } from "./templates";
import { hits } from "./toHit";

export function resolveIndirect(ref: Referee, verdict: Ow2FireVerdict, f: Firer, given: TemplateGeometry | undefined): number {
  const geometry = requireGeometry(given, weaponLabel(f));
  const w = f.weapon!.profile;
  const g = groupOf(verdict, f.group!);
  const shot = shotOf(f);
  const aim = aimOf(ref, verdict, shot);
  const line = shot.lines.find((l) => l.model === aim.id) ?? shot.lines[0]!;
  const natural = ref.roll(`to hit: ${weaponLabel(f)} firing indirectly at ${aim.id} (${shot.need}+)`);
  const hit = hits(natural, shot.need!);
  const laidBy = [ref.lastRoll];
  ref.explain(ref.lastRoll, {
    purpose: "to-hit",
    model: aim.id,
    need: shot.need!,
    meaning: `indirect to-hit ${shot.need}+ → ${hit ? "on target" : "miss, it scatters"}`,
    rule: "§9",
    ...sampleMark(ref.ctx, "weapons"),
  });
  ref.note(`${weaponLabel(f)}, indirect fire at ${aim.id}: ${natural} against ${shot.need}+ → ${hit ? "on target" : "miss, it scatters"}`, "§9", [
    ref.lastRoll,
  ]);
  const at = hit ? aim.position : scatter(ref, aim.position, line.range, verdict.unitSeesTarget, weaponLabel(f));
  if (!hit) laidBy.push(ref.lastRoll - 1, ref.lastRoll);
  if (!at) return 0;
  const placement: TemplatePlacement = { shape: { kind: "blast", at, radii: [blastRadius(ref.ctx, w.template!)] }, from: "above" };
  const under = geometry.modelsUnder(placement);
  if (demolishes(ref.ctx, w.calibre)) {
    for (const id of new Set(under.shielded.filter((s) => s.kind === "roof").map((s) => s.by))) {
      const building = ref.ctx.terrain.get(id);
      if (building?.kind === "building") roofRoll(ref, building, w.calibre!);
    }
  }
  blastDamage(ref, verdict, f, g, placement, under, true, laidBy);
  return hit ? 1 : 0;
}
