/**
 * How far a model may move under its unit's order (001 l.24–29, 54–60): the Advance rate, or double it at the
 * Run; no move under Fire, Ambush, Rally or Down, nor after an Advance's shot (it moves, then fires). What it
 * moved before this turn counts against it. The terrain table (l.62–85) says where each troop type may go at
 * which order (the battlefield's features sorted into its categories by the sample practice table), a road
 * doubles a vehicle's rate along it; vehicles make their turns of 90° (l.87–92) and reverse at half the
 * Advance rate, recce at the full (l.94–96); a unit fleeing in panic moves away from the enemy (l.38).
 */
import type { Feature } from "../../core/scenario/schema";
import { cmToInches } from "../../core/units";
import { pathFacts } from "../../sight/pathFacts";
import { type ModelFacts, modelsNamed, requireModel } from "../context";
import { type MoveRequest, type MoveVerdict, type Ruling, uniqueSampleTables } from "../ruleset";
import { type BaContext, sampleMark, unitState } from "./context";
import { profileOf } from "./profiles";
import { TOLERANCE } from "./sight";
import type { TerrainCell } from "./tables";
import { type Order, RULESET_ID, type TerrainCategory } from "./types";

const STILL: Record<string, string> = { fire: "Fire", ambush: "Ambush", rally: "Rally", down: "Down" };
type Column = "infantry" | "artillery" | "wheeled" | "tracked";

const nameOf = (f: Feature): string => f.name || f.id;

/** The terrain column of a model: its troop type, or how its vehicle moves (half-tracks: the practice table's column). */
function columnOf(ctx: BaContext, m: ModelFacts): { column: Column; ruling?: Ruling } {
  const profile = profileOf(ctx, m);
  const moves = profile.vehicle?.moves;
  if (moves === "half-tracked")
    return {
      column: ctx.tables.practice.halfTracks,
      ruling: {
        reason: `the terrain table has no half-track column: ${m.id} uses the ${ctx.tables.practice.halfTracks} one`,
        rule: "001 l.64",
        ...sampleMark(ctx, "practice"),
      },
    };
  if (moves) return { column: moves };
  return { column: profile.type === "artillery" ? "artillery" : "infantry" };
}

/** Why the cell forbids the move, or undefined where it allows it. */
function cellRefusal(ctx: BaContext, m: ModelFacts, cell: TerrainCell, feature: Feature, order: Order | undefined): string | undefined {
  switch (cell) {
    case "yes":
    case "x2":
      return undefined;
    case "yes*":
      return ctx.tables.practice.vehicleImpassable.includes(feature.kind) ? "an anti-tank obstacle or impassable bocage stops every vehicle" : undefined;
    case "no-run":
      return order === "run" ? "not on a Run order (an Advance may)" : undefined;
    case "no":
      return "it may not enter it";
    case "no*":
      return "it may not enter it (only be deployed in it, and then not move)";
    case "no!": {
      const heavy = ["heavy-tank", "super-heavy-tank"].includes(profileOf(ctx, m).vehicle?.damage ?? "");
      return heavy ? undefined : "only heavy and super-heavy tanks go through";
    }
  }
}

/** Turns of up to 90° in the path's changes of direction: a sharper one is two. */
const quarterTurns = (turns: readonly number[]): number => turns.reduce((n, angle) => n + Math.ceil(angle / 90 - 1e-9), 0);

