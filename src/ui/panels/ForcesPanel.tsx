/**
 * Edit mode's Forces panel: choose a unit of the rule system's presets, its side, name, formation and facing,
 * then click the table to lay it out; edit the selected model and its unit; show a building floor by floor.
 */

import { FORMATIONS, type Formation } from "../../core/formation";
import { pointInPolygon } from "../../core/geometry2d";
import { useEditor } from "../../state/editorStore";
import { editModel, editUnit, removeModel, removeUnit, unitFields, unitPresets } from "../../state/forceActions";
import { useGame } from "../../state/game";
import { useUi } from "../../state/uiStore";
import { Name } from "./Name";
import { NumberField } from "./NumberField";
import { SampleWord } from "./SampleMark";

const NEW_SIDE = "\u0000new";

function AddUnit() {
  const editor = useEditor();
  const forces = useGame((s) => s.state.scenario.forces);
  const sides = [...new Set(forces.map((f) => f.side))];
  const presets = unitPresets();
  const preset = presets.find((p) => p.id === editor.preset);
  const newSide = editor.side !== "" && !sides.includes(editor.side);
  return (
    <section>
      <h2>Add a unit</h2>
      <table>
        <tbody>
          <tr>
            <th>unit</th>
            <td>
              <select
                value={editor.preset ?? ""}
                onChange={(e) => editor.set({ preset: e.target.value || undefined })}
                aria-label="Unit to add"
                data-testid="forces-preset"
              >
                <option value="">Choose…</option>
                {(["squad", "team", "gun", "vehicle"] as const).map((kind) => (
                  <optgroup key={kind} label={kind}>
                    {presets
                      .filter((p) => p.kind === kind)
                      .map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.name} ({p.models.length})
                        </option>
                      ))}
                  </optgroup>
                ))}
              </select>
              {preset?.sample && <SampleWord why={preset.sample} testId="preset-sample" />}
            </td>
          </tr>
          <tr>
            <th>side</th>
            <td>
              <select
                value={newSide ? NEW_SIDE : editor.side}
                onChange={(e) => editor.set({ side: e.target.value === NEW_SIDE ? "New side" : e.target.value })}
                aria-label="Side"
                data-testid="forces-side"
              >
                <option value="">Choose…</option>
                {sides.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
                <option value={NEW_SIDE}>a new side…</option>
              </select>
              {newSide && (
                <input
                  value={editor.side}
                  onChange={(e) => editor.set({ side: e.target.value })}
                  aria-label="New side's name"
                  style={{ width: 110, marginLeft: 4 }}
                />
              )}
            </td>
          </tr>
          <tr>
            <th>name</th>
            <td>
              <input
                value={editor.unitName}
                placeholder="default name"
                onChange={(e) => editor.set({ unitName: e.target.value })}
                aria-label="New unit's name"
                data-testid="forces-name"
              />
            </td>
          </tr>
          <tr>
            <th>formation</th>
            <td>
              <select value={editor.formation} onChange={(e) => editor.set({ formation: e.target.value as Formation })} aria-label="Formation">
                {FORMATIONS.map((f) => (
                  <option key={f}>{f}</option>
                ))}
              </select>{" "}
              facing <NumberField label="Facing of the new unit" value={editor.heading} step={15} onCommit={(heading) => editor.set({ heading })} />°
            </td>
          </tr>
        </tbody>
      </table>
      <p className="muted">
        {preset && editor.side ? "Click the table (or a building's floor) to place it." : "Choose a unit and a side, then click the table."}
      </p>
    </section>
  );
}

