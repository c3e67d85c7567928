/**
 * One of a rule system's questions (src/rules/questions.ts) as a control: a choice as a select, a flag as a
 * checkbox, a number as a select of its steps. A question whose answer the game gives (`derived`) offers that
 * answer first, in the system's words ("moving (from the moves)"); choosing it takes the player's answer back.
 * A fixed default is the same as no answer, so the declaration and the marks hold only what a player said. A
 * choice's note (Battleground's HE against buildings) shows once a player chooses it.
 */
import { type Answer, answerText, type Question } from "../../rules/questions";

/** Every value a question takes, in order. */
function valuesOf(question: Question): Answer[] {
  if (question.kind === "choice") return question.choices.map((c) => c.value);
  if (question.kind === "flag") return [true, false];
  const values: number[] = [];
  for (let v = question.min; v <= question.max + 1e-9; v += question.step) values.push(Number(v.toFixed(6)));
  return values;
}

export interface QuestionFieldProps {
  readonly question: Question;
  /** The player's answer; undefined: none given. */
  readonly value: Answer | undefined;
  /** What the game gives when no answer is given (derived questions). */
  readonly fromGame?: Answer;
  readonly onChange: (value: Answer | undefined) => void;
  /** Before the label in the control's accessible name: "shooter" for a mark on the shooter. */
  readonly owner?: string;
}

export function QuestionField({ question, value, fromGame, onChange, owner }: QuestionFieldProps) {
  const name = owner ? `${owner} ${question.label}` : question.label;
  const title = `${question.help ? `${question.help} ` : ""}${question.rule}`;
  const values = valuesOf(question);
  const effective = value ?? fromGame ?? question.default;
  // A choice's note is for a player who chose it.
  const note = question.kind === "choice" && value !== undefined ? question.choices.find((c) => c.value === value)?.note : undefined;
  const answer = (chosen: Answer) => onChange(question.derived === undefined && chosen === question.default ? undefined : chosen);
  const control =
    question.kind === "flag" && question.derived === undefined ? (
      <label title={title}>
        <input type="checkbox" checked={effective === true} onChange={(e) => answer(e.target.checked)} aria-label={name} /> {question.label}
      </label>
    ) : (
      <label title={title}>
        {question.label}{" "}
        <select
          value={value === undefined && question.derived !== undefined ? "" : String(values.indexOf(effective))}
          onChange={(e) => (e.target.value === "" ? onChange(undefined) : answer(values[Number(e.target.value)]!))}
          aria-label={name}
        >
          {question.derived !== undefined && (
            <option value="">{fromGame === undefined ? question.derived : `${answerText(question, fromGame)} (${question.derived})`}</option>
          )}
          {values.map((v, i) => (
            <option key={String(v)} value={String(i)}>
              {answerText(question, v)}
            </option>
          ))}
        </select>
      </label>
    );
  return (
    <>
      {control}
      {note && (
        <p className="muted" data-testid={`note-${question.id}`}>
          {note}
        </p>
      )}
    </>
  );
}
