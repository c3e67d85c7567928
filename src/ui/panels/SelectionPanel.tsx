/** The selected model: who it is, where it stands, and buttons to turn it or its turret. */
import { modelPose } from "../../core/battlefield";
import { formatHeading, formatLength } from "../../core/units";
import { traverse, turn } from "../../state/actions";
import { useGame } from "../../state/game";
import { useUi } from "../../state/uiStore";
import { Name } from "./Name";

export function SelectionPanel() {
  const battlefield = useGame((s) => s.battlefield);
  const { selection, unit } = useUi();
  const entry = selection[0] ? battlefield.models.get(selection[0]) : undefined;
  if (!entry) return <p className="muted">Click a miniature to select it (double-click: its whole unit). Drag it to move; Q/E turn it, Z/X its turret.</p>;
  const pose = modelPose(battlefield, entry.model, entry.def);
  const hasTurret = entry.def.parts.some((p) => p.turret);
  return (
    <div>
      <h2>{selection.length > 1 ? `${selection.length} models selected` : <Name id={entry.model.id} />}</h2>
      <table>
        <tbody>
          <tr>
            <th>model</th>
            <td>{entry.def.name}</td>
          </tr>
          <tr>
            <th>unit</th>
            <td>
              <Name id={entry.unitId} /> <span className="muted">({entry.side})</span>
            </td>
          </tr>
          <tr>
            <th>at</th>
            <td>
              x {formatLength(pose.x, unit)}, z {formatLength(pose.z, unit)},{" "}
              {entry.model.floor ? (
                <>
                  floor {entry.model.floor.level} of <Name id={entry.model.floor.building} />
                </>
              ) : (
                `${formatLength(pose.y, unit)} up`
              )}
            </td>
          </tr>
          <tr>
            <th>heading</th>
            <td>
              {formatHeading(entry.model.heading)}
              {hasTurret && `, turret ${formatHeading(entry.model.turretHeading)}`}
            </td>
          </tr>
        </tbody>
      </table>
      <div style={{ display: "flex", gap: 4, marginTop: 8, flexWrap: "wrap" }}>
        <button type="button" onClick={() => turn(-15)} title="Q">
          ⟲ turn
        </button>
        <button type="button" onClick={() => turn(15)} title="E">
          turn ⟳
        </button>
        {hasTurret && (
          <button type="button" onClick={() => traverse(-15)} title="Z">
            ⟲ turret
          </button>
        )}
        {hasTurret && (
          <button type="button" onClick={() => traverse(15)} title="X">
            turret ⟳
          </button>
        )}
      </div>
    </div>
  );
}
