/**
 * Passengers: infantry and man-packed gun teams riding in a transport or on a tank (003 l.442). What the source
 * says: teams mount and dismount in the Movement Step (l.173; a Stormtroopers move lets them do so in the
 * Assault Step, l.276); passengers do not shoot (l.510); they are hit only through their vehicle (l.435–442)
 * and dismount under fire when it is destroyed, or when the tank they ride is hit (l.435, 439, 442, 448).
 * What it does not say (the rulebook's p. 102 is not in the text): how far a team may be from the vehicle it
 * boards, how many a vehicle carries, or how far a team moves after dismounting. So a team boards the vehicle
 * its base touches (the project's touching tolerance, sample), no capacity is enforced, and the figures stay on
 * the table: they move with their vehicle (at its rates) and step off where they stand.
 */

import type { Dice } from "../../core/dice";
import { footprintDistance } from "../../core/footprint";
import { type ModelFacts, unitNamed } from "../context";
import type { GameHistory, Ruling } from "../ruleset";
import { type FowContext, isVehicle, sampleMark, teamOf } from "./context";
import { FowReferee, type FowResolution } from "./ratingTests";
import type { SpecialMoveRecord } from "./specialMoves";
import { FOW_TURN } from "./turn";

const [, MOVEMENT, , ASSAULT] = FOW_TURN.phases.map((p) => p.id) as [string, string, string, string];

export interface MountRecord {
  readonly kind: "mount";
  readonly unit: string;
  /** Per vehicle, the teams that boarded it. */
  readonly boarded: Readonly<Record<string, readonly string[]>>;
}

export interface DismountRecord {
  readonly kind: "dismount";
  readonly unit: string;
  /** The teams that stepped off. */
  readonly left: readonly string[];
}

/** Teams that ride: infantry and man-packed guns (003 l.442: "piechoty lub dział przenośnych"). */
const rides = (ctx: FowContext, m: ModelFacts): boolean => ["infantry", "man-packed-gun"].includes(teamOf(ctx, m).type);

/** Vehicles that carry them: transports, and tanks with riders on their decks (l.442). */
const carries = (ctx: FowContext, m: ModelFacts): boolean => isVehicle(teamOf(ctx, m));

/** The vehicle carrying `model`, if any. */
export function carrierOf(ctx: FowContext, model: string): string | undefined {
  return Object.entries(ctx.game.models ?? {}).find(([, s]) => s.passengers?.includes(model))?.[0];
}

/** Why teams may not mount or dismount now: outside the Movement Step, unless a Stormtroopers move was passed (l.173, 276). */
function stepRefusal(ctx: FowContext, unit: string, what: string): Ruling | undefined {
  const phase = ctx.game.step?.phase;
  if (phase === undefined || phase === MOVEMENT) return undefined;
  const storm = (ctx.game.taken ?? []).find((t) => t.action === "stormtroopers" && t.unit === unit)?.record as SpecialMoveRecord | undefined;
  if (phase === ASSAULT && storm?.passed) return undefined;
  return { reason: `teams ${what} in the Movement Step (or in a passed Stormtroopers move)`, rule: "§5.1 (003 l.173, 276)" };
}

/**
 * Which teams on foot of `unit` board which vehicle of `transports`: each the vehicle its base touches (the
 * nearest, if several); `far` says why the others do not.
 */
function boardingPlan(ctx: FowContext, unit: string, transports: string): { boarded: Record<string, string[]>; far: Ruling[] } {
  const tolerance = ctx.tables.parameters.touchTolerance;
  const vehicles = unitNamed(ctx, transports)
    .models.map((id) => ctx.models.get(id)!)
    .filter((m) => carries(ctx, m));
  const boarded: Record<string, string[]> = {};
  const far: Ruling[] = [];
  for (const team of unitNamed(ctx, unit).models.map((id) => ctx.models.get(id)!)) {
    if (!rides(ctx, team) || carrierOf(ctx, team.id) !== undefined) continue;
    const [nearest] = vehicles.map((v) => ({ v, d: footprintDistance(team.footprint, v.footprint) })).sort((a, b) => a.d - b.d);
    if (!nearest) continue;
    if (nearest.d <= tolerance) (boarded[nearest.v.id] ??= []).push(team.id);
    else
      far.push({
        reason: `${team.id} is ${nearest.d.toFixed(1)} cm from ${nearest.v.id}: move it into contact to board (the source gives no boarding distance)`,
        rule: "§4.9",
        ...sampleMark(ctx, "parameters"),
      });
  }
  return { boarded, far };
}

