/**
 * Starting a new game: the battlefield (one that ships or one saved in this browser), the rule system, its
 * version and its options, and the mission (the battlefield's own, a sample of the rule system's, or none). Choosing a battlefield that names its own rule system chooses that one. Everything
 * offered comes from the registries (BATTLEFIELDS, the saved list, RULESETS and each system's option specs), so
 * a rule system appears here by registering.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { RulesetChoice } from "../../core/game/gameLog";
import { scenarioCatalog } from "../../core/miniatures/catalog";
import { missionTitle, sampleMissions } from "../../core/mission/samples";
import { parseScenario } from "../../core/scenario/load";
import type { Mission, Scenario } from "../../core/scenario/schema";
import { RULESETS, rulesetById } from "../../rules/registry";
import type { OptionSpec } from "../../rules/ruleset";
import { BATTLEFIELDS, type BattlefieldChoice } from "../../state/battlefields";
import { ownRuleset, useGame } from "../../state/game";
import { listBattlefields, savedChoice } from "../../state/library";
import { Dialog } from "./Dialog";

export interface NewGameDialogProps {
  /** The battlefield chosen when the dialog opens (a saved one's Play); absent: the first that ships. */
  readonly initial?: BattlefieldChoice;
  /** `mission`: another mission than the battlefield's own, or null for none; undefined: its own. */
  onStart(battlefield: BattlefieldChoice, ruleset: RulesetChoice, mission: Mission | null | undefined): void;
  onClose(): void;
}

/** An option's choices as the select shows them, and back. */
const choiceOf = (spec: OptionSpec, text: string) => spec.choices.find((c) => String(c) === text) ?? spec.default;

/** The player's saved battlefields, newest first; an empty list while they are read or when they cannot be. */
function useSavedBattlefields(): readonly BattlefieldChoice[] {
  const [saved, setSaved] = useState<readonly BattlefieldChoice[]>([]);
  const notify = useGame((s) => s.notify);
  useEffect(() => {
    listBattlefields().then(
      (entries) => setSaved(entries.map(savedChoice)),
      (error: Error) => notify("error", `Could not read the saved battlefields: ${error.message}`),
    );
  }, [notify]);
  return saved;
}

export function NewGameDialog({ initial, onStart, onClose }: NewGameDialogProps) {
  const saved = useSavedBattlefields();
  const [battlefield, setBattlefield] = useState<BattlefieldChoice>(initial ?? BATTLEFIELDS[0]!);
  const [rulesetId, setRulesetId] = useState(RULESETS[0]!.id);
  const ruleset = rulesetById(rulesetId) ?? RULESETS[0]!;
  const [version, setVersion] = useState(ruleset.versions[0]!);
  const [options, setOptions] = useState<Record<string, string | boolean>>({});
  const [scenario, setScenario] = useState<Scenario>();
  // "own", "none" or a sample's index.
  const [missionChoice, setMissionChoice] = useState("own");
  // The rule system the player chose since choosing the battlefield: its loading, which ends later, keeps it.
  const rulesetPicked = useRef(false);
  const chooseRuleset = useCallback((id: string, chosenVersion?: string) => {
    const next = rulesetById(id);
    if (!next) return;
    setRulesetId(id);
    setVersion(chosenVersion ?? next.versions[0]!);
    setOptions({});
  }, []);
  // A battlefield laid out for a rule system offers that one; the player may still choose another.
  useEffect(() => {
    let current = true;
    battlefield.load().then(
      (data) => {
        if (!current) return;
        const own = ownRuleset(data);
        if (own && !rulesetPicked.current) chooseRuleset(own.id, own.version);
        const parsed = parseScenario(data, scenarioCatalog);
        setScenario(parsed.ok ? parsed.scenario : undefined);
        setMissionChoice(parsed.ok && parsed.scenario.mission ? "own" : "none");
      },
      () => {}, // a damaged saved battlefield says what is wrong when it is started
    );
    return () => {
      current = false;
    };
  }, [battlefield, chooseRuleset]);
  const choices = [...BATTLEFIELDS, ...saved];
  const samples = scenario ? sampleMissions(scenario, ruleset.missionSetup) : [];
  const ownMission = scenario?.mission;
  const mission = missionChoice === "own" ? ownMission : missionChoice === "none" ? undefined : samples[Number(missionChoice)];
  const start = () => onStart(battlefield, { id: ruleset.id, version, options }, missionChoice === "own" ? undefined : (mission ?? null));
  const settable = ruleset.options.filter((o) => o.id !== "version");
  return (
    <Dialog label="New game" testId="new-game" onClose={onClose}>
      <h2>New game</h2>
      <p>
        <label>
          Battlefield{" "}
          <select
            value={battlefield.id}
            onChange={(e) => {
              rulesetPicked.current = false;
              setBattlefield(choices.find((b) => b.id === e.target.value) ?? battlefield);
            }}
            aria-label="Battlefield"
          >
            <optgroup label="Shipped with Hulldown">
              {BATTLEFIELDS.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </optgroup>
            {/* The one being played from the library shows before the list is read. */}
            {(saved.length > 0 || initial) && (
              <optgroup label="Saved in this browser">
                {(saved.length ? saved : [initial!]).map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </label>
      </p>
      <p>
        <label>
          Rule system{" "}
          <select
            value={ruleset.id}
            onChange={(e) => {
              rulesetPicked.current = true;
              chooseRuleset(e.target.value);
            }}
            aria-label="Rule system"
          >
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
      <p>
        <label>
          Mission{" "}
          <select value={missionChoice} onChange={(e) => setMissionChoice(e.target.value)} aria-label="Mission" data-testid="new-game-mission">
            <option value="none">None: play freely</option>
            {ownMission && <option value="own">{missionTitle(ownMission)}: this battlefield's</option>}
            {samples.map((m, i) => (
              <option key={m.name} value={String(i)}>
                {missionTitle(m)}
              </option>
            ))}
          </select>
        </label>
        {mission && (
          <span className="muted" data-testid="new-game-mission-about">
            {" "}
            {mission.turns ? `${mission.turns} turns. ` : ""}
            {mission.sample && <span className="sample">sample: made up for Hulldown{mission.source ? `; ${mission.source}` : ""}. </span>}
            {mission.description}
          </span>
        )}
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
    </Dialog>
  );
}
