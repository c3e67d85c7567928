/**
 * How far a model may move (§4, 000 l.145–173, 598–624): the most a Move order allows, its type's fast
 * rate, or under a Charge order given with a card (play.ts) its charge rate (000 l.107, l.119, l.147); the slow
 * rate is named (a Move's slow or fast is declared with its intent, not asked here); a move pays 5 cm to get at least partly into terrain that costs it
 * and to cross a low wall or hedge, 10 cm a high one (l.160), and a vehicle 5 cm for each turn of up to 90°
 * (l.601). A vehicle moving further than its slow rate is moving fast: at most 2 turns, and never in
 * reverse (l.601). A model riding a bicycle moves at its rates (bicycles.ts, l.166–177). Infantry keeps its unit's coherency (coherency.ts, l.151–153). The path's facts come from the sight engine (pathFacts); the rates table is partly sample.
 */
import type { Feature } from "../../core/scenario/schema";
import { pathFacts } from "../../sight/pathFacts";
import { requireModel } from "../context";
import { type MoveRequest, type MoveVerdict, type Ruling, uniqueSampleTables } from "../ruleset";
import { BICYCLE_SWITCH_COST, ridesBicycle, switchedBicycleNow } from "./bicycles";
import { coherencyRuling } from "./coherency";
import { isV1, type Ow2Context, sampleMark } from "./context";
import { moveRefusal } from "./orderGate";
import { targetTypeOf } from "./profiles";
import { LOW_OBSTACLE_HEIGHT } from "./sight";
import { type MOVE_CLASSES, RULESET_ID } from "./tables";
import { isVehicleType, type TargetType } from "./types";
import { commanderOutRuling } from "./vehicleMoves";

type MoveClass = (typeof MOVE_CLASSES)[number];

/** Crossing a low or a high wall or hedge (cm, 000 l.160). */
const OBSTACLE_COST = { low: 5, high: 10 } as const;
/** A vehicle's turn of up to 90° (cm, l.601); a sharper turn is two. */
const TURN_COST = 5;
/** The most turns a vehicle moving fast (or in reverse) makes (l.601). */
const FAST_TURNS = 2;
/** At night fast and charge moves are shorter: infantry by 5 cm, vehicles by 10 (000 l.1019). */
const NIGHT_CUT = { infantry: 5, vehicle: 10 } as const;
/** Rounding of a drag's end (cm): a move a hair past its allowance is still within it. */
const TOLERANCE = 0.05;

const WHEELED: readonly TargetType[] = ["motorbike", "car", "truck", "armoured-car"];
const moveClassOf = (type: TargetType): MoveClass => (!isVehicleType(type) ? "infantry" : WHEELED.includes(type) ? "wheeled" : "tracked");
const nameOf = (f: Feature): string => f.name || f.id;
const cmText = (cm: number): string => `${Number(cm.toFixed(1))} cm`;

/** Why a vehicle stuck after a failed driving test (or v1 ramming test) may not move: v1 for the rest of that turn (000 l.628); v2.0 until a test frees it (004 l.51–57). */
function stuckRefusal(ctx: Ow2Context, unit: string): Ruling | undefined {
  const play = ctx.game.play;
  if (play?.immobilised?.includes(unit)) return { reason: `${unit} is stuck for good: immobilised`, rule: "004 l.57" };
  const since = play?.stuck?.[unit];
  if (since === undefined || (isV1(ctx) && since !== ctx.turn)) return undefined;
  if (since === ctx.turn)
    return { reason: `${unit} failed its driving (or v1 ramming) test: it moves no more this turn`, rule: isV1(ctx) ? "000 l.628, l.667" : "004 l.51" };
  return { reason: `${unit} is stuck: a Move or Charge order's test frees it first`, rule: "004 l.53–55" };
}

