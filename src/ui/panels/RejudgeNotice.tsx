/**
 * The shots of an opened file being judged again: a status line while it runs and a while after it passed,
 * and when a shot is not what the rules give, the loader's warning with the choice to keep the game up to
 * that event or whole.
 */
import { useEffect } from "react";
import { useGame } from "../../state/game";
import { chooseRejudged, dismissPassed, dismissUnchecked, useRejudge } from "../../state/rejudge";

/** How long the line saying a file judged clean stays. */
const PASSED_SHOWN_MS = 8000;

export function RejudgeNotice() {
  const checking = useRejudge((s) => s.checking);
  const found = useRejudge((s) => s.found);
  const passed = useRejudge((s) => s.passed);
  const unchecked = useRejudge((s) => s.unchecked);
  const names = useGame((s) => s.names);
  useEffect(() => {
    if (!passed) return;
    const timer = setTimeout(dismissPassed, PASSED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [passed]);
  if (found) {
    return (
      <div className="panel dialog" role="alertdialog" aria-label={`${found.title}: a shot is not what the rules give`} data-testid="rejudge-dialog">
        <h2>{found.title}: a shot is not what the rules give</h2>
        <p className="problems" data-testid="rejudge-warning">
          {names.inText(found.warning)}
        </p>
        <p className="muted">The events before it were judged again and hold. The file was edited, or made by other rules code.</p>
        <div style={{ display: "flex", gap: 6, flexWrap: "wrap" }}>
          <button type="button" onClick={() => chooseRejudged("part")} data-testid="rejudge-keep-part" autoFocus>
            Keep it up to event {found.event}
          </button>
          <button type="button" onClick={() => chooseRejudged("whole")} data-testid="rejudge-keep-whole">
            Keep it all as the file says
          </button>
        </div>
      </div>
    );
  }
  if (unchecked) {
    const n = unchecked.events.length;
    return (
      <div className="status-line unchecked" role="alert" data-testid="rejudge-unchecked">
        {unchecked.title} could not be checked: the shot{n === 1 ? "" : "s"} and order{n === 1 ? "" : "s"} at event{n === 1 ? "" : "s"}{" "}
        {unchecked.events.join(", ")} could not be judged again. {names.inText(unchecked.reasons[0]!)}
        {n > 1 ? ` (and ${n - 1} more)` : ""}{" "}
        <button type="button" onClick={dismissUnchecked} aria-label="Dismiss">
          ✕
        </button>
      </div>
    );
  }
  if (passed) {
    return (
      <div className="status-line" role="status" onClick={dismissPassed} onKeyDown={(e) => e.key === "Escape" && dismissPassed()} data-testid="rejudge-status">
        {passed.title}: {passed.rejudged} shot{passed.rejudged === 1 ? "" : "s"} and orders judged again, as recorded
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
