/**
 * What a rule system asks, as data. Before a shot it asks its declaration (Ruleset.declaration: Bolt Action's
 * "fire HE", Battleground's round, Flames of War's "target At Double", Operation WW2's order); about a model
 * between shots it keeps marks (Ruleset.marks: Battleground's morale and camouflage). Each question has a
 * label, a default and its rule, so a generic panel renders any system's questions, the command line takes
 * them as `--declare id=value`, and a loaded game's marks are checked against them (core/game/answers.ts).
 *
 * An answer left out is the question's default, or what the game gives where the system derives it from the
 * log (Situation.fromGame: Flames of War's "firers moved" from their moves this turn). A declaration holds
 * only the answers a player gave, so the same declaration judges the same way wherever the game is replayed.
 */
import { type Answer, type AnswerSpec, type Answers, answerProblem } from "../core/game/answers";
import type { UnitRuleField } from "../core/scenario/schema";

export type { Answer, Answers } from "../core/game/answers";

interface QuestionBase extends AnswerSpec {
  /** What a player reads beside it: "target At Double", "round". */
  readonly label: string;
  /** Where the rules say so, as every ruling's RuleRef: "§4.5". */
  readonly rule: string;
  /** What it changes, for a tooltip. */
  readonly help?: string;
  /**
   * Where the game gives its answer when a player gives none ("from the moves"): the system derives it from
   * the log (Situation.fromGame) and `default` stands only where the game says nothing.
   */
  readonly derived?: string;
}

/** One value of a choice, with what a player reads; `note` is shown while it is chosen. */
export interface Choice {
  readonly value: string;
  readonly label: string;
  readonly note?: string;
}

/** Choices whose values a player reads as they are ("stationary", "motivated"). */
export const plainChoices = (values: readonly string[]): Choice[] => values.map((value) => ({ value, label: value }));

export interface ChoiceQuestion extends QuestionBase {
  readonly kind: "choice";
  readonly choices: readonly Choice[];
  readonly default: string;
}

export interface NumberQuestion extends QuestionBase {
  readonly kind: "number";
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly default: number;
}

export interface FlagQuestion extends QuestionBase {
  readonly kind: "flag";
  readonly default: boolean;
}

export type Question = ChoiceQuestion | NumberQuestion | FlagQuestion;

/**
 * A unit's field the system reads from the battlefield (Unit.quality, Unit.rank; UNIT_RULE_FIELDS), as the
 * editor's Forces tab asks it of the selected unit; the battlefield's words are checked against its choices
 * (core/game/unitFields.ts). Left unset, the unit has what `unset` says.
 */
export interface UnitField extends AnswerSpec {
  readonly id: UnitRuleField;
  readonly kind: "choice";
  readonly label: string;
  readonly rule: string;
  readonly choices: readonly Choice[];
  /** What a unit has with the field unset, in the system's words: "its models' profile (sample)", "no officer". */
  readonly unset: string;
  readonly help?: string;
}

/** A question about a model whose answer the game log keeps (model-state-set) until it is changed, or until the turn ends. */
export type Mark = Question & {
  /** "turn": it holds for the turn it was set in (how the model moved); "game": until it is changed (morale). */
  readonly lasts: "turn" | "game";
};

/** An answer in a player's words: the choice's label, "yes"/"no", the number. */
export function answerText(question: Question, value: Answer): string {
  if (question.kind === "choice") return question.choices.find((c) => c.value === value)?.label ?? String(value);
  if (question.kind === "flag") return value ? "yes" : "no";
  return String(value);
}

/**
 * The answer to `question` typed as a player writes it on the command line: a flag alone (`he`) is yes;
 * `he=no`, `ammunition=HE`, `evasion=-3`. Throws with the question's own terms when it does not fit.
 */
export function parseAnswer(question: Question, text: string | undefined): Answer {
  let value: Answer | undefined;
  if (question.kind === "flag") value = text === undefined || /^(yes|true|1)$/i.test(text) ? true : /^(no|false|0)$/i.test(text) ? false : undefined;
  else if (question.kind === "number") value = text === undefined || text.trim() === "" ? undefined : Number(text);
  else value = text;
  const problem = value === undefined ? `"${question.id}" needs a value` : answerProblem(question, value);
  if (problem) throw new Error(problem);
  return value!;
}

/**
 * `answers` without those that only repeat a fixed default (a declaration holds what a player gave). An
 * answer to a derived question stays: it says something the log may not.
 */
export function givenAnswers(questions: readonly Question[], answers: Answers): Answers {
  return Object.fromEntries(
    Object.entries(answers).filter(([id, value]) => {
      const question = questions.find((q) => q.id === id);
      return !question || question.derived !== undefined || question.default !== value;
    }),
  );
}
