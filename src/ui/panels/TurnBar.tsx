/**
 * The turn bar: where the game stands in its rule system's turn ("turn 3 of 6 · Germany · Shooting Step")
 * and the one button that moves it on (N). Everything it shows comes from the Ruleset's turn as data; in free
 * play (a game with no turn step yet) it ends turns as before and offers to start the turn sequence. Where a
 * step shows its acting side something the other must not see (PhaseSpec.hides), one screen is covered and
 * asks to pass the device to that side until its player confirms; a replay and a seat online hide nothing.
 */
import { eventsInEffect } from "../../core/game/gameLog";
import type { TurnStructure } from "../../rules/ruleset";
import { gameLength, type HandOver, nextStepLabel, pendingHandOver, turnNow } from "../../rules/turn";
import { useGame } from "../../state/game";
import { useOnline } from "../../state/playOnline";
import { useReplay } from "../../state/replayStore";
import { advanceTurn, endTurn } from "../../state/rules";
import { useUi } from "../../state/uiStore";

/** What happens between turns, in the system's words, for the button's title. */
const betweenTurns = (turn: TurnStructure): string => turn.betweenTurns.map((r) => `${r.reason} (${r.rule})`).join("; ");

/** The cover over the whole screen until the side's player has the device. */
function PassCover({ pass }: { pass: HandOver }) {
  return (
    <div className="pass-cover" data-testid="pass-cover" role="dialog" aria-modal="true" aria-label={`Pass to ${pass.side}`}>
      <div className="panel">
        <h2>Pass to {pass.side}</h2>
        <p>
          {pass.hides.reason} ({pass.hides.rule}).
        </p>
        <button type="button" onClick={() => useUi.getState().set({ handedOver: pass.side })} data-testid="pass-confirm">
          I play {pass.side}: show
        </button>
      </div>
    </div>
  );
}

export function TurnBar({ turn, onResult }: { turn: TurnStructure; onResult: () => void }) {
  const state = useGame((s) => s.state);
  const log = useGame((s) => s.log);
  const watching = useReplay((s) => s.replay !== undefined);
  const online = useOnline((s) => s.session !== undefined);
  const confirmed = useUi((s) => s.handedOver);
  const pass = watching || online ? undefined : pendingHandOver(turn, state, confirmed);
  const now = turnNow(turn, state);
  const lasts = gameLength(turn, state.scenario);
  const length = (
    <span className="muted" title={lasts.sample ?? `the game lasts ${lasts.turns} turns (${lasts.rule})`}>
      {lasts.sample ? <span className="sample">sample length</span> : lasts.rule}
    </span>
  );
  if (now.free) {
    return (
      <div className="panel turn-bar" data-testid="turn-bar">
        <span data-testid="turn-status">Free play · turn {now.turn}</span>
        <button
          type="button"
          onClick={endTurn}
          disabled={watching}
          data-testid="end-turn"
          title={`${betweenTurns(turn)}; the turn's moves, last shots and marks for the turn lapse`}
        >
          End turn
        </button>
        <button
          type="button"
          onClick={advanceTurn}
          disabled={watching}
          data-testid="turn-next"
          title={`${turn.deployment.reason} (${turn.deployment.rule}); then ${lasts.turns} turns. Shortcut N`}
        >
          {nextStepLabel(turn, state, eventsInEffect(log))}
        </button>
      </div>
    );
  }
  if (now.ended) {
    return (
      <div className="panel turn-bar" data-testid="turn-bar">
        <span data-testid="turn-status">Game over · {now.ended.reason}</span>
        <button type="button" onClick={onResult} data-testid="show-result">
          Result
        </button>
      </div>
    );
  }
  const phase = now.phase;
  const where = now.turn === 0 ? "Deployment" : `turn ${now.turn} of ${now.of}`;
  const parts = [where, ...(pass ? [`pass to ${pass.side}`] : now.side !== undefined ? [now.side] : []), ...(phase && now.turn > 0 ? [phase.name] : [])];
  const label = nextStepLabel(turn, state, eventsInEffect(log));
  return (
    <>
      {/* Outside the bar: the bar's centring transform would hold a fixed cover inside it. */}
      {pass && <PassCover pass={pass} />}
      <div className="panel turn-bar" data-testid="turn-bar">
        <span data-testid="turn-status" title={phase ? `${phase.name}: ${phase.ends} (${phase.rule})` : undefined}>
          {parts.join(" · ")}
        </span>{" "}
        {phase && <span className="muted">{phase.rule}</span>} {length}
        <button
          type="button"
          onClick={advanceTurn}
          disabled={watching}
          data-testid="turn-next"
          title={`${label}${label.startsWith("End turn") ? `: ${betweenTurns(turn)}` : ""}. Shortcut N`}
        >
          {label}
        </button>
      </div>
    </>
  );
}