export function moveVerdict(request: MoveRequest, ctx: BaContext): MoveVerdict {
  const m = requireModel(ctx, request.model);
  const profile = profileOf(ctx, m);
  const vehicle = profile.vehicle;
  const kind = vehicle?.moves ?? "infantry";
  const rates = ctx.tables.movement.rates[kind];
  const state = unitState(ctx, m.unitId);
  const order = state.order;
  const practice = sampleMark(ctx, "practice");
  const facts = pathFacts(request.path, [...ctx.terrain.values()], { heading: m.heading, vehicle: vehicle !== undefined });
  const before = cmToInches(ctx.game.moved?.[m.id] ?? 0);
  const cost = before + cmToInches(facts.length);
  const rulings: Ruling[] = [
    {
      reason: `${m.id} moves as ${kind === "infantry" ? (profile.type === "artillery" ? "infantry (the rates table has no artillery row)" : "infantry") : `a ${kind} vehicle`}: Advance ${rates.advance}", Run ${rates.run}"`,
      rule: "001 l.54–60",
      ...sampleMark(ctx, "profiles"),
    },
  ];
  let refusal: Ruling | undefined;
  const refuse = (r: Ruling) => {
    rulings.push(r);
    refusal ??= r;
  };
  let allowance: number;
  if (state.regroups) {
    allowance = ctx.tables.practice.regroupUpTo;
    rulings.push({ reason: `it won close quarters: its regroup, up to ${allowance}"`, rule: "001 l.238", ...practice });
  } else if (state.escapes !== undefined) {
    allowance = rates.advance;
    rulings.push({
      reason: `a recce vehicle escaping ${state.escapes}'s assault: its escape move, up to its Advance rate ${rates.advance}" (reversing at the full rate, l.96)`,
      rule: "001 l.246",
      ...practice,
    });
  } else if (order !== undefined && STILL[order]) {
    allowance = 0;
    refuse({ reason: `its unit's order is ${STILL[order]}: it does not move`, rule: "001 l.24–29" });
  } else if (order === "run") {
    allowance = rates.run;
    rulings.push({ reason: `Run: double speed, no shooting: ${rates.run}"`, rule: "001 l.26" });
  } else {
    allowance = rates.advance;
    rulings.push({
      reason: order === "advance" ? `Advance: moves then fires: ${rates.advance}"` : `no order die yet: measured at the Advance rate, ${rates.advance}"`,
      rule: "001 l.25",
    });
    if (order === "advance" && state.shots?.length) refuse({ reason: "Advance: it moves and then fires, and its unit has fired", rule: "001 l.25" });
  }

  // The terrain table: each feature the path enters or crosses, in its category, read in the model's column.
  const { column, ruling: columnRuling } = columnOf(ctx, m);
  if (columnRuling) rulings.push(columnRuling);
  const categoryOf = (f: Feature): TerrainCategory => ctx.tables.practice.terrain[f.kind] ?? "open";
  const crossed = [...new Set([...facts.terrain.map((t) => t.feature), ...facts.obstacles.map((o) => o.feature)])];
  for (const feature of crossed) {
    const category = categoryOf(feature);
    if (category === "open" || category === "road") continue;
    const where = `${nameOf(feature)} (${feature.kind}: ${category === "impassable" ? "ground no unit enters" : `${category} ground`})`;
    if (category === "impassable") {
      refuse({ reason: `${where}: it may not enter it`, rule: feature.kind === "wreck" ? "001 l.214" : "001 l.62–85", ...practice });
      continue;
    }
    const cell = ctx.tables.movement.terrain[category][column];
    const why = cellRefusal(ctx, m, cell, feature, order);
    if (why) refuse({ reason: `${where}: ${why}`, rule: "001 l.64–83", ...practice });
    else rulings.push({ reason: `${where}: ${cell === "yes" || cell === "yes*" ? "crossed freely" : `allowed (${cell})`}`, rule: "001 l.64–83", ...practice });
  }
  const roads = facts.terrain.filter((t) => categoryOf(t.feature) === "road");
  const alongRoad = facts.samples.length > 0 && facts.samples.every((s) => s.under.some((f) => categoryOf(f) === "road"));
  if (alongRoad && ctx.tables.movement.terrain.road[column] === "x2" && allowance > 0) {
    allowance *= 2;
    rulings.push({ reason: `entirely along ${roads.map((r) => nameOf(r.feature)).join(", ")}: the rate doubled, ${allowance}"`, rule: "001 l.69, l.85" });
  }

  if (vehicle && "turnsAdvance" in rates) {
    const turns = quarterTurns(facts.turns);
    const most = order === "run" ? rates.turnsRun : rates.turnsAdvance;
    if (turns > most)
      refuse({
        reason: `${turns} turn${turns === 1 ? "" : "s"} of up to 90°: a ${kind} vehicle makes ${most} on ${order === "run" ? "a Run" : "an Advance"}`,
        rule: "001 l.87–92",
      });
    else if (turns) rulings.push({ reason: `${turns} turn${turns === 1 ? "" : "s"} of up to 90°, of ${most} allowed`, rule: "001 l.87–92" });
    const reversed = cmToInches(facts.samples.reduce((n, s) => n + (s.reverse ? s.length : 0), 0));
    if (reversed > 0) {
      const limit = vehicle.recce ? rates.advance : rates.advance * ctx.tables.movement.reverseShare;
      const what = `${reversed.toFixed(2)}" in reverse, of ${limit}" (${vehicle.recce ? "a recce vehicle: its full Advance rate" : "half its Advance rate"})`;
      if (reversed > limit + cmToInches(TOLERANCE)) refuse({ reason: what, rule: "001 l.96", ...sampleMark(ctx, "profiles") });
      else rulings.push({ reason: what, rule: "001 l.96" });
    }
  }

  const fubar = state.fubar?.result === "panic" ? state.fubar : undefined;
  if (fubar) {
    const enemy = modelsNamed(ctx, fubar.from);
    const gap = (p: readonly [number, number]) => Math.min(...enemy.map((e) => Math.hypot(e.position[0] - p[0], e.position[1] - p[1])));
    const end = request.path.at(-1)!;
    if (enemy.length && gap(end) <= gap(m.position))
      refuse({ reason: `Panic: it must move away from ${fubar.from}, and this move does not take it further from it`, rule: "001 l.38" });
  }

  const measured: Ruling = {
    reason: `the move is ${cost.toFixed(2)}" of ${allowance}"${before > 0 ? ` (${before.toFixed(2)}" moved already this turn)` : ""}${cost > allowance + cmToInches(TOLERANCE) ? `: ${(cost - allowance).toFixed(2)}" too far` : ""}`,
    rule: "001 l.54–60",
  };
  if (cost > allowance + cmToInches(TOLERANCE) && allowance > 0) refuse(measured);
  else rulings.push(measured);
  return {
    ruleset: RULESET_ID,
    model: m.id,
    measure: "in",
    allowance,
    cost,
    allowed: refusal === undefined,
    rulings,
    ...(refusal && { refusal }),
    sampleTables: uniqueSampleTables(rulings.flatMap((r) => (r.sample ? [r.sample] : []))),
  };
}
