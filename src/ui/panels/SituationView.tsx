/**
 * The game state a rule system tells before a shot (Ruleset.situation): the shooter's and the target's state
 * in its words, their marks as controls (each change a model-state-set event: undoable, saved, replayed), the
 * table's rule state (smoke clouds, which a player may clear). The turn is the turn bar's (TurnBar.tsx).
 */
import type { Mark } from "../../rules/questions";
import type { Ruleset, Situation, StateLine, SubjectSituation } from "../../rules/ruleset";
import { useGame } from "../../state/game";
import { setMark } from "../../state/rules";
import { Name } from "./Name";
import { QuestionField } from "./QuestionField";
import { SampleMark } from "./SampleMark";

function Line({ line, testid }: { line: StateLine; testid: string }) {
  const names = useGame((s) => s.names);
  return (
    <div data-testid={testid}>
      {names.inText(line.text)} {line.rule && <span className="muted">{line.rule}</span>}
      <SampleMark sample={line.sample} />
      {line.feature && (
        <>
          {" "}
          <button type="button" onClick={() => useGame.getState().perform({ type: "remove-features", ids: [line.feature!] })}>
            clear
          </button>
        </>
      )}
    </div>
  );
}

function Subject({ side, subject, marks }: { side: "shooter" | "target"; subject: SubjectSituation; marks: readonly Mark[] }) {
  const shown = marks.filter((m) => subject.marks.includes(m.id));
  if (!subject.lines.length && !shown.length) return null;
  return (
    <div data-testid={`state-${side}`} style={{ paddingLeft: 6 }}>
      <strong>{side}</strong> <Name id={subject.model} />
      {subject.lines.map((line, i) => (
        <Line key={i} line={line} testid={`state-${side}-${line.id}`} />
      ))}
      {shown.length > 0 && (
        <div style={{ display: "flex", gap: 6, flexWrap: "wrap" }}>
          {shown.map((m) => (
            <QuestionField
              key={m.id}
              question={m}
              owner={side}
              value={subject.recorded[m.id]}
              fromGame={subject.fromGame[m.id]}
              onChange={(value) => setMark(subject.model, m.id, value)}
            />
          ))}
        </div>
      )}
    </div>
  );
}

export function SituationView({ situation, ruleset }: { situation: Situation; ruleset: Ruleset }) {
  return (
    <div data-testid="rule-state" style={{ margin: "6px 0" }}>
      <Subject side="shooter" subject={situation.shooter} marks={ruleset.marks} />
      <Subject side="target" subject={situation.target} marks={ruleset.marks} />
      {situation.table.map((line, i) => (
        <Line key={i} line={line} testid={`state-table-${line.id}`} />
      ))}
    </div>
  );
}
