/** A replay file being loaded: how far it is, and Cancel, which leaves the table as it was. */
import { cancelReplayLoad, useReplayLoad } from "../../state/replayLoad";

const PHASES = { reading: "reading the file", checking: "checking events" } as const;

export function ReplayLoadNotice() {
  const loading = useReplayLoad((s) => s.loading);
  if (!loading) return null;
  const { title, phase, done, total } = loading;
  const percent = total ? Math.floor((100 * done) / total) : 0;
  return (
    <div className="status-line" role="status" data-testid="replay-load-status">
      Loading {title}: {PHASES[phase]}
      {total ? ` ${done.toLocaleString("en-GB")} of ${total.toLocaleString("en-GB")} (${percent} %)` : "…"}{" "}
      <progress max={100} value={percent} aria-label="replay loading progress" />{" "}
      <button type="button" onClick={cancelReplayLoad} data-testid="replay-load-cancel">
        Cancel
      </button>
    </div>
  );
}
