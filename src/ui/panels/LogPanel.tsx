/**
 * The game log: every change as a line, newest last, in names the player knows; undone events greyed out
 * until a new one replaces them. A shot's line opens to show its dice and what they did.
 */

import { useEffect, useRef } from "react";
import type { GameEvent, Placement } from "../../core/game/events";
import { seedText } from "../../core/game/gameFile";
import { changesPosition } from "../../core/game/state";
import { templateAnchor } from "../../core/game/templateAnchor";
import { distance2, pathLength } from "../../core/geometry2d";
import { missionTitle } from "../../core/mission/samples";
import type { DisplayNames } from "../../core/names";
import type { Point } from "../../core/scenario/schema";
import { formatHeading, formatLength } from "../../core/units";
import { rulesetById } from "../../rules/registry";
import { phaseNameOf } from "../../rules/turn";
import { type DistanceFormat, useDistanceFormat } from "../../state/distances";
import { useGame } from "../../state/game";
import { useReplay } from "../../state/replayStore";
import { useUi } from "../../state/uiStore";
import { Collapsible } from "./Collapsible";
import { ShotDetails } from "./ShotDetails";

/** How far a move went: along the path dragged, or straight when no path was recorded. */
function movedDistance(move: { from: Placement; to: Placement; path: readonly Point[] }): number {
  return move.path.length > 1 ? pathLength(move.path) : distance2(move.from.position, move.to.position);
}

/** A move the players allowed past the rules, said so: the ruling it went past, in the names the player knows. */
const houseRuleText = (e: { houseRule?: string }, names: DisplayNames): string =>
  e.houseRule ? ` — house rule: allowed past the rules (${names.inText(e.houseRule)})` : "";

/**
 * An event as the log's line. `phaseName`: a turn step's phase in the game's rule system's words; `distance`:
 * lengths as the player reads them elsewhere (the game's unit: a move past 6" is not logged as 15.2 cm).
 */
export function describeEvent(
  e: GameEvent,
  names: DisplayNames,
  phaseName: (id: string) => string = (id) => id,
  distance: DistanceFormat = (cm) => formatLength(cm, "cm"),
): string {
  const name = names.of;
  switch (e.type) {
    case "model-moved": {
      const moved = changesPosition(e);
      const floor = e.to.floor && e.to.floor.level !== e.from.floor?.level ? ` onto floor ${e.to.floor.level} of ${name(e.to.floor.building)}` : "";
      const text = moved ? `${name(e.model)} moved ${distance(movedDistance(e))}${floor}` : `${name(e.model)} turned to ${formatHeading(e.to.heading)}`;
      return `${text}${houseRuleText(e, names)}`;
    }
    case "models-moved": {
      const moved = e.moves.some(changesPosition);
      const text = moved
        ? `${e.moves.length} models moved ${distance(movedDistance(e.moves[0]!))} together (${name(e.moves[0]!.model)}…)`
        : `${e.moves.length} models turned (${name(e.moves[0]!.model)} to ${formatHeading(e.moves[0]!.to.heading)}…)`;
      return `${text}${houseRuleText(e, names)}`;
    }
    case "turret-traversed":
      return `${name(e.model)} turret to ${formatHeading(e.to)}`;
    case "model-placed":
      return `${e.model.name ?? name(e.model.id)} placed`;
    case "miniature-imported":
      return `${e.miniature.name} imported and placed`;
    case "model-removed":
      return `${name(e.model)} removed (${e.cause})`;
    case "template-placed":
      return `template laid${e.template.label ? `: ${e.template.label}` : ""}`;
    case "template-removed":
      return "template removed";
    case "template-moved":
      return `template moved ${distance(distance2(templateAnchor(e.from), templateAnchor(e.to)))}`;
    case "los-checked":
      return `${name(e.shooter)} → ${name(e.target)}: ${Math.round(e.visibleFraction * 100)}% visible`;
    case "fire-resolved":
      return names.inText(e.summary);
    case "features-added":
      return `added ${e.features.map((f) => f.name || name(f.id)).join(", ")}`;
    case "feature-changed":
      return `changed ${e.to.name || name(e.to.id)}`;
    case "features-changed":
      return `changed ${e.to.map((f) => f.name || name(f.id)).join(", ")}`;
    case "features-removed":
      return `removed ${e.features.map((f) => f.name || name(f.id)).join(", ")}`;
    case "unit-placed":
      return `${e.unit.name || name(e.unit.id)} placed (${e.unit.models.length} ${e.unit.models.length === 1 ? "model" : "models"}, ${e.side})`;
    case "model-edited":
      return `${name(e.model)} edited: ${Object.keys(e.changes).join(", ")}`;
    case "unit-edited": {
      const fields = Object.entries(e.fields ?? {}).map(([field, value]) => (value === null ? `${field} unset` : `${field} ${value}`));
      const changes = [
        ...(e.name !== undefined ? [`renamed ${e.name || "(default name)"}`] : []),
        ...(e.force !== undefined ? [`given to ${name(e.force)}`] : []),
        ...fields,
      ];
      return `${name(e.unit)} ${changes.join(", ")}`;
    }
    case "unit-removed":
      return `${name(e.unit)} removed`;
    case "order-given":
      return `order: ${names.inText(e.summary)}`;
    case "action-taken":
      return names.inText(e.summary);
    case "mission-set": {
      if (!e.to) return `Mission ${missionTitle(e.from!)} removed`;
      const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;
      return `Mission ${missionTitle(e.to)}: ${count(e.to.zones.length, "deployment zone")}, ${count(e.to.objectives.length, "objective")}${e.to.turns ? `, ${e.to.turns} turns` : ""}`;
    }
    case "turn-ended":
      return e.kept.length ? "turn ended: order dice back in the bag" : "turn ended";
    case "turn-advanced":
      return `${e.turn === 0 ? "deployment" : `turn ${e.turn} · ${phaseName(e.phase)}`}${e.side !== undefined ? ` · ${e.side}` : ""}${e.rolls.length ? " (order die drawn)" : ""}`;
    case "game-ended":
      return `game over: ${e.reason}${e.winner !== undefined ? `, ${e.winner} wins` : ""}`;
    case "model-state-set": {
      const said = Object.entries(e.to).map(([k, v]) => `${k} ${String(v)}`);
      return `${name(e.model)}: ${said.length ? said.join(", ") : "state back to the usual"}`;
    }
  }
}

