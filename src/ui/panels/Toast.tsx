/** The last message (a refused move, a failed load), dismissed with a click. */
import { useGame } from "../../state/game";

export function Toast() {
  const message = useGame((s) => s.message);
  const dismiss = useGame((s) => s.dismiss);
  const names = useGame((s) => s.names);
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
    </div>
  );
}
