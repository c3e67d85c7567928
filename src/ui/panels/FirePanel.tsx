/**
 * Fire under the game's rule system: the shooter's unit (or model) fires the chosen weapon at the target's
 * unit. The panel asks the system's own questions (Ruleset.declaration), shows the game state it tells
 * (Ruleset.situation, with its marks), and the judge's verdict (can fire, spotted, cover, each modifier with
 * its reason and rule), judged in the sight worker in the game as it stands; Roll resolves it from the game's
 * seeded dice into the game log (LastShot then shows its dice). It names no rule system: any system in the
 * registry renders here.
 */
import { type RefObject, useEffect, useRef, useState } from "react";
import { LoadedTable } from "../../core/game/events";
import { seedText } from "../../core/game/gameFile";
import type { Answer, Answers } from "../../rules/questions";
import { rulesetById } from "../../rules/registry";
import { needPhrase, type SampleTable } from "../../rules/ruleset";
import { useGame } from "../../state/game";
import { readJsonFile } from "../../state/persistence";
import { gameAtCursor, rollShot, useRulesNow, useSituation } from "../../state/rules";
import { getSightClient } from "../../state/sightPool";
import { useUi } from "../../state/uiStore";
import type { FireAnswer } from "../../worker/fire";
import { Name } from "./Name";
import { OrdersPanel } from "./OrdersPanel";
import { QuestionField } from "./QuestionField";
import { SampleMark } from "./SampleMark";
import { SituationView } from "./SituationView";

/**
 * The rulings of a verdict, each firer's dice and the number each needs with its modifiers; every number
 * from a sample table carries its mark, which opens the table loader (`onLoadTable`).
 */
