/**
 * How far a team may move, step by step of its player turn. In the Movement Step: its type's At Double
 * distance, the most it moves (infantry and man-packed guns 12"/30 cm, 16"/40 cm under Truscott Trot, 003
 * l.234; the rest, and the Tactical distance past which a move is At Double, sample), counting what it moved
 * already in this step. In the Assault Step: a charge into contact, 8"/20 cm (003 l.63), led by the platoon's
 * command team and ending within Command Distance of it (l.109). Measured along the path; terrain it may not
 * enter refuses the move, and Difficult Going or an obstacle crossed asks a vehicle for a Bogging Test (003
 * l.356), which the player rolls. Hen and Chicks (Soviet, l.75–76) ties a platoon's tanks to its leader's move.
 * The path's facts come from the sight engine (pathFacts); which terrain is Difficult Going is sample.
 */
import { type Footprint, footprintDistance, translatedFootprint } from "../../core/footprint";
import type { Vec2 } from "../../core/geometry2d";
import type { Feature } from "../../core/scenario/schema";
import { pathFacts } from "../../sight/pathFacts";
import { type ModelFacts, requireModel } from "../context";
import { type MoveRequest, type MoveVerdict, type Ruling, uniqueSampleTables } from "../ruleset";
import type { AssaultRecord } from "./assault";
import { type FowContext, isArmoured, isVehicle, MOVE_TOLERANCE, modelState, sampleMark, teamOf } from "./context";
import { sourcePair } from "./distances";
import { chargeOf, hasQualityOfQuantity } from "./qualityOfQuantity";
import { SPECIAL_MOVE_CM, type SpecialMoveRecord } from "./specialMoves";
import type { TeamProfile } from "./tables";
import { carrierOf } from "./transport";
import { FOW_TURN } from "./turn";
import { RULESET_ID } from "./types";

/** Truscott Trot: infantry and man-packed guns At Double 16"/40 cm instead of 12"/30 cm (003 l.234). */
const TRUSCOTT_CM = 40;
const [, MOVEMENT, SHOOTING, ASSAULT] = FOW_TURN.phases.map((p) => p.id) as [string, string, string, string];

/** The record of the action `action` its platoon took this player turn, if any (actions.ts; its details' record). */
function recordOf<R>(ctx: FowContext, action: string, unit: string): R | undefined {
  const taken = (ctx.game.taken ?? []).find((t) => t.action === action && (t.unit === unit || t.target === unit));
  return taken?.record as R | undefined;
}

/**
 * What a move outside the Movement Step may cover (cm) and why: a charge (8"/20 cm), a consolidation after an
 * assault won, a Stormtroopers or Tip and Run move after a passed Skill Test, or nothing. Undefined: the
 * Movement Step's At Double distance.
 */
function stepAllowance(ctx: FowContext, m: ModelFacts, phase: string | undefined): { cm: number; ruling: Ruling; charge?: boolean } | undefined {
  const unit = m.unitId;
  if (phase === SHOOTING) {
    const tip = recordOf<SpecialMoveRecord>(ctx, "tip-and-run", unit);
    if (tip?.passed)
      return {
        cm: SPECIAL_MOVE_CM,
        ruling: { reason: `Tip and Run passed: ${sourcePair(SPECIAL_MOVE_CM)} away from the platoons it shot at`, rule: "§6.2 (003 l.119)" },
      };
    return {
      cm: 0,
      ruling: { reason: "moving comes in the Movement Step, not the Shooting Step, but for a passed Tip and Run", rule: "§5.1 (003 l.55, 119)" },
    };
  }
  if (phase !== ASSAULT) return undefined;
  const storm = recordOf<SpecialMoveRecord>(ctx, "stormtroopers", unit);
  if (storm?.passed)
    return { cm: SPECIAL_MOVE_CM, ruling: { reason: `Stormtroopers passed: another ${sourcePair(SPECIAL_MOVE_CM)}`, rule: "§6.4 (003 l.272)" } };
  if (storm || recordOf(ctx, "tip-and-run", unit))
    return { cm: 0, ruling: { reason: `${unit} tried a special move this turn: it does not assault`, rule: storm ? "§6.4 (003 l.274)" : "§6.2 (003 l.120)" } };
  const assault = recordOf<AssaultRecord>(ctx, "assault", unit);
  const charge = chargeOf(ctx, unit);
  if (assault?.winner === unit) {
    const cm = charge + ctx.tables.tests.consolidate;
    return {
      cm,
      ruling: {
        reason: `${unit} won its assault: it Consolidates ${sourcePair(ctx.tables.tests.consolidate)} beyond its charge`,
        rule: "§5.2 (003 l.109)",
        ...sampleMark(ctx, "tests"),
      },
    };
  }
  const qoq = hasQualityOfQuantity(ctx, unit);
  return {
    cm: charge,
    charge: true,
    ruling: { reason: `a charge into contact: ${sourcePair(charge)}${qoq ? " (Quality of Quantity)" : ""}`, rule: qoq ? "§6.1 (003 l.63)" : "§5.2 (003 l.63)" },
  };
}

