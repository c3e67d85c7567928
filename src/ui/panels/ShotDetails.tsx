/**
 * A resolved shot shown in full: every die with its target number and meaning, who was hit with the dice
 * that decided it and the result per model, and the referee's steps. Shown by the fire panel after a roll
 * and by the game log when its entry is opened.
 */
import type { GameEventOf } from "../../core/game/events";
import { describeNeed, type FireDetails, type RolledDie } from "../../rules/ruleset";
import { useGame } from "../../state/game";
import { Name } from "./Name";
import { SampleMark } from "./SampleMark";

type Shot = GameEventOf<"fire-resolved">;

/** The rule system's typed details of a shot; undefined for a save made before they existed. */
function detailsOf(details: unknown): FireDetails | undefined {
  const d = details as Partial<FireDetails> | undefined;
  return Array.isArray(d?.dice) && Array.isArray(d.allocation) && Array.isArray(d.steps) ? (d as FireDetails) : undefined;
}

/** Pass-or-fail dice are coloured by whether they made their number (reached it, or rolled under it). */
function tone(die: RolledDie): string {
  if (die.need === undefined) return "die";
  const roll = die.total ?? die.value;
  return (die.under ? roll <= die.need : roll >= die.need) ? "die success" : "die failure";
}

function Die({ die }: { die: RolledDie }) {
  return (
    <span
      className={tone(die)}
      title={`die ${die.index + 1} of the game, d${die.sides}${die.need !== undefined ? `, needs ${describeNeed(die.need, die.sides, die.under).text}` : ""}`}
      data-testid="die"
    >
      {die.value}
      {die.sides !== 10 && <sub>d{die.sides}</sub>}
    </span>
  );
}

const effectTone = (effect: Shot["outcomes"][number]["effect"]) =>
  effect === "casualty" || effect === "destroyed" ? "blocked" : effect === "no-effect" ? "muted" : "partial";

/** What a shot saved before dice were typed still shows: each roll with the reason the log kept. */
function UntypedRolls({ shot }: { shot: Shot }) {
  const names = useGame((s) => s.names);
  return (
    <ul>
      {shot.rolls.map((r) => (
        <li key={r.index}>
          <span className="die" data-testid="die">
            {r.value}
          </span>{" "}
          {names.inText(r.reason)}
        </li>
      ))}
    </ul>
  );
}

export function ShotDetails({ shot }: { shot: Shot }) {
  const names = useGame((s) => s.names);
  const details = detailsOf(shot.details);
  if (!details) return <UntypedRolls shot={shot} />;
  const dice = new Map(details.dice.map((d) => [d.index, d]));
  return (
    <div className="shot-details" data-testid="shot-details">
      <h3>Dice</h3>
      <table className="dice-table">
        <tbody>
          {details.dice.map((d) => (
            <tr key={d.index} data-testid="shot-die">
              <td>
                <Die die={d} />
                {d.total !== undefined && d.total !== d.value && <span className="muted"> → {d.total}</span>}
              </td>
              <td>
                {names.inText(d.meaning)}
                {d.model && (
                  <span className="muted">
                    {" "}
                    · <Name id={d.model} />
                  </span>
                )}{" "}
                <span className="muted">{d.rule}</span>
                <SampleMark sample={d.sample} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Who was hit</h3>
      {details.allocation.length === 0 ? (
        <p className="muted">Nobody was hit.</p>
      ) : (
        <ul data-testid="shot-allocation">
          {details.allocation.map((a, i) => (
            <li key={i} className={effectTone(a.effect)}>
              {/* Some systems' results already say what hit: that part is shown once, after the result. */}
              <Name id={a.model} />: <strong>{names.inText(a.result.split(` by ${a.by}`)[0]!)}</strong> <span className="muted">by {names.inText(a.by)}</span>
              {a.allocatedBy && (
                <span className="muted" data-testid="allocated-by">
                  {" "}
                  · allocated: {a.allocatedBy.reason} {a.allocatedBy.rule}
                </span>
              )}
              {a.rolls.length > 0 && (
                <span className="dice inline">
                  {a.rolls
                    .flatMap((index) => dice.get(index) ?? [])
                    .map((d) => (
                      <Die key={d.index} die={d} />
                    ))}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <details>
        <summary className="muted">The referee's account ({details.steps.length} steps)</summary>
        <ol className="steps">
          {details.steps.map((s, i) => (
            <li key={i}>
              {names.inText(s.text)} <span className="muted">{s.rule}</span>
            </li>
          ))}
        </ol>
      </details>
      {details.sampleTables.length > 0 && (
        <p className="sample-note">
          Sample numbers (not the source's):{" "}
          {details.sampleTables.map((t, i) => (
            <span key={t.table} title={t.title}>
              {i ? ", " : ""}
              {t.table}
            </span>
          ))}{" "}
          table{details.sampleTables.length === 1 ? "" : "s"}.
        </p>
      )}
    </div>
  );
}

/**
 * The shot just resolved, shown while it is the last thing that happened in the game; it outlives the fire
 * panel when the shot killed the model it was aimed at.
 */
export function LastShot() {
  const last = useGame((s) => s.justRecorded);
  const names = useGame((s) => s.names);
  if (last?.type !== "fire-resolved") return null;
  return (
    <div data-testid="fire-result" className="fire-result">
      <h3>Rolled: {names.inText(last.summary)}</h3>
      <ShotDetails shot={last} />
    </div>
  );
}