function VerdictView({ answer, die, onLoadTable }: { answer: FireAnswer; die: number; onLoadTable: () => void }) {
  const names = useGame((s) => s.names);
  const v = answer.verdict;
  return (
    <div data-testid="fire-verdict">
      <p className={v.valid ? "clear" : "blocked"}>
        <strong>{v.valid ? "Can fire" : "Cannot fire"}</strong>
      </p>
      <ul>
        {v.rulings.map((r, i) => (
          <li key={i}>
            {names.inText(r.reason)} <span className="muted">{r.rule}</span>
            <SampleMark sample={r.sample} onLoad={onLoadTable} />
          </li>
        ))}
      </ul>
      {v.firers
        .filter((f) => f.canFire)
        .map((f, _, firing) => (
          <div key={`${f.model} ${f.weapon?.id ?? ""}`} style={{ marginTop: 4 }} data-testid="fire-firer">
            <strong>
              <Name id={f.model} />
            </strong>{" "}
            {/* A model firing several weapons (Flames of War's team) is listed once per weapon. */}
            {firing.filter((g) => g.model === f.model).length > 1 && <span className="muted">{f.weapon?.id} </span>}
            <span className="muted">
              {f.dice} {f.dice === 1 ? "die" : "dice"}
            </span>
            {/* Dice and need from one sample table: marked once, on the need just below. */}
            {!f.shots.some((s) => s.canFire && s.sample?.table === f.sample?.table) && <SampleMark sample={f.sample} onLoad={onLoadTable} />}
            {f.shots
              .filter((s) => s.canFire)
              .map((s) => (
                <div key={s.group} style={{ paddingLeft: 10 }}>
                  {/* A group is a system's own words: a target ("Panzergrenadier 3") or its cover ("in the open"). */}
                  {names.inText(s.group)}: <strong data-testid="fire-need">{needPhrase(s, die)}</strong>
                  <SampleMark sample={s.sample} onLoad={onLoadTable} />
                  <ul>
                    {s.modifiers.map((m, i) => (
                      <li key={i}>
                        {m.value > 0 ? `+${m.value}` : m.value} {m.roll}: {names.inText(m.reason)} <span className="muted">{m.rule}</span>
                        <SampleMark sample={m.sample} onLoad={onLoadTable} />
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
          </div>
        ))}
    </div>
  );
}

/**
 * The game's own rules tables: a club's spotting or weapon table replaces the shipped sample data. Loaded
 * files are checked by the rule system first; a bad file changes nothing. Lists the sample tables the
 * verdict's numbers come from, so none of them reads as official.
 */
function TablesControl({
  input,
  tables,
  samples,
  load,
  remove,
}: {
  input: RefObject<HTMLInputElement | null>;
  tables: readonly LoadedTable[];
  samples: readonly SampleTable[];
  load: (file: LoadedTable) => void;
  remove: (table: string) => void;
}) {
  const open = async (file: File) => {
    const read = await readJsonFile(file, "a rules table file");
    if (!read.ok) return useGame.getState().notify("error", read.problem);
    const table = LoadedTable.safeParse(read.data);
    if (!table.success)
      useGame.getState().notify("error", `${file.name} is not a rules table file: it needs "ruleset", "table" and "data" (see docs/rules-coverage.md)`);
    else load(table.data);
  };
  return (
    <div style={{ margin: "6px 0" }}>
      {samples.length > 0 && (
        <p className="sample-note" data-testid="fire-samples">
          Numbers marked sample come from stand-in tables, not the source's:{" "}
          {samples.map((t, i) => (
            <span key={t.table} title={t.title}>
              {i ? ", " : ""}
              {t.table}
            </span>
          ))}
          . Load the real table with the button below to replace one (file format: docs/rules-coverage.md).
        </p>
      )}
      <button type="button" onClick={() => input.current?.click()}>
        Load rules table…
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) void open(f);
          e.target.value = "";
        }}
      />
      {tables.map((t) => (
        <span key={t.table} className="muted">
          {" "}
          your {t.table}{" "}
          <button type="button" onClick={() => remove(t.table)} title="Use the shipped table again">
            ✕
          </button>
        </span>
      ))}
    </div>
  );
}

/** `answers` with the answer to `id` given, or taken back (undefined). */
function withAnswer(answers: Answers, id: string, value: Answer | undefined): Answers {
  const { [id]: _old, ...rest } = answers;
  return value === undefined ? rest : { ...rest, [id]: value };
}

export function FirePanel({ shooter, target, weapon }: { shooter: string; target: string; weapon?: string }) {
  const log = useGame((s) => s.log);
  const battlefield = useGame((s) => s.battlefield);
  const unit = useUi((s) => s.unit);
  const setUnit = useUi((s) => s.set);
  const [wholeUnit, setWholeUnit] = useState(true);
  const [answers, setAnswers] = useState<Answers>({});
  const [answer, setAnswer] = useState<FireAnswer | string>();
  const [rolling, setRolling] = useState(false);
  const tableInput = useRef<HTMLInputElement>(null);
  const shooterEntry = battlefield.models.get(shooter);
  const targetEntry = battlefield.models.get(target);
  const ruleset = rulesetById(log.header.ruleset.id);
  const { rules } = useRulesNow();
  // A system that speaks inches shows its distances in inches; the toolbar can still switch back. Its questions start unanswered.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the game changes rule system
  useEffect(() => {
    if (ruleset) setUnit({ unit: ruleset.lengthUnit });
    setAnswers({});
  }, [ruleset?.id]);

  const declaration = {
    shooter: wholeUnit && shooterEntry ? shooterEntry.unitId : shooter,
    target,
    ...(weapon ? { weapon } : {}),
    ...answers,
  };
  const situation = useSituation(rules, declaration, { shooter, target });
  const key = JSON.stringify(declaration);
  const onTable = shooterEntry !== undefined && targetEntry !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the declaration is compared by its JSON (key): one made afresh each render asks once
  useEffect(() => {
    if (!onTable) return;
    let current = true;
    setAnswer(undefined);
    getSightClient()
      .fire({ game: gameAtCursor(log), declaration })
      .then((a) => current && setAnswer(a))
      .catch((e: Error) => current && setAnswer(e.message));
    return () => {
      current = false;
    };
  }, [key, log, onTable]);

  if (!onTable || !ruleset) return null;
  const roll = async () => {
    setRolling(true);
    await rollShot(declaration);
    setRolling(false);
  };
  const versions = ruleset.versions;
  const tables = log.header.ruleset.tables;
  const setTables = (next: typeof tables, text: string) => {
    useGame.getState().replace({ ...log, header: { ...log.header, ruleset: { ...log.header.ruleset, tables: next } } }, { kind: "info", text });
  };
  const questions = situation ? ruleset.declaration.filter((q) => situation.questions.includes(q.id)) : ruleset.declaration;
  return (
    <div data-testid="fire-panel">
      <h2 style={{ marginTop: 12 }}>
        Fire · {ruleset.name}{" "}
        <select
          value={log.header.ruleset.version}
          onChange={(e) => useGame.getState().replace({ ...log, header: { ...log.header, ruleset: { ...log.header.ruleset, version: e.target.value } } })}
          aria-label="Rules version"
        >
          {versions.map((v) => (
            <option key={v}>{v}</option>
          ))}
        </select>
      </h2>
      <div style={{ display: "flex", gap: 6, flexWrap: "wrap" }} data-testid="fire-declaration">
        <label>
          <input type="checkbox" checked={wholeUnit} onChange={(e) => setWholeUnit(e.target.checked)} /> whole unit
        </label>
        {questions.map((q) => (
          <QuestionField
            key={q.id}
            question={q}
            value={answers[q.id]}
            fromGame={situation?.fromGame[q.id]}
            onChange={(value) => setAnswers(withAnswer(answers, q.id, value))}
          />
        ))}
      </div>
      {ruleset.orders && <OrdersPanel orders={ruleset.orders.orders} unit={shooterEntry.unitId} />}
      {situation && <SituationView situation={situation} ruleset={ruleset} />}
      {answer === undefined ? (
        <p className="muted">judging…</p>
      ) : typeof answer === "string" ? (
        <p className="blocked">{answer}</p>
      ) : (
        <VerdictView answer={answer} die={ruleset.die} onLoadTable={() => tableInput.current?.click()} />
      )}
      <TablesControl
        input={tableInput}
        samples={typeof answer === "object" ? answer.verdict.sampleTables : []}
        tables={tables}
        load={(file) => {
          const next = [...tables.filter((t) => t.table !== file.table), file];
          const check = ruleset.loadTables(next);
          if (!check.ok) useGame.getState().notify("error", `That table file does not fit ${ruleset.name}:\n${check.errors.join("\n")}`);
          else setTables(next, `This game now uses your "${file.table}" table.`);
        }}
        remove={(table) =>
          setTables(
            tables.filter((t) => t.table !== table),
            `Back to the shipped "${table}" table.`,
          )
        }
      />
      <button type="button" disabled={rolling || typeof answer !== "object" || !answer.verdict.valid} onClick={roll} data-testid="fire-roll">
        Roll ({ruleset.die === 10 ? "d10" : `d${ruleset.die}`}, {seedText(log.header)})
      </button>{" "}
      <span className="muted">
        {ruleset.formatDistance
          ? `distances as ${ruleset.name} prints them, e.g. ${ruleset.formatDistance(40)}`
          : unit === "in"
            ? "distances in the report are in inches"
            : ""}
      </span>
    </div>
  );
}
