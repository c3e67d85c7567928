/**
 * The result of a finished game: why it ended, the winner where the rules can say, the casualties of each
 * side, and the whole game to watch again as a replay.
 */
import { casualtiesBySide } from "../../core/game/casualties";
import { useGame } from "../../state/game";
import { useReplay } from "../../state/replayStore";
import { Dialog } from "./Dialog";

export function GameResult({ onClose }: { onClose: () => void }) {
  const ended = useGame((s) => s.state.ended);
  const everPlaced = useGame((s) => s.everPlaced);
  const scenario = useGame((s) => s.state.scenario);
  if (!ended) return null;
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
        {ended.winner !== undefined ? <strong>{ended.winner} wins</strong> : "No winner declared: the rules of this game give no victory conditions yet."}
      </p>
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
