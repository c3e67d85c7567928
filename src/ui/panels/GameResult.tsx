/**
 * The result of a finished game: why it ended, the winner where the rules can say, the mission's score of each
 * side (objective points, on the table as the game ended), the casualties of each side, and the whole game to
 * watch again as a replay.
 */
import { casualtiesBySide } from "../../core/game/casualties";
import { missionTitle } from "../../core/mission/samples";
import { missionOutcome } from "../../rules/turn";
import { useGame } from "../../state/game";
import { useReplay } from "../../state/replayStore";
import { Dialog } from "./Dialog";

export function GameResult({ onClose }: { onClose: () => void }) {
  const ended = useGame((s) => s.state.ended);
  const everPlaced = useGame((s) => s.everPlaced);
  const scenario = useGame((s) => s.state.scenario);
  if (!ended) return null;
  const mission = scenario.mission;
  const outcome = missionOutcome(scenario);
  const watch = () => {
    onClose();
    const { log } = useGame.getState();
    useReplay.getState().open({ log: { ...log, cursor: 0 }, notes: [] }, "this game");
  };
  return (
    <Dialog label="Result of the game" testId="game-result" onClose={onClose}>
      <h2>Game over</h2>
      <p data-testid="result-reason">{ended.reason}</p>
      <p data-testid="result-winner">
        {ended.winner !== undefined ? (
          <strong>{ended.winner} wins</strong>
        ) : mission ? (
          "A draw: no side met the mission's victory conditions."
        ) : (
          "No winner declared: this battlefield has no mission, so no victory conditions."
        )}
      </p>
      {mission && outcome && (
        <table data-testid="result-score">
          <caption>{missionTitle(mission)}</caption>
          <thead>
            <tr>
              <th>Side</th>
              <th>Objective points</th>
            </tr>
          </thead>
          <tbody>
            {outcome.scores.map((s) => (
              <tr key={s.side} data-testid={`score-${s.side}`}>
                <td>{s.side}</td>
                <td>{s.points}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <table data-testid="result-casualties">
        <thead>
          <tr>
            <th>Side</th>
            <th>Casualties</th>
            <th>Fielded</th>
          </tr>
        </thead>
        <tbody>
          {casualtiesBySide(everPlaced, scenario).map((c) => (
            <tr key={c.side} data-testid={`casualties-${c.side}`}>
              <td>{c.side}</td>
              <td>{c.lost}</td>
              <td>{c.fielded}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div style={{ display: "flex", gap: 6, marginTop: 8 }}>
        <button type="button" onClick={watch} data-testid="watch-replay">
          Watch the replay
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
