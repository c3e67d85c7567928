/**
 * While a game is played online: who plays which side (names, and whether they are connected), the player's
 * own name (to change), the state of this window's connection, and the way out (end the game, leave it).
 */
import { useState } from "react";
import { leaveOnline, playerName, rename, useOnline } from "../../state/playOnline";
import { askToConfirm } from "./ConfirmDialog";
import { PlayOnlineDialog } from "./PlayOnlineDialog";

export function OnlineBar() {
  const view = useOnline((s) => s.view);
  const session = useOnline((s) => s.session);
  const links = useOnline((s) => s.links);
  const [showLinks, setShowLinks] = useState(false);
  if (!view || !session) return null;
  const endGame = async () => {
    if (await askToConfirm("End the game?", "Nothing more can be done in it; the dice seed is revealed and every roll checked.", "End the game"))
      session.endGame();
  };
  return (
    <div className="online-bar" data-testid="online-bar" data-status={view.status}>
      <strong>Online</strong>
      <span data-testid="online-seat">{view.side === null ? "watching" : view.side ? `you play ${view.side}` : "joining…"}</span>
      {view.side && (
        <label>
          as{" "}
          <input
            defaultValue={playerName()}
            maxLength={60}
            placeholder="your name"
            aria-label="Your name, shown to the other player"
            onBlur={(e) => e.target.value.trim() !== playerName() && rename(e.target.value.trim())}
            onKeyDown={(e) => e.key === "Enter" && e.currentTarget.blur()}
            data-testid="online-rename"
          />
        </label>
      )}
      {view.seats.map((seat) => (
        <span key={seat.side} className={seat.connected ? "" : "muted"} title={seat.connected ? "connected" : "not connected"}>
          {seat.side}: {seat.name || "(no name yet)"} {seat.connected ? "●" : "○"}
        </span>
      ))}
      {view.status === "reconnecting" && (
        <span className="error" data-testid="online-reconnecting">
          reconnecting… {view.problem}
        </span>
      )}
      {view.status === "closed" && view.problem && <span className="error">{view.problem}</span>}
      {view.undoAsked &&
        (view.undoAsked.by === view.side || !view.side ? (
          <span className="muted">{view.undoAsked.by} asked to take back the last change…</span>
        ) : (
          <span data-testid="online-undo-asked">
            {view.undoAsked.by} asks to take back the last change:{" "}
            <button type="button" onClick={() => session.answerUndo(true)} data-testid="online-undo-accept">
              Agree
            </button>{" "}
            <button type="button" onClick={() => session.answerUndo(false)}>
              Decline
            </button>
          </span>
        ))}
      <span className="spacer" />
      {links && (
        <button type="button" onClick={() => setShowLinks(true)}>
          Links…
        </button>
      )}
      {view.side && !view.ended && (
        <button type="button" onClick={() => void endGame()} data-testid="online-end">
          End game
        </button>
      )}
      <button
        type="button"
        onClick={() => void leaveOnline()}
        title="Leave this game (it goes on on the server); your own game comes back"
        data-testid="online-leave"
      >
        Leave
      </button>
      {showLinks && <PlayOnlineDialog onClose={() => setShowLinks(false)} />}
    </div>
  );
}