function Floors() {
  const battlefield = useGame((s) => s.battlefield);
  const { floorShown, showFloor } = useEditor();
  const buildings = [...battlefield.buildings.values()].filter((b) => b.floors > 1);
  if (!buildings.length) return null;
  return (
    <section>
      <h3>Buildings, floor by floor</h3>
      <table className="wrap">
        <tbody>
          {buildings.map((b) => (
            <tr key={b.id}>
              <th>
                <Name id={b.id} />
              </th>
              <td>
                <select
                  value={floorShown[b.id] ?? ""}
                  onChange={(e) => showFloor(b.id, e.target.value === "" ? undefined : Number(e.target.value))}
                  aria-label={`Floor shown of ${b.id}`}
                  data-testid={`floor-shown-${b.id}`}
                >
                  <option value="">all floors</option>
                  {Array.from({ length: b.floors }, (_, level) => (
                    <option key={level} value={level}>
                      up to floor {level}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function SelectedModel({ id }: { id: string }) {
  const battlefield = useGame((s) => s.battlefield);
  const forces = useGame((s) => s.state.scenario.forces);
  const entry = battlefield.models.get(id);
  if (!entry) return null;
  const { model, def } = entry;
  const unit = forces.flatMap((f) => f.units).find((u) => u.id === entry.unitId)!;
  const hasTurret = def.parts.some((p) => p.turret);
  const buildings = [...battlefield.buildings.values()].filter((b) => pointInPolygon(model.position, b.footprint));
  const floorValue = model.floor ? `${model.floor.building}/${model.floor.level}` : "";
  return (
    <section data-testid="forces-selected">
      <h3>
        <Name id={model.id} />
      </h3>
      <table>
        <tbody>
          <tr>
            <th>name</th>
            <td>
              <input
                defaultValue={model.name ?? ""}
                key={`${model.id}/${model.name}`}
                placeholder="default name"
                aria-label="Model's name"
                onBlur={(e) => e.target.value !== (model.name ?? "") && editModel(id, { name: e.target.value || null })}
              />
            </td>
          </tr>
          <tr>
            <th>heading</th>
            <td>
              <NumberField label="Heading" value={model.heading} step={15} onCommit={(heading) => editModel(id, { heading })} testId="forces-heading" />°
              {hasTurret && (
                <>
                  {" "}
                  turret{" "}
                  <NumberField label="Turret heading" value={model.turretHeading} step={15} onCommit={(turretHeading) => editModel(id, { turretHeading })} />°
                </>
              )}
            </td>
          </tr>
          <tr>
            <th>stands on</th>
            <td>
              <select
                value={floorValue}
                aria-label="Floor"
                onChange={(e) => {
                  const [building, level] = e.target.value.split("/");
                  editModel(id, { floor: building ? { building, level: Number(level) } : null });
                }}
              >
                <option value="">the ground</option>
                {buildings.flatMap((b) =>
                  Array.from({ length: b.floors }, (_, level) => (
                    <option key={`${b.id}/${level}`} value={`${b.id}/${level}`}>
                      floor {level} of {b.name ?? b.id}
                    </option>
                  )),
                )}
              </select>
            </td>
          </tr>
          {def.figureHeight !== undefined && (
            <tr>
              <th>figure, eye</th>
              <td>
                <NumberField
                  label="Figure height"
                  value={model.figureHeight ?? def.figureHeight}
                  step={0.1}
                  min={0.1}
                  onCommit={(figureHeight) => editModel(id, { figureHeight })}
                />{" "}
                cm,{" "}
                <NumberField
                  label="Eye height"
                  value={model.eyeHeight ?? def.eyeHeight}
                  step={0.1}
                  min={0.1}
                  onCommit={(eyeHeight) => editModel(id, { eyeHeight })}
                />{" "}
                cm
              </td>
            </tr>
          )}
          <tr>
            <th>unit</th>
            <td>
              <input
                defaultValue={unit.name}
                key={`${unit.id}/${unit.name}`}
                placeholder="default name"
                aria-label="Unit's name"
                data-testid="forces-unit-name"
                onBlur={(e) => e.target.value !== unit.name && editUnit(unit.id, { name: e.target.value })}
              />{" "}
              <select value={entry.forceId} aria-label="Unit's side" style={{ maxWidth: 150 }} onChange={(e) => editUnit(unit.id, { force: e.target.value })}>
                {forces.map((f) => (
                  <option key={f.id} value={f.id} title={f.name}>
                    {f.side}
                  </option>
                ))}
              </select>
            </td>
          </tr>
          {unitFields().map((field) => (
            <tr key={field.id}>
              <th title={field.help}>{field.label}</th>
              <td>
                <select
                  value={unit[field.id] ?? ""}
                  aria-label={`Unit's ${field.label}`}
                  data-testid={`forces-unit-${field.id}`}
                  onChange={(e) => editUnit(unit.id, { fields: { [field.id]: e.target.value || null } })}
                >
                  <option value="">{field.unset}</option>
                  {field.choices.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div style={{ display: "flex", gap: 4, marginTop: 6 }}>
        <button type="button" onClick={() => removeModel(id) && useUi.getState().set({ selection: [] })} title="Del" data-testid="forces-delete-model">
          Delete model
        </button>
        <button type="button" onClick={() => removeUnit(unit.id) && useUi.getState().set({ selection: [] })} data-testid="forces-delete-unit">
          Delete unit ({unit.models.length})
        </button>
      </div>
    </section>
  );
}

export function ForcesPanel() {
  const selection = useUi((s) => s.selection);
  return (
    <div data-testid="forces-panel">
      <AddUnit />
      {selection[0] ? (
        <SelectedModel id={selection[0]} />
      ) : (
        <p className="muted">Click a model to edit it; drag it to move it (it slides clear of walls and other models).</p>
      )}
      <Floors />
    </div>
  );
}
