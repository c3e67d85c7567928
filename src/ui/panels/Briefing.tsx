/** The scenario's briefing, shown when a game opens; dismissed with a click, shown again from the toolbar or help. */
import { useGame } from "../../state/game";
import { Dialog } from "./Dialog";

const BRIEFED = "hulldown/briefed-seed";

/** True the first time a game (known by its seed) asks: a reload of the same game does not brief again. */
export function firstBriefing(seed: number): boolean {
  if (localStorage.getItem(BRIEFED) === String(seed)) return false;
  localStorage.setItem(BRIEFED, String(seed));
  return true;
}

export function Briefing({ onClose }: { onClose: () => void }) {
  const scenario = useGame((s) => s.log.header.scenario);
  return (
    <Dialog className="panel help" label="Briefing" testId="briefing" onClose={onClose}>
      <div className="panel-title">
        <h2>Briefing · {scenario.name}</h2>
        <button type="button" onClick={onClose} aria-label="Close the briefing">
          ✕
        </button>
      </div>
      <p>{scenario.description || "This battlefield has no briefing."}</p>
      <p className="muted">
        Press <kbd>?</kbd> for help: the camera, how to look and how to fire.{" "}
        <button type="button" onClick={onClose}>
          Start
        </button>
      </p>
    </Dialog>
  );
}
