/**
 * Starting a new game: the battlefield, the rule system, its version and its options. Everything offered
 * comes from the registries (BATTLEFIELDS, RULESETS and each system's option specs), so a rule system appears
 * here by registering.
 */
import { useState } from "react";
import type { RulesetChoice } from "../../core/game/gameLog";
import { RULESETS, rulesetById } from "../../rules/registry";
import type { OptionSpec } from "../../rules/ruleset";
import { BATTLEFIELDS } from "../../state/battlefields";

export interface NewGameDialogProps {
  onStart(battlefield: (typeof BATTLEFIELDS)[number], ruleset: RulesetChoice): void;
  onClose(): void;
}

/** An option's choices as the select shows them, and back. */
const choiceOf = (spec: OptionSpec, text: string) => spec.choices.find((c) => String(c) === text) ?? spec.default;

export function NewGameDialog({ onStart, onClose }: NewGameDialogProps) {
  const [battlefieldId, setBattlefieldId] = useState<string>(BATTLEFIELDS[0]!.id);
  const [rulesetId, setRulesetId] = useState(RULESETS[0]!.id);
  const ruleset = rulesetById(rulesetId) ?? RULESETS[0]!;
  const [version, setVersion] = useState(ruleset.versions[0]!);
  const [options, setOptions] = useState<Record<string, string | boolean>>({});
  const chooseRuleset = (id: string) => {
    const next = rulesetById(id);
    if (!next) return;
    setRulesetId(id);
    setVersion(next.versions[0]!);
    setOptions({});
  };
  const start = () => onStart(BATTLEFIELDS.find((b) => b.id === battlefieldId)!, { id: ruleset.id, version, options });
  const settable = ruleset.options.filter((o) => o.id !== "version");
  return (
    <div className="panel dialog" role="dialog" aria-label="New game" data-testid="new-game">
      <h2>New game</h2>
      <p>
        <label>
          Battlefield{" "}
          <select value={battlefieldId} onChange={(e) => setBattlefieldId(e.target.value)} aria-label="Battlefield">
            {BATTLEFIELDS.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
      </p>
      <p>
        <label>
          Rule system{" "}
          <select value={ruleset.id} onChange={(e) => chooseRuleset(e.target.value)} aria-label="Rule system">
            {RULESETS.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </label>{" "}
        <label>
          version{" "}
          <select value={version} onChange={(e) => setVersion(e.target.value)} aria-label="Rules version of the new game">
            {ruleset.versions.map((v) => (
              <option key={v}>{v}</option>
            ))}
          </select>
        </label>{" "}
        <span className="muted">
          distances in {ruleset.lengthUnit === "in" ? "inches" : "centimetres"}, d{ruleset.die}
        </span>
      </p>
      {settable.length > 0 && (
        <details>
          <summary>Options ({settable.length})</summary>
          <ul className="options">
            {settable.map((o) => (
              <li key={o.id} title={o.description}>
                <label>
                  {o.label}{" "}
                  <select
                    value={String(options[o.id] ?? o.default)}
                    onChange={(e) => setOptions({ ...options, [o.id]: choiceOf(o, e.target.value) })}
                    aria-label={o.label}
                  >
                    {o.choices.map((c) => (
                      <option key={String(c)} value={String(c)}>
                        {typeof c === "boolean" ? (c ? "yes" : "no") : c}
                      </option>
                    ))}
                  </select>
                </label>{" "}
                <span className="muted">{o.rule}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <div style={{ display: "flex", gap: 6, marginTop: 8 }}>
        <button type="button" onClick={start} data-testid="new-game-start">
          Start
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </div>
  );
}
