/**
 * A unit's rule-system fields (Unit.quality, Unit.rank) checked against the choices the game's rule system
 * declares for them (Ruleset.unitFields), where a game is made or loaded: a word the system does not know never
 * reaches its rules. A field the system does not declare is not its business (a battlefield shared between
 * systems keeps it) and is left alone. Core checks them; the fields' choices live with the rules.
 */
import type { ScenarioIssue } from "../scenario/issue";
import type { Scenario, UnitRuleField } from "../scenario/schema";
import { type AnswerSpec, answerProblem } from "./answers";
import type { UnitFieldChanges } from "./events";

/** What a unit field is checked against: its choices. */
export interface UnitFieldSpec extends AnswerSpec {
  readonly id: UnitRuleField;
}

/** Each unit field of the battlefield that `system` declares and does not know the word of, at its path. */
export function unitFieldIssues(scenario: Scenario, specs: readonly UnitFieldSpec[], system: string): ScenarioIssue[] {
  return scenario.forces.flatMap((force, i) =>
    force.units.flatMap((unit, j) =>
      specs.flatMap((spec) => {
        const value = unit[spec.id];
        const problem = value === undefined ? undefined : answerProblem(spec, value);
        return problem ? [{ path: `forces[${i}].units[${j}].${spec.id}`, message: `${system}: ${problem}` }] : [];
      }),
    ),
  );
}

/** The first field an edit sets to a word `system` does not know (a null, taking it off, is always fine). */
export function unitFieldChangeProblem(
  changes: UnitFieldChanges,
  specs: readonly UnitFieldSpec[],
  system: string,
): { id: string; problem: string } | undefined {
  for (const spec of specs) {
    const value = changes[spec.id];
    const problem = value === undefined || value === null ? undefined : answerProblem(spec, value);
    if (problem) return { id: spec.id, problem: `${system}: ${problem}` };
  }
  return undefined;
}
