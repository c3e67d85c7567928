/**
 * How far a team may move in the Movement Step: its type's At Double distance, the most it moves (infantry
 * and man-packed guns 12"/30 cm, 003 l.234; the rest, and the tactical distance, sample), measured along the
 * path; terrain it may not enter refuses the move, and Difficult Going or an obstacle crossed asks a vehicle
 * for a Bogging Test (003 l.356), which the player rolls. The path's facts come from the sight engine
 * (pathFacts); which terrain is Difficult Going is sample.
 */
import type { Feature } from "../../core/scenario/schema";
import { cmToInches } from "../../core/units";
import { pathFacts } from "../../sight/pathFacts";
import { requireModel } from "../context";
import { type MoveRequest, type MoveVerdict, type Ruling, uniqueSampleTables } from "../ruleset";
import { type FowContext, sampleMark, teamOf } from "./context";
import { RULESET_ID } from "./types";

/** Rounding of a drag's end (cm): a move a hair past its distance is still within it. */
const TOLERANCE = 0.05;
const VEHICLES = ["tank", "armoured-transport", "unarmoured-vehicle"];

const distance = (cm: number): string => `${Number(cmToInches(cm).toFixed(1))}"/${Number(cm.toFixed(1))} cm`;
const nameOf = (f: Feature): string => f.name || f.id;

export function moveVerdict(request: MoveRequest, ctx: FowContext): MoveVerdict {
  const m = requireModel(ctx, request.model);
  const team = teamOf(ctx, m);
  const rates = ctx.tables.movement.rates[team.type];
  const movement = sampleMark(ctx, "movement");
  const vehicle = VEHICLES.includes(team.type);
  const facts = pathFacts(request.path, [...ctx.terrain.values()], { heading: m.heading, vehicle });
  const rulings: Ruling[] = [
    {
      reason: `${m.id} is a ${team.type} team: Tactical ${distance(rates.tactical)}, At Double ${distance(rates.atDouble)}, the most it moves`,
      rule: "§5.1 (003 l.234)",
      ...(rates.basis === "sample" || rates.sampleTactical ? movement : sampleMark(ctx, "teams")),
    },
  ];
  let refusal: Ruling | undefined;
  const difficult: string[] = [];
  for (const { feature } of facts.terrain) {
    const going = ctx.tables.movement.terrain[feature.kind];
    if (going === "impassable") refusal ??= { reason: `${nameOf(feature)} (${feature.kind}) may not be entered`, rule: "§5.1", ...movement };
    else if (going === "difficult") difficult.push(`${nameOf(feature)} (${feature.kind})`);
  }
  for (const { feature } of facts.obstacles) difficult.push(`${nameOf(feature)} (a ${feature.kind})`);
  if (difficult.length)
    rulings.push({
      reason: `crosses Difficult Going: ${difficult.join(", ")}${vehicle ? ": take a Bogging Test for each (a failed one leaves it Bogged Down)" : ""}`,
      rule: "§5.1 (003 l.356)",
      ...movement,
    });
  const cost = facts.length;
  const over = cost > rates.atDouble + TOLERANCE;
  const measured: Ruling = {
    reason: `the move is ${distance(cost)} of ${distance(rates.atDouble)}${over ? `: ${distance(cost - rates.atDouble)} too far` : cost > rates.tactical + TOLERANCE ? ": At Double" : ""}`,
    rule: "§5.1 (003 l.234)",
    ...(rates.basis === "sample" ? movement : {}),
  };
  rulings.push(measured);
  if (over) refusal ??= measured;
  const all = refusal && !rulings.includes(refusal) ? [refusal, ...rulings] : rulings;
  return {
    ruleset: RULESET_ID,
    model: m.id,
    measure: "cm",
    allowance: rates.atDouble,
    cost,
    allowed: refusal === undefined,
    rulings: all,
    ...(refusal && { refusal }),
    sampleTables: uniqueSampleTables(all.flatMap((r) => (r.sample ? [r.sample] : []))),
  };
}