/** Why `unit` may not board `transports` now, or undefined. */
export function mountRefusal(ctx: FowContext, unit: string, transports: string): Ruling | undefined {
  const step = stepRefusal(ctx, unit, "mount");
  if (step) return step;
  const teams = unitNamed(ctx, unit).models.map((id) => ctx.models.get(id)!);
  if (!teams.some((m) => rides(ctx, m) && carrierOf(ctx, m.id) === undefined))
    return { reason: `${unit} has no infantry or man-packed gun team on foot to mount`, rule: "§4.9 (003 l.442)" };
  if (!unitNamed(ctx, transports).models.some((id) => carries(ctx, ctx.models.get(id)!)))
    return { reason: `${transports} has no transport or tank to carry them`, rule: "§4.9 (003 l.435–442)" };
  const { boarded, far } = boardingPlan(ctx, unit, transports);
  if (!Object.keys(boarded).length)
    return { ...far[0]!, reason: `no team of ${unit} touches a vehicle of ${transports}: ${far.map((r) => r.reason).join("; ")}` };
  return undefined;
}

/** Each team on foot of `unit` boards the vehicle of `transports` its base touches (the nearest, if several). */
export function mount(ctx: FowContext, dice: Dice, unit: string, transports: string): FowResolution<MountRecord> {
  const ref = new FowReferee(dice, ctx);
  const { boarded, far } = boardingPlan(ctx, unit, transports);
  for (const ruling of far) ref.rule(ruling);
  const lines = Object.entries(boarded).map(([v, teams]) => `${teams.join(", ")} into ${v}`);
  for (const line of lines) ref.note(`${line}: Passengers, who do not shoot and are hit only through their vehicle`, "§1.3, §4.9 (003 l.435–442, 510)");
  ref.note("the figures stay on the table: move them with their vehicle; no capacity is checked (the source gives none)", "§4.9");
  return ref.finish(`${unit} mounts: ${lines.join("; ")}`, { kind: "mount", unit, boarded });
}

/** Why `unit` may not dismount now, or undefined. */
export function dismountRefusal(ctx: FowContext, unit: string): Ruling | undefined {
  const step = stepRefusal(ctx, unit, "dismount");
  if (step) return step;
  if (!unitNamed(ctx, unit).models.some((id) => carrierOf(ctx, id) !== undefined)) return { reason: `no team of ${unit} is a passenger`, rule: "§4.9" };
  return undefined;
}

/** Every passenger of `unit` steps off where its figure stands. */
export function dismount(ctx: FowContext, dice: Dice, unit: string): FowResolution<DismountRecord> {
  const ref = new FowReferee(dice, ctx);
  const left = unitNamed(ctx, unit).models.filter((id) => carrierOf(ctx, id) !== undefined);
  for (const id of left) ref.note(`${id} dismounts from ${carrierOf(ctx, id)}: on foot where it stands`, "§5.1 (003 l.173, 276)");
  return ref.finish(`${unit} dismounts: ${left.join(", ")}`, { kind: "dismount", unit, left });
}

/**
 * Who rides in what, from the game log: the Mount and Dismount actions, less the teams that dismounted under
 * fire (their fire outcome says so, l.448) and the vehicles and teams the game took off the table.
 */
export function passengersOf(history: GameHistory): Map<string, string[]> {
  const carried = new Map<string, string>();
  for (const e of history.events) {
    if (e.type === "action-taken") {
      const record = (e.details as { record?: MountRecord | DismountRecord } | undefined)?.record;
      if (record?.kind === "mount") for (const [v, teams] of Object.entries(record.boarded)) for (const t of teams) carried.set(t, v);
      if (record?.kind === "dismount") for (const t of record.left) carried.delete(t);
    }
    if (e.type === "fire-resolved") for (const o of e.outcomes) if (o.detail?.includes("dismounted under fire")) carried.delete(o.model);
  }
  const fallen = history.state.fallen;
  const byVehicle = new Map<string, string[]>();
  for (const [team, vehicle] of carried) if (!(team in fallen) && !(vehicle in fallen)) byVehicle.set(vehicle, [...(byVehicle.get(vehicle) ?? []), team]);
  return byVehicle;
}
