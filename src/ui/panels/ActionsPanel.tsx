/**
 * A rule system's own actions (Ruleset.actions: cards, tests, assaults, bombardments), rendered from their specs:
 * first what the rules require now (due, with why), then the actions the step allows, taken by the selected
 * model's unit or its side, aimed at an enemy unit where the spec asks, with the spec's questions. The rules
 * take it in the sight worker with the game's dice (online: the room does); their refusal names its rule.
 */
import { useMemo, useState } from "react";
import { meanPoint } from "../../core/geometry2d";
import { actionName } from "../../rules/gameContext";
import type { Answer } from "../../rules/questions";
import type { ActionRequest, ActionSpec, ActionSystem, DueAction, Ruleset } from "../../rules/ruleset";
import { DEPLOYMENT } from "../../rules/turn";
import { useGame } from "../../state/game";
import { useReplay } from "../../state/replayStore";
import { takeActionNow, useRulesNow } from "../../state/rules";
import { useUi } from "../../state/uiStore";
import { Name } from "./Name";
import { QuestionField } from "./QuestionField";

/** The specs a player may take in the game's step now: those of its phase (every one in free play). */
const specsNow = (actions: ActionSystem<unknown>, phase: string | undefined): ActionSpec[] =>
  actions.actions.filter((a) => phase === undefined || !a.phases || a.phases.includes(phase));

function DueList({ ruleset, due }: { ruleset: Ruleset; due: readonly DueAction[] }) {
  const names = useGame((s) => s.names);
  return (
    <div data-testid="due-actions">
      <strong>Due now</strong>
      <ul style={{ margin: "2px 0", paddingLeft: 16 }}>
        {due.map((d) => (
          <li key={JSON.stringify(d.request)}>
            {actionName(ruleset, d.request.action)}: {d.request.unit ? <Name id={d.request.unit} /> : d.request.side}
            {d.request.target && (
              <>
                {" "}
                → <Name id={d.request.target} />
              </>
            )}{" "}
            <span className="muted" title={d.why.rule}>
              ({names.inText(d.why.reason)})
            </span>{" "}
            <button type="button" onClick={() => void takeActionNow(d.request)} data-testid="take-due">
              Take
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ActionsPanel() {
  const { rules } = useRulesNow();
  const state = useGame((s) => s.state);
  const battlefield = useGame((s) => s.battlefield);
  const watching = useReplay((s) => s.replay !== undefined);
  const selected = useUi((s) => s.selection[0]);
  const [chosen, setChosen] = useState<string>();
  const [target, setTarget] = useState<string>();
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [last, setLast] = useState<string>();
  // Once a game point, not once a render: what is due is asked of the whole rules context.
  const due = useMemo(() => rules?.ruleset.actions?.due?.(rules.context, undefined) ?? [], [rules]);
  const actions = rules?.ruleset.actions;
  if (!actions || watching || state.ended) return null;
  const phase = state.step?.phase === DEPLOYMENT ? DEPLOYMENT : state.step?.phase;
  const acting = state.step?.side;
  const entry = selected ? battlefield.models.get(selected) : undefined;
  const side = entry?.side ?? acting;
  const specs = specsNow(actions, phase);
  const spec = specs.find((a) => a.id === chosen) ?? specs[0];
  // The units it may be aimed at: its own side's for "own-unit" (a transport to board), the enemy's otherwise.
  const own = spec?.target === "own-unit";
  const aimable = state.scenario.forces.filter((f) => (f.side === side) === own).flatMap((f) => f.units.filter((u) => u.models.length));
  const aimedAt = spec?.target ? (aimable.find((u) => u.id === target) ?? aimable[0]) : undefined;

  const take = async () => {
    if (!spec || side === undefined) return;
    const request: ActionRequest = {
      action: spec.id,
      ...(spec.by === "unit" ? { unit: entry?.unitId } : { side }),
      ...((spec.target === "enemy-unit" || spec.target === "own-unit") && aimedAt ? { target: aimedAt.id } : {}),
      // A bombardment is aimed at the centre of the unit picked (cm).
      ...(spec.target === "point" && aimedAt ? { point: meanPoint(aimedAt.models.map((m) => m.position)) } : {}),
      answers,
    };
    const result = await takeActionNow(request);
    setLast(result && (result.refused ? `Refused: ${result.refused.map((r) => `${r.reason} (${r.rule})`).join("; ")}` : result.summary));
  };

  return (
    <div data-testid="actions-panel" style={{ margin: "6px 0" }}>
      {due.length > 0 && <DueList ruleset={rules.ruleset} due={due} />}
      {spec && (
        <div>
          <strong>Actions</strong>
          <div style={{ display: "flex", gap: 6, flexWrap: "wrap" }}>
            <select
              value={spec.id}
              onChange={(e) => {
                setChosen(e.target.value);
                setAnswers({});
              }}
              aria-label="Action"
            >
              {specs.map((a) => (
                <option key={a.id} value={a.id} title={a.summary}>
                  {a.name}
                </option>
              ))}
            </select>
            {spec.target && (
              <select
                value={aimedAt?.id ?? ""}
                onChange={(e) => setTarget(e.target.value)}
                aria-label={spec.target === "point" ? "Aim at" : own ? "With" : "Against"}
              >
                {aimable.map((u) => (
                  <option key={u.id} value={u.id}>
                    {useGame.getState().names.of(u.id)}
                  </option>
                ))}
              </select>
            )}
          </div>
          <p className="muted" style={{ margin: "2px 0" }}>
            {spec.summary} ({spec.rule}) · by {spec.by === "unit" ? entry ? <Name id={entry.unitId} /> : "the selected unit: select a model" : side}
          </p>
          {spec.asks.map((q) => (
            <QuestionField key={q.id} question={q} value={answers[q.id]} onChange={(v) => setAnswers(withAnswer(answers, q.id, v))} />
          ))}
          <button type="button" onClick={() => void take()} disabled={spec.by === "unit" && !entry} data-testid="take-action">
            {spec.name}
          </button>
          {last && (
            <p data-testid="action-result" style={{ margin: "2px 0" }}>
              {useGame.getState().names.inText(last)}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

const withAnswer = (answers: Record<string, Answer>, id: string, value: Answer | undefined): Record<string, Answer> => {
  const next = { ...answers };
  if (value === undefined) delete next[id];
  else next[id] = value;
  return next;
};
