/**
 * The last message (a refused move, a failed load), dismissed with a click. A move refused as past its
 * allowance offers to record it anyway as a house rule, which the log then says.
 */
import { useGame } from "../../state/game";

export function Toast() {
  const message = useGame((s) => s.message);
  const dismiss = useGame((s) => s.dismiss);
  const names = useGame((s) => s.names);
  const overMove = useGame((s) => s.overMove);
  const allowOverMove = useGame((s) => s.allowOverMove);
  if (!message) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click anywhere on the message dismisses it; it is not a control of its own
    <div
      className={`toast ${message.kind}`}
      role={message.kind === "error" ? "alert" : "status"}
      onClick={dismiss}
      onKeyDown={(e) => e.key === "Escape" && dismiss()}
      data-testid="toast"
    >
      {names.inText(message.text)}
      {overMove && (
        <button
          type="button"
          onClick={(e) => {
            e.stopPropagation();
            allowOverMove();
          }}
          title="Make the move anyway: the log records that the players allowed it past the rules"
          data-testid="allow-over-move"
        >
          Allow it (house rule)
        </button>
      )}
    </div>
  );
}
