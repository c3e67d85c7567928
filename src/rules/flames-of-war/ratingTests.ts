/**
 * Motivation and Skill Tests (003 l.13–16, 70, 118, 270, 359): one die against the platoon's rating. The
 * source names the tests but gives their scores only for its 2+ cases, so the scores are the sample "tests"
 * table's; and the referee every Flames of War rule action keeps its account with: its dice, steps and
 * outcomes, and the record the game state reads back.
 */
import type { Dice } from "../../core/dice";
import { unitNamed } from "../context";
import { DiceReferee } from "../referee";
import { type FireStep, type RolledDie, type Ruling, type SampleTable, uniqueSampleTables } from "../ruleset";
import { type FowContext, sampleMark, trainingOf } from "./context";
import type { Roller } from "./effects";

export type TestKind = "motivation" | "skill";

/** The score a platoon's test needs, and why. */
export function testScore(ctx: FowContext, unitId: string, kind: TestKind): Ruling & { readonly need: number } {
  const tests = ctx.tables.tests;
  const sample = sampleMark(ctx, "tests");
  if (kind === "motivation") {
    const rating = tests.platoonMotivation;
    return { need: tests.motivation[rating], reason: `${unitId} is ${rating}: Motivation Test ${tests.motivation[rating]}+`, rule: "§5.3", ...sample };
  }
  const first = unitNamed(ctx, unitId).models[0];
  const training = first ? trainingOf(ctx, ctx.models.get(first)!) : "trained";
  return { need: tests.skill[training], reason: `${unitId} is ${training}: Skill Test ${tests.skill[training]}+`, rule: "§5.3", ...sample };
}

/** What a rule action leaves: its dice and their meanings, its steps, what happened to the models. */
export interface FowResolution<R> {
  readonly rolls: ReturnType<DiceReferee["rolls"]>;
  readonly dice: readonly RolledDie[];
  readonly steps: readonly FireStep[];
  readonly outcomes: ReturnType<DiceReferee["finalOutcomes"]>;
  readonly summary: string;
  readonly sampleTables: readonly SampleTable[];
  /** What the game state reads back from the log (gameState): the system's own record of the action. */
  readonly record: R;
}

/** A referee on six-sided dice that also says which sample tables its numbers came from. */
export class FowReferee extends DiceReferee {
  private readonly samples: SampleTable[] = [];

  constructor(
    dice: Dice,
    readonly ctx: FowContext,
  ) {
    super(dice, 6);
  }

  /** A step resting on a ruling (its sample table remembered). */
  rule(ruling: Ruling, text = ruling.reason, rolls: readonly number[] = []): void {
    if (ruling.sample) this.samples.push(ruling.sample);
    this.note(text, ruling.rule, rolls);
  }

  /** One die for a pass-or-fail roll of `need`+, explained. */
  check(
    reason: string,
    need: number,
    meaning: (passed: boolean) => string,
    rule: string,
    model?: string,
    sample?: SampleTable,
  ): { passed: boolean; index: number } {
    const value = this.roll(reason);
    const index = this.lastRoll;
    const passed = value >= need;
    if (sample) this.samples.push(sample);
    this.explain(index, { purpose: "test", need, meaning: `${need}+ → ${meaning(passed)}`, rule, ...(model ? { model } : {}), ...(sample ? { sample } : {}) });
    return { passed, index };
  }

  /** A platoon's Motivation or Skill Test, with a step saying how it went. */
  test(unitId: string, kind: TestKind, what: string, rule: string): boolean {
    const score = testScore(this.ctx, unitId, kind);
    const first = unitNamed(this.ctx, unitId).models[0];
    const { passed, index } = this.check(`${what}: ${kind} test of ${unitId}`, score.need, (p) => (p ? "passed" : "failed"), rule, first, score.sample);
    this.note(`${score.reason}: ${passed ? "passed" : "failed"}, ${what}`, rule, [index]);
    return passed;
  }

  /** The dice a shot's Roller rolled on this referee's stream (effects.ts resolveHit), explained as it explained them. */
  adopt(roller: Roller, from = 0): void {
    for (const { index, sides: _s, value: _v, ...meaning } of roller.dice.slice(from)) this.explain(index, meaning);
  }

  finish<R>(summary: string, record: R): FowResolution<R> {
    const dice = this.rolledDice();
    return {
      rolls: this.rolls(),
      dice,
      steps: this.steps,
      outcomes: this.finalOutcomes(),
      summary,
      sampleTables: uniqueSampleTables([...this.samples, ...dice.flatMap((d) => (d.sample ? [d.sample] : []))]),
      record,
    };
  }
}
