/**
 * Crew-served weapons (§6.7): assistants in base contact give full capacity; without them a weapon fires
 * fewer dice, only every second or third turn, or not after moving. Mortars keep out of buildings.
 */
import { footprintDistance } from "../../core/footprint";
import type { ModelFacts } from "../context";
import type { Ruling } from "../ruleset";
import { isV1, modelState, type Ow2Context, unitState } from "./context";
import { type FiringWeapon, modelProfile } from "./profiles";
import type { Order } from "./types";

/** Models this close stand in base contact (cm). */
const BASE_CONTACT = 0.5;

export interface CrewService {
  readonly canFire: boolean;
  /** Dice to roll: the rate of fire, halved for a machine gun without its assistant. */
  readonly dice: number;
  readonly rulings: readonly Ruling[];
}

export interface CrewQuestion {
  readonly firer: ModelFacts;
  readonly weapon: FiringWeapon;
  readonly order: Order;
  /** Every model of the firing unit. */
  readonly unit: readonly ModelFacts[];
  /** The models firing in this order: they cannot assist anyone. */
  readonly firing: readonly string[];
}

/** Assistants: the crew on the weapon's own base, and standing, non-firing unit mates in base contact. */
function assistants(ctx: Ow2Context, q: CrewQuestion): number {
  const builtIn = modelProfile(ctx, q.firer).assistants ?? 0;
  const mates = q.unit.filter(
    (m) => m.id !== q.firer.id && !m.pinned && !q.firing.includes(m.id) && footprintDistance(m.footprint, q.firer.footprint) <= BASE_CONTACT,
  );
  return builtIn + mates.length;
}

export function crewService(ctx: Ow2Context, q: CrewQuestion): CrewService {
  const w = q.weapon.profile;
  const rof = w.rof;
  const rulings: Ruling[] = [];
  const refuse = (reason: string, rule = "§6.7"): CrewService => ({ canFire: false, dice: 0, rulings: [...rulings, { reason, rule }] });
  if (modelState(ctx, q.firer.id).reloading) return refuse(`${q.firer.id}'s ${w.name} carries reload markers: it cannot fire this turn`);
  const moved = (unitState(ctx, q.firer.unitId).movedThisTurn ?? false) || q.order === "charge";
  const n = assistants(ctx, q);
  const kind = w.crewServed;
  if (w.singleUse) rulings.push({ reason: `${w.name} is single use: remove it after this shot`, rule: "§6.8" });
  if (w.slowReload) rulings.push({ reason: `${w.name} has slow reload: place a reload marker after firing`, rule: "§6.7" });
  if (!kind || kind === "vehicle-gun") return { canFire: true, dice: rof, rulings };
  const everyOther = (turns: 2 | 3) =>
    rulings.push({
      reason: `without ${turns === 2 ? "full crew" : "any assistant"} it fires only every ${turns === 2 ? "second" : "third"} turn: place ${turns - 1} reload marker${turns === 3 ? "s" : ""} after firing`,
      rule: "§6.7",
    });
  switch (kind) {
    case "light-mg":
    case "medium-mg": {
      const tripod = q.weapon.mount.mount === "tripod" || kind === "medium-mg";
      if (moved && (tripod || n === 0))
        return refuse(
          `${w.name} ${tripod ? "on a tripod (or medium/heavy) cannot move and fire in the same turn" : "may fire after moving only with an assistant in base contact"}`,
        );
      if (n === 0) {
        rulings.push({ reason: `no assistant in base contact: rate of fire halved, ${rof} → ${Math.ceil(rof / 2)}`, rule: "§6.7" });
        return { canFire: true, dice: Math.ceil(rof / 2), rulings };
      }
      rulings.push({ reason: `an assistant in base contact: full rate of fire (${rof})`, rule: "§6.7" });
      return { canFire: true, dice: rof, rulings };
    }
    case "rocket-launcher":
      if (n === 0) {
        if (moved) return refuse(`${w.name} without an assistant in base contact fires only if it did not move`);
        everyOther(2);
      }
      return { canFire: true, dice: rof, rulings };
    case "light-mortar":
    case "medium-mortar":
    case "artillery": {
      if (moved) return refuse(`${w.name} cannot move and fire in the same turn`);
      if (kind !== "artillery") {
        const inside = q.firer.standsIn.find((a) => a.kind === "building" || (!isV1(ctx) && a.kind === "woods"));
        if (inside || q.firer.def.category === "vehicle")
          return refuse(
            `mortars cannot fire from ${inside ? `${inside.kind === "woods" ? "woods" : "a building"} (${inside.id})` : "a vehicle"}${isV1(ctx) ? " (v1: an intact building)" : " (v2.0: buildings, woods or vehicles)"}`,
          );
      }
      const full = kind === "light-mortar" ? 1 : 2;
      if (n >= full) rulings.push({ reason: `${n} assistant${n === 1 ? "" : "s"}: full capacity`, rule: "§6.7" });
      else everyOther(kind !== "light-mortar" && n === 0 ? 3 : 2);
      return { canFire: true, dice: rof, rulings };
    }
  }
}
