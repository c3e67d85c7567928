/**
 * Answers to a rule system's questions (src/rules/questions.ts: its declaration before a shot, its marks on a
 * model), checked against the question's kind and bounds. Core checks them where a game file is loaded, so a
 * mark the rule system does not ask for never reaches its rules; the questions themselves live with the rules.
 */

/** An answer: a choice's value, a number or a flag. */
export type Answer = string | number | boolean;

/** Answers by question id. */
export type Answers = Readonly<Record<string, Answer>>;

/** What an answer is checked against: the question's kind, its choices or bounds. */
export interface AnswerSpec {
  readonly id: string;
  readonly kind: "choice" | "number" | "flag";
  readonly choices?: ReadonlyArray<{ readonly value: string }>;
  readonly min?: number;
  readonly max?: number;
  /** Numbers are whole multiples of it from `min` (absent: any number in range). */
  readonly step?: number;
}

/** Why `value` is not an answer to `spec`, or undefined. */
export function answerProblem(spec: AnswerSpec, value: unknown): string | undefined {
  switch (spec.kind) {
    case "flag":
      return typeof value === "boolean" ? undefined : `"${spec.id}" is true or false, not ${JSON.stringify(value)}`;
    case "choice": {
      const values = (spec.choices ?? []).map((c) => c.value);
      return typeof value === "string" && values.includes(value)
        ? undefined
        : `"${spec.id}" is one of ${values.map((v) => JSON.stringify(v)).join(", ")}, not ${JSON.stringify(value)}`;
    }
    case "number": {
      const range = `from ${spec.min ?? "−∞"} to ${spec.max ?? "∞"}${spec.step ? ` in steps of ${spec.step}` : ""}`;
      if (typeof value !== "number" || !Number.isFinite(value)) return `"${spec.id}" is a number ${range}, not ${JSON.stringify(value)}`;
      const off = spec.step ? Math.abs((value - (spec.min ?? 0)) / spec.step - Math.round((value - (spec.min ?? 0)) / spec.step)) > 1e-9 : false;
      if ((spec.min !== undefined && value < spec.min) || (spec.max !== undefined && value > spec.max) || off)
        return `"${spec.id}" is a number ${range}, not ${value}`;
      return undefined;
    }
  }
}

/** Every problem of a set of answers, by question id: unknown questions and wrong values. `asked` names who asks, for the message. */
export function answersProblems(
  specs: readonly AnswerSpec[],
  answers: Readonly<Record<string, unknown>>,
  asked: string,
): Array<{ readonly id: string; readonly problem: string }> {
  return Object.entries(answers).flatMap(([id, value]) => {
    const spec = specs.find((s) => s.id === id);
    if (!spec) return [{ id, problem: `${asked} asks no "${id}"${specs.length ? `; it asks ${specs.map((s) => s.id).join(", ")}` : ""}` }];
    const problem = answerProblem(spec, value);
    return problem ? [{ id, problem }] : [];
  });
}