const distance = (cm: number): string => sourcePair(Number(cm.toFixed(1)));
const nameOf = (f: Feature): string => f.name || f.id;

/** A team's Tactical and At Double distances (cm), and whether they are the source's or sample. */
export function ratesOf(ctx: FowContext, team: TeamProfile): { tactical: number; atDouble: number; ruling: Ruling } {
  const rates = ctx.tables.movement.rates[team.type];
  const trot = ctx.options.truscottTrot && (team.type === "infantry" || team.type === "man-packed-gun");
  const atDouble = trot ? TRUSCOTT_CM : rates.atDouble;
  return {
    tactical: rates.tactical,
    atDouble,
    ruling: {
      reason: `a ${team.type} team: Tactical ${distance(rates.tactical)}, At Double ${distance(atDouble)}${trot ? " (Truscott Trot)" : ""}, the most it moves`,
      rule: trot ? "§6.3 (003 l.234)" : "§5.1 (003 l.234)",
      ...(rates.basis === "sample" || rates.sampleTactical ? sampleMark(ctx, "movement") : sampleMark(ctx, "teams")),
    },
  };
}

/** The platoon's command team: its first model (a unit's first model leads it, UnitPreset.models). */
export const leaderOf = (ctx: FowContext, model: ModelFacts): string | undefined => ctx.units.get(model.unitId)?.models[0];

/** Where a model's footprint ends after `request` (or stays, when it does not move in it). */
function footprintAfter(model: ModelFacts, request: MoveRequest | undefined): Footprint {
  if (!request || request.path.length < 2) return model.footprint;
  const [start, end] = [request.path[0]!, request.path.at(-1)!];
  const by: Vec2 = [end[0] - start[0], end[1] - start[1]];
  return translatedFootprint(model.footprint, by);
}

/** The Command Distance rulings on a move: where it ends against its command team, Hen and Chicks. */
function commandRulings(
  request: MoveRequest,
  m: ModelFacts,
  team: TeamProfile,
  ctx: FowContext,
  phase: string | undefined,
): { rulings: Ruling[]; refusal?: Ruling } {
  const leaderId = leaderOf(ctx, m);
  const command = ctx.tables.parameters.commandDistance;
  const parameters = sampleMark(ctx, "parameters");
  if (leaderId === undefined || leaderId === m.id) return { rulings: [{ reason: `${m.id} is its platoon's command team`, rule: "003 l.75, 109" }] };
  const leader = ctx.models.get(leaderId)!;
  const leaderMove = request.with?.find((o) => o.model === leaderId);
  const from = footprintDistance(m.footprint, leader.footprint);
  const to = footprintDistance(footprintAfter(m, request), footprintAfter(leader, leaderMove));
  const within = to <= command + MOVE_TOLERANCE;
  const rulings: Ruling[] = [
    {
      reason: `ends ${distance(to)} from its command team ${leaderId}: ${within ? "within" : "outside"} Command Distance (${distance(command)})`,
      rule: "§0.1 (003 l.75–76, 109)",
      ...parameters,
    },
  ];
  let refusal: Ruling | undefined;
  if (phase === ASSAULT && !within) {
    if (ctx.options.carryOnSergeant)
      rulings.push({ reason: "Carry on, Sergeant!: an assaulting team need not stay within Command Distance", rule: "§6.2 (003 l.109)" });
    else
      refusal = {
        reason: `a team charging into contact stays within Command Distance of its command team ${leaderId}`,
        rule: "§5.2 (003 l.109)",
        ...parameters,
      };
  }
  if (phase === MOVEMENT && ctx.options.henAndChicks && isArmoured(team)) {
    const leaderMoved = leaderMove !== undefined || (modelState(ctx, leaderId).distance ?? 0) > 0;
    if (leaderMoved)
      rulings.push({ reason: `its command team ${leaderId} moves: every tank of the platoon must move (Hen and Chicks)`, rule: "§6.1 (003 l.75)" });
    else if (from <= command + MOVE_TOLERANCE)
      refusal ??= {
        reason: `Hen and Chicks: its command team ${leaderId} has not moved, and it began within Command Distance (${distance(from)})`,
        rule: "§6.1 (003 l.76)",
        ...parameters,
      };
  }
  return { rulings, ...(refusal ? { refusal } : {}) };
}