export function moveVerdict(request: MoveRequest, ctx: Ow2Context): MoveVerdict {
  const m = requireModel(ctx, request.model);
  const type = targetTypeOf(ctx, m);
  const vehicle = isVehicleType(type);
  const riding = !vehicle && ridesBicycle(ctx, m);
  // A bicycle crosses terrain as a motorbike (000 l.177).
  const moveClass = riding ? moveClassOf("motorbike") : moveClassOf(type);
  const rates = riding ? { ...ctx.tables.movement.bicycle, basis: "given" as const } : ctx.tables.movement.rates[type];
  const switching = !vehicle && switchedBicycleNow(ctx, m.unitId);
  const charging = ctx.game.play?.ordered[m.unitId] === "charge";
  const movement = sampleMark(ctx, "movement");
  const facts = pathFacts(request.path, [...ctx.terrain.values()], { heading: m.heading, vehicle });
  const rulings: Ruling[] = [
    {
      reason: `${m.id} moves as ${type}${riding ? " on a bicycle" : ""} (${moveClass}): slow ${rates.slow} cm, fast ${rates.fast} cm, charge ${rates.charge} cm; measured at ${charging ? "the charge rate: its unit has a Charge order" : "the Move order's fast rate"}`,
      rule: riding ? "§4.2 (000 l.169–173, l.177)" : charging ? "§4.1 (000 l.119, l.147)" : "§4.1 (000 l.147)",
      // Its type is the profiles table's; the rates partly the movement table's stand-ins.
      ...(rates.basis === "sample" || rates.sampleSlow ? movement : sampleMark(ctx, "profiles")),
    },
  ];
  let cost = facts.length;
  // In the orders step only a Move or a Charge order moves the unit (000 l.147); a stuck vehicle moves no more.
  let refusal: Ruling | undefined = moveRefusal(ctx, m.unitId) ?? stuckRefusal(ctx, m.unitId);
  for (const { feature } of facts.terrain) {
    const entry = ctx.tables.movement.terrain[feature.kind]?.[moveClass];
    if (entry === undefined || entry === 0) continue;
    if (entry === null) {
      refusal ??= {
        reason: `${nameOf(feature)} (${feature.kind}) is impassable to ${riding ? "bicycles (as motorbikes)" : moveClass === "infantry" ? "infantry" : `${moveClass} vehicles`}`,
        rule: "§4.3 (000 l.162)",
        ...movement,
      };
      continue;
    }
    cost += entry;
    rulings.push({ reason: `into ${nameOf(feature)} (${feature.kind}): −${entry} cm`, rule: "§4.3 (000 l.160, l.611)", ...movement });
  }
  for (const { feature, times } of facts.obstacles) {
    const high = feature.height > LOW_OBSTACLE_HEIGHT;
    const paid = times * OBSTACLE_COST[high ? "high" : "low"];
    cost += paid;
    rulings.push({
      reason: `over ${nameOf(feature)}, a ${high ? "high" : "low"} ${feature.kind} (${high ? "over" : "at most"} ${LOW_OBSTACLE_HEIGHT} cm)${times > 1 ? ` ${times} times` : ""}: −${paid} cm`,
      rule: "§4.3 (000 l.160)",
    });
  }
  const turns = facts.turns.reduce((n, angle) => n + Math.ceil(angle / 90 - 1e-9), 0);
  if (vehicle && turns) {
    cost += turns * TURN_COST;
    rulings.push({ reason: `${turns} turn(s) of up to 90°: −${turns * TURN_COST} cm`, rule: "§4.5 (000 l.601)" });
  }
  if (vehicle && cost > rates.slow + TOLERANCE) {
    const reversing = facts.samples.some((s) => s.reverse);
    if (reversing || turns > FAST_TURNS)
      refusal ??= {
        reason: `${cmText(cost)} is past the slow ${rates.slow} cm, so a fast move: ${reversing ? "a vehicle reverses only slowly" : `at most ${FAST_TURNS} turns, this makes ${turns}`}`,
        rule: "§4.5 (000 l.601)",
      };
  }
  const coherency = coherencyRuling(request, m, ctx);
  if (coherency.ruling) rulings.push(coherency.ruling);
  refusal ??= coherency.refusal;
  const commander = commanderOutRuling(ctx, m, cost, rates);
  if (commander) rulings.push(commander);
  if (switching) {
    cost += BICYCLE_SWITCH_COST;
    rulings.push({
      reason: `its unit gets ${riding ? "on" : "off"} its bicycles this turn: −${BICYCLE_SWITCH_COST} cm, in a slow move (${riding ? "the bicycle's" : "on foot"}: INFERRED)`,
      rule: "§4.2 (000 l.168)",
      ...(riding ? {} : movement),
    });
  }
  const cut = ctx.night && !switching ? NIGHT_CUT[vehicle ? "vehicle" : "infantry"] : 0;
  const rate = switching ? rates.slow : charging ? rates.charge : rates.fast;
  if (cut) rulings.push({ reason: `at night the ${charging ? "charge" : "fast"} move is ${cut} cm shorter: ${rate - cut} cm`, rule: "000 l.1019" });
  const allowance = rate - cut;
  const measured: Ruling = {
    reason: `the move costs ${cmText(cost)} of ${allowance} cm${cost > allowance + TOLERANCE ? `: ${cmText(cost - allowance)} too far` : ""}`,
    rule: "§4.1 (000 l.147, l.602)",
    ...(rates.basis === "sample" ? movement : {}),
  };
  rulings.push(measured);
  if (cost > allowance + TOLERANCE) refusal ??= measured;
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
