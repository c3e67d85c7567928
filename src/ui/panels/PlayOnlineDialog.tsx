/**
 * Play online…: the table as it stands becomes a game on the game server. The player gives their name and
 * the side they play; the dialog then lists a link for each side and one for spectators, to send.
 */
import { useMemo, useState } from "react";
import { useGame } from "../../state/game";
import { playerName, playOnline, type SeatLink, useOnline } from "../../state/playOnline";
import { Dialog } from "./Dialog";

function Links({ links }: { links: readonly SeatLink[] }) {
  const mine = useOnline((s) => s.view?.side);
  const [copied, setCopied] = useState<string>();
  const copy = (link: SeatLink) => {
    void navigator.clipboard?.writeText(link.url).then(() => setCopied(link.url));
  };
  return (
    <ul className="online-links" data-testid="online-links">
      {links.map((link) => (
        <li key={link.url} className="seat-link">
          <strong>{link.side === null ? "Spectators" : link.side}</strong>
          {link.side === mine && <span className="muted"> (you)</span>}
          <input className="online-link" readOnly value={link.url} onFocus={(e) => e.target.select()} aria-label={`Link for ${link.side ?? "spectators"}`} />
          <button type="button" onClick={() => copy(link)}>
            {copied === link.url ? "Copied" : "Copy"}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function PlayOnlineDialog({ onClose }: { onClose: () => void }) {
  const forces = useGame((s) => s.state.scenario.forces);
  const sides = useMemo(() => [...new Set(forces.map((f) => f.side))], [forces]);
  const links = useOnline((s) => s.links);
  const [name, setName] = useState(playerName);
  const [side, setSide] = useState(sides[0] ?? "");
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const create = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      await playOnline(side, name.trim());
    } catch (error) {
      setProblem((error as Error).message);
    }
    setBusy(false);
  };
  return (
    <Dialog label="Play online" testId="play-online" className="panel dialog play-online" onClose={onClose}>
      <h2>Play online</h2>
      {links ? (
        <>
          <p>Send each player their side's link; anyone with the spectators' link watches. Each link opens this game in a browser.</p>
          <Links links={links} />
        </>
      ) : (
        <>
          <p>
            The table as it stands becomes a game on this app's game server, under its rule system. The server rolls every die; the seed is revealed when the
            game ends. Your game here stays in this browser, to come back to when you leave.
          </p>
          {sides.length < 2 ? (
            <p className="error">A game online needs two sides: give each side a force first (Forces).</p>
          ) : (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void create();
              }}
            >
              <label>
                Your name <input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} data-testid="online-name" />
              </label>
              <label>
                You play{" "}
                <select value={side} onChange={(e) => setSide(e.target.value)} data-testid="online-side">
                  {sides.map((s) => (
                    <option key={s}>{s}</option>
                  ))}
                </select>
              </label>
              <button type="submit" disabled={busy} data-testid="online-create">
                {busy ? "Creating…" : "Create the game online"}
              </button>
            </form>
          )}
          {problem && (
            <p className="error" role="alert">
              {problem}
            </p>
          )}
        </>
      )}
      <div style={{ display: "flex", gap: 6, marginTop: 8 }}>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