export function moveVerdict(request: MoveRequest, ctx: FowContext): MoveVerdict {
  const m = requireModel(ctx, request.model);
  // A passenger moves with its vehicle, at the vehicle's rates (transport.ts).
  const carrier = carrierOf(ctx, m.id);
  const team = teamOf(ctx, carrier === undefined ? m : requireModel(ctx, carrier));
  const phase = ctx.game.step?.phase;
  const state = modelState(ctx, m.id);
  const rates = ratesOf(ctx, team);
  const movement = sampleMark(ctx, "movement");
  const vehicle = isVehicle(team);
  const facts = pathFacts(request.path, [...ctx.terrain.values()], { heading: m.heading, vehicle });
  const rulings: Ruling[] = [
    carrier === undefined
      ? { ...rates.ruling, reason: `${m.id} is ${rates.ruling.reason}` }
      : { ...rates.ruling, reason: `${m.id} rides in ${carrier}, ${rates.ruling.reason}: it moves with it` },
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
  const allowed = stepAllowance(ctx, m, phase);
  const already = (phase === ASSAULT ? state.assaultDistance : phase === SHOOTING ? state.shootingDistance : state.distance) ?? 0;
  const allowance = allowed?.cm ?? rates.atDouble;
  const cost = already + facts.length;
  const over = cost > allowance + MOVE_TOLERANCE;
  const sofar = already > 0 ? `, ${distance(cost)} in all this step` : "";
  if (allowed && allowance === 0) refusal ??= allowed.ruling;
  else if (allowed) rulings.push(allowed.ruling);
  const measured: Ruling = allowed
    ? {
        reason: `the move is ${distance(facts.length)}${sofar} of ${distance(allowance)}${over ? `: ${distance(cost - allowance)} too far` : ""}`,
        rule: allowed.ruling.rule,
      }
    : {
        reason: `the move is ${distance(facts.length)}${sofar} of ${distance(allowance)}${over ? `: ${distance(cost - allowance)} too far` : cost > rates.tactical + MOVE_TOLERANCE ? `: past Tactical ${distance(rates.tactical)}, At Double` : ""}`,
        rule: "§5.1 (003 l.234)",
        ...(ctx.tables.movement.rates[team.type].basis === "sample" ? movement : {}),
      };
  rulings.push(measured);
  if (over) refusal ??= measured;
  const command =
    carrier === undefined ? commandRulings(request, m, team, ctx, allowed?.charge ? ASSAULT : phase === ASSAULT ? undefined : phase) : { rulings: [] };
  rulings.push(...command.rulings);
  refusal ??= command.refusal;
  const all = refusal && !rulings.includes(refusal) ? [refusal, ...rulings] : rulings;
  return {
    ruleset: RULESET_ID,
    model: m.id,
    measure: "cm",
    allowance,
    cost,
    allowed: refusal === undefined,
    rulings: all,
    ...(refusal && { refusal }),
    sampleTables: uniqueSampleTables(all.flatMap((r) => (r.sample ? [r.sample] : []))),
  };
}
