/** The last message (a refused move, a failed load), dismissed with a click. */
import { useGame } from "../game";

export function Toast() {
  const message = useGame((s) => s.message);
  const dismiss = useGame((s) => s.dismiss);
  if (!message) return null;
  return (
    <div className={`toast ${message.kind}`} role={message.kind === "error" ? "alert" : "status"} onClick={dismiss} data-testid="toast">
      {message.text}
    </div>
  );
}
