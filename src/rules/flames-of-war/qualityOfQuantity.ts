/**
 * Quality of Quantity (Soviet, 003 l.61–64), where the game switches it on: a platoon with at least fifteen
 * infantry or gun teams within Command Distance of its command team needs 10 hits in one Shooting Step to be
 * Pinned Down (a bombardment's single hit still pins it), charges into contact and counterattacks from 12"/30 cm
 * instead of 8"/20 cm, and is thrown back by Defensive Fire only after 10 hits.
 */
import { footprintDistance } from "../../core/footprint";
import { unitNamed } from "../context";
import { type FowContext, isVehicle, teamOf } from "./context";
import { SOURCE_CM } from "./distances";

/** Teams a platoon needs within Command Distance (003 l.61). */
const TEAMS = 15;
/** Hits that pin it (003 l.62, 64). */
const PIN_HITS = 10;
/** Its charge and counterattack distance (003 l.63). */
const CHARGE_CM = 30;

export function hasQualityOfQuantity(ctx: FowContext, unitId: string): boolean {
  if (!ctx.options.qualityOfQuantity) return false;
  const models = unitNamed(ctx, unitId).models.map((id) => ctx.models.get(id)!);
  const leader = models[0];
  if (!leader) return false;
  const command = ctx.tables.parameters.commandDistance;
  return models.filter((m) => !isVehicle(teamOf(ctx, m)) && footprintDistance(m.footprint, leader.footprint) <= command).length >= TEAMS;
}

/** The hits that pin `unitId` in one Shooting Step or throw its assault back. */
export const pinHitsOf = (ctx: FowContext, unitId: string): number => (hasQualityOfQuantity(ctx, unitId) ? PIN_HITS : ctx.tables.saves.pinHits);

/** How far `unitId`'s teams charge into contact and counterattack from (cm). */
export const chargeOf = (ctx: FowContext, unitId: string): number => (hasQualityOfQuantity(ctx, unitId) ? CHARGE_CM : SOURCE_CM.charge);
