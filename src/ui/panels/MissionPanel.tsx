/**
 * Edit mode's Mission panel: the mission's name and game length, deployment zones drawn on the table for a
 * side (two clicks, the corners) and objectives dropped on it, each listed with its name and points to change
 * or delete. Every change is one set-mission command (src/state/missionActions.ts), so it is checked and undone
 * like any edit; a sample mission says so.
 */
import { missionTitle } from "../../core/mission/samples";
import type { Objective } from "../../core/scenario/schema";
import { useEditor } from "../../state/editorStore";
import { useGame } from "../../state/game";
import { changeMission, missionSides, removeMission, removeObjective, removeZone } from "../../state/missionActions";
import { startObjective, startZone } from "../../state/tools";
import { NumberField } from "./NumberField";
import { SampleWord } from "./SampleMark";

/** Replaces one objective's fields. */
const changeObjective = (id: string, patch: Partial<Pick<Objective, "name" | "points">>) =>
  changeMission((m) => ({ ...m, objectives: m.objectives.map((o) => (o.id === id ? { ...o, ...patch } : o)) }));

function Drawing() {
  const editor = useEditor();
  const sides = missionSides();
  return (
    <div className="row">
      <label>
        side{" "}
        <select value={editor.missionSide} onChange={(e) => editor.set({ missionSide: e.target.value })} aria-label="Zone's side" data-testid="mission-side">
          <option value="">Choose…</option>
          {sides.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>
      <button type="button" aria-pressed={editor.missionDraw === "zone"} onClick={startZone} disabled={!editor.missionSide} data-testid="mission-draw-zone">
        draw a deployment zone
      </button>
      <button type="button" aria-pressed={editor.missionDraw === "objective"} onClick={startObjective} data-testid="mission-add-objective">
        place objectives
      </button>
      <span className="muted" data-testid="mission-hint">
        {editor.zoneCorner
          ? "Click the zone's opposite corner (Escape takes the first back)."
          : editor.missionDraw === "zone"
            ? "Click a corner of the zone."
            : editor.missionDraw === "objective"
              ? "Click the table to place an objective (Escape stops)."
              : ""}
      </span>
    </div>
  );
}

export function MissionPanel() {
  const mission = useGame((s) => s.state.scenario.mission);
  return (
    <div data-testid="mission-panel">
      <Drawing />
      {!mission ? (
        <p className="muted">No mission: draw a deployment zone or place an objective to make one.</p>
      ) : (
        <>
          <table>
            <tbody>
              <tr>
                <th>mission</th>
                <td>
                  <input
                    key={mission.name}
                    defaultValue={mission.name}
                    aria-label="Mission's name"
                    data-testid="mission-name"
                    onBlur={(e) =>
                      e.currentTarget.value && e.currentTarget.value !== mission.name && changeMission((m) => ({ ...m, name: e.currentTarget.value }))
                    }
                    onKeyDown={(e) => e.key === "Enter" && e.currentTarget.blur()}
                  />
                  {mission.sample && <SampleWord why={missionTitle(mission)} />}
                </td>
              </tr>
              <tr>
                <th>turns</th>
                <td>
                  <NumberField
                    value={mission.turns}
                    step={1}
                    min={1}
                    label="Turns the game lasts"
                    testId="mission-turns"
                    onCommit={(turns) => changeMission((m) => ({ ...m, turns: Math.round(turns) }))}
                  />
                </td>
              </tr>
            </tbody>
          </table>
          <h2>Deployment zones</h2>
          <ul data-testid="mission-zones">
            {mission.zones.map((zone, i) => (
              <li key={i}>
                {zone.side}: {zone.kind === "rectangle" ? `${zone.from.join(", ")} to ${zone.to.join(", ")}` : `${zone.outline.length} corners`}{" "}
                <button type="button" onClick={() => removeZone(i)} aria-label={`Delete ${zone.side}'s zone`}>
                  delete
                </button>
              </li>
            ))}
          </ul>
          <h2>Objectives</h2>
          <ul data-testid="mission-objectives">
            {mission.objectives.map((o) => (
              <li key={o.id}>
                <input
                  key={o.name}
                  defaultValue={o.name}
                  aria-label={`Name of ${o.name}`}
                  onBlur={(e) => e.currentTarget.value && e.currentTarget.value !== o.name && changeObjective(o.id, { name: e.currentTarget.value })}
                  onKeyDown={(e) => e.key === "Enter" && e.currentTarget.blur()}
                />{" "}
                <NumberField
                  value={o.points}
                  step={1}
                  min={0}
                  label={`Points of ${o.name}`}
                  onCommit={(points) => changeObjective(o.id, { points: Math.round(points) })}
                />{" "}
                <span className="muted">{o.kind === "exit" ? "a unit off" : "points"}</span>{" "}
                <button type="button" onClick={() => removeObjective(o.id)} aria-label={`Delete ${o.name}`}>
                  delete
                </button>
              </li>
            ))}
          </ul>
          <p className="muted">
            Won by:{" "}
            {mission.victory
              .map((v) =>
                v.kind === "most-points"
                  ? "most objective points"
                  : v.kind === "hold"
                    ? `${v.side} holding ${v.objective}`
                    : `${v.side} getting ${v.units} units off`,
              )
              .join(", then ") || "nothing: a draw"}
            .
          </p>
          <button type="button" onClick={() => removeMission()} data-testid="mission-remove">
            remove the mission
          </button>
        </>
      )}
    </div>
  );
}
