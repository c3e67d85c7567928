/** What Open… found in a file that cannot be played: every problem that stops it from loading, each with its path. */
import { Dialog } from "./Dialog";

export function OpenFileDialog({ name, problems, onClose }: { name: string; problems: readonly string[]; onClose(): void }) {
  return (
    <Dialog label={`${name} could not be opened`} testId="open-dialog" role="alertdialog" onClose={onClose}>
      <h2>{name} could not be opened</h2>
      {problems.length > 1 && <p>{problems.length} problems:</p>}
      <ul className="problems" data-testid="open-problems">
        {problems.map((p, i) => (
          <li key={i}>{p}</li>
        ))}
      </ul>
      <p className="muted">The game on the table is unchanged.</p>
      <button type="button" onClick={onClose} autoFocus>
        Close
      </button>
    </Dialog>
  );
}
