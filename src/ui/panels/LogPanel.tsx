/**
 * The game log: every change as a line, newest last, in names the player knows; undone events greyed out
 * until a new one replaces them. A shot's line opens to show its dice and what they did.
 */
import type { GameEvent } from "../../core/game/events";
import type { DisplayNames } from "../../core/names";
import { useGame } from "../../state/game";
import { ShotDetails } from "./ShotDetails";

export function describeEvent(e: GameEvent, names: DisplayNames): string {
  const name = names.of;
  switch (e.type) {
    case "model-moved": {
      const moved = e.from.position[0] !== e.to.position[0] || e.from.position[1] !== e.to.position[1];
      return moved ? `${name(e.model)} moved to ${e.to.position.map((v) => v.toFixed(1)).join(", ")}${e.to.floor ? ` (floor ${e.to.floor.level})` : ""}` : `${name(e.model)} turned to ${Math.round(e.to.heading)}°`;
    }
    case "models-moved":
      return `${e.moves.length} models moved together (${name(e.moves[0]!.model)}…)`;
    case "turret-traversed":
      return `${name(e.model)} turret to ${Math.round(e.to)}°`;
    case "model-placed":
      return `${e.model.name ?? name(e.model.id)} placed`;
    case "model-removed":
      return `${name(e.model)} removed (${e.cause})`;
    case "template-placed":
      return `template laid${e.template.label ? `: ${e.template.label}` : ""}`;
    case "template-removed":
      return "template removed";
    case "los-checked":
      return `${name(e.shooter)} → ${name(e.target)}: ${Math.round(e.visibleFraction * 100)}% visible`;
    case "fire-resolved":
      return names.inText(e.summary);
    case "features-added":
      return `added ${e.features.map((f) => f.name || name(f.id)).join(", ")}`;
    case "feature-changed":
      return `changed ${e.to.name || name(e.to.id)}`;
    case "features-removed":
      return `removed ${e.features.map((f) => f.name || name(f.id)).join(", ")}`;
  }
}

export function LogPanel() {
  const { log, names, undo, redo } = useGame();
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
              {e.type === "fire-resolved" ? (
                <details data-testid="log-shot">
                  <summary>{describeEvent(e, names)}</summary>
                  <ShotDetails shot={e} />
                </details>
              ) : (
                describeEvent(e, names)
              )}
            </li>
          ))}
        </ol>
      )}
      <p className="muted">seed {log.header.seed}</p>
    </div>
  );
}
