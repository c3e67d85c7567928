/**
 * What Bolt Action says about a declared shot or assault, before any die is rolled: the firing unit's
 * models with their weapons and the target models each sees (fire.ts), or the close quarters planned
 * (closeQuarters.ts); resolve.ts rolls them.
 */
import type { SightReport } from "../../sight/sightReport";
import type { FirerVerdict, FireVerdict } from "../ruleset";
import type { BaWeapon } from "./profiles";
import type { BaFireDeclaration, CoverClass, Order } from "./types";

/** A target model as one firer sees it. */
export interface TargetLine {
  readonly model: string;
  readonly report: SightReport;
  readonly canSee: boolean;
  readonly inRange: boolean;
  readonly cover: CoverClass;
  readonly distance: number;
  /** The crew model that sees it for an indirect-fire weapon whose firer does not (its cover is from that line). */
  readonly spottedBy?: string;
}

/** A model of the firing unit with its weapon and what it may shoot. */
export interface BaFirer extends FirerVerdict {
  readonly weapon?: { readonly id: string; readonly row: BaWeapon["row"] };
  readonly lines: readonly TargetLine[];
  /** The score it needs to hit (before the 6-rule), when it can fire. */
  readonly need?: number;
  /** Range from this firer to the closest target model it may shoot, cm. */
  readonly range?: number;
  readonly longRange?: boolean;
  /** Fires HE (hits from the HE dice) rather than its Pen. */
  readonly he?: boolean;
  /** Dice to roll for its shots ("D6" for a flamethrower) when not a fixed number. */
  readonly shotDice?: string;
}

export interface BaFireVerdict extends FireVerdict {
  readonly declaration: BaFireDeclaration;
  readonly firers: readonly BaFirer[];
  readonly firingUnit: string;
  readonly targetUnit: string;
  /** The order the firing unit fires under. */
  readonly order: Order;
  /** Close quarters, when declared as an assault. */
  readonly assault?: AssaultPlan;
}

/** Close quarters planned: who assaults whom, and what the source asks before and during it (§5). */
export interface AssaultPlan {
  readonly kind: "infantry" | "vehicle";
  readonly attacker: string;
  readonly defender: string;
  readonly distance: number;
  /** The order test the attackers must pass first (modifier), when the source asks for one. */
  readonly orderTest?: number;
  /** Score to hit a vehicle. */
  readonly vehicleHit?: number;
  /** Infantry without anti-tank weapons cause superficial damage only. */
  readonly superficialOnly?: boolean;
}
