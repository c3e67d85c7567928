/**
 * The referee of one resolution: rolls the seeded dice with a reason for each, writes down what each roll
 * meant, and collects what happened to each model. Shared by direct fire, templates and vehicle damage.
 */
import type { Dice } from "../../core/dice";
import type { Outcome } from "../../core/game/events";
import type { Ow2Context } from "./context";

export interface Step {
  readonly text: string;
  readonly rule: string;
  /** Indexes (in the game's dice stream) of the rolls this step is about. */
  readonly rolls: readonly number[];
}

export class Referee {
  readonly outcomes: Outcome[] = [];
  readonly steps: Step[] = [];
  /** Models removed by this resolution: nothing else happens to them. */
  readonly gone = new Set<string>();
  private readonly firstRoll: number;

  constructor(
    readonly ctx: Ow2Context,
    readonly dice: Dice,
  ) {
    this.firstRoll = dice.rolls.length;
  }

  /** A d10 (or other die) with the reason the game log keeps. */
  roll(reason: string, sides = 10): number {
    return this.dice.roll(sides, reason);
  }

  /** The index of the last roll, to cite it in a step. */
  get lastRoll(): number {
    return this.dice.rolls[this.dice.rolls.length - 1]!.index;
  }

  note(text: string, rule: string, rolls: readonly number[] = []): void {
    this.steps.push({ text, rule, rolls });
  }

  outcome(model: string, effect: Outcome["effect"], detail: string): void {
    if (this.gone.has(model)) return;
    this.outcomes.push({ model, effect, detail });
    if (effect === "casualty" || effect === "destroyed") this.gone.add(model);
  }

  /**
   * The outcomes as the game log should apply them: a model removed takes nothing else, a model is pinned
   * once, and "no effect" is said once and only of a model nothing else happened to.
   */
  finalOutcomes(): Outcome[] {
    const affected = new Set(this.outcomes.filter((o) => o.effect !== "no-effect").map((o) => o.model));
    const said = new Set<string>();
    return this.outcomes.filter((o) => {
      if (this.gone.has(o.model) && o.effect !== "casualty" && o.effect !== "destroyed") return false;
      if (o.effect === "no-effect" && affected.has(o.model)) return false;
      if (o.effect === "damaged") return true;
      const key = `${o.model}:${o.effect}`;
      if (said.has(key)) return false;
      said.add(key);
      return true;
    });
  }

  /** The rolls made during this resolution. */
  rolls() {
    return this.dice.rolls.slice(this.firstRoll).map((r) => ({ ...r }));
  }
}
