/**
 * Fire under the game's rule system: the shooter's unit (or model) fires the chosen weapon at the target's
 * unit. The panel shows the judge's verdict (can fire, spotted, cover, each modifier with its reason and
 * rule), and Roll resolves it from the game's seeded dice into the game log (LastShot then shows its dice).
 */
import { type RefObject, useEffect, useRef, useState } from "react";
import { LoadedTable } from "../../core/game/events";
import { rolledSides } from "../../core/game/gameLog";
import { fireEvent } from "../../rules/judge";
import { rulesetById } from "../../rules/registry";
import { describeNeed, type SampleTable } from "../../rules/ruleset";
import { useGame } from "../../state/game";
import { readJsonFile } from "../../state/persistence";
import { getSightClient } from "../../state/sightPool";
import { useUi } from "../../state/uiStore";
import type { FireAnswer } from "../../worker/fire";
import { BATTLEGROUND_SETUP, BattlegroundSetup, battlegroundDeclaration } from "./BattlegroundSetup";
import { BattlegroundState, useBattlegroundGame } from "./BattlegroundState";
import { FOW_TURN, FowFireSetup, type FowTurn, fowGameState } from "./FowFireSetup";
import { Name } from "./Name";
import { OrdersPanel } from "./OrdersPanel";
import { SampleMark } from "./SampleMark";

const ORDERS = ["fire", "ambush", "covering-fire", "charge"] as const;
const STATES = ["stationary", "moving", "firing"] as const;

interface FireSetup {
  wholeUnit: boolean;
  order: (typeof ORDERS)[number];
  /** The target unit's last executed order, for spotting (§5.8). */
  targetState: (typeof STATES)[number];
  commanderExposed: boolean;
}

