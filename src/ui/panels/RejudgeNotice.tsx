/**
 * The shots of an opened file being judged again: a status line while it runs, and when a shot is not what
 * the rules give, the loader's warning with the choice to keep the game up to that event or whole.
 */
import { useGame } from "../../state/game";
import { chooseRejudged, useRejudge } from "../../state/rejudge";

export function RejudgeNotice() {
  const checking = useRejudge((s) => s.checking);
  const found = useRejudge((s) => s.found);
  const names = useGame((s) => s.names);
  if (found) {
    return (
      <div className="panel dialog" role="alertdialog" aria-label={`${found.title}: a shot is not what the rules give`} data-testid="rejudge-dialog">
        <h2>{found.title}: a shot is not what the rules give</h2>
        <p className="problems" data-testid="rejudge-warning">{names.inText(found.warning)}</p>
        <p className="muted">The events before it were judged again and hold. The file was edited, or made by other rules code.</p>
        <div style={{ display: "flex", gap: 6, flexWrap: "wrap" }}>
          <button onClick={() => chooseRejudged("part")} data-testid="rejudge-keep-part" autoFocus>
            Keep it up to event {found.event}
          </button>
          <button onClick={() => chooseRejudged("whole")} data-testid="rejudge-keep-whole">
            Keep it all as the file says
          </button>
        </div>
      </div>
    );
  }
  if (!checking) return null;
  return (
    <div className="status-line" role="status" data-testid="rejudge-status">
      Judging the shots of {checking.title} again: {checking.done} of {checking.total}
    </div>
  );
}
