/**
 * A resolved shot shown in full: each step of the ruling with the dice it rolled, and what happened to each
 * model. Shown by the fire panel after a roll and by the game log when its entry is opened.
 */
import type { GameEventOf } from "../../core/game/events";
import { useGame } from "../game";
import { Name } from "./Name";

type Shot = GameEventOf<"fire-resolved">;
type Roll = Shot["rolls"][number];

interface Step {
  readonly text: string;
  readonly rule: string;
  readonly rolls: readonly number[];
}

/** The steps a rule system wrote into the event's details, if it wrote them (older saves may not have). */
function stepsOf(details: unknown): Step[] {
  const steps = (details as { steps?: unknown } | undefined)?.steps;
  if (!Array.isArray(steps)) return [];
  return steps.filter((s): s is Step => typeof s?.text === "string" && typeof s.rule === "string" && Array.isArray(s.rolls));
}

function Die({ roll }: { roll: Roll }) {
  const names = useGame((s) => s.names);
  return (
    <span className="die" title={`die ${roll.index + 1} of the game: ${names.inText(roll.reason)}`} data-testid="die">
      {roll.value}
      {roll.sides !== 10 && <sub>d{roll.sides}</sub>}
    </span>
  );
}

const EFFECT: Record<Shot["outcomes"][number]["effect"], string> = {
  "no-effect": "no effect",
  pinned: "pinned",
  unpinned: "stands up",
  casualty: "killed",
  damaged: "damaged",
  destroyed: "destroyed",
};

/**
 * The shot just resolved, shown until the next thing happens in the game; it outlives the fire panel when
 * the shot killed the model it was aimed at.
 */
export function LastShot() {
  const last = useGame((s) => s.log.events[s.log.cursor - 1]);
  const names = useGame((s) => s.names);
  if (last?.type !== "fire-resolved") return null;
  return (
    <div data-testid="fire-result" className="fire-result">
      <h3>Rolled: {names.inText(last.summary)}</h3>
      <ShotDetails shot={last} />
    </div>
  );
}

export function ShotDetails({ shot }: { shot: Shot }) {
  const names = useGame((s) => s.names);
  const steps = stepsOf(shot.details);
  const rolls = new Map(shot.rolls.map((r) => [r.index, r]));
  const cited = new Set(steps.flatMap((s) => s.rolls));
  const others = shot.rolls.filter((r) => !cited.has(r.index));
  return (
    <div className="shot-details" data-testid="shot-details">
      <ol className="steps">
        {steps.map((s, i) => (
          <li key={i}>
            {names.inText(s.text)} <span className="muted">{s.rule}</span>
            {s.rolls.length > 0 && (
              <div className="dice">
                {s.rolls.flatMap((index) => rolls.get(index) ?? []).map((r) => (
                  <Die key={r.index} roll={r} />
                ))}
              </div>
            )}
          </li>
        ))}
        {others.map((r) => (
          <li key={`roll-${r.index}`}>
            {names.inText(r.reason)} <Die roll={r} />
          </li>
        ))}
      </ol>
      <h3>Result</h3>
      {shot.outcomes.length === 0 ? (
        <p className="muted">No model was affected.</p>
      ) : (
        <ul data-testid="shot-outcomes">
          {shot.outcomes.map((o, i) => (
            <li key={i} className={o.effect === "casualty" || o.effect === "destroyed" ? "blocked" : o.effect === "no-effect" ? "muted" : "partial"}>
              <Name id={o.model} />: {EFFECT[o.effect]}
              {o.detail && o.detail !== EFFECT[o.effect] ? ` (${names.inText(o.detail)})` : ""}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
