/**
 * resolveFire: the dice for a verdict. Area weapons first, then small arms (§6.5), every roll from the
 * game's seeded dice with its reason, every step of the ruling written down, and the outcomes the game
 * log applies (pinned, casualty, damaged with a marker, destroyed).
 */
import type { Dice } from "../../core/dice";
import { type FireResult, type TemplateGeometry, uniqueSampleTables } from "../ruleset";
import type { Ow2Context } from "./context";
import { resolveDirect } from "./direct";
import type { Ow2FireVerdict } from "./fire";
import { resolveIndirect } from "./indirect";
import { Referee } from "./referee";
import { resolveAreaWeapon } from "./templates";

function summarise(verdict: Ow2FireVerdict, ref: Referee, dice: number, hits: number): string {
  const outcomes = ref.finalOutcomes();
  const count = (effect: string) => outcomes.filter((o) => o.effect === effect).length;
  const vehicles = [...new Set(outcomes.filter((o) => o.effect === "damaged" || o.effect === "destroyed").map((o) => o.model))];
  const parts = [
    `${dice} ${dice === 1 ? "die" : "dice"}, ${hits} hit${hits === 1 ? "" : "s"}`,
    ...(count("casualty") ? [`${count("casualty")} killed`] : []),
    ...(count("pinned") ? [`${count("pinned")} pinned`] : []),
    ...vehicles.map(
      (id) =>
        `${id}: ${outcomes
          .filter((o) => o.model === id && o.effect !== "no-effect")
          .map((o) => (o.effect === "destroyed" ? "destroyed" : o.detail))
          .join(", ")}`,
    ),
  ];
  const weapons = [...new Set(verdict.firers.filter((f) => f.canFire).map((f) => f.weapon!.profile.name))].join(", ");
  return `${verdict.firingUnit} (${weapons}) at ${verdict.targetUnit}: ${parts.join("; ")}${outcomes.some((o) => o.effect !== "no-effect") ? "" : "; no effect"}`;
}

export function resolveFire(verdict: Ow2FireVerdict, dice: Dice, ctx: Ow2Context, geometry?: TemplateGeometry): FireResult {
  if (!verdict.valid) throw new Error(`this shot cannot be resolved: ${verdict.rulings.map((r) => `${r.reason} (${r.rule})`).join("; ")}`);
  const ref = new Referee(ctx, dice);
  const firing = verdict.firers.filter((f) => f.canFire);
  const isArea = (f: (typeof firing)[number]) => verdict.declaration.indirect || f.weapon!.profile.template !== undefined;
  let hits = 0;
  for (const f of firing.filter(isArea))
    hits += verdict.declaration.indirect ? resolveIndirect(ref, verdict, f, geometry) : resolveAreaWeapon(ref, verdict, f, geometry);
  for (const g of verdict.groups) {
    const at = firing.filter((f) => !isArea(f) && f.group === g.id);
    if (at.length) hits += resolveDirect(ref, verdict, g, at);
  }
  const dieCount = firing.reduce((s, f) => s + (isArea(f) ? 1 : f.dice), 0);
  const { pairs: _pairs, ...ruling } = verdict;
  const rolled = ref.rolledDice();
  return {
    weapons: [...new Set(firing.map((f) => f.weapon!.id))],
    rolls: ref.rolls(),
    outcomes: ref.finalOutcomes(),
    summary: summarise(verdict, ref, dieCount, hits),
    details: {
      verdict: ruling,
      dice: rolled,
      allocation: ref.allocation,
      steps: ref.steps,
      sampleTables: uniqueSampleTables([...verdict.sampleTables, ...rolled.flatMap((d) => (d.sample ? [d.sample] : []))]),
    },
  };
}
