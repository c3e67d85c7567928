/**
 * What Open… found in a file: every problem that stops it from loading, each with its path; or, when the
 * table holds a game in progress, the choice between keeping it and replacing it with the file's game.
 */
import type { GameLog } from "../../core/game/gameLog";
import type { OpenedFile } from "../../state/persistence";

export interface OpenFileDialogProps {
  readonly name: string;
  readonly result: OpenedFile;
  /** The game on the table, which a replace would end. */
  readonly current: GameLog;
  onReplace(saveFirst: boolean): void;
  onClose(): void;
}

export function OpenFileDialog({ name, result, current, onReplace, onClose }: OpenFileDialogProps) {
  if (!result.ok) {
    return (
      <div className="panel dialog" role="alertdialog" aria-label={`${name} could not be opened`} data-testid="open-dialog">
        <h2>{name} could not be opened</h2>
        {result.problems.length > 1 && <p>{result.problems.length} problems:</p>}
        <ul className="problems" data-testid="open-problems">
          {result.problems.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ul>
        <p className="muted">The game on the table is unchanged.</p>
        <button type="button" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
    );
  }
  const moves = current.cursor;
  return (
    <div className="panel dialog" role="alertdialog" aria-label={`Open ${name}?`} data-testid="open-dialog">
      <h2>Open {name}?</h2>
      <p>
        It replaces the game on the table ({current.header.scenario.name}, {moves} {moves === 1 ? "event" : "events"} played). Save this game first if you want
        to come back to it.
      </p>
      <div style={{ display: "flex", gap: 6, flexWrap: "wrap" }}>
        <button type="button" onClick={() => onReplace(true)}>
          Save this game, then open
        </button>
        <button type="button" onClick={() => onReplace(false)} data-testid="open-replace">
          Replace without saving
        </button>
        <button type="button" onClick={onClose} autoFocus data-testid="open-keep">
          Keep this game
        </button>
      </div>
    </div>
  );
}
