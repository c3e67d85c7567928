/** The game log: every change as a line, newest last; undone events greyed out until a new one replaces them. */
import type { GameEvent } from "../../core/game/events";
import { useGame } from "../game";

export function describeEvent(e: GameEvent): string {
  switch (e.type) {
    case "model-moved": {
      const moved = e.from.position[0] !== e.to.position[0] || e.from.position[1] !== e.to.position[1];
      return moved ? `${e.model} moved to ${e.to.position.map((v) => v.toFixed(1)).join(", ")}${e.to.floor ? ` (floor ${e.to.floor.level})` : ""}` : `${e.model} turned to ${Math.round(e.to.heading)}°`;
    }
    case "models-moved":
      return `${e.moves.length} models moved together (${e.moves[0]!.model}…)`;
    case "turret-traversed":
      return `${e.model} turret to ${Math.round(e.to)}°`;
    case "model-placed":
      return `${e.model.id} placed`;
    case "model-removed":
      return `${e.model} removed (${e.cause})`;
    case "template-placed":
      return `template laid${e.template.label ? `: ${e.template.label}` : ""}`;
    case "template-removed":
      return "template removed";
    case "los-checked":
      return `${e.shooter} → ${e.target}: ${Math.round(e.visibleFraction * 100)}% visible`;
    case "fire-resolved":
      return e.summary;
    case "order-given":
      return `order: ${e.summary}`;
    case "turn-ended":
      return "turn ended: order dice back in the bag";
  }
}

export function LogPanel() {
  const { log, undo, redo } = useGame();
  return (
    <div className="panel log" data-testid="game-log">
      <h2>
        Game log <button onClick={undo} disabled={log.cursor === 0} title="Ctrl+Z">undo</button>{" "}
        <button onClick={redo} disabled={log.cursor === log.events.length} title="Ctrl+Shift+Z">redo</button>
      </h2>
      {log.events.length === 0 ? (
        <p className="muted">Nothing has happened yet. Moves, turns, templates and shots appear here.</p>
      ) : (
        <ol>
          {log.events.map((e, i) => (
            <li key={i} className={i >= log.cursor ? "undone" : undefined}>
              {describeEvent(e)}
            </li>
          ))}
        </ol>
      )}
      <p className="muted">seed {log.header.seed}</p>
    </div>
  );
}