export function LogPanel() {
  const { log, names, undo, redo } = useGame();
  // While a replay is watched, an entry seeks there and the one playing is highlighted.
  const watching = useReplay((s) => s.replay !== undefined);
  const playing = useReplay((s) => (s.replay ? Math.min(log.cursor, log.events.length - 1) : -1));
  const folded = useUi((s) => s.folded);
  const limit = useUi((s) => s.panelLimits.log);
  const list = useRef<HTMLDivElement>(null);
  // The newest entry stays in view: the log scrolls inside its fixed height instead of growing over the table.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolled again when an entry is added or the log unfolds
  useEffect(() => {
    const body = list.current?.closest(".panel-body");
    if (body && !watching) body.scrollTop = body.scrollHeight;
  }, [log.events.length, folded.log, watching]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolled again when the playhead moves
  useEffect(() => {
    if (watching) list.current?.querySelector(".current")?.scrollIntoView({ block: "nearest" });
  }, [watching, playing]);
  const turn = rulesetById(log.header.ruleset.id)?.turn;
  const phaseName = (id: string) => (turn ? phaseNameOf(turn, id) : id);
  const distance = useDistanceFormat();
  const actions = (
    <>
      <button type="button" onClick={undo} disabled={watching || log.cursor === 0} title="Ctrl+Z">
        undo
      </button>
      <button type="button" onClick={redo} disabled={watching || log.cursor === log.events.length} title="Ctrl+Shift+Z">
        redo
      </button>
    </>
  );
  return (
    <Collapsible
      title="Game log"
      className="log"
      testId="game-log"
      collapsed={folded.log}
      onToggle={() => useUi.getState().set({ folded: { ...folded, log: !folded.log } })}
      actions={actions}
      maxHeight={limit}
    >
      <div ref={list}>
        {log.events.length === 0 ? (
          <p className="muted">Nothing has happened yet. Moves, turns, templates and shots appear here.</p>
        ) : (
          <ol>
            {log.events.map((e, i) => (
              <li
                key={i}
                className={watching ? `seekable${i === playing ? " current" : i > playing ? " future" : ""}` : i >= log.cursor ? "undone" : undefined}
                onClick={watching ? () => useReplay.getState().seekEvent(i) : undefined}
                onKeyDown={watching ? (e) => e.key === "Enter" && useReplay.getState().seekEvent(i) : undefined}
                tabIndex={watching ? 0 : undefined}
                data-testid={watching ? `log-entry-${i}` : undefined}
              >
                {e.type === "fire-resolved" ? (
                  <details data-testid="log-shot">
                    <summary>{describeEvent(e, names, phaseName, distance)}</summary>
                    <ShotDetails shot={e} />
                  </details>
                ) : (
                  describeEvent(e, names, phaseName, distance)
                )}
              </li>
            ))}
          </ol>
        )}
        <p className="muted">{seedText(log.header)}</p>
      </div>
    </Collapsible>
  );
}
