/** Bolt Action's referee: the shared one with its d6, plus the pin markers and order dice a resolution changes. */
import type { Dice } from "../../core/dice";
import { DiceReferee } from "../referee";
import type { UnitChange } from "../ruleset";
import { type BaContext, pinsOn } from "./context";
import type { Order } from "./types";

export class BaReferee extends DiceReferee {
  private readonly changes = new Map<string, { pins: number; order?: Order }>();

  constructor(
    readonly ctx: BaContext,
    dice: Dice,
  ) {
    super(dice, 6);
  }

  private change(unit: string) {
    let c = this.changes.get(unit);
    if (!c) this.changes.set(unit, (c = { pins: 0 }));
    return c;
  }

  addPins(unit: string, pins: number): void {
    if (pins !== 0) this.change(unit).pins += pins;
  }

  /** Places (or turns) the unit's order die. */
  setOrder(unit: string, order: Order): void {
    this.change(unit).order = order;
  }

  /** Pins on the unit now: the game's and this resolution's. */
  pinsNow(unit: string): number {
    return pinsOn(this.ctx, unit) + (this.changes.get(unit)?.pins ?? 0);
  }

  /** Pins and orders changed (the models a unit lost are the fold's: GameState.fallen). */
  unitChanges(): UnitChange[] {
    return [...this.changes].map(([unit, c]) => ({ unit, ...(c.pins ? { pins: c.pins } : {}), ...(c.order ? { order: c.order } : {}) }));
  }
}
