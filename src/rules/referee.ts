/**
 * The referee of one resolution: rolls the seeded dice with a reason for each, says what each die meant,
 * writes down every step, and collects what happened to each model and what hit it. Every rule system's
 * resolution keeps its account with one.
 */
import type { Dice } from "../core/dice";
import type { Outcome } from "../core/game/events";
import type { FireStep, HitAllocation, RolledDie } from "./ruleset";

/** What a die meant, said once its result is known. */
export type DieMeaning = Omit<RolledDie, "index" | "sides" | "value">;

/** What brought a result on a model: the weapon or event, and the dice that decided it. */
export interface Cause {
  readonly by: string;
  readonly rolls: readonly number[];
}

export class DiceReferee {
  readonly outcomes: Outcome[] = [];
  readonly steps: FireStep[] = [];
  readonly allocation: HitAllocation[] = [];
  /** Models removed by this resolution: nothing else happens to them. */
  readonly gone = new Set<string>();
  private readonly firstRoll: number;
  private readonly meanings = new Map<number, DieMeaning>();

  constructor(
    readonly dice: Dice,
    /** Sides of the system's main die: what `roll` rolls unless told otherwise. */
    readonly die = 10,
  ) {
    this.firstRoll = dice.rolls.length;
  }

  /** The system's die (a d10 unless told otherwise, or another) with the reason the game log keeps. */
  roll(reason: string, sides = this.die): number {
    return this.dice.roll(sides, reason);
  }

  /** The index of the last roll, to cite it in a step. */
  get lastRoll(): number {
    return this.dice.rolls[this.dice.rolls.length - 1]!.index;
  }

  /** Says what the die at `index` (in the game's stream) meant. */
  explain(index: number, meaning: DieMeaning): void {
    this.meanings.set(index, meaning);
  }

  note(text: string, rule: string, rolls: readonly number[] = []): void {
    this.steps.push({ text, rule, rolls });
  }

  /** A result on a model, with what caused it (the allocation the panel shows). */
  outcome(model: string, effect: Outcome["effect"], detail: string, cause: Cause): void {
    if (this.gone.has(model)) return;
    this.outcomes.push({ model, effect, detail });
    this.allocation.push({ model, by: cause.by, rolls: [...cause.rolls], effect, result: detail || (effect === "no-effect" ? "no effect" : effect) });
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

  /** Every die of this resolution with its meaning; a die nobody explained says only why it was rolled. */
  rolledDice(): RolledDie[] {
    return this.rolls().map((r) => {
      const meaning = this.meanings.get(r.index);
      if (!meaning) throw new Error(`the roll "${r.reason}" (die ${r.index}) was never explained`);
      return { index: r.index, sides: r.sides, value: r.value, ...meaning };
    });
  }
}