/** "needs 7+", "needs 8 or less" (roll-under), "cannot be made", or "no roll to hit" (straight on a table). */
function needText(need: number | undefined, die: number, under: boolean | undefined): string {
  if (need === undefined) return "no roll to hit";
  const { text, possible } = describeNeed(need, die, under);
  return possible ? `needs ${text}` : `needs ${text}: cannot be made on a d${die}`;
}

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
        .map((f) => (
          <div key={f.model} style={{ marginTop: 4 }} data-testid="fire-firer">
            <strong>
              <Name id={f.model} />
            </strong>{" "}
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
                  {names.inText(s.group)}: <strong data-testid="fire-need">{needText(s.need, die, s.under)}</strong>
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

export function FirePanel({ shooter, target, weapon }: { shooter: string; target: string; weapon?: string }) {
  const log = useGame((s) => s.log);
  const state = useGame((s) => s.state);
  const battlefield = useGame((s) => s.battlefield);
  const recordEvent = useGame((s) => s.recordEvent);
  const unit = useUi((s) => s.unit);
  const [setup, setSetup] = useState<FireSetup>({ wholeUnit: true, order: "fire", targetState: "stationary", commanderExposed: true });
  const [fowTurn, setFowTurn] = useState<FowTurn>(FOW_TURN);
  const [answer, setAnswer] = useState<FireAnswer | string>();
  const [rolling, setRolling] = useState(false);
  const tableInput = useRef<HTMLInputElement>(null);
  const shooterEntry = battlefield.models.get(shooter);
  const targetEntry = battlefield.models.get(target);
  const ruleset = rulesetById(log.header.ruleset.id);
  const [switches, setSwitches] = useState<Record<string, boolean>>({});
  // Each rule system asks its own questions about the turn: systems with order dice read each unit's order and
  // pins from the game log; Flames of War asks about movement; Operation WW2's order, spotting state and hatches are set here.
  const orderDice = ruleset?.orders !== undefined;
  const flamesOfWar = ruleset?.id === "flames-of-war";

  const [bgSetup, setBgSetup] = useState(BATTLEGROUND_SETUP);
  const bgGame = useBattlegroundGame();
  const setUnit = useUi((s) => s.set);
  const battleground = ruleset?.id === "battleground";
  // A system that speaks inches shows its distances in inches; the toolbar can still switch back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the game changes rule system
  useEffect(() => {
    if (ruleset) setUnit({ unit: ruleset.lengthUnit });
  }, [ruleset?.id]);

  const query = shooterEntry &&
    targetEntry && {
      ruleset: log.header.ruleset,
      declaration: {
        shooter: setup.wholeUnit ? shooterEntry.unitId : shooter,
        target,
        ...(weapon ? { weapon } : {}),
        ...(battleground ? battlegroundDeclaration(bgSetup) : orderDice ? switches : { order: setup.order }),
      },
      status: state.status,
      turn: state.turn,
      game: battleground
        ? bgGame
        : orderDice
          ? { units: state.units }
          : flamesOfWar
            ? fowGameState(battlefield, shooterEntry.unitId, targetEntry.unitId, fowTurn)
            : { units: { [targetEntry.unitId]: { spottingState: setup.targetState } }, models: { [shooter]: { commanderExposed: setup.commanderExposed } } },
    };
  const key = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query is compared by its JSON (key): a query made afresh each render asks once
  useEffect(() => {
    if (!query) return;
    let current = true;
    setAnswer(undefined);
    getSightClient()
      .fire(query)
      .then((a) => current && setAnswer(a))
      .catch((e: Error) => current && setAnswer(e.message));
    return () => {
      current = false;
    };
  }, [key]);

  if (!query || !ruleset) return null;
  const roll = async () => {
    setRolling(true);
    try {
      const previous = rolledSides(log);
      const resolved = await getSightClient().fire({ ...query, roll: { seed: log.header.seed, previous } });
      if (resolved.result && recordEvent(fireEvent(ruleset, query.declaration, resolved.result))) useGame.getState().notify("info", resolved.result.summary);
      else if (!resolved.result) useGame.getState().notify("error", "The shot cannot be fired: see the verdict.");
    } catch (error) {
      useGame.getState().notify("error", `Fire: ${(error as Error).message}`);
    }
    setRolling(false);
  };
  const versions = ruleset.versions;
  const tables = log.header.ruleset.tables;
  const setTables = (next: typeof tables, text: string) => {
    useGame.getState().replace({ ...log, header: { ...log.header, ruleset: { ...log.header.ruleset, tables: next } } }, { kind: "info", text });
  };
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
      <div style={{ display: "flex", gap: 6, flexWrap: "wrap" }}>
        <label>
          <input type="checkbox" checked={setup.wholeUnit} onChange={(e) => setSetup({ ...setup, wholeUnit: e.target.checked })} /> whole unit
        </label>
        {flamesOfWar ? (
          <FowFireSetup turn={fowTurn} onChange={setFowTurn} />
        ) : battleground ? (
          <BattlegroundSetup setup={bgSetup} onChange={setBgSetup} />
        ) : orderDice ? (
          (ruleset.declarationSwitches ?? []).map((sw) => (
            <label key={sw.id} title={sw.rule}>
              <input type="checkbox" checked={switches[sw.id] ?? false} onChange={(e) => setSwitches({ ...switches, [sw.id]: e.target.checked })} /> {sw.label}
            </label>
          ))
        ) : (
          <>
            <select value={setup.order} onChange={(e) => setSetup({ ...setup, order: e.target.value as FireSetup["order"] })} aria-label="Order">
              {ORDERS.map((o) => (
                <option key={o}>{o}</option>
              ))}
            </select>
            <label>
              target was{" "}
              <select
                value={setup.targetState}
                onChange={(e) => setSetup({ ...setup, targetState: e.target.value as FireSetup["targetState"] })}
                aria-label="Target's last order"
              >
                {STATES.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </select>
            </label>
            {shooterEntry?.def.vehicle && (
              <label>
                <input type="checkbox" checked={setup.commanderExposed} onChange={(e) => setSetup({ ...setup, commanderExposed: e.target.checked })} />{" "}
                commander out
              </label>
            )}
          </>
        )}
      </div>
      {orderDice && shooterEntry && <OrdersPanel ruleset={ruleset} unit={shooterEntry.unitId} />}
      {battleground && <BattlegroundState shooter={shooter} target={target} />}
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
        Roll ({ruleset.die === 10 ? "d10" : `d${ruleset.die}`}, seed {log.header.seed})
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
